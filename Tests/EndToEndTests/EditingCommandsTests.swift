import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `edit` and `delete` on ids printed by `add`.
@Suite("Editing commands")
struct EditingCommandsTests {
  /// The entry with `id` on `date`, from `day --json`.
  private func entry(_ id: String, on date: String, in sandbox: Sandbox) async throws
    -> [String: Any]?
  {
    objects(try await sandbox.day(date)["transactions"]).first { $0["id"] as? String == id }
  }

  @Test("add without --income or --expense records an expense")
  func addWithoutKind() async throws {
    try await withSandbox { sandbox in
      let id = try await sandbox.succeed([
        "add", "12000", "--category", "식비", "--date", "2025-11-03", "--currency", "KRW",
      ]).out.trimmingCharacters(in: .whitespacesAndNewlines)
      let added = try #require(try await entry(id, on: "2025-11-03", in: sandbox))
      #expect(added["kind"] as? String == "expense")
      #expect(decimal(try await sandbox.month("2025-11")["expense"]) == 12_000)
    }
  }

  @Test("edit ID --amount changes only the amount")
  func editAmount() async throws {
    try await withSandbox { sandbox in
      let id = try await sandbox.add(
        "expense", "12000", category: "food", memo: "lunch", date: "2025-11-03")
      let other = try await sandbox.add("income", "700", date: "2025-11-03")
      let before = try #require(try await entry(id, on: "2025-11-03", in: sandbox))
      let untouched = try #require(try await entry(other, on: "2025-11-03", in: sandbox))

      let edited = try await sandbox.succeed(["edit", id, "--amount", "5000"])
      #expect(edited.out == id + "\n")

      let after = try #require(try await entry(id, on: "2025-11-03", in: sandbox))
      #expect(decimal(after["amount"]) == 5000)
      for key in ["id", "date", "kind", "category", "memo"] {
        #expect(
          (after[key] as? String) == (before[key] as? String), "\(key) is unchanged")
      }
      let otherAfter = try #require(try await entry(other, on: "2025-11-03", in: sandbox))
      #expect(NSDictionary(dictionary: otherAfter).isEqual(to: untouched))
      let month = try await sandbox.month("2025-11")
      #expect(decimal(month["expense"]) == 5000)
      #expect(decimal(month["income"]) == 700)
    }
  }

  @Test("edit --json prints the changed entry; a unique id prefix finds the entry")
  func editJSONAndPrefix() async throws {
    try await withSandbox { sandbox in
      let id = try await sandbox.add("expense", "12000", memo: "lunch", date: "2025-11-03")
      let result = try await sandbox.succeed(
        ["edit", String(id.prefix(6)), "--memo", "dinner", "--category", "eating out", "--json"])
      let changed = try result.object()
      #expect(changed["id"] as? String == id)
      #expect(changed["memo"] as? String == "dinner")
      #expect(changed["category"] as? String == "eating out")
      #expect(result.out.contains(#""amount":12000,"#))
      let listed = try #require(try await entry(id, on: "2025-11-03", in: sandbox))
      #expect(NSDictionary(dictionary: listed).isEqual(to: changed))
    }
  }

  @Test("edit ID --date moves the entry to another month, with the totals")
  func editDateAcrossMonths() async throws {
    try await withSandbox { sandbox in
      let id = try await sandbox.add("expense", "12000", date: "2025-11-03")
      _ = try await sandbox.add("expense", "1000", date: "2025-11-20")
      _ = try await sandbox.add("income", "9", date: "2025-12-15")
      #expect(decimal(try await sandbox.month("2025-11")["expense"]) == 13000)
      #expect(decimal(try await sandbox.month("2025-12")["expense"]) == 0)

      _ = try await sandbox.succeed(["edit", id, "--date", "2025-12-01"])

      let november = try await sandbox.month("2025-11")
      let december = try await sandbox.month("2025-12")
      #expect(decimal(november["expense"]) == 1000)
      #expect(decimal(december["expense"]) == 12000)
      #expect(decimal(december["income"]) == 9)
      #expect(decimal(december["balance"]) == -11991)
      #expect(objects(try await sandbox.day("2025-11-03")["transactions"]).isEmpty)
      let moved = try #require(try await entry(id, on: "2025-12-01", in: sandbox))
      #expect(moved["date"] as? String == "2025-12-01")
      #expect(decimal(moved["amount"]) == 12000)
      let dayOne = objects(december["days"]).first
      #expect(decimal(dayOne?["expense"]) == 12000)
    }
  }

  @Test("edit ID --income flips the kind and the totals follow")
  func editKind() async throws {
    try await withSandbox { sandbox in
      let id = try await sandbox.add("expense", "12000", date: "2025-11-03")
      let result = try await sandbox.succeed(["edit", id, "--income", "--json"])
      #expect(try result.object()["kind"] as? String == "income")
      let day = try await sandbox.day("2025-11-03")
      #expect(decimal(day["income"]) == 12000)
      #expect(decimal(day["expense"]) == 0)
      let month = try await sandbox.month("2025-11")
      #expect(decimal(month["balance"]) == 12000)

      _ = try await sandbox.succeed(["edit", id, "--expense"])
      #expect(decimal(try await sandbox.month("2025-11")["balance"]) == -12000)
    }
  }

  @Test("delete ID removes the entry and prints its id")
  func delete() async throws {
    try await withSandbox { sandbox in
      let id = try await sandbox.add("expense", "12000", date: "2025-11-03")
      let kept = try await sandbox.add("expense", "300", date: "2025-11-04")
      let result = try await sandbox.succeed(["delete", id])
      #expect(result.out == id + "\n")
      let day = try await sandbox.day("2025-11-03")
      #expect(objects(day["transactions"]).isEmpty)
      #expect(decimal(day["expense"]) == 0)
      #expect(try await entry(kept, on: "2025-11-04", in: sandbox) != nil)
      #expect(decimal(try await sandbox.month("2025-11")["expense"]) == 300)

      let again = try await sandbox.run(["delete", id])
      #expect(again.status == 2, "a deleted id is unknown: \(again)")
    }
  }

  @Test("delete --json prints the removed entry")
  func deleteJSON() async throws {
    try await withSandbox { sandbox in
      let id = try await sandbox.add("income", "3만5천", memo: "gift", date: "2025-11-03")
      let removed = try await sandbox.succeed(["delete", id, "--json"]).object()
      #expect(removed["id"] as? String == id)
      #expect(removed["memo"] as? String == "gift")
      #expect(decimal(removed["amount"]) == 35000)
    }
  }

  @Test(
    "edit or delete of an unknown id: status 2, one line, nothing changed",
    arguments: [
      ["edit", "zzzzzzzz", "--amount", "5000"], ["delete", "zzzzzzzz"],
      ["edit", "zzzzzzzz", "--income"], ["delete", "zzzzzzzz", "--json"],
    ])
  func unknownID(arguments: [String]) async throws {
    try await withSandbox { sandbox in
      _ = try await sandbox.add("expense", "12000", date: "2025-11-03")
      let before = try sandbox.snapshot()
      let result = try await sandbox.run(arguments)
      #expect(result.status == 2, "\(result)")
      #expect(result.stdout.isEmpty)
      #expect(result.err.hasSuffix("\n"))
      #expect(result.err.filter { $0 == "\n" }.count == 1, "\(result)")
      #expect(result.err.contains("zzzzzzzz"))
      #expect(try sandbox.snapshot() == before)
    }
  }

  @Test("A bad new value for an existing entry changes nothing")
  func badEditValue() async throws {
    try await withSandbox { sandbox in
      let id = try await sandbox.add("expense", "12000", date: "2025-11-03")
      let before = try sandbox.snapshot()
      for arguments in [
        ["edit", id, "--amount", "0"], ["edit", id, "--date", "2025-02-30"],
        ["edit", id, "--category", ""], ["edit", id, "--amount", "12.5"],
        ["edit", id, "--memo", "a\u{1B}[2Jb"],
      ] {
        let result = try await sandbox.run(arguments)
        #expect(result.status == 2, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(result.err.filter { $0 == "\n" }.count == 1, "\(result)")
        #expect(try sandbox.snapshot() == before, "\(arguments)")
      }
    }
  }

  // MARK: - Another window got there first

  @Test(
    "edit or delete of an entry another window changed after it was read: status 1, one line with the entry as it is now, nothing written",
    arguments: [
      (["edit", "--amount", "5000"], "Not saved"), (["delete"], "Not deleted"),
    ])
  func changedByAnotherWindow(command: [String], refused: String) async throws {
    try await withSandbox { sandbox in
      let id = try await sandbox.add(
        "expense", "12000", category: "food", memo: "lunch", date: "2025-11-03")
      var afterTheirs: DirectorySnapshot?
      let result = try await runStoppedAfterReading(
        [command[0], id] + command.dropFirst(), in: sandbox
      ) {
        _ = try await sandbox.succeed(["edit", id, "--memo", "lunch with Min", "--amount", "15000"])
        afterTheirs = try sandbox.snapshot()
      }
      #expect(result.status == 1, "\(result)")
      #expect(result.stdout.isEmpty, "\(result)")
      #expect(
        result.err
          == "hannun: \(refused): another window changed this entry. It is now: "
          + "Expense ₩15,000 food (lunch with Min) on 2025-11-03 #\(id)\n", "\(result)")
      #expect(try sandbox.snapshot() == afterTheirs, "nothing written after their change")
    }
  }

  @Test(
    "edit of an entry another window deleted after it was read says so in Korean with --locale ko")
  func deletedByAnotherWindow() async throws {
    try await withSandbox { sandbox in
      let id = try await sandbox.add(
        "expense", "12000", category: "식비", memo: "점심", date: "2025-11-03")
      var afterTheirs: DirectorySnapshot?
      let result = try await runStoppedAfterReading(
        ["edit", id, "--memo", "저녁", "--locale", "ko"], in: sandbox
      ) {
        _ = try await sandbox.succeed(["delete", id])
        afterTheirs = try sandbox.snapshot()
      }
      #expect(result.status == 1, "\(result)")
      #expect(
        result.err
          == "hannun: 다른 창에서 이 내역이 삭제되어 저장하지 않았습니다: 지출 ₩12,000 식비 (점심) · 2025-11-03 #\(id)\n",
        "\(result)")
      #expect(try sandbox.snapshot() == afterTheirs)
    }
  }
}

