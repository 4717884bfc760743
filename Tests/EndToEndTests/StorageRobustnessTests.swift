import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The storage guarantees of issue 6, end to end against the built binary: concurrent first
// writes, writers killed at each file operation (strace fault injection) and at random moments,
// leftover temporary files, a FIFO where a month file belongs, a missing or damaged `meta.json`,
// and record fields this version does not know. `Scripts/torture.sh` runs the same checks at a
// larger scale.

// MARK: - Programs in the background, with a deadline

/// How one run of a program ended.
private struct Ended: CustomStringConvertible {
  let command: String
  /// The exit status, or the signal number when `signalled`.
  let status: Int32
  let signalled: Bool
  /// Whether it was still running at its deadline and was killed then.
  let timedOut: Bool
  let seconds: Double
  let out: String
  let err: String

  /// Exited by itself with status 0.
  var succeeded: Bool { !signalled && !timedOut && status == 0 }
  /// Standard output without surrounding white space: the id `add`, `edit` and `delete` print.
  var printed: String { out.trimmingCharacters(in: .whitespacesAndNewlines) }

  var description: String {
    let how =
      timedOut
      ? "still running after \(seconds) s, killed"
      : signalled ? "killed by signal \(status)" : "exit \(status)"
    return "\(visible(command)) → \(how)\n--- stdout:\n\(visible(out))--- stderr:\n\(visible(err))"
  }
}

/// A program started in the background with its output in files (never a pipe that could fill).
private final class Background {
  private let process = Process()
  private let command: String
  private let outURL: URL
  private let errURL: URL
  private let exited: AsyncStream<Void>
  private var startedAt = ContinuousClock.now

  init(_ executable: String, _ arguments: [String], environment: [String: String], in root: URL)
    throws
  {
    let io = root.appendingPathComponent("run-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: io, withIntermediateDirectories: true)
    outURL = io.appendingPathComponent("stdout")
    errURL = io.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    command = ([executable] + arguments).joined(separator: " ")
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = environment
    process.currentDirectoryURL = root
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = try FileHandle(forWritingTo: outURL)
    process.standardError = try FileHandle(forWritingTo: errURL)
    let (stream, continuation) = AsyncStream<Void>.makeStream()
    exited = stream
    process.terminationHandler = { _ in
      continuation.yield()
      continuation.finish()
    }
  }

  func start() throws {
    startedAt = .now
    try process.run()
  }

  /// Sends SIGKILL (a no-op once it has ended).
  func killNow() {
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
  }

  /// Waits for the end, killing the program if it is still running after `limit`.
  func finish(within limit: Duration) async -> Ended {
    let pid = process.processIdentifier
    let watchdog = Task { () -> Bool in
      do { try await Task.sleep(for: limit) } catch { return false }
      kill(pid, SIGKILL)
      return true
    }
    // Bounded even if the exit is never reported: a test must fail, never hang the run.
    let reported = await firstElement(of: exited, within: limit + .seconds(15)) != nil
    watchdog.cancel()
    let timedOut = await watchdog.value
    guard reported else {
      return Ended(
        command: command, status: SIGKILL, signalled: true, timedOut: true,
        seconds: Double((ContinuousClock.now - startedAt).components.seconds),
        out: "", err: "(its exit was never reported)")
    }
    let elapsed = ContinuousClock.now - startedAt
    try? (process.standardOutput as? FileHandle)?.close()
    try? (process.standardError as? FileHandle)?.close()
    let read = { (url: URL) in
      String(decoding: (try? Data(contentsOf: url)) ?? Data(), as: UTF8.self)
    }
    let (out, err) = (read(outURL), read(errURL))
    try? FileManager.default.removeItem(at: outURL.deletingLastPathComponent())
    return Ended(
      command: command, status: process.terminationStatus,
      signalled: process.terminationReason == .uncaughtSignal, timedOut: timedOut,
      seconds: Double(elapsed.components.seconds)
        + Double(elapsed.components.attoseconds) / 1e18,
      out: out, err: err)
  }
}

/// Runs `program` to its end, or kills it after `limit`.
///
/// The bound only tells a hang from an answer: a write under strace takes well under a second,
/// but a machine busy with the whole suite (and another's disk writes) was seen to stall one
/// for 50 s.
private func runToEnd(
  _ executable: String, _ arguments: [String], environment: [String: String], in root: URL,
  within limit: Duration = .seconds(120)
) async throws -> Ended {
  let program = try Background(executable, arguments, environment: environment, in: root)
  try program.start()
  return await program.finish(within: limit)
}

extension Sandbox {
  /// `hannun ARGUMENTS --data <data>` started in the background (not yet running).
  fileprivate func background(_ arguments: [String]) throws -> Background {
    try Background(
      try HannunBinary.url().path, arguments + ["--data", dataPath], environment: baseEnvironment,
      in: root)
  }

