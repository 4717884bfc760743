import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// A writer stopped while it holds the ledger's lock (Ctrl-Z, a debugger, a stalled disk), end to
// end against the built binary: `strace -e inject=rename:signal=STOP` stops `hannun add` at its
// first rename, which it makes holding the lock, and other commands must then answer within a
// bounded time, naming the stopped writer.

/// How one bounded run of `hannun` ended.
private struct BoundedRun: CustomStringConvertible {
  let arguments: [String]
  let status: Int32
  let seconds: Double
  let timedOut: Bool
  let err: String

  var description: String {
    "hannun \(arguments.joined(separator: " ")) → "
      + (timedOut ? "still running after \(seconds) s" : "exit \(status) after \(seconds) s")
      + "\n--- stderr:\n\(err)"
  }
}

/// Runs `hannun ARGUMENTS --data DATA`, killing it after `limit`.
private func runBounded(
  _ sandbox: Sandbox, _ arguments: [String], environment: [String: String] = [:],
  within limit: Duration = .seconds(30)
) async throws -> BoundedRun {
  let process = Process()
  process.executableURL = try HannunBinary.url()
  process.arguments = arguments + ["--data", sandbox.dataPath]
  process.environment = sandbox.baseEnvironment.merging(environment) { _, new in new }
  process.currentDirectoryURL = sandbox.root
  let errURL = sandbox.root.appendingPathComponent("stderr-\(UUID().uuidString)")
  _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
  let errHandle = try FileHandle(forWritingTo: errURL)
  process.standardInput = FileHandle.nullDevice
  process.standardOutput = FileHandle.nullDevice
  process.standardError = errHandle
  let start = ContinuousClock.now
  try process.run()
  var timedOut = false
  while process.isRunning {
    if ContinuousClock.now - start > limit {
      timedOut = true
      kill(process.processIdentifier, SIGKILL)
    }
    try await Task.sleep(for: .milliseconds(20))
  }
  process.waitUntilExit()
  try errHandle.close()
  let elapsed = ContinuousClock.now - start
  let err = String(decoding: (try? Data(contentsOf: errURL)) ?? Data(), as: UTF8.self)
  return BoundedRun(
    arguments: arguments, status: process.terminationStatus,
    seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18,
    timedOut: timedOut, err: err)
}