// MARK: - Two processes, one stopped in between

/// Runs `hannun arguments --data …` under strace, which stops it with SIGSTOP right after it has
/// read the entry (the second `flock` of a thread: the readers' shared lock taken and released,
/// before the writers' lock is asked for); runs `otherWindow` while it is stopped, then lets it
/// go on to its write. strace counts calls per thread, so a thread that takes the writers' lock
/// is stopped again after it; each stop is continued until the process ends.
func runStoppedAfterReading(
  _ arguments: [String], in sandbox: Sandbox, otherWindow: () async throws -> Void
) async throws -> RunResult {
  let strace = "/usr/bin/strace"
  try #require(
    FileManager.default.isExecutableFile(atPath: strace),
    "strace is needed to stop a writer between its read and its write; .ci/run installs it")
  let binary = try HannunBinary.url().path
  let io = sandbox.root.appendingPathComponent("stopped-\(UUID().uuidString)", isDirectory: true)
  try FileManager.default.createDirectory(at: io, withIntermediateDirectories: true)
  let log = io.appendingPathComponent("strace.log")
  let out = io.appendingPathComponent("stdout")
  let err = io.appendingPathComponent("stderr")
  for url in [log, out, err] { _ = FileManager.default.createFile(atPath: url.path, contents: nil) }

  let process = Process()
  process.executableURL = URL(fileURLWithPath: strace)
  process.arguments =
    [
      "-f", "-o", log.path, "-e", "trace=flock", "-e", "inject=flock:signal=STOP:when=2", binary,
    ] + arguments + ["--data", sandbox.dataPath]
  process.environment = sandbox.baseEnvironment
  process.currentDirectoryURL = sandbox.root
  process.standardInput = FileHandle.nullDevice
  process.standardOutput = try FileHandle(forWritingTo: out)
  process.standardError = try FileHandle(forWritingTo: err)
  let exited = AsyncStream<Int32>.makeStream()
  process.terminationHandler = { finished in
    exited.continuation.yield(finished.terminationStatus)
    exited.continuation.finish()
  }
  try process.run()
  let pid = process.processIdentifier
  defer { if process.isRunning { kill(pid, SIGKILL) } }

  // Wait for the stop: strace writes `TID --- SIGSTOP {…} ---` to its log.
  var stopped: pid_t?
  for _ in 0..<400 where stopped == nil && process.isRunning {
    try await Task.sleep(for: .milliseconds(50))
    let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
    stopped = text.split(separator: "\n").first { $0.contains("--- SIGSTOP {") }
      .flatMap { $0.split(separator: " ").first }.flatMap { pid_t($0) }
  }
  let trace = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
  let tid = try #require(stopped, "hannun was never stopped after reading; strace log:\n\(trace)")

  try await otherWindow()

  for _ in 0..<400 where process.isRunning {
    kill(tid, SIGCONT)
    try await Task.sleep(for: .milliseconds(50))
  }
  var statuses = exited.stream.makeAsyncIterator()
  let status = try #require(await statuses.next(), "hannun did not end")
  return RunResult(
    arguments: arguments, status: status, stdout: try Data(contentsOf: out),
    stderr: try Data(contentsOf: err))
}