  /// `hannun ARGUMENTS --data <data>` run to its end, or killed after `limit`.
  fileprivate func runWithin(_ limit: Duration, _ arguments: [String]) async throws -> Ended {
    let program = try background(arguments)
    try program.start()
    return await program.finish(within: limit)
  }
}

// MARK: - A seeded random source

/// SplitMix64, so that a run of the random-kill test can be replayed from its seed.
private struct SeededRandom: RandomNumberGenerator {
  private var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

// MARK: - What the ledger's files hold

/// The files under `<data>/ledger`, read directly (never through `hannun`).
private struct LedgerFiles: CustomStringConvertible {
  /// Month file (`2025/2025-11.json`) → its records.
  var months: [String: [[String: Any]]] = [:]
  /// Id → the month files holding it, once per record.
  var places: [String: [String]] = [:]
  /// `.json` files that do not parse, or month files without a `transactions` list.
  var unreadable: [String] = []
  /// What a killed writer may leave and the next writer must remove: anything under `pending/`,
  /// `.NAME.RANDOM.tmp` files anywhere, `journal.json`.
  var leftovers: [String] = []

  /// - Parameter checkingPending: Whether files under `pending/` (staged copies a killed writer was
  ///   preparing, not part of the ledger until committed) must parse too.
  init(_ data: URL, checkingPending: Bool = false) throws {
    let ledger = data.appendingPathComponent("ledger")
    guard FileManager.default.fileExists(atPath: ledger.path) else { return }
    for relative in try FileManager.default.subpathsOfDirectory(atPath: ledger.path).sorted() {
      let path = ledger.appendingPathComponent(relative).path
      let name = (relative as NSString).lastPathComponent
      var info = stat()
      guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
      let pending = relative.hasPrefix("pending/")
      if pending || relative == "journal.json" || (name.hasPrefix(".") && name.hasSuffix(".tmp")) {
        leftovers.append(relative)
      }
      guard relative.hasSuffix(".json"), checkingPending || !pending else { continue }
      let object: Any
      do {
        object = try JSONSerialization.jsonObject(
          with: Data(contentsOf: URL(fileURLWithPath: path)))
      } catch {
        unreadable.append("\(relative): \(error)")
        continue
      }
      guard matches(relative, #"\d{4}/\d{4}-\d{2}\.json"#) else { continue }
      guard let records = (object as? [String: Any])?["transactions"] as? [[String: Any]] else {
        unreadable.append("\(relative): no transactions list")
        continue
      }
      months[relative] = records
      for record in records {
        places[record["id"] as? String ?? "(no id)", default: []].append(relative)
      }
    }
  }

  /// `2025/2025-11.json` for `2025-11`.
  static func file(_ month: String) -> String { "\(month.prefix(4))/\(month).json" }

  func records(_ month: String) -> [[String: Any]] { months[Self.file(month)] ?? [] }

  func record(_ id: String) -> [String: Any]? {
    months.values.lazy.flatMap { $0 }.first { $0["id"] as? String == id }
  }

  func count(_ id: String) -> Int { places[id]?.count ?? 0 }

  /// Ids held more than once (in one month file or in several).
  var storedTwice: [String: [String]] { places.filter { $0.value.count != 1 } }

  /// Income and expense of the month's records (in the major unit of a KRW ledger), in all and
  /// per date.
  func totals(_ month: String) -> (all: Totals, days: [String: Totals]) {
    var all = Totals()
    var days: [String: Totals] = [:]
    for record in records(month) {
      let amount = Decimal((record["amountMinor"] as? NSNumber)?.int64Value ?? -1)
      let date = record["date"] as? String ?? "?"
      if record["kind"] as? String == "income" {
        all.income += amount
        days[date, default: Totals()].income += amount
      } else {
        all.expense += amount
        days[date, default: Totals()].expense += amount
      }
    }
    return (all, days)
  }

  var description: String {
    let ids = places.keys.sorted().map { "\($0) in \(places[$0]!)" }
    return "ids: \(ids); unreadable: \(unreadable); leftovers: \(leftovers)"
  }
}

private struct Totals: Equatable {
  var income: Decimal = 0
  var expense: Decimal = 0
}

// MARK: - The checks made after every kill

/// What `hannun day --json` showed for each date.
private typealias DayViews = [String: [[String: Any]]]

/// Checks that the next processes see a whole ledger after a kill: `day --json` of `dates` and
/// `month --json` of `months` answer; every ledger file parses (staged files under `pending/`
/// aside); no id is stored twice; the month totals equal the sum of the stored entries, day by
/// day; each day shows exactly the entries stored for it.
/// - Returns: The day views and the files, read after the readers ran.
private func checkWholeLedger(
  _ sandbox: Sandbox, months: [String], dates: [String], context: String,
  sourceLocation: SourceLocation = #_sourceLocation
) async throws -> (days: DayViews, files: LedgerFiles) {
  var views: DayViews = [:]
  var monthViews: [String: [String: Any]] = [:]
  for date in dates {
    let result = try await sandbox.run(["day", date, "--json"])
    #expect(result.status == 0, "\(context): \(result)", sourceLocation: sourceLocation)
    guard result.status == 0 else { throw E2EFailure("\(context): day \(date) failed") }
    views[date] = objects(try result.object()["transactions"])
  }
  for month in months {
    let result = try await sandbox.run(["month", month, "--json"])
    #expect(result.status == 0, "\(context): \(result)", sourceLocation: sourceLocation)
    guard result.status == 0 else { throw E2EFailure("\(context): month \(month) failed") }
    monthViews[month] = try result.object()
  }
  let files = try LedgerFiles(sandbox.data)
  #expect(files.unreadable.isEmpty, "\(context): \(files)", sourceLocation: sourceLocation)
  #expect(
    files.storedTwice.isEmpty, "\(context): stored twice: \(files.storedTwice)",
    sourceLocation: sourceLocation)
  for month in months {
    let stored = files.totals(month)
    let shown = monthViews[month] ?? [:]
    let totals = Totals(
      income: decimal(shown["income"]) ?? -1, expense: decimal(shown["expense"]) ?? -1)
    #expect(
      totals == stored.all,
      "\(context): month \(month) shows \(totals), its file holds \(stored.all)",
      sourceLocation: sourceLocation)
    for day in objects(shown["days"]) {
      let date = day["date"] as? String ?? "?"
      let expected = stored.days[date] ?? Totals()
      #expect(
        decimal(day["income"]) == expected.income && decimal(day["expense"]) == expected.expense,
        "\(context): \(date) shows \(day), its month file holds \(expected)",
        sourceLocation: sourceLocation)
    }
  }
  // The report totals from the index (summaries kept beside the month files): after a kill they
  // must still equal the month files, whatever index files the killed writer had renamed.
  if let first = months.min(), let last = months.max() {
    let result = try await sandbox.run(["report", "--from", first, "--to", last, "--json"])
    #expect(result.status == 0, "\(context): \(result)", sourceLocation: sourceLocation)
    let reported = Dictionary(
      objects(try result.object()["months"]).compactMap { month in
        (month["month"] as? String).map { ($0, month) }
      }, uniquingKeysWith: { first, _ in first })
    for month in months {
      let stored = files.totals(month).all
      let shown = reported[month]
      let totals = Totals(
        income: decimal(shown?["income"]) ?? 0, expense: decimal(shown?["expense"]) ?? 0)
      #expect(
        totals == stored, "\(context): the report of \(month) says \(totals), its file \(stored)",
        sourceLocation: sourceLocation)
    }
  }
  for date in dates {
    let shown = Set((views[date] ?? []).compactMap { $0["id"] as? String })
    let month = String(date.prefix(7))
    let stored = Set(
      files.records(month).filter { $0["date"] as? String == date }.compactMap {
        $0["id"] as? String
      })
    #expect(
      shown == stored, "\(context): day \(date) shows \(shown.sorted()), stored \(stored.sorted())",
      sourceLocation: sourceLocation)
  }
  return (views, files)
}