/// The pid `ledger/lock-holder` names, once that process is stopped; `nil` after `limit`.
private func stoppedHolder(_ sandbox: Sandbox, within limit: Duration) async throws -> Int32? {
  let record = sandbox.data.appendingPathComponent("ledger/lock-holder")
  let start = ContinuousClock.now
  while ContinuousClock.now - start < limit {
    let text = String(decoding: (try? Data(contentsOf: record)) ?? Data(), as: UTF8.self)
    if let range = text.range(of: #""pid":[0-9]+"#, options: .regularExpression),
      let pid = Int32(text[range].dropFirst(6))
    {
      // `/proc/PID/stat`: "PID (NAME) STATE …"; t or T is stopped.
      let stat = String(
        decoding: (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/stat"))) ?? Data(),
        as: UTF8.self)
      if let close = stat.range(of: ") ", options: .backwards),
        ["t", "T"].contains(stat[close.upperBound...].prefix(1))
      {
        return pid
      }
    }
    try await Task.sleep(for: .milliseconds(20))
  }
  return nil
}

@Suite("End to end: a writer stopped holding the lock", .serialized)
struct StoppedWriterTests {
  @Test("add and month answer within seconds, naming the stopped writer, in English and Korean")
  func stoppedWriterIsNamed() async throws {
    try await withSandbox { sandbox in
      let strace = "/usr/bin/strace"
      try #require(
        FileManager.default.isExecutableFile(atPath: strace),
        "strace is needed to stop a writer at a rename (apt-get install -y strace)")
      _ = try await sandbox.add("expense", "1000", date: "2025-11-03")

      let writer = Process()
      writer.executableURL = URL(fileURLWithPath: strace)
      writer.arguments = [
        "-f", "-o", "/dev/null", "-e", "inject=?rename,?renameat,?renameat2:signal=STOP:when=1",
        try HannunBinary.url().path, "add", "--expense", "2000", "--category", "stopped",
        "--date", "2025-11-04", "--data", sandbox.dataPath,
      ]
      writer.environment = sandbox.baseEnvironment
      writer.standardInput = FileHandle.nullDevice
      writer.standardOutput = FileHandle.nullDevice
      writer.standardError = FileHandle.nullDevice
      try writer.run()
      var holder: Int32?
      defer {
        // Nothing is left stopped, whatever failed: waiting for strace while its child is
        // stopped would block one of the test pool's threads for good. The held writer (or,
        // when it was never found, every process strace runs) is killed first.
        if let holder { kill(holder, SIGKILL) } else { killChildren(of: writer.processIdentifier) }
        writer.waitUntilExit()
      }
      holder = try await stoppedHolder(sandbox, within: .seconds(30))
      let pid = try #require(holder, "the writer did not stop holding the lock")

      let add = try await runBounded(
        sandbox, ["add", "--expense", "3000", "--category", "food", "--date", "2025-11-05"])
      #expect(add.status == 1 && !add.timedOut && add.seconds < 25, "\(add)")
      #expect(add.err.contains("pid \(pid)") && add.err.contains("add --expense 2000"), "\(add)")
      #expect(add.err.contains("since 20"), "\(add)")

      let month = try await runBounded(sandbox, ["month", "2025-11", "--json"])
      // About a second on an idle machine: the command reads several times, and waits once.
      #expect(month.status == 1 && !month.timedOut && month.seconds < 20, "\(month)")
      #expect(month.err.contains("pid \(pid)"), "\(month)")
      // The wait it states is the one it made (a second, the query's limit), not the instant
      // its later reads gave up on the same holder.
      #expect((statedWait(month.err, after: "within ", before: " s") ?? 0) >= 1, "\(month)")

      let korean = try await runBounded(sandbox, ["month", "2025-11", "--locale", "ko"])
      #expect(korean.status == 1 && korean.seconds < 20, "\(korean)")
      #expect(korean.err.contains("pid \(pid)") && korean.err.contains("잠그고"), "\(korean)")
      #expect((statedWait(korean.err, after: "부터. ", before: "초 동안") ?? 0) >= 1, "\(korean)")

      kill(pid, SIGKILL)
      holder = nil
      writer.waitUntilExit()
      let after = try await runBounded(
        sandbox, ["add", "--expense", "3000", "--category", "food", "--date", "2025-11-05"])
      #expect(after.status == 0, "\(after)")
      // The killed writer's add was never acknowledged: the ledger holds it or not (a new month
      // file is renamed into place first, so a writer stopped at its first rename may have
      // written it), never half of it.
      let shown = try await sandbox.month("2025-11")
      #expect([4000, 6000].contains(shown["expense"] as? Int ?? 0), "\(shown)")
    }
  }
}

@Suite("End to end: a writer at work holding the lock", .serialized)
struct RunningHolderTests {
  @Test("a read and an import wait for a running holder that keeps the lock past the read's second")
  func runningHolderIsWaitedFor() async throws {
    try await withSandbox { sandbox in
      let flock = "/usr/bin/flock"
      try #require(
        FileManager.default.isExecutableFile(atPath: flock),
        "flock(1) is needed to hold the lock from a running process (util-linux)")
      _ = try await sandbox.add("expense", "1000", date: "2025-11-03")
      let ledger = sandbox.data.appendingPathComponent("ledger").path
      // A writer at work, as a long commit on a loaded machine is: it records itself as Hannun's
      // writers do, holds the lock for 4 s while running (sleeping, not stopped), then lets go.
      let holder = Process()
      holder.executableURL = URL(fileURLWithPath: "/bin/sh")
      holder.arguments = [
        "-c",
        "printf '{\"pid\":%d,\"since\":%d000,\"command\":\"hannun import big.csv\"}\\n' $$ "
          + "$(date +%s) > \"$0/lock-holder\" && exec \(flock) -x \"$0\" sleep 4",
        ledger,
      ]
      holder.environment = sandbox.baseEnvironment
      holder.standardOutput = FileHandle.nullDevice
      holder.standardError = FileHandle.nullDevice
      try holder.run()
      defer {
        if holder.isRunning { kill(holder.processIdentifier, SIGKILL) }
        holder.waitUntilExit()
      }
      // Until it holds the lock: its record is written, and a read that does not wait fails.
      let record = sandbox.data.appendingPathComponent("ledger/lock-holder")
      for _ in 0..<100 {
        let text = String(decoding: (try? Data(contentsOf: record)) ?? Data(), as: UTF8.self)
        if text.contains("\"pid\":\(holder.processIdentifier)") { break }
        try await Task.sleep(for: .milliseconds(20))
      }
      try await Task.sleep(for: .milliseconds(200))
      let csv = sandbox.root.appendingPathComponent("bank.csv")
      try Data("date,kind,amount,category,memo\n2025-11-04,expense,2000,food,x\n".utf8)
        .write(to: csv)
      async let month = runBounded(sandbox, ["month", "2025-11", "--json"])
      async let imported = runBounded(sandbox, ["import", csv.path])
      let (read, write) = try await (month, imported)
      #expect(read.status == 0, "\(read)")
      #expect(write.status == 0, "\(write)")
      let shown = try await sandbox.month("2025-11")
      #expect(shown["expense"] as? Int == 3000, "\(shown)")
    }
  }
}

/// The seconds a lock message says it waited: the number between `after` and `before`.
private func statedWait(_ message: String, after: String, before: String) -> Double? {
  guard let start = message.range(of: after),
    let end = message.range(of: before, range: start.upperBound..<message.endIndex)
  else { return nil }
  return Double(message[start.upperBound..<end.lowerBound])
}

/// Kills every process whose parent is `parent` (what strace started), then `parent`.
private func killChildren(of parent: Int32) {
  let processes =
    (try? FileManager.default.contentsOfDirectory(atPath: "/proc"))?.compactMap { Int32($0) } ?? []
  for process in processes {
    guard let stat = try? String(contentsOfFile: "/proc/\(process)/stat", encoding: .utf8),
      let end = stat.lastIndex(of: ")")
    else { continue }
    // After "pid (comm) ": the state, then the parent's id.
    let fields = stat[stat.index(after: end)...].split(separator: " ")
    if fields.count > 1, Int32(fields[1]) == parent { kill(process, SIGKILL) }
  }
  kill(parent, SIGKILL)
}
