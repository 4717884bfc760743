import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

// MARK: - Helpers

/// Runs a program to its end with output in files (never a pipe that could fill up).
private func runProgram(
  _ executable: String, _ arguments: [String], environment: [String: String], in directory: URL
) throws -> (status: Int32, out: String, err: String) {
  let io = directory.appendingPathComponent("io-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: io, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: io) }
  let outURL = io.appendingPathComponent("out")
  let errURL = io.appendingPathComponent("err")
  _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
  _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
  let process = Process()
  process.executableURL = URL(fileURLWithPath: executable)
  process.arguments = arguments
  process.environment = environment
  process.standardInput = FileHandle.nullDevice
  process.standardOutput = try FileHandle(forWritingTo: outURL)
  process.standardError = try FileHandle(forWritingTo: errURL)
  try process.run()
  process.waitUntilExit()
  let out = String(decoding: (try? Data(contentsOf: outURL)) ?? Data(), as: UTF8.self)
  let err = String(decoding: (try? Data(contentsOf: errURL)) ?? Data(), as: UTF8.self)
  return (process.terminationStatus, out, err)
}

/// Every entry id in every month file under `data/ledger`, with the month file holding it; fails
/// when any `.json` file of the ledger or its index does not parse. (`pending/` holds files a
/// killed writer was preparing, not part of the ledger; the next writer removes them.)
private func storedIDs(_ data: URL) throws -> [String: [String]] {
  var ids: [String: [String]] = [:]
  let ledger = data.appendingPathComponent("ledger")
  let files = FileManager.default.enumerator(atPath: ledger.path)
  while let relative = files?.nextObject() as? String {
    guard relative.hasSuffix(".json"), !relative.hasPrefix("pending/") else { continue }
    let bytes = try Data(contentsOf: ledger.appendingPathComponent(relative))
    let object = try JSONSerialization.jsonObject(with: bytes)
    guard relative.range(of: #"^\d{4}/\d{4}-\d{2}\.json$"#, options: .regularExpression) != nil,
      let records = (object as? [String: Any])?["transactions"] as? [[String: Any]]
    else { continue }
    for record in records {
      if let id = record["id"] as? String { ids[id, default: []].append(relative) }
    }
  }
  return ids
}

private func copyDirectory(_ source: URL, to destination: URL) throws {
  try? FileManager.default.removeItem(at: destination)
  try FileManager.default.copyItem(at: source, to: destination)
}

private let strace = "/usr/bin/strace"

// MARK: - Tests

@Suite("Crashes, concurrent writers and damaged files, end to end")
struct CrashRecoveryTests {
  @Test("six hannun add started at once on a new data directory all survive, in every trial")
  func concurrentFirstAdds() async throws {
    let binary = try HannunBinary.url().path
    for trial in 0..<3 {
      try await withSandbox { sandbox in
        let processes = (0..<6).map { number -> (Process, URL) in
          let process = Process()
          process.executableURL = URL(fileURLWithPath: binary)
          process.arguments = [
            "add", "--expense", "1\(number)", "--category", "c\(number)", "--date", "2025-11-03",
            "--currency", "KRW", "--data", sandbox.dataPath,
          ]
          process.environment = sandbox.baseEnvironment
          let out = sandbox.root.appendingPathComponent("out-\(trial)-\(number)")
          _ = FileManager.default.createFile(atPath: out.path, contents: nil)
          process.standardOutput = try? FileHandle(forWritingTo: out)
          process.standardError = FileHandle.nullDevice
          return (process, out)
        }
        for (process, _) in processes { try process.run() }
        var acknowledged: [String] = []
        for (process, out) in processes {
          process.waitUntilExit()
          let id = String(decoding: try Data(contentsOf: out), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
          if process.terminationStatus == 0 { acknowledged.append(id) }
        }
        #expect(acknowledged.count == 6, "trial \(trial)")
        let stored = try storedIDs(sandbox.data)
        for id in acknowledged { #expect(stored[id]?.count == 1, "\(id) in trial \(trial)") }
        let day = try await sandbox.day("2025-11-03")
        #expect(objects(day["transactions"]).count == 6, "trial \(trial)")
      }
    }
  }

  @Test(
    "a move killed at each rename, unlink, fsync, mkdir and write leaves the entry exactly once",
    arguments: [("rename", 16), ("unlink", 8), ("fsync", 30), ("mkdir", 8), ("write", 30)])
  func killDuringMove(syscall: String, limit: Int) async throws {
    try #require(
      FileManager.default.isExecutableFile(atPath: strace),
      "strace is needed to kill at each file operation; .ci/run installs it")
    let binary = try HannunBinary.url().path
    try await withSandbox { sandbox in
      let moving = try await sandbox.add("expense", "12000", date: "2025-11-03")
      let staying = try await sandbox.add("expense", "500", date: "2025-11-04")
      let pristine = sandbox.root.appendingPathComponent("pristine")
      try copyDirectory(sandbox.data, to: pristine)
      var completed = false
      for occurrence in 1...limit {
        try copyDirectory(pristine, to: sandbox.data)
        let killed = try runProgram(
          strace,
          [
            "-f", "-o", "/dev/null", "-e", "inject=\(syscall):signal=KILL:when=\(occurrence)",
            binary, "edit", moving, "--date", "2027-01-15", "--data", sandbox.dataPath,
          ], environment: sandbox.baseEnvironment, in: sandbox.root)
        // The next process finishes or forgets the interrupted write before it answers.
        let after = try await sandbox.day("2027-01-15")
        let stored = try storedIDs(sandbox.data)
        let context = "\(syscall) #\(occurrence), exit \(killed.status): \(stored)"
        #expect(stored[moving]?.count == 1, "\(context)")
        #expect(stored[staying]?.count == 1, "\(context)")
        let movedShown = objects(after["transactions"]).contains { $0["id"] as? String == moving }
        #expect(movedShown == (stored[moving] == ["2027/2027-01.json"]), "\(context)")
        _ = try await sandbox.add("income", "1", date: "2025-11-05")
        _ = try await sandbox.add("income", "1", date: "2027-01-16")
        let november = try await sandbox.month("2025-11")
        let leftovers = try FileManager.default.contentsOfDirectory(
          atPath: sandbox.data.appendingPathComponent("ledger/pending").path)
        #expect(leftovers.isEmpty, "\(context): \(leftovers)")
        #expect(try storedIDs(sandbox.data)[moving]?.count == 1, "\(context)")
        let expected: Decimal = stored[moving] == ["2025/2025-11.json"] ? 12_500 : 500
        #expect(decimal(november["expense"]) == expected, "\(context)")
        if killed.status == 0 {
          completed = true
          break
        }
      }
      #expect(completed, "the move never completed within \(limit) \(syscall) calls")
    }
  }

  @Test("writers killed at random moments lose no acknowledged entry and leave every file readable")
  func randomKills() async throws {
    let binary = try HannunBinary.url().path
    try await withSandbox { sandbox in
      _ = try await sandbox.add("expense", "1", date: "2025-11-01")
      var random = SystemRandomNumberGenerator()
      var acknowledged: [String] = []
      for round in 0..<24 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        let month = 1 + round % 12
        process.arguments = [
          "add", "--expense", "\(100 + round)", "--category", "k", "--date",
          String(format: "2025-%02d-10", month), "--data", sandbox.dataPath,
        ]
        process.environment = sandbox.baseEnvironment
        let out = sandbox.root.appendingPathComponent("kill-\(round)")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = FileHandle.nullDevice
        try process.run()
        try await Task.sleep(for: .milliseconds(Int.random(in: 0...40, using: &random)))
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        if process.terminationReason == .exit && process.terminationStatus == 0 {
          acknowledged.append(
            String(decoding: try Data(contentsOf: out), as: UTF8.self)
              .trimmingCharacters(in: .whitespacesAndNewlines))
        }
      }
      _ = try await sandbox.add("income", "1", date: "2025-12-31")
      let stored = try storedIDs(sandbox.data)
      for id in acknowledged { #expect(stored[id]?.count == 1, "\(id)") }
      #expect(stored.values.allSatisfy { $0.count == 1 }, "\(stored)")
      let leftovers = try FileManager.default.subpathsOfDirectory(
        atPath: sandbox.data.appendingPathComponent("ledger").path
      ).filter { $0.hasSuffix(".tmp") || $0.hasPrefix("pending/") || $0 == "journal.json" }
      #expect(leftovers.isEmpty, "\(leftovers)")
    }
  }

  @Test("temporary files killed writers left are removed by the next write and never read")
  func leftoversRemoved() async throws {
    try await withSandbox { sandbox in
      _ = try await sandbox.add("expense", "12000", date: "2025-11-03")
      let year = sandbox.data.appendingPathComponent("ledger/2025")
      let oldStyle = year.appendingPathComponent(".2025-11.json.deadbeef.tmp")
      try Data("{ half a month".utf8).write(to: oldStyle)
      let pending = sandbox.data.appendingPathComponent("ledger/pending/0badc0de.json")
      try Data("{}".utf8).write(to: pending)
      #expect(objects(try await sandbox.day("2025-11-03")["transactions"]).count == 1)
      _ = try await sandbox.add("expense", "1", date: "2025-12-01")
      #expect(!FileManager.default.fileExists(atPath: oldStyle.path))
      #expect(!FileManager.default.fileExists(atPath: pending.path))
    }
  }

  @Test("a FIFO where a month file belongs is refused at once; other months still work")
  func fifoMonth() async throws {
    try await withSandbox { sandbox in
      _ = try await sandbox.add("expense", "12000", date: "2025-11-03")
      let october = sandbox.monthFile("2025-10")
      #expect(mkfifo(october.path, 0o600) == 0)
      for arguments in [["month", "2025-11"], ["day", "2025-10-03"]] {
        let result = try await sandbox.run(arguments)
        #expect(result.status == 1, "\(result)")
        #expect(result.err.contains(october.path), "\(result)")
      }
      _ = try await sandbox.add("income", "5", date: "2027-03-02")
      #expect(decimal(try await sandbox.month("2027-03")["income"]) == 5)
    }
  }

  @Test("month files without meta.json are refused, naming it, and nothing is written")
  func missingMeta() async throws {
    try await withSandbox { sandbox in
      _ = try await sandbox.add("expense", "12000", date: "2025-11-03")
      let meta = sandbox.data.appendingPathComponent("ledger/meta.json")
      for damage in [nil, "not json"] {
        if let damage {
          try Data(damage.utf8).write(to: meta)
        } else {
          try FileManager.default.removeItem(at: meta)
        }
        let before = try sandbox.snapshot()
        for arguments in [
          ["day", "2025-11-03", "--json"], ["month", "2025-11"],
          ["add", "--expense", "1", "--category", "x", "--date", "2025-11-04"],
        ] {
          let result = try await sandbox.run(arguments)
          #expect(result.status == 1, "\(result)")
          #expect(result.err.contains(meta.path), "\(result)")
          #expect(!result.out.contains("$"), "no other currency is shown: \(result)")
        }
        #expect(try sandbox.snapshot() == before)
      }
    }
  }

  @Test("a field a newer Hannun wrote survives an add to its month and an edit of its entry")
  func unknownFieldSurvives() async throws {
    try await withSandbox { sandbox in
      let id = try await sandbox.add("expense", "12000", date: "2025-11-03")
      let file = sandbox.monthFile("2025-11")
      let text = String(decoding: try Data(contentsOf: file), as: UTF8.self)
        .replacingOccurrences(
          of: #""id" : "\#(id)""#, with: #""id" : "\#(id)", "receipt" : {"shop" : "GS25"}"#)
      try Data(text.utf8).write(to: file)
      _ = try await sandbox.add("expense", "1", date: "2025-11-04")
      _ = try await sandbox.succeed(["edit", id, "--memo", "김밥"])
      let stored = String(decoding: try Data(contentsOf: file), as: UTF8.self)
      #expect(stored.contains("GS25"), "\(stored)")
    }
  }
}