/// Adds an entry to each of `months` (each must succeed), then checks every `.json` file under
/// `ledger/` parses, nothing a killed writer left is still there, and each new id is stored once.
private func checkNextWrites(
  _ sandbox: Sandbox, months: [String], context: String,
  sourceLocation: SourceLocation = #_sourceLocation
) async throws -> LedgerFiles {
  var added: [String] = []
  for month in months {
    let result = try await sandbox.run([
      "add", "--income", "1", "--category", "after", "--date", month + "-28",
    ])
    #expect(
      result.status == 0 && !result.line.isEmpty, "\(context): the next write failed: \(result)",
      sourceLocation: sourceLocation)
    if result.status == 0 { added.append(result.line) }
  }
  let files = try LedgerFiles(sandbox.data, checkingPending: true)
  #expect(files.unreadable.isEmpty, "\(context): \(files)", sourceLocation: sourceLocation)
  #expect(
    files.leftovers.isEmpty, "\(context): left after the next write: \(files.leftovers)",
    sourceLocation: sourceLocation)
  #expect(
    files.storedTwice.isEmpty, "\(context): stored twice: \(files.storedTwice)",
    sourceLocation: sourceLocation)
  for id in added {
    #expect(files.count(id) == 1, "\(context): \(id) \(files)", sourceLocation: sourceLocation)
  }
  return files
}

// MARK: - strace

private enum Strace {
  static let path = "/usr/bin/strace"

  /// Why `strace -e inject=…:signal=KILL` cannot be used here, or `nil` when it works: it must be
  /// installed (`.ci/run` installs it) and allowed to trace (ptrace), and an injected SIGKILL must
  /// end the traced program.
  static func problem(in root: URL) async -> String? {
    guard FileManager.default.isExecutableFile(atPath: path) else {
      return "\(path) is missing: install strace (apt-get install -y strace; .ci/run does)"
    }
    let probe: Ended
    do {
      probe = try await runToEnd(
        path, ["-f", "-o", "/dev/null", "-e", "inject=openat:signal=KILL:when=1", "/bin/true"],
        environment: ["PATH": "/usr/bin:/bin"], in: root, within: .seconds(20))
    } catch {
      return "strace could not be started: \(error)"
    }
    guard probe.signalled && probe.status == SIGKILL else {
      return "strace fault injection does not work here (is ptrace refused, e.g. by "
        + "kernel.yama.ptrace_scope or a container's seccomp profile?): \(probe)"
    }
    return nil
  }
}

/// A change to the ledger killed at each occurrence of one kind of file operation.
struct KillPoint: Sendable, CustomTestStringConvertible {
  enum Change: Sendable {
    /// `edit X --date DATE` to another month (or year).
    case move(to: String)
    /// `add --expense 4500 --category k --date 2025-11-10`.
    case add
    /// `delete X`.
    case delete
  }

