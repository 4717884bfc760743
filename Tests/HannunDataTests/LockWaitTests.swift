import Dispatch
import Foundation
import HannunData
import HannunDomain
import HannunTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Short limits, so that a wait that runs out ends these tests in well under a second.
private let quick = LockWaitLimits(reading: .milliseconds(150), writing: .milliseconds(400))

private func openQuick(_ data: URL) async throws -> JSONFileTransactionStore {
  try await JSONFileTransactionStore.open(
    directory: data, requestedCurrency: nil, defaultCurrency: .krw, lockWait: quick)
}

/// The lock problem `body` failed with, the wait it reports, and how long `body` took; `nil`
/// when it failed otherwise or did not fail. The reported wait is measured where the store gives
/// up, so a busy machine's late wake-ups lengthen it but never shorten it; the time taken is
/// only bounded generously, for the same reason.
private func lockProblem(_ body: () async throws -> Void) async -> (
  error: LedgerError?, holder: LockHolder?, seconds: Double, waited: Int
) {
  let start = ContinuousClock.now
  var failure: LedgerError?
  do { try await body() } catch let error as LedgerError { failure = error } catch {}
  let elapsed = ContinuousClock.now - start
  let seconds =
    Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
  switch failure {
  case .unreadableFile(_, .lockHeld(let holder, let waited)),
    .unwritableFile(_, .lockHeld(let holder, let waited)):
    return (failure, holder, seconds, waited)
  default:
    return (nil, nil, seconds, -1)
  }
}

/// A `flock` taken on `path` through a descriptor of its own, as another process would hold it;
/// released when the descriptor is closed.
private func holdRawLock(_ path: String, exclusive: Bool) -> Int32 {
  let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
  #expect(descriptor >= 0)
  #expect(flock(descriptor, exclusive ? LOCK_EX : LOCK_SH) == 0)
  return descriptor
}

@Suite("JSON file store: waiting for the lock")
struct LockWaitTests {
  @Test("writers taking turns for longer than the limit are waited for: the ledger is moving")
  func turnsAreWaitedFor() async throws {
    try await withDataDirectory { data in
      // A writer waits 1.5 s for one holder; fifteen holders in turn keep the lock 2.25 s in
      // all, each a tenth of the limit.
      let store = try await JSONFileTransactionStore.open(
        directory: data, requestedCurrency: nil, defaultCurrency: .krw,
        lockWait: LockWaitLimits(reading: .seconds(1), writing: .milliseconds(1500)))
      try await store.insert(.fixture(id: "a1", day: "2025-11-03"))
      let ledger = filePath(data.appending(path: "ledger"))
      // The holders take their turns on a thread of their own, as other processes would, so
      // that a busy test run cannot stretch a turn past the limit. The lock is never free
      // between turns (no waiter can slip in by luck): only the record of who holds it changes,
      // which is all a waiting process can see of a hand-over.
      let turnsDone = DispatchSemaphore(value: 0)
      Thread.detachNewThread {
        let started = Int64(Date().timeIntervalSince1970 * 1000)
        let descriptor = open(ledger, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        flock(descriptor, LOCK_EX)
        for turn in 0..<15 {
          let record = #"{"pid":\#(getpid()),"since":\#(started + Int64(turn)),"command":"turn"}"#
          _ = FileManager.default.createFile(
            atPath: ledger + "/lock-holder", contents: Data(record.utf8),
            attributes: [.posixPermissions: 0o600])
          usleep(150_000)
        }
        truncate(ledger + "/lock-holder", 0)
        flock(descriptor, LOCK_UN)
        close(descriptor)
        turnsDone.signal()
      }
      try await Task.sleep(for: .milliseconds(20))
      let write = await lockProblem {
        try await store.insert(.fixture(id: "a2", day: "2025-11-04"))
      }
      await withCheckedContinuation { finished in
        DispatchQueue.global().async {
          turnsDone.wait()
          finished.resume()
        }
      }
      #expect(write.error == nil, "the write gave up while the holders changed")
      #expect(try await store.transaction(withID: TransactionID("a2")) != nil)
    }
  }

  @Test("a write held up by a writer gives up within its limit and names the holder's pid")
  func writerNamesHolder() async throws {
    try await withDataDirectory { data in
      let store = try await openQuick(data)
      try await store.insert(.fixture(id: "a1", day: "2025-11-03"))
      let ledger = filePath(data.appending(path: "ledger"))
      // Whole seconds: the record keeps its time to the millisecond.
      let beforeTaking = Date(timeIntervalSinceNow: -1)
      let held = try #require(
        try await POSIXFiles.lock(directory: ledger, exclusive: true, waitingAtMost: .seconds(1)))
      let record = try String(
        contentsOf: data.appending(path: "ledger/lock-holder"), encoding: .utf8)
      #expect(record.contains("\"pid\":\(getpid())"), "\(record)")
      #expect(try permissions(data.appending(path: "ledger/lock-holder")) == 0o600)

      let write = await lockProblem {
        try await store.insert(.fixture(id: "a2", day: "2025-11-04"))
      }
      #expect(write.error != nil, "the write did not fail with the lock's holder")
      #expect(write.holder?.processID == getpid())
      // When the lock was taken, not a guess at how long a loaded machine took to get here.
      #expect(
        write.holder.map { $0.since >= beforeTaking && $0.since <= Date(timeIntervalSinceNow: 1) }
          == true, "\(String(describing: write.holder?.since)) is not when the lock was taken")
      #expect(write.waited >= 400 && write.seconds < 300, "waited \(write.seconds) s")
      if case .unwritableFile(let path, _) = write.error { #expect(path == ledger) }

      let read = await lockProblem {
        _ = try await store.transactions(in: Fixtures.month("2025-11").dayRange)
      }
      #expect(read.holder?.processID == getpid(), "\(String(describing: read.error))")
      // The same holder the write gave up on: named at once, without a second wait, and the
      // wait it states is the one the store made for that holder, not the instant it gave up.
      #expect(read.seconds < 300, "took \(read.seconds) s")
      #expect(read.waited >= write.waited, "says \(read.waited) ms, after \(write.waited) ms")
      if case .unreadableFile(let path, _) = read.error { #expect(path == ledger) }

      held.release()
      #expect(
        try String(contentsOf: data.appending(path: "ledger/lock-holder"), encoding: .utf8)
          .isEmpty)
      try await store.insert(.fixture(id: "a2", day: "2025-11-04"))
      #expect(try await store.transactions(in: Fixtures.month("2025-11").dayRange).count == 2)
    }
  }

