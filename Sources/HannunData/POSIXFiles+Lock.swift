import HannunDomain

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How long a store waits for the ledger's lock before it gives up and names the holder: a
/// writer stopped while holding it (Ctrl-Z, a debugger, a stalled disk) must not leave every
/// command and every web page waiting without a word.
public struct LockWaitLimits: Equatable, Sendable {
  /// How long a query waits.
  public var reading: Duration
  /// How long a write (and the recovery of an interrupted one) waits.
  public var writing: Duration

  /// Limits of one's own, such as a few milliseconds in tests.
  /// - Parameters:
  ///   - reading: How long a query waits.
  ///   - writing: How long a write waits.
  public init(reading: Duration, writing: Duration) {
    self.reading = reading
    self.writing = writing
  }

  /// A second for a query, four for a write: far longer than any write of a ledger takes, short
  /// enough that a person is told before wondering.
  public static let standard = LockWaitLimits(reading: .seconds(1), writing: .seconds(4))
}

/// The ledger's lock, held: a `flock` on the ledger directory's descriptor and, for a writer, the
/// open `lock-holder` file that names it. ``release()`` gives both back.
package struct HeldLock: Sendable {
  fileprivate let descriptor: Int32
  fileprivate let holderRecord: Int32

  /// Empties the holder record (a writer's) and releases the lock.
  package func release() {
    if holderRecord >= 0 {
      _ = ftruncate(holderRecord, 0)
      close(holderRecord)
    }
    flock(descriptor, LOCK_UN)
    close(descriptor)
  }
}

extension POSIXFiles {
  /// `ledger/lock-holder`: who holds the lock for a write (`{"pid":…,"since":…,"command":…}`),
  /// written after the lock is taken and emptied before it is released, so that a process that
  /// waits too long can name the holder. Only a hint: a holder killed with the lock leaves its
  /// record, which names a process that no longer runs and is then ignored.
  package static let lockHolderName = "lock-holder"

  /// Takes the `flock` on the directory at `path`, exclusive for a writer and shared for a
  /// reader, without ever blocking a thread: it tries without waiting (`LOCK_NB`) and, while
  /// another process holds the lock, sleeps the task (1 ms, doubling up to 20 ms) and tries
  /// again. A writer then records itself in ``lockHolderName``.
  ///
  /// `limit` is how long one holder may keep this process waiting: a stopped holder is named
  /// after `limit`. While the holder changes (many writers taking turns, each quick, as when a
  /// dozen commands start at once on a busy machine), or while the recorded holder is a running
  /// process (a writer at work on a loaded machine, not one stopped with Ctrl-Z or a debugger:
  /// ``isStopped(_:)``), the ledger is moving, so the wait goes on, up to eight times `limit` in
  /// all.
  /// - Parameters:
  ///   - path: The ledger directory.
  ///   - exclusive: `true` for a writer.
  ///   - limit: How long to wait for another holder.
  ///   - stalled: A holder a wait already ran out on: when it still holds the lock, give up at
  ///     once rather than wait for it again.
  /// - Returns: The held lock, or `nil` when there is no directory to lock (a reader of a ledger
  ///   that does not exist yet).
  /// - Throws: ``LedgerError/unwritableFile(path:reason:)`` for a writer and
  ///   ``LedgerError/unreadableFile(path:reason:)`` for a reader: ``FileProblem/lockHeld(by:waitedMilliseconds:)``
  ///   naming the holder when the wait ran out (or the task was cancelled while waiting),
  ///   ``FileProblem/cannotLock(_:systemText:)`` when the lock cannot be taken at all.
  package static func lock(
    directory path: String, exclusive: Bool, waitingAtMost limit: Duration,
    unlessHeldBy stalled: LockHolder? = nil
  ) async throws(LedgerError) -> HeldLock? {
    func failure(_ reason: FileProblem) -> LedgerError {
      exclusive
        ? .unwritableFile(path: path, reason: reason) : .unreadableFile(path: path, reason: reason)
    }
    let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else {
      let code = errno
      if !exclusive && (code == ENOENT || code == ENOTDIR) { return nil }
      throw failure(.cannotLock(errno: code))
    }
    let clock = ContinuousClock()
    let start = clock.now
    // The wait for the current holder: it starts again whenever another holder is recorded.
    var holderSince = start
    // Who held the lock when it was last looked at; looked at first when the lock is busy.
    var holder: LockHolder?? = nil
    // Whether that holder is a process known to be running, not stopped.
    var holderRunning = false
    var nextLook = start
    var pause = Duration.milliseconds(1)
    while flock(descriptor, (exclusive ? LOCK_EX : LOCK_SH) | LOCK_NB) != 0 {
      let code = errno
      if code == EINTR { continue }
      guard code == EWOULDBLOCK || code == EAGAIN else {
        close(descriptor)
        throw failure(.cannotLock(errno: code))
      }
      let now = clock.now
      var stalledHolder = false
      if now >= nextLook {
        nextLook = now + .milliseconds(100)
        let current = lockHolder(inDirectory: path)
        if let seen = holder, current != seen { holderSince = now }
        // The holder a previous wait ran out on, still holding: give up at once.
        if holder == nil, let stalled, current == stalled { stalledHolder = true }
        holder = current
        holderRunning = current.map { isStopped($0.processID) == false } ?? false
      }
      let waited = now - holderSince
      var gaveUp =
        stalledHolder || (waited >= limit && !holderRunning) || now - start >= limit * 8
      if !gaveUp {
        do {
          try await Task.sleep(for: max(.milliseconds(1), min(pause, limit - waited)))
        } catch {
          gaveUp = true
        }
        pause = min(pause * 2, .milliseconds(20))
      }
      if gaveUp {
        close(descriptor)
        let (seconds, attoseconds) = (clock.now - start).components
        let milliseconds = Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
        throw failure(
          .lockHeld(by: lockHolder(inDirectory: path), waitedMilliseconds: milliseconds))
      }
    }
    return HeldLock(
      descriptor: descriptor, holderRecord: exclusive ? recordHolder(inDirectory: path) : -1)
  }