  let change: Change
  /// A key of ``operations``.
  let operation: String

  /// Each kind of file operation and the system calls that do it, so that a store that calls
  /// `renameat2` or `fdatasync` instead is killed at the same points. strace counts each call of
  /// a set separately (`when=3` is the third `rename` or the third `renameat`), and per thread.
  static let operations: [String: [String]] = [
    "rename": ["rename", "renameat", "renameat2"],
    "unlink": ["unlink", "unlinkat", "rmdir"],
    "fsync": ["fsync", "fdatasync"],
    "write": ["write", "pwrite64", "writev", "pwritev", "pwritev2"],
    "mkdir": ["mkdir", "mkdirat"],
    "chmod": ["chmod", "fchmodat"],
    "lock": ["flock", "fcntl"],
    "open": ["open", "openat", "openat2"],
  ]

  /// The `strace -e inject=` set; `?` because not every architecture has every call.
  var injected: String {
    (Self.operations[operation] ?? []).map { "?" + $0 }.joined(separator: ",")
  }

  /// Whether only calls on the ledger's own paths count (`strace -P`): the dynamic loader opens
  /// dozens of libraries on the main thread before `main`, so without it every `open` kill point
  /// would fall before the ledger is touched. (Staged files with random names are not among those
  /// paths, and a thread's K-th call cannot be reached when another thread makes its K-th first,
  /// so `open` points are best effort; the other operations happen on one thread.)
  var onLedgerPathsOnly: Bool { operation == "open" }

  var testDescription: String {
    let what: String
    switch change {
    case .move(let date): what = "a move to \(date)"
    case .add: what = "an add"
    case .delete: what = "a delete"
    }
    let calls = (Self.operations[operation] ?? []).joined(separator: "/")
    return "\(what) killed at each \(calls)\(onLedgerPathsOnly ? " of a ledger path" : "")"
  }

  /// The months the change touches.
  var months: [String] {
    if case .move(let date) = change { return ["2025-11", String(date.prefix(7))] }
    return ["2025-11"]
  }

  static let all: [KillPoint] =
    ["2025-12-15", "2026-01-15"].flatMap { date in
      ["rename", "unlink", "fsync", "write", "mkdir", "chmod", "lock", "open"].map {
        KillPoint(change: .move(to: date), operation: $0)
      }
    }
    + [KillPoint.Change.add, .delete].flatMap { change in
      ["rename", "unlink", "fsync", "write"].map { KillPoint(change: change, operation: $0) }
    }
}

// MARK: - Tests

@Suite("Storage robustness (issue 6): concurrent writers, kills, leftovers and damaged files")
struct StorageRobustnessTests {
  // MARK: 1. Concurrent first writes

