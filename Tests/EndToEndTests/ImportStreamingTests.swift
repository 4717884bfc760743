import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// Issue 19, items 8 and 15, end to end against the built binary: an import's memory stays flat
// however many rows it reads, and it prepares its months without the ledger's lock, holding the
// lock only for its commit, where it decides again each month another process wrote meanwhile.

/// Runs `hannun ARGUMENTS --data DATA` and returns its exit status and its own peak resident
/// memory in KiB: `VmHWM` of `/proc/PID/status`, read while strace holds it at the entry of its
/// `exit_group` (for up to a minute, so a test runner starved by a loaded machine still reads
/// it; the process is then killed, and its status is the one it passed to `exit_group`).
/// (`ru_maxrss` cannot tell: a child spawned from the test runner starts with the runner's
/// high-water mark, which `execve` keeps.)
func runMeasured(_ sandbox: Sandbox, _ arguments: [String]) async throws -> (
  status: Int32, peakKiB: Int
) {
  let strace = "/usr/bin/strace"
  try #require(
    FileManager.default.isExecutableFile(atPath: strace),
    "strace is needed to read hannun's peak memory as it exits; .ci/run installs it")
  let io = sandbox.root.appendingPathComponent("measured-\(UUID().uuidString)", isDirectory: true)
  try FileManager.default.createDirectory(at: io, withIntermediateDirectories: true)
  let log = io.appendingPathComponent("strace.log")
  _ = FileManager.default.createFile(atPath: log.path, contents: nil)
  let process = Process()
  process.executableURL = URL(fileURLWithPath: strace)
  process.arguments =
    [
      "-f", "-o", log.path, "-e", "trace=exit_group", "-e",
      "inject=exit_group:delay_enter=60000000", try HannunBinary.url().path,
    ] + arguments + ["--data", sandbox.dataPath]
  process.environment = sandbox.baseEnvironment
  process.currentDirectoryURL = sandbox.root
  process.standardInput = FileHandle.nullDevice
  process.standardOutput = FileHandle.nullDevice
  process.standardError = FileHandle.nullDevice
  try process.run()
  defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
  var peak: Int?
  var exitStatus: Int32?
  while peak == nil && process.isRunning {
    try await Task.sleep(for: .milliseconds(50))
    let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
    // `PID exit_group(STATUS <unfinished ...>` while the delay holds it.
    guard let exiting = text.split(separator: "\n").first(where: { $0.contains("exit_group(") }),
      let tid = exiting.split(separator: " ").first.flatMap({ pid_t($0) })
    else { continue }
    let status = (try? String(contentsOfFile: "/proc/\(tid)/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
    peak = line.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") }
    exitStatus = exiting.split(separator: "(").dropFirst().first
      .flatMap { Int32($0.prefix { $0.isNumber }) }
    if peak != nil { kill(tid, SIGKILL) }
  }
  process.waitUntilExit()
  let measured = try #require(peak, "no VmHWM for hannun \(arguments)")
  return (try #require(exitStatus, "no exit status for hannun \(arguments)"), measured)
}

/// A statement of `rows` rows over ten years, about 27 a day, as `Scripts/generate-statement.py`
/// writes one (UTF-8 here): a date with a time, a memo, withdrawal and deposit columns.
func statement(rows: Int) -> Data {
  var text = "거래일시,적요,출금,입금,잔액\r\n"
  text.reserveCapacity(rows * 48)
  let shops = ["스타벅스", "이마트", "GS25", "김밥천국", "쿠팡", "Netflix", "교보문고", "CGV"]
  let start = 1_446_336_000  // 2015-11-01 00:00 UTC
  for row in 0..<rows {
    let seconds = start + row * 53 * 60
    let days = seconds / 86_400
    // Days since 1970 to a civil date (Howard Hinnant's algorithm).
    let z = days + 719_468
    let era = z / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let day = doy - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
    let minute = (seconds % 86_400) / 60
    let when = String(
      format: "%04d.%02d.%02d %02d:%02d", year, month, day, minute / 60, minute % 60)
    if row % 10 == 0 {
      text += "\(when),급여,0,\(1_000 + row % 300 * 1_000),0\r\n"
    } else {
      text += "\(when),\(shops[row % shops.count]),\(100 + row % 2_000 * 100),0,0\r\n"
    }
  }
  return Data(text.utf8)
}

@Suite("End to end: imports stream and hold the lock only to commit", .serialized)
struct ImportStreamingTests {
  @Test(
    "a 100,000-row statement imports, and imports again, in under 100 MiB; its export in under 60"
  )
  func flatMemory() async throws {
    try await withSandbox { sandbox in
      let file = sandbox.root.appending(path: "statement.csv")
      try statement(rows: 100_000).write(to: file)
      let first = try await runMeasured(sandbox, ["import", file.path, "--currency", "KRW"])
      #expect(first.status == 0)
      let again = try await runMeasured(sandbox, ["import", file.path])
      #expect(again.status == 0)
      // Before the import streamed, the first run peaked at 199 MiB and the second at 95 MiB
      // (debug build); the rows read, grouped by month, are what remains.
      #expect(first.peakKiB < 100 << 10, "import peaked at \(first.peakKiB) KiB")
      #expect(again.peakKiB < 100 << 10, "import again peaked at \(again.peakKiB) KiB")
      let report = try await sandbox.succeed([
        "report", "--from", "2015-11", "--to", "2026-12", "--json",
      ]).object()
      var expense: Int64 = 0
      var income: Int64 = 0
      for row in 0..<100_000 {
        if row % 10 == 0 {
          income += Int64(1_000 + row % 300 * 1_000)
        } else {
          expense += Int64(100 + row % 2_000 * 100)
        }
      }
      #expect(decimal(report["income"]) == Decimal(income), "\(report)")
      #expect(decimal(report["expense"]) == Decimal(expense), "\(report)")

      // The export streams too: before, it held every entry and the whole text (80 MiB here).
      let exported = sandbox.root.appending(path: "export.csv")
      let export = try await runMeasured(
        sandbox, ["export", "--format", "csv", "--output", exported.path])
      #expect(export.status == 0)
      #expect(export.peakKiB < 60 << 10, "export peaked at \(export.peakKiB) KiB")
      let text = try String(contentsOf: exported, encoding: .utf8)
      #expect(text.hasPrefix("date,kind,amount,category,memo,id\r\n2015-11-01,"))
      #expect(text.components(separatedBy: "\r\n").count == 100_002)
    }
  }

  @Test("a 2 GiB sparse file given to restore is refused by its size, unread, naming the limit")
  func sparseBackup() async throws {
    try await withSandbox { sandbox in
      let big = sandbox.root.appending(path: "backup.json").path
      let descriptor = open(big, O_WRONLY | O_CREAT, 0o600)
      #expect(descriptor >= 0 && ftruncate(descriptor, 2 << 30) == 0)
      close(descriptor)
      let measured = try await runMeasured(sandbox, ["import", big, "--format", "json"])
      #expect(measured.status == 2)
      #expect(measured.peakKiB < 100 << 10, "restore peaked at \(measured.peakKiB) KiB")
      let refused = try await sandbox.run(["import", big, "--format", "json", "--locale", "en"])
      #expect(refused.err.contains("larger than 256 MiB"), "\(refused)")
      let korean = try await sandbox.run(["import", big, "--format", "json", "--locale", "ko"])
      #expect(korean.err.contains("256MiB보다 큽니다"), "\(korean)")
      #expect(!FileManager.default.fileExists(atPath: sandbox.dataPath))
    }
  }

  @Test(
    "an import stopped while it prepares holds no lock: month answers, an add goes through and is kept, its twin row is skipped"
  )
  func preparesWithoutTheLock() async throws {
    try await withSandbox { sandbox in
      _ = try await sandbox.add("expense", "500", date: "2025-01-05")
      var rows = "날짜,금액,메모\n"
      for row in 1...40 {
        let month = row <= 20 ? 11 : 12
        rows += String(format: "2025-%02d-%02d,-%d000,row %d\n", month, row % 28 + 1, row, row)
      }
      let file = sandbox.root.appending(path: "statement.csv")
      try Data(rows.utf8).write(to: file)
      var reader: RunResult?
      var twin: RunResult?
      var other: RunResult?
      // Stopped at its first flush: the first month's new file, prepared before the lock.
      let ours = try await runStopped(
        ["import", file.path, "--locale", "en"], at: "fsync", in: sandbox
      ) {
        let started = ContinuousClock.now
        reader = try await sandbox.run(["month", "2025-11", "--json"])
        // A reader held up by the stopped import would be told of a stopped holder after its
        // limit and fail (its status is checked below); the bound only tells an answer from a
        // hang, with room for a machine busy with the whole suite.
        #expect(ContinuousClock.now - started < .seconds(60))
        twin = try await sandbox.run([
          "add", "--expense", "1000", "--category", "food", "--memo", "row 1", "--date",
          "2025-11-02",
        ])
        other = try await sandbox.run([
          "add", "--expense", "7", "--category", "food", "--memo", "other", "--date", "2025-11-03",
        ])
      }
      #expect(reader?.status == 0, "\(String(describing: reader))")
      #expect(twin?.status == 0, "\(String(describing: twin))")
      #expect(other?.status == 0, "\(String(describing: other))")
      #expect(ours.status == 0, "\(ours)")
      #expect(ours.out.contains("Imported 39 entries (1 already there)"), "\(ours)")
      let november = try await sandbox.month("2025-11")
      // Rows 1…20 (1,000 + … + 20,000) once each, and the other window's 7.
      #expect(decimal(november["expense"]) == 210_007, "\(november)")
      let december = try await sandbox.month("2025-12")
      #expect(decimal(december["expense"]) == 610_000, "\(december)")
    }
  }
}

/// Runs `hannun ARGUMENTS` under strace, stopped at its first `call`; runs `otherWindow` while
/// it is stopped, then lets it go on and returns how it ended.
func runStopped(
  _ arguments: [String], at call: String, in sandbox: Sandbox,
  otherWindow: () async throws -> Void
) async throws -> RunResult {
  let strace = "/usr/bin/strace"
  try #require(
    FileManager.default.isExecutableFile(atPath: strace),
    "strace is needed to stop an import while it prepares; .ci/run installs it")
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
      "-f", "-o", log.path, "-e", "trace=\(call)", "-e", "inject=\(call):signal=STOP:when=1",
      binary,
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
  var stopped: pid_t?
  for _ in 0..<400 where stopped == nil && process.isRunning {
    try await Task.sleep(for: .milliseconds(50))
    let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
    stopped = text.split(separator: "\n").first { $0.contains("--- SIGSTOP {") }
      .flatMap { $0.split(separator: " ").first }.flatMap { pid_t($0) }
  }
  let trace = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
  let tid = try #require(stopped, "hannun was never stopped at \(call); strace log:\n\(trace)")
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