  /// Writes this process's record to ``lockHolderName`` (created with mode 0600), best effort: a
  /// record that cannot be written costs only the name in another process's message.
  /// - Returns: The open record, to empty when the lock is released, or -1.
  private static func recordHolder(inDirectory directory: String) -> Int32 {
    let path = join(directory, lockHolderName)
    // O_NONBLOCK and O_NOFOLLOW: a FIFO or a link planted there is never waited on or followed.
    let descriptor = open(
      path, O_WRONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY, fileMode)
    guard descriptor >= 0 else { return -1 }
    var info = stat()
    FileOperations.recordStat()
    guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
      info.st_mode & 0o7777 == fileMode || fchmod(descriptor, fileMode) == 0
    else {
      close(descriptor)
      return -1
    }
    var writer = JSONWriter(capacity: 64 + LockHolderRecord.command.utf8.count)
    writer.append("{\"pid\":")
    writer.integer(Int64(getpid()))
    writer.append(",\"since\":")
    writer.integer(Int64((Date().timeIntervalSince1970 * 1000).rounded()))
    writer.append(",\"command\":")
    writer.string(LockHolderRecord.command)
    writer.append("}\n")
    let bytes = writer.bytes
    let written = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
    if written == bytes.count { _ = ftruncate(descriptor, off_t(bytes.count)) }
    return descriptor
  }

  /// Whether process `pid` is stopped (`T`, by a signal such as Ctrl-Z's) or held by a debugger
  /// (`t`), from `/proc/PID/stat`; `nil` where that cannot be read (no such process, no `/proc`).
  static func isStopped(_ pid: Int32) -> Bool? {
    // `/proc` files say their size is 0, so the line is read as far as it goes.
    let descriptor = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes = [UInt8](repeating: 0, count: 1024)
    let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
    guard count > 0 else { return nil }
    // "PID (NAME) STATE …": the name may hold spaces and parentheses, so the last ")" ends it.
    guard let end = bytes[..<count].lastIndex(of: UInt8(ascii: ")")), end + 2 < count else {
      return nil
    }
    return bytes[end + 2] == UInt8(ascii: "T") || bytes[end + 2] == UInt8(ascii: "t")
  }

  /// The holder ``lockHolderName`` names, or `nil` when it is empty, unreadable, or names a
  /// process that no longer runs.
  package static func lockHolder(inDirectory directory: String) -> LockHolder? {
    guard let file = try? read(path: join(directory, lockHolderName)),
      let record = try? JSONDecoder().decode(LockHolderRecord.self, from: file.data),
      record.pid > 0, kill(record.pid, 0) == 0 || errno == EPERM
    else { return nil }
    let since = Date(timeIntervalSince1970: Double(record.since) / 1000)
    return LockHolder(
      processID: record.pid, command: record.command, since: since,
      clockTime: LocalDateTime(systemTimeOf: since))
  }
}

/// The contents of `ledger/lock-holder`.
private struct LockHolderRecord: Decodable {
  var pid: Int32
  /// Milliseconds since 1970.
  var since: Int64
  var command: String

  /// This process's command line, as a person would type it (the program's name without its
  /// folder), control characters dropped and at most 300 characters.
  static let command: String = {
    var words = CommandLine.arguments
    if let first = words.first, let slash = first.lastIndex(of: "/") {
      words[0] = String(first[first.index(after: slash)...])
    }
    let line = words.joined(separator: " ").unicodeScalars.filter {
      !FoundationText.isControl($0)
    }
    return String(String.UnicodeScalarView(line.prefix(300)))
  }()
}