  @Test("Six hannun add started at once on a new data directory are all stored, each once")
  func concurrentFirstWrites() async throws {
    for trial in 1...3 {
      try await withSandbox { sandbox in
        let amounts = (1...6).map { 10 + $0 }
        let writers = try amounts.map { amount in
          try sandbox.background([
            "add", "--expense", "\(amount)", "--category", "c\(amount)", "--date", "2025-11-03",
            "--currency", "KRW",
          ])
        }
        for writer in writers { try writer.start() }
        var acknowledged: [String] = []
        for writer in writers {
          let ended = await writer.finish(within: .seconds(30))
          #expect(ended.succeeded, "trial \(trial): every writer takes its turn: \(ended)")
          if ended.succeeded && !ended.printed.isEmpty { acknowledged.append(ended.printed) }
        }
        let day = try await sandbox.day("2025-11-03")
        let shown = objects(day["transactions"]).compactMap { $0["id"] as? String }
        for id in acknowledged {
          let times = shown.filter { $0 == id }.count
          #expect(
            times == 1, "trial \(trial): acknowledged \(id) is shown \(times) times: \(shown)")
        }
        #expect(shown.count == acknowledged.count, "trial \(trial): \(shown) vs \(acknowledged)")
        let files = try LedgerFiles(sandbox.data, checkingPending: true)
        #expect(files.unreadable.isEmpty && files.storedTwice.isEmpty, "trial \(trial): \(files)")
        #expect(decimal(day["expense"]) == Decimal(amounts.reduce(0, +)), "trial \(trial): \(day)")
      }
    }
  }

  @Test("Of six hannun add at once on a new data directory, only the one that created it says so")
  func oneNewLedgerNotice() async throws {
    for trial in 1...3 {
      try await withSandbox { sandbox in
        let writers = try (1...6).map { amount in
          try sandbox.background([
            "add", "--expense", "\(amount)", "--category", "c", "--date", "2025-11-03",
            "--currency", "KRW",
          ])
        }
        for writer in writers { try writer.start() }
        var notices = 0
        var said: [String] = []
        for writer in writers {
          let ended = await writer.finish(within: .seconds(30))
          #expect(ended.succeeded, "trial \(trial): \(ended)")
          if ended.err.contains("Started a new ledger") { notices += 1 }
          said.append(ended.err)
        }
        #expect(notices == 1, "trial \(trial): \(notices) said they started it: \(said)")
      }
    }
  }

  // MARK: 2. Kills at each file operation

  @Test(
    "A write killed at any file operation leaves the old or the new ledger, never both or neither",
    arguments: KillPoint.all)
  func killAtEachFileOperation(point: KillPoint) async throws {
    try await withSandbox { sandbox in
      let problem = await Strace.problem(in: sandbox.root)
      try #require(problem == nil, "kill points cannot be injected: \(problem ?? "")")
      let binary = try HannunBinary.url().path

      // X moves, is deleted or gets a new neighbour; S and T are bystanders.
      let subject = try await sandbox.add("expense", "12000", date: "2025-11-03")
      let staying = try await sandbox.add("expense", "500", date: "2025-11-04")
      let neighbour = try await sandbox.add("income", "700", date: "2025-12-20")
      let arguments: [String]
      var dates = ["2025-11-03", "2025-11-10"]
      switch point.change {
      case .move(let date):
        arguments = ["edit", subject, "--date", date]
        dates.append(date)
      case .add:
        arguments = ["add", "--expense", "4500", "--category", "k", "--date", "2025-11-10"]
      case .delete:
        arguments = ["delete", subject]
      }
      let months = point.months

      let pristine = sandbox.root.appendingPathComponent("pristine", isDirectory: true)
      try FileManager.default.copyItem(at: sandbox.data, to: pristine)
      func restore() throws {
        try FileManager.default.removeItem(at: sandbox.data)
        try FileManager.default.copyItem(at: pristine, to: sandbox.data)
      }
      try restore()
      let before = try sandbox.snapshot()
      _ = try await checkWholeLedger(sandbox, months: months, dates: dates, context: "before")

      // The ledger's paths before and after the change, for `strace -P`.
      var scope: [String] = []
      if point.onLedgerPathsOnly {
        try restore()
        let done = try await sandbox.run(arguments)
        #expect(done.status == 0, "\(done)")
        let after = try sandbox.snapshot()
        let relative = Set(before.entries.keys).union(after.entries.keys)
        scope = relative.sorted().map {
          $0 == "." ? sandbox.dataPath : sandbox.data.appendingPathComponent($0).path
        }
      }

      var completed = false
      var killedWithChanges = 0
      var killedBeforeAnyChange = 0
      for occurrence in 1...120 {
        try restore()
        let ended = try await runToEnd(
          Strace.path,
          ["-f", "-o", "/dev/null"] + scope.flatMap { ["-P", $0] }
            + ["-e", "inject=\(point.injected):signal=KILL:when=\(occurrence)", binary]
            + arguments + ["--data", sandbox.dataPath],
          environment: sandbox.baseEnvironment, in: sandbox.root)
        let context = "\(point.testDescription), occurrence \(occurrence): \(ended.description)"
        #expect(!ended.timedOut, "\(context)")
        completed = ended.succeeded
        if !completed {
          #expect(ended.signalled && ended.status == SIGKILL, "killed, not failed: \(context)")
          if try sandbox.snapshot() == before {
            killedBeforeAnyChange += 1  // Nothing on disk changed: the old ledger, checked above.
            continue
          }
          killedWithChanges += 1
        }

        let (views, files) = try await checkWholeLedger(
          sandbox, months: months, dates: dates, context: context)
        for bystander in [staying, neighbour] {
          #expect(files.count(bystander) == 1, "\(context): \(bystander) \(files)")
        }
        switch point.change {
        case .move(let date):
          let oldFile = LedgerFiles.file("2025-11")
          let newFile = LedgerFiles.file(String(date.prefix(7)))
          let places = files.places[subject] ?? []
          #expect(places == [oldFile] || places == [newFile], "\(context): \(files)")
          if completed { #expect(places == [newFile], "\(context): \(files)") }
          let storedDate = files.record(subject)?["date"] as? String
          #expect(
            storedDate == (places == [newFile] ? date : "2025-11-03"),
            "\(context): stored on \(storedDate ?? "-") in \(places)")
          let shownOld = (views["2025-11-03"] ?? []).contains { $0["id"] as? String == subject }
          let shownNew = (views[date] ?? []).contains { $0["id"] as? String == subject }
          #expect(
            shownOld != shownNew, "\(context): shown on the old day \(shownOld), new \(shownNew)")
        case .add:
          let others = files.records("2025-11").filter {
            ![subject, staying].contains($0["id"] as? String ?? "")
          }
          #expect(files.count(subject) == 1, "\(context): \(files)")
          #expect(others.count <= 1, "\(context): \(files)")
          if let added = others.first {
            #expect(
              added["date"] as? String == "2025-11-10"
                && (added["amountMinor"] as? NSNumber)?.int64Value == 4500,
              "\(context): \(added)")
          }
          if completed {
            #expect(
              others.count == 1 && others.first?["id"] as? String == ended.printed,
              "\(context): \(files)")
          }
        case .delete:
          #expect(files.count(subject) <= 1, "\(context): \(files)")
          if completed { #expect(files.count(subject) == 0, "\(context): \(files)") }
        }

        let next = try await checkNextWrites(sandbox, months: months, context: context)
        #expect(
          next.count(subject) == files.count(subject),
          "\(context): the next write changed what the kill left: \(next)")
        if completed { break }
      }
      let tally = "\(killedWithChanges) kills changed files, \(killedBeforeAnyChange) did not"
      #expect(completed, "\(point.testDescription): never completed in 120 tries; \(tally)")
      if ["rename", "fsync"].contains(point.operation) {
        // Every store renames and flushes something to commit; a kill there must change files.
        #expect(killedWithChanges > 0, "\(point.testDescription): no kill hit the commit; \(tally)")
      }
    }
  }

  // MARK: 3. Kills at random moments

  @Test("Adds killed at random moments lose no acknowledged entry and store none twice")
  func randomKills() async throws {
    let seed: UInt64 = 0x6_2025_1103
    var random = SeededRandom(seed: seed)
    try await withSandbox { sandbox in
      // Delays of 0-40 ms, or up to a little more than an add takes here (a debug build under
      // load takes longer), so that kills fall all along the run, the commit included.
      let first = try await sandbox.runWithin(
        .seconds(30),
        ["add", "--expense", "1", "--category", "k", "--date", "2025-11-01", "--currency", "KRW"])
      #expect(first.succeeded, "\(first)")
      // (At most two seconds: an add slowed by a loaded machine must not stretch the run.)
      let longest = min(2_000, max(40, Int(first.seconds * 1200)))
      var acknowledged: [String: String] = [first.printed: "2025-11-01"]  // id → date
      for round in 1...20 {
        let date = String(format: "2025-%02d-10", 10 + round % 3)
        let writer = try sandbox.background([
          "add", "--expense", "\(100 + round)", "--category", "k", "--date", date,
        ])
        let delay = Int.random(in: 0...longest, using: &random)
        try writer.start()
        try await Task.sleep(for: .milliseconds(delay))
        writer.killNow()
        let ended = await writer.finish(within: .seconds(30))
        let context = "seed \(seed), round \(round), killed after \(delay) ms: \(ended)"
        #expect(!ended.timedOut, "\(context)")
        if ended.succeeded && !ended.printed.isEmpty { acknowledged[ended.printed] = date }

        // The next reader sees every acknowledged entry once; every file parses.
        for day in Set(acknowledged.values).sorted() {
          let shown = objects(try await sandbox.day(day)["transactions"]).compactMap {
            $0["id"] as? String
          }
          for (id, _) in acknowledged.filter({ $0.value == day }) {
            #expect(shown.filter { $0 == id }.count == 1, "\(context): \(id) on \(day): \(shown)")
          }
        }
        let files = try LedgerFiles(sandbox.data)
        #expect(files.unreadable.isEmpty && files.storedTwice.isEmpty, "\(context): \(files)")
        for id in acknowledged.keys { #expect(files.count(id) == 1, "\(context): \(id) \(files)") }
        if round % 5 == 0 {
          _ = try await checkNextWrites(sandbox, months: ["2025-10"], context: context)
        }
      }
      let files = try await checkNextWrites(
        sandbox, months: ["2025-10", "2025-11", "2025-12"], context: "seed \(seed), at the end")
      for id in acknowledged.keys { #expect(files.count(id) == 1, "\(id) \(files)") }
    }
  }

  // MARK: 4. Leftover temporary files

  @Test("Temporary files killed writers left are never read as data and go with the next write")
  func leftoverTemporaryFiles() async throws {
    try await withSandbox { sandbox in
      let id = try await sandbox.add("expense", "12000", date: "2025-11-03")
      let ledger = sandbox.data.appendingPathComponent("ledger")
      let ghost = """
        {"schemaVersion":1,"month":"2025-11","transactions":[\(record(
        id: "ghost00001", amountMinor: 999_000))]}
        """
      let leftovers = [
        (ledger.appendingPathComponent("2025/.2025-11.json.deadbeef.tmp"), ghost),
        (ledger.appendingPathComponent(".meta.json.feedface.tmp"), #"{"schemaVersion":1,"#),
        (ledger.appendingPathComponent(".2025-11.json.0badc0de.tmp"), ghost),
      ]
      for (url, text) in leftovers { try Data(text.utf8).write(to: url) }

      func checkNotData(_ when: String) async throws {
        let day = try await sandbox.day("2025-11-03")
        let ids = objects(day["transactions"]).compactMap { $0["id"] as? String }
        #expect(ids == [id], "\(when): \(day)")
        #expect(decimal(try await sandbox.month("2025-11")["expense"]) == 12000, "\(when)")
        let text = try await sandbox.succeed(["day", "2025-11-03", "--locale", "en"])
        #expect(text.out.contains("₩12,000"), "\(when): the currency is the ledger's: \(text)")
      }
      try await checkNotData("before the next write")
      // The next write is to another year: cleaning up is the writer's, whatever it writes.
      _ = try await sandbox.add("income", "5", date: "2026-02-01")
      for (url, _) in leftovers {
        #expect(!FileManager.default.fileExists(atPath: url.path), "\(url.path) is still there")
      }
      try await checkNotData("after the next write")
      let files = try LedgerFiles(sandbox.data, checkingPending: true)
      #expect(files.leftovers.isEmpty && files.count("ghost00001") == 0, "\(files)")
    }
  }

  // MARK: 5. A FIFO where a month file belongs

  @Test("A FIFO where a month file belongs is refused at once, naming it; other months still work")
  func fifoInPlaceOfMonthFile() async throws {
    try await withSandbox { sandbox in
      _ = try await sandbox.add("expense", "12000", date: "2025-11-03")
      let fifo = sandbox.monthFile("2025-10")
      try #require(mkfifo(fifo.path, 0o600) == 0, "mkfifo \(fifo.path)")
      // Everything that shows or writes October; the week of 2025-11-01 reaches into it.
      for arguments in [
        ["month", "2025-10"], ["month", "2025-10", "--json"], ["week", "2025-11-01", "--json"],
        ["day", "2025-10-03", "--json"], ["day", "2025-10-03"],
        ["add", "--expense", "1", "--category", "x", "--date", "2025-10-04"],
      ] {
        let ended = try await sandbox.runWithin(.seconds(60), arguments)
        #expect(!ended.timedOut, "hangs on the FIFO: \(ended)")
        #expect(ended.status == 1 && !ended.signalled, "\(ended)")
        #expect(ended.err.contains(fifo.path), "names the FIFO: \(ended)")
      }
      // The months beside it, which a one-shot view reads alone.
      for month in ["2025-11", "2025-09"] {
        let beside = try await sandbox.runWithin(.seconds(60), ["month", month, "--json"])
        #expect(beside.succeeded, "\(beside)")
      }
      // A month two years away, and one whose window does not include October.
      let added = try await sandbox.runWithin(
        .seconds(60), ["add", "--income", "5", "--category", "y", "--date", "2027-10-02"])
      #expect(added.succeeded && !added.printed.isEmpty, "\(added)")
      let far = try await sandbox.runWithin(.seconds(60), ["month", "2027-10", "--json"])
      #expect(far.succeeded && far.out.contains(#""income":5"#), "\(far)")
      let december = try await sandbox.runWithin(.seconds(60), ["month", "2025-12", "--json"])
      #expect(december.succeeded, "\(december)")
      #expect(try DirectorySnapshot.mode(fifo.path) & UInt16(S_IFMT) == UInt16(S_IFIFO))
    }
  }

  // MARK: 6. meta.json missing or damaged

  @Test(
    "Month files without a readable meta.json are an error naming it, and nothing is written",
    arguments: ["missing", "not JSON"])
  func metaMissingOrDamaged(damage: String) async throws {
    try await withSandbox { sandbox in
      _ = try await sandbox.add("expense", "12000", date: "2025-11-03", currency: "KRW")
      let meta = sandbox.data.appendingPathComponent("ledger/meta.json")
      if damage == "missing" {
        try FileManager.default.removeItem(at: meta)
      } else {
        try Data("KRW, I think\n".utf8).write(to: meta)
      }
      let before = try sandbox.snapshot()
      for arguments in [
        ["day", "2025-11-03", "--json"], ["day", "2025-11-03", "--locale", "en"],
        ["month", "2025-11", "--json"], ["month", "2025-11", "--locale", "en"],
        ["add", "--expense", "1", "--category", "x", "--date", "2025-11-04"],
        ["add", "--expense", "1", "--category", "x", "--date", "2027-01-04", "--currency", "USD"],
      ] {
        let ended = try await sandbox.runWithin(.seconds(60), arguments)
        #expect(ended.status == 1 && !ended.signalled, "\(damage): \(ended)")
        #expect(ended.err.contains("meta.json"), "\(damage): names meta.json: \(ended)")
        #expect(ended.out.isEmpty, "\(damage): shows nothing, in no currency: \(ended)")
        #expect(try sandbox.snapshot() == before, "\(damage): \(arguments) changed the data")
      }
    }
  }

  // MARK: 7. Fields a newer Hannun wrote

  @Test("A record field this version does not know survives an add to its month and an edit")
  func unknownRecordFieldSurvives() async throws {
    try await withSandbox { sandbox in
      let id = try await sandbox.add("expense", "12000", date: "2025-11-03")
      let file = sandbox.monthFile("2025-11")
      var document = try #require(
        try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
      var records = objects(document["transactions"])
      let index = try #require(records.firstIndex { $0["id"] as? String == id })
      records[index]["receipt"] = ["shop": "GS25"]
      document["transactions"] = records
      try JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys])
        .write(to: file)

      /// Checks `id` kept its receipt through `step`, or the step was refused and wrote nothing.
      func checkReceipt(after step: String, _ ended: RunResult, before: DirectorySnapshot)
        throws
      {
        if ended.status == 1 && ended.err.contains("2025-11.json") {
          // Refusing the month is allowed; it must then be left exactly as it was.
          #expect(try sandbox.snapshot() == before, "\(step) was refused but changed files")
          return
        }
        #expect(ended.status == 0, "\(step): \(ended)")
        let files = try LedgerFiles(sandbox.data)
        let receipt = files.record(id)?["receipt"] as? [String: Any]
        #expect(receipt?["shop"] as? String == "GS25", "\(step) dropped the receipt: \(files)")
      }

      var before = try sandbox.snapshot()
      let added = try await sandbox.run([
        "add", "--expense", "1", "--category", "x", "--date", "2025-11-04",
      ])
      try checkReceipt(after: "an add to the same month", added, before: before)
      before = try sandbox.snapshot()
      let edited = try await sandbox.run(["edit", id, "--memo", "김밥"])
      try checkReceipt(after: "an edit of the entry", edited, before: before)
      if edited.status == 0 {
        #expect(try LedgerFiles(sandbox.data).record(id)?["memo"] as? String == "김밥")
      }
      before = try sandbox.snapshot()
      let moved = try await sandbox.run(["edit", id, "--date", "2025-12-01"])
      if moved.status == 0 {
        let files = try LedgerFiles(sandbox.data)
        #expect(files.places[id] == [LedgerFiles.file("2025-12")], "\(files)")
        let receipt = files.record(id)?["receipt"] as? [String: Any]
        #expect(receipt?["shop"] as? String == "GS25", "a move dropped the receipt: \(files)")
      } else {
        #expect(moved.status == 1 && moved.err.contains("2025-11.json"), "\(moved)")
        #expect(try sandbox.snapshot() == before, "a refused move changed files")
      }
    }
  }

  @Test("A month-document field this version does not know survives an add to that month")
  func unknownDocumentFieldSurvives() async throws {
    try await withSandbox { sandbox in
      _ = try await sandbox.add("expense", "12000", date: "2025-11-03")
      let file = sandbox.monthFile("2025-11")
      var document = try #require(
        try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
      document["budget"] = ["limit": 500_000]
      try JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys])
        .write(to: file)
      let before = try sandbox.snapshot()
      let added = try await sandbox.run([
        "add", "--expense", "1", "--category", "x", "--date", "2025-11-04",
      ])
      if added.status == 0 {
        let stored = try JSONSerialization.jsonObject(with: Data(contentsOf: file))
        let budget = (stored as? [String: Any])?["budget"] as? [String: Any]
        #expect((budget?["limit"] as? NSNumber)?.intValue == 500_000, "\(stored)")
      } else {
        #expect(added.status == 1 && added.err.contains(file.path), "\(added)")
        #expect(try sandbox.snapshot() == before)
      }
    }
  }
}