  @Test(
    "once a wait ran out on a holder, reads find it still there at once; a new holder is waited for"
  )
  func stalledHolderNamedAtOnce() async throws {
    try await withDataDirectory { data in
      let store = try await JSONFileTransactionStore.open(
        directory: data, requestedCurrency: nil, defaultCurrency: .krw,
        lockWait: LockWaitLimits(reading: .seconds(1), writing: .seconds(1)))
      try await store.insert(.fixture(id: "a1", day: "2025-11-03"))
      let ledger = filePath(data.appending(path: "ledger"))
      let range = Fixtures.month("2025-11").dayRange
      var held = try #require(
        try await POSIXFiles.lock(directory: ledger, exclusive: true, waitingAtMost: .seconds(1)))
      let first = await lockProblem { _ = try await store.transactions(in: range) }
      #expect(first.holder != nil && first.waited >= 1000, "waited \(first.waited) ms")
      // A command reads several times: the same stalled holder is named without a second wait,
      // and each time with the wait the store made for it, not the instant it gave up.
      // The wait the store adds is the lock call's own, which has no pause in it when it gives
      // up at once (a second wait would add at least the 1 s limit); unlike the call's whole
      // time, it does not grow while the test's task waits for a thread on a busy machine.
      var said = first.waited
      for _ in 0..<3 {
        let again = await lockProblem { _ = try await store.transactions(in: range) }
        #expect(again.holder == first.holder)
        #expect(
          again.waited >= said && again.waited - said < 900,
          "says \(again.waited) ms after \(said) ms")
        said = again.waited
      }
      held.release()
      try await Task.sleep(for: .milliseconds(5))
      held = try #require(
        try await POSIXFiles.lock(directory: ledger, exclusive: true, waitingAtMost: .seconds(1)))
      let other = await lockProblem { _ = try await store.transactions(in: range) }
      #expect(other.holder != first.holder && other.waited >= 1000, "waited \(other.waited) ms")
      held.release()
      #expect(try await store.transactions(in: range).count == 1)
    }
  }

  @Test("a holder that left no record (a reader, an older Hannun) is said to be unknown")
  func holderWithoutRecord() async throws {
    try await withDataDirectory { data in
      let store = try await openQuick(data)
      try await store.insert(.fixture(id: "a1", day: "2025-11-03"))
      let reader = holdRawLock(filePath(data.appending(path: "ledger")), exclusive: false)
      // A reader does not stop other readers.
      #expect(try await store.transactions(in: Fixtures.month("2025-11").dayRange).count == 1)
      let write = await lockProblem {
        try await store.insert(.fixture(id: "a2", day: "2025-11-04"))
      }
      close(reader)
      guard case .unwritableFile(_, .lockHeld(nil, let waited)) = write.error else {
        Issue.record(
          "expected a lock held by an unknown holder: \(String(describing: write.error))")
        return
      }
      #expect(waited >= 400)
      // A record left by a holder that no longer runs names nobody.
      try Data(#"{"pid":999999999,"since":0,"command":"hannun add"}"#.utf8).write(
        to: data.appending(path: "ledger/lock-holder"))
      let writer = holdRawLock(filePath(data.appending(path: "ledger")), exclusive: true)
      let stale = await lockProblem {
        try await store.insert(.fixture(id: "a2", day: "2025-11-04"))
      }
      close(writer)
      #expect(stale.error != nil && stale.holder == nil, "\(String(describing: stale.error))")
      try await store.insert(.fixture(id: "a2", day: "2025-11-04"))
    }
  }

  @Test("a lock released while a write waits is taken at once, and the write succeeds")
  func waitEndsWhenReleased() async throws {
    try await withDataDirectory { data in
      let store = try await JSONFileTransactionStore.open(
        directory: data, requestedCurrency: nil, defaultCurrency: .krw,
        lockWait: LockWaitLimits(reading: .seconds(5), writing: .seconds(5)))
      try await store.insert(.fixture(id: "a1", day: "2025-11-03"))
      let writer = holdRawLock(filePath(data.appending(path: "ledger")), exclusive: true)
      DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) { close(writer) }
      let start = ContinuousClock.now
      try await store.insert(.fixture(id: "a2", day: "2025-11-04"))
      // Well under the 5 s limit on an idle machine; the bound leaves room for a test run that
      // keeps every thread of the pool busy.
      #expect(ContinuousClock.now - start < .seconds(300))
    }
  }

  @Test("stores waiting for a held lock keep no thread blocked in flock: they sleep as tasks")
  func waitingBlocksNoThread() async throws {
    try await withDataDirectory { data in
      let setup = try await openStore(data)
      try await setup.insert(.fixture(id: "a1", day: "2025-11-03"))
      let limits = LockWaitLimits(reading: .seconds(20), writing: .seconds(20))
      var stores: [JSONFileTransactionStore] = []
      for _ in 0..<4 {
        stores.append(
          try await JSONFileTransactionStore.open(
            directory: data, requestedCurrency: nil, defaultCurrency: .krw, lockWait: limits))
      }
      let writer = holdRawLock(filePath(data.appending(path: "ledger")), exclusive: true)
      // Released from a Dispatch thread, outside the pool, whatever the pool does.
      DispatchQueue.global().asyncAfter(deadline: .now() + 1.5) { close(writer) }
      let waiting = Task {
        try await withThrowingTaskGroup(of: Int.self) { group in
          for (number, store) in stores.enumerated() {
            group.addTask {
              if number.isMultiple(of: 2) {
                return try await store.transactions(in: Fixtures.month("2025-11").dayRange).count
              }
              try await store.insert(.fixture(id: "w\(number)", day: "2025-11-04"))
              return 0
            }
          }
          return try await group.reduce(0, +)
        }
      }
      // Looked at from a Dispatch thread too: with the pool's threads blocked, this task itself
      // would not run again before the release.
      // Waited for off the pool, so that a busy machine delaying the look cannot fail the test;
      // a look made after the release finds none in flock either way.
      let sample = Sample()
      let looked = DispatchSemaphore(value: 0)
      DispatchQueue.global().asyncAfter(deadline: .now() + 0.5) {
        sample.set(threadsInFlock())
        looked.signal()
      }
      await offThePool { looked.wait() }
      #expect(sample.value == 0, "\(sample.value ?? -1) threads were blocked in flock")
      // Two readers saw the first entry and perhaps the writers' entries.
      #expect((2...6).contains(try await waiting.value))
      #expect(try await setup.transactions(in: Fixtures.month("2025-11").dayRange).count == 3)
    }
  }
}

/// A number set from another thread.
private final class Sample: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Int?
  var value: Int? { lock.withLock { stored } }
  func set(_ value: Int) { lock.withLock { stored = value } }
}

/// How many threads of this process are inside the `flock` system call now (Linux's
/// `/proc/self/task/*/syscall`; 0 where it cannot be told).
private func threadsInFlock() -> Int {
  #if os(Linux) && arch(x86_64)
    let number = "73"
  #elseif os(Linux) && arch(arm64)
    let number = "32"
  #else
    return 0
  #endif
  #if os(Linux)
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
    return tasks.filter { task in
      // Read to its end whatever its stated size: a /proc file says it is empty.
      guard let file = try? POSIXFiles.read(path: "/proc/self/task/\(task)/syscall") else {
        return false
      }
      let text = String(decoding: file.data, as: UTF8.self)
      return text.split(separator: " ").first.map(String.init) == number
    }.count
  #endif
}
