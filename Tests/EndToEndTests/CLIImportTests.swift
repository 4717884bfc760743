import Foundation
import Testing

@Suite("hannun import, the built binary")
struct CLIImportTests {
  /// A Korean bank's statement: BOM, CRLF, a quoted memo with a comma, separate columns.
  static let statement =
    "\u{FEFF}거래일자,적요,출금,입금,잔액\r\n2025.11.03 14:22,\"점심, 김밥\",12000,,988000\r\n"
    + "2025.11.25 09:00,월급,,3000000,3988000\r\n"

  @Test("a statement imported twice: the second run adds nothing and says so")
  func twice() async throws {
    try await withSandbox { sandbox in
      let file = sandbox.root.appending(path: "bank.csv")
      try Data(Self.statement.utf8).write(to: file)
      let first = try await sandbox.succeed([
        "import", file.path, "--currency", "KRW", "--locale", "en", "--json",
      ]).object()
      #expect(count(first["added"]) == 2 && count(first["duplicates"]) == 0, "\(first)")
      let november = try await sandbox.month("2025-11")
      #expect(decimal(november["expense"]) == 12_000 && decimal(november["income"]) == 3_000_000)

      let second = try await sandbox.succeed(["import", file.path, "--locale", "en"])
      #expect(second.out.contains("Imported 0 entries (2 already there)"), "\(second)")
      #expect(decimal(try await sandbox.month("2025-11")["expense"]) == 12_000)
      let third = try await sandbox.succeed(["import", file.path, "--locale", "en", "--json"])
        .object()
      #expect(count(third["added"]) == 0 && count(third["duplicates"]) == 2, "\(third)")
    }
  }

  @Test(
    "the same statement imported twice at once, the second between the first's read and its commit: every row added once"
  )
  func raced() async throws {
    try await withSandbox { sandbox in
      let seed = sandbox.root.appending(path: "seed.csv")
      try Data("날짜,금액,메모\n2025-01-01,-1000,seed\n".utf8).write(to: seed)
      _ = try await sandbox.succeed(["import", seed.path, "--currency", "KRW"])
      var rows = "날짜,금액,메모\n"
      for row in 1...40 {
        rows += String(format: "2025-11-%02d,-%d000,row %d\n", row % 28 + 1, row, row)
      }
      let file = sandbox.root.appending(path: "statement.csv")
      try Data(rows.utf8).write(to: file)
      var theirs: RunResult?
      // Stopped after reading the ledger to plan (the first lock taken and released), while
      // the other import runs whole; then it goes on to its commit.
      let ours = try await runStoppedAfterReading(
        ["import", file.path, "--locale", "en"], in: sandbox
      ) {
        theirs = try await sandbox.succeed(["import", file.path, "--locale", "en"])
      }
      #expect(theirs?.out.contains("Imported 40 entries.") == true, "\(String(describing: theirs))")
      #expect(ours.status == 0, "\(ours)")
      #expect(ours.out.contains("Imported 0 entries (40 already there)"), "\(ours)")
      let november = try await sandbox.month("2025-11")
      #expect(decimal(november["expense"]) == 820_000, "each row once: 1,000 + … + 40,000")
    }
  }

  @Test("a bad row in the middle: exit status 2, the line and column, nothing written")
  func badRow() async throws {
    try await withSandbox { sandbox in
      _ = try await sandbox.add("expense", "1000", date: "2025-11-01")
      let before = try sandbox.snapshot()
      let file = sandbox.root.appending(path: "bad.csv")
      try Data("날짜,금액,메모\n2025-11-03,-1000,a\n2025-11-04,x,b\n2025-11-05,-5,c\n".utf8).write(
        to: file)
      let result = try await sandbox.run(["import", file.path, "--locale", "ko"])
      #expect(result.status == 2, "\(result)")
      #expect(result.err.contains("3번째 줄, '금액' 열"), "\(result)")
      #expect(try sandbox.snapshot() == before)
      let english = try await sandbox.run(["import", file.path, "--locale", "en"])
      #expect(english.err.contains("line 3, column '금액'"), "\(english)")
    }
  }

  @Test("export → import into an empty ledger: the same months, as CSV and as a journal")
  func roundTrips() async throws {
    try await withSandbox { source in
      _ = try await source.add(
        "expense", "12000", category: "식비", memo: "점심, \"김밥\"", date: "2025-11-03")
      _ = try await source.add("income", "320만", category: "월급", date: "2025-10-31")
      _ = try await source.add("expense", "4500", category: "카페", memo: "라떼", date: "2025-11-03")
      for format in ["csv", "journal"] {
        let file = source.root.appending(path: "out.\(format)")
        _ = try await source.succeed(["export", "--format", format, "--output", file.path])
        let target = source.root.appending(path: "target-\(format)").path
        let imported = try await source.run(
          [
            "import", file.path, "--data", target, "--currency", "KRW",
          ], passData: false)
        #expect(imported.status == 0, "\(imported)")
        for month in ["2025-10", "2025-11"] {
          let original = try await source.succeed(["month", month, "--json"]).out
          let copy = try await source.run(
            ["month", month, "--json", "--data", target], passData: false)
          #expect(Self.withoutIDs(copy.out) == Self.withoutIDs(original), "\(format) \(month)")
        }
      }
    }
  }

  /// A JSON number as an integer.
  private func count(_ value: Any?) -> Int? { (value as? NSNumber)?.intValue }

  /// JSON text with `"id":"…"` values blanked: a round trip through CSV or a journal gives new
  /// ids.
  static func withoutIDs(_ text: String) -> String {
    text.replacingOccurrences(
      of: #""id":"[^"]*""#, with: #""id":"""#, options: .regularExpression)
  }

  @Test("the REPL's import is one undo step")
  func replUndo() async throws {
    try await withSandbox { sandbox in
      let file = sandbox.root.appending(path: "bank.csv")
      try Data(Self.statement.utf8).write(to: file)
      let script = "import \(file.path) --dry-run\nimport \(file.path)\nundo\nquit\n"
      let result = try await sandbox.run(["--locale", "en", "--currency", "KRW"], stdin: script)
      #expect(result.status == 0, "\(result)")
      #expect(result.out.contains("Dry run: would add 2 entries"), "\(result)")
      #expect(result.out.contains("Imported 2 entries."), "\(result)")
      #expect(result.out.contains("Undid: imported 2 entries"), "\(result)")
      let november = try await sandbox.month("2025-11")
      #expect(decimal(november["expense"]) == 0, "\(november)")
    }
  }
}