// MARK: - A category rename killed at each file operation

extension StorageRobustnessTests {
  @Test(
    "A category rename over three months and two years killed at any file operation: all or none",
    arguments: ["rename", "fsync", "unlink", "write"])
  func renameKilledAtEachFileOperation(operation: String) async throws {
    try await withSandbox { sandbox in
      let problem = await Strace.problem(in: sandbox.root)
      try #require(problem == nil, "kill points cannot be injected: \(problem ?? "")")
      let binary = try HannunBinary.url().path
      let dates = ["2025-11-03", "2025-12-20", "2026-01-15"]
      let months = dates.map { String($0.prefix(7)) }
      var renamed: [String] = []
      for (index, date) in dates.enumerated() {
        renamed.append(
          try await sandbox.add("expense", "\(1000 + index)", category: "k", date: date))
      }
      let bystander = try await sandbox.add("income", "700", category: "other", date: dates[0])
      let pristine = sandbox.root.appendingPathComponent("pristine", isDirectory: true)
      try FileManager.default.copyItem(at: sandbox.data, to: pristine)
      func restore() throws {
        try FileManager.default.removeItem(at: sandbox.data)
        try FileManager.default.copyItem(at: pristine, to: sandbox.data)
      }
      try restore()
      let before = try sandbox.snapshot()
      let injected = (KillPoint.operations[operation] ?? []).map { "?" + $0 }.joined(separator: ",")

      var completed = false
      var killedWithChanges = 0
      for occurrence in 1...120 {
        try restore()
        let ended = try await runToEnd(
          Strace.path,
          [
            "-f", "-o", "/dev/null", "-e", "inject=\(injected):signal=KILL:when=\(occurrence)",
            binary,
          ]
            + ["category", "rename", "k", "renamed", "--data", sandbox.dataPath],
          environment: sandbox.baseEnvironment, in: sandbox.root)
        let context = "rename killed at \(operation) #\(occurrence): \(ended.description)"
        #expect(!ended.timedOut, "\(context)")
        completed = ended.succeeded
        if !completed {
          #expect(ended.signalled && ended.status == SIGKILL, "killed, not failed: \(context)")
          if try sandbox.snapshot() == before { continue }
          killedWithChanges += 1
        }
        let (_, files) = try await checkWholeLedger(
          sandbox, months: months, dates: dates, context: context)
        let categories = renamed.map { files.record($0)?["category"] as? String ?? "-" }
        #expect(
          categories == ["k", "k", "k"] || categories == ["renamed", "renamed", "renamed"],
          "\(context): all or nothing, but the entries hold \(categories)")
        if completed { #expect(categories == ["renamed", "renamed", "renamed"], "\(context)") }
        #expect(files.record(bystander)?["category"] as? String == "other", "\(context)")
        // The index's totals agree with the month files, whichever ledger the kill left.
        let listed = try await sandbox.succeed(["categories", "--all", "--json"]).object()
        let names = objects(listed["categories"]).compactMap { $0["category"] as? String }
        #expect(Set(names) == ["other", categories[0]], "\(context): \(listed)")
        _ = try await checkNextWrites(sandbox, months: months, context: context)
        if completed { break }
      }
      #expect(completed, "rename at \(operation): never completed in 120 tries")
      if ["rename", "fsync"].contains(operation) {
        #expect(killedWithChanges > 0, "rename at \(operation): no kill hit the commit")
      }
    }
  }
}
