import Foundation
import Testing

/// What `hannun` does to (and refuses to do to) the files in its data directory.
@Suite("Data directory")
struct DataDirectoryTests {
  @Test("Reading never creates the data directory or any file")
  func readingCreatesNothing() async throws {
    try await withSandbox { sandbox in
      let reads: [[String]] = [
        ["month", "2025-11", "--json"], ["month", "2025-11"], ["month", "--json"],
        ["week", "2025-11-05", "--json"], ["week", "2025-11-05"],
        ["day", "2025-11-03", "--json"], ["day", "2025-11-03"],
        ["month", "2025-11", "--json", "--currency", "KRW"],
      ]
      for arguments in reads {
        let result = try await sandbox.run(arguments)
        #expect(result.status == 0, "\(result)")
        #expect(
          !FileManager.default.fileExists(atPath: sandbox.dataPath), "\(arguments) created it")
      }
      let session = try await sandbox.run(
        ["--locale", "en"], stdin: "go 2025-11\nday 3\nnext\nweek\nundo\nquit\n")
      #expect(session.status == 0)
      #expect(!FileManager.default.fileExists(atPath: sandbox.dataPath), "the REPL created it")
    }
  }

  @Test("Reading an existing ledger leaves it byte-for-byte the same")
  func readingChangesNothing() async throws {
    try await withSandbox { sandbox in
      _ = try await sandbox.add("expense", "12000", date: "2025-11-03")
      let before = try sandbox.snapshot()
      _ = try await sandbox.month("2025-11")
      _ = try await sandbox.day("2025-11-03")
      _ = try await sandbox.succeed(["week", "2025-11-03"])
      _ = try await sandbox.run(["--locale", "en"], stdin: "go 2025-11-03\nnext\nprev\nquit\n")
      #expect(try sandbox.snapshot() == before)
    }
  }

  @Test("Files are written 0600 and directories 0700, also after edits and deletes")
  func permissions() async throws {
    try await withSandbox { sandbox in
      let id = try await sandbox.add("expense", "12000", date: "2025-11-03")
      _ = try await sandbox.add("expense", "1", date: "2024-02-29")
      _ = try await sandbox.succeed(["edit", id, "--date", "2025-12-31"])
      let doomed = try await sandbox.add("income", "5", date: "2025-10-10")
      _ = try await sandbox.succeed(["delete", doomed])

      let snapshot = try sandbox.snapshot()
      #expect(snapshot.entries["."] == .directory(mode: 0o700), "\(snapshot)")
      #expect(snapshot.entries["ledger/meta.json"] != nil, "\(snapshot)")
      #expect(snapshot.entries["ledger/2025/2025-12.json"] != nil, "\(snapshot)")
      #expect(snapshot.entries["ledger/2024/2024-02.json"] != nil, "\(snapshot)")
      for (path, entry) in snapshot.entries {
        switch entry {
        case .directory(let mode): #expect(mode == 0o700, "\(path) is \(String(mode, radix: 8))")
        case .file(let mode, _):
          #expect(mode == 0o600, "\(path) is \(String(mode, radix: 8))")
          #expect(
            path == "ledger/meta.json" || path == "ledger/lock-holder"
              || matches(path, #"ledger/\d{4}/\d{4}-\d{2}\.json"#)
              || matches(path, #"ledger/index/(catalog|listing|ids/[0-9a-z_]+|totals/\d{4})\.json"#)
              || matches(path, #"ledger/index/postings/\d{4}\.bin"#),
            "no stray file: \(path)")
        case .other: Issue.record("\(path) is neither a file nor a directory")
        }
      }
    }
  }

  @Test("A data directory several levels deep is created with private modes")
  func nestedDataDirectory() async throws {
    try await withSandbox { sandbox in
      let deep = sandbox.root.appendingPathComponent("a/b/c", isDirectory: true)
      let result = try await sandbox.run(
        ["add", "--expense", "1", "--category", "x", "--date", "2025-11-03", "--data", deep.path],
        passData: false)
      #expect(result.status == 0, "\(result)")
      for directory in ["a", "a/b", "a/b/c"] {
        let mode = try DirectorySnapshot.mode(sandbox.root.appendingPathComponent(directory).path)
        #expect(mode & 0o7777 == 0o700, "\(directory) is \(String(mode & 0o7777, radix: 8))")
      }
    }
  }

  @Test("A hand-written month file in the documented format is read")
  func handWrittenLedger() async throws {
    try await withSandbox { sandbox in
      try writeLedger(
        in: sandbox, currency: "USD",
        records: [record(id: "abc123", kind: "income", amountMinor: 1250, memo: "tips")])
      let result = try await sandbox.succeed(["day", "2025-11-03", "--json"])
      #expect(
        result.out
          == #"{"date":"2025-11-03","transactions":[{"id":"abc123","date":"2025-11-03","kind":"income","amount":12.50,"category":"food","memo":"tips"}],"income":12.50,"expense":0.00,"mood":null,"moodNote":"","planned":[]}"#
          + "\n")
    }
  }

  // MARK: - Damaged files

  @Test("Without --data or XDG_DATA_HOME the ledger lives under $HOME/.local/share/hannun")
  func followsHome() async throws {
    try await withSandbox { sandbox in
      let result = try await sandbox.run(
        ["add", "--expense", "1", "--category", "x", "--date", "2025-11-03", "--currency", "KRW"],
        unset: ["XDG_DATA_HOME"], passData: false)
      #expect(result.status == 0, "\(result)")
      let meta = sandbox.home.appendingPathComponent(".local/share/hannun/ledger/meta.json")
      #expect(FileManager.default.fileExists(atPath: meta.path), "\(result)")
    }
  }

  @Test("A --data that is a file, or a ledger that is a file, is an error when reading too")
  func dataDirectoryIsAFile() async throws {
    try await withSandbox { sandbox in
      let file = sandbox.root.appendingPathComponent("not-a-folder")
      try Data("x".utf8).write(to: file)
      let asData = try await sandbox.run(
        ["month", "2025-11", "--data", file.path], passData: false)
      #expect(asData.status == 1, "\(asData)")
      #expect(asData.err.contains(file.path) && asData.err.contains("not a folder"), "\(asData)")

      try FileManager.default.createDirectory(at: sandbox.data, withIntermediateDirectories: true)
      let ledger = sandbox.data.appendingPathComponent("ledger")
      try Data("x".utf8).write(to: ledger)
      let asLedger = try await sandbox.run(["day", "2025-11-03"])
      #expect(asLedger.status == 1, "\(asLedger)")
      #expect(asLedger.err.contains(ledger.path), "\(asLedger)")
    }
  }

  @Test("A malformed month file fails reads and writes of that month and is never touched")
  func malformedMonthFile() async throws {
    try await withSandbox { sandbox in
      _ = try await sandbox.add("expense", "12000", date: "2025-11-03")
      let file = sandbox.monthFile("2025-11")
      try Data("garbage {\n".utf8).write(to: file)
      let before = try sandbox.snapshot()

      for arguments in [
        ["month", "2025-11"], ["month", "2025-11", "--json"], ["day", "2025-11-03", "--json"],
        ["week", "2025-11-03"],
        ["add", "--expense", "1", "--category", "x", "--date", "2025-11-04"],
      ] {
        let result = try await sandbox.run(arguments)
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(result.err.filter { $0 == "\n" }.count == 1, "one line: \(result)")
        #expect(result.err.contains(file.path), "names the file: \(result)")
        #expect(try sandbox.snapshot() == before, "\(arguments) changed the data directory")
      }
      #expect(try Data(contentsOf: file) == Data("garbage {\n".utf8))

      // Another month is still usable, and the damaged file stays as it was.
      _ = try await sandbox.add("income", "5", date: "2026-01-02")
      #expect(decimal(try await sandbox.month("2026-01")["income"]) == 5)
      #expect(try Data(contentsOf: file) == Data("garbage {\n".utf8))

      // The REPL shows the problem instead of an empty month and refuses to add; the script,
      // one of whose commands was refused, exits 1.
      let session = try await sandbox.run(
        ["--locale", "en"], stdin: "go 2025-11-03\nmonth\nadd expense 5 x\nquit\n")
      #expect(session.status == 1, "\(session)")
      #expect(session.out.contains("! cannot read \(file.path)"))
      #expect(session.out.contains("error: cannot read \(file.path)"))
      #expect(try Data(contentsOf: file) == Data("garbage {\n".utf8))
    }
  }

  @Test("A month file from a newer Hannun is refused with a reason")
  func newerSchema() async throws {
    try await withSandbox { sandbox in
      try writeLedger(in: sandbox, records: [record()], schemaVersion: 2)
      let before = try sandbox.snapshot()
      let result = try await sandbox.run(["month", "2025-11", "--json"])
      #expect(result.status == 1, "\(result)")
      #expect(result.err.contains("newer"), "\(result)")
      #expect(try sandbox.snapshot() == before)
    }
  }

  // MARK: - Control characters in ledger text

  @Test("A memo with ESC in the file never reaches the terminal raw")
  func escapeInMemo() async throws {
    try await withSandbox { sandbox in
      try writeLedger(in: sandbox, records: [record(memo: #"\u001b[31mred"#)])
      let before = try sandbox.snapshot()
      for arguments in [
        ["day", "2025-11-03", "--locale", "en"], ["month", "2025-11", "--locale", "en"],
        ["day", "2025-11-03", "--json"],
      ] {
        let result = try await sandbox.run(arguments)
        #expect(!result.stdoutHasESC, "\(result)")
        #expect(!result.stderrHasESC, "\(result)")
        if result.status == 0 {
          // Shown: escaped in JSON, made visible in text.
          #expect(result.out.contains(#"\u001b[31mred"#) || result.out.contains("^[[31mred"))
        } else {
          // Refused: the store will not load a record with a control character.
          #expect(result.err.contains(sandbox.monthFile("2025-11").path), "\(result)")
        }
      }
      let session = try await sandbox.run(["--locale", "en"], stdin: "go 2025-11-03\nquit\n")
      #expect(!session.stdoutHasESC, "\(session)")
      // The ledger is unchanged; the session may have recorded the index it had to build.
      #expect(try sandbox.snapshot().withoutIndex == before.withoutIndex)
    }
  }

  @Test(
    "Control characters elsewhere in a damaged ledger are not echoed raw in the error",
    arguments: DamagedLedger.all)
  func escapeInErrorMessages(ledger: DamagedLedger) async throws {
    try await withSandbox { sandbox in
      try writeLedger(
        in: sandbox, currency: ledger.currency, records: ledger.records, month: ledger.month)
      let result = try await sandbox.run(["day", "2025-11-03"])
      #expect(result.status == 1, "\(result)")
      #expect(!result.stderrHasESC, "stderr carries a raw ESC from the \(ledger.name)")
      #expect(!result.stdoutHasESC)
      let session = try await sandbox.run(["--locale", "en"], stdin: "go 2025-11-03\nquit\n")
      #expect(!session.stdoutHasESC, "the REPL shows the \(ledger.name) raw")
    }
  }

  @Test("An ESC typed on the command line is not echoed raw in the error")
  func escapeInArguments() async throws {
    try await withSandbox { sandbox in
      for arguments in [["month", "\u{1B}[2J"], ["day", "\u{1B}[31m"], ["delete", "x\u{1B}[2J"]] {
        let result = try await sandbox.run(arguments)
        #expect(result.status == 2, "\(result)")
        #expect(!result.stderrHasESC, "\(result)")
      }
    }
  }

  @Test("A right-to-left override in a memo is shown escaped as text, kept in JSON")
  func bidiOverrideInMemo() async throws {
    try await withSandbox { sandbox in
      let memo = "abc\u{202E}fed"
      _ = try await sandbox.add("expense", "100", memo: memo, date: "2025-11-03")
      let text = try await sandbox.succeed(["day", "2025-11-03", "--locale", "en"])
      #expect(!text.out.unicodeScalars.contains("\u{202E}"))
      #expect(text.out.contains("abc<U+202E>fed"))
      let day = try await sandbox.day("2025-11-03")
      #expect(objects(day["transactions"]).first?["memo"] as? String == memo)
    }
  }
}

// MARK: - Writing ledger files by hand

/// One stored record as JSON text; string values are inserted as written, so they may hold
/// JSON escapes such as `\u001b`.
func record(
  id: String = "hand1", date: String = "2025-11-03", kind: String = "expense",
  amountMinor: Int = 1000, category: String = "food", memo: String = "",
  createdAt: String = "2025-11-03T03:00:00.000Z"
) -> String {
  """
  {"id":"\(id)","date":"\(date)","kind":"\(kind)","amountMinor":\(amountMinor),\
  "category":"\(category)","memo":"\(memo)","createdAt":"\(createdAt)",\
  "updatedAt":"2025-11-03T03:00:00.000Z"}
  """
}

/// A hand-written ledger with a control character in one place.
struct DamagedLedger: Sendable, CustomTestStringConvertible {
  let name: String
  var currency = "KRW"
  var month = "2025-11"
  var records = [record()]

  var testDescription: String { name }

  static let all: [DamagedLedger] = [
    DamagedLedger(name: "id", records: [record(id: #"a\u001b[31mX"#)]),
    DamagedLedger(name: "kind", records: [record(kind: #"ex\u001b[2Jpense"#)]),
    DamagedLedger(name: "date", records: [record(date: #"2025-11-\u001b[2J"#)]),
    DamagedLedger(name: "category", records: [record(category: #"\u001b]0;title\u0007food"#)]),
    DamagedLedger(name: "createdAt", records: [record(createdAt: #"\u001b[2J"#)]),
    DamagedLedger(name: "month field", month: #"2025-\u001b[2J"#),
    DamagedLedger(name: "currency in meta.json", currency: #"K\u001bW"#),
  ]
}

/// Writes `<data>/ledger/meta.json` and `<data>/ledger/2025/2025-11.json` by hand.
func writeLedger(
  in sandbox: Sandbox, currency: String = "KRW", records: [String], schemaVersion: Int = 1,
  month monthField: String = "2025-11"
) throws {
  let file = sandbox.monthFile("2025-11")
  try FileManager.default.createDirectory(
    at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
  try Data(#"{"schemaVersion":1,"currency":"\#(currency)"}"#.utf8).write(
    to: sandbox.data.appendingPathComponent("ledger/meta.json"))
  let month = """
    {"schemaVersion":\(schemaVersion),"month":"\(monthField)","transactions":[\
    \(records.joined(separator: ","))]}
    """
  try Data(month.utf8).write(to: file)
}
