import Foundation
import Testing

// Issue 19, the read side, against the built binary: a ledger damaged so that reading it as it
// is would give a wrong answer — a month's entries left out, an entry counted twice — makes
// `month`, `report`, `find` and `export` exit 1 naming the damage, never exit 0 without it.

/// The reads a person makes of the damaged ledger; each must fail naming `path`.
private let reads: [[String]] = [
  ["month", "2025-11"], ["month", "2025-11", "--json"],
  ["report", "--from", "2025-01", "--to", "2025-12"],
  ["report", "--from", "2025-01", "--to", "2025-12", "--json"],
  ["find", "coffee"], ["find", "--kind", "expense", "--json"],
  ["export", "--format", "json"], ["export", "--format", "csv"],
]

/// Runs every read and expects exit status 1, nothing on standard output and `path` named on
/// standard error.
private func expectDamageNamed(
  _ sandbox: Sandbox, _ path: String, sourceLocation: SourceLocation = #_sourceLocation
) async throws {
  for arguments in reads {
    let result = try await sandbox.run(arguments)
    #expect(result.status == 1, "\(result)", sourceLocation: sourceLocation)
    #expect(result.out.isEmpty, "\(result)", sourceLocation: sourceLocation)
    #expect(result.err.contains(path), "names \(path): \(result)", sourceLocation: sourceLocation)
  }
}

@Suite("Damaged ledgers are named by every read, end to end")
struct DamagedLedgerEndToEndTests {
  @Test("a month file deleted while the index lists it: its reads and every write name it")
  func deletedMonthFile() async throws {
    try await withSandbox { sandbox in
      _ = try await sandbox.add("expense", "4500", memo: "coffee", date: "2025-10-03")
      _ = try await sandbox.add("expense", "12000", memo: "coffee", date: "2025-11-05")
      let november = sandbox.monthFile("2025-11")
      try FileManager.default.removeItem(at: november)
      try await expectDamageNamed(sandbox, november.path)
      let result = try await sandbox.run(["month", "2025-11"])
      #expect(result.err.contains("index lists it"), "\(result)")
      #expect(
        result.err.hasSuffix("nothing was changed\n"), "no file to leave untouched: \(result)")

      // October is whole: it reads, in both languages.
      let october = try await sandbox.month("2025-10")
      #expect(october["expense"] as? Int == 4500, "\(october)")
      let korean = try await sandbox.run(
        ["month", "2025-10"], environment: ["LANG": "ko_KR.UTF-8"])
      #expect(korean.status == 0 && korean.out.contains("2025년 10월"), "\(korean)")
      let lostInKorean = try await sandbox.run(
        ["month", "2025-11"], environment: ["LANG": "ko_KR.UTF-8"])
      #expect(lostInKorean.status == 1, "\(lostInKorean)")
      #expect(lostInKorean.err.contains("사라진 것입니다"), "\(lostInKorean)")
      #expect(lostInKorean.err.hasSuffix("바뀐 것은 없습니다\n"), "\(lostInKorean)")

      // A write, to any month, would record the loss: it is refused, and nothing changes.
      let before = try sandbox.snapshot()
      let write = try await sandbox.run(
        ["add", "--expense", "100", "--category", "food", "--date", "2025-10-20"])
      #expect(write.status == 1 && write.err.contains(november.path), "\(write)")
      #expect(try sandbox.snapshot() == before)
    }
  }

  @Test("a year folder replaced by a file: every read exits 1 naming it")
  func yearFolderReplacedByFile() async throws {
    try await withSandbox { sandbox in
      _ = try await sandbox.add("expense", "4500", memo: "coffee", date: "2024-10-03")
      _ = try await sandbox.add("expense", "12000", memo: "coffee", date: "2025-11-05")
      let year = sandbox.data.appendingPathComponent("ledger/2025")
      try FileManager.default.removeItem(at: year)
      try Data("not a folder".utf8).write(to: year)
      try await expectDamageNamed(sandbox, year.path)
    }
  }

  @Test("an id copied into another month: every read exits 1 naming both files")
  func idInTwoMonths() async throws {
    try await withSandbox { sandbox in
      _ = try await sandbox.add("expense", "4500", memo: "coffee", date: "2025-11-03")
      _ = try await sandbox.add("expense", "12000", memo: "coffee", date: "2025-10-05")
      // November's entry copied by hand into October (with an October date), id and all.
      let november = sandbox.monthFile("2025-11")
      let october = sandbox.monthFile("2025-10")
      let copied = try String(contentsOf: november, encoding: .utf8)
        .split(separator: "\n").first { $0.contains("\"id\"") && $0.contains("4500") }
      let record = try #require(copied.map { String($0.hasSuffix(",") ? $0.dropLast() : $0) })
        .replacingOccurrences(of: "\"2025-11-03\"", with: "\"2025-10-03\"")
      let text = try String(contentsOf: october, encoding: .utf8)
      let edited = try #require(text.range(of: "\"transactions\":["))
      // Saved as editors do, a new file renamed over the old one. (A file rewritten in place
      // changes no folder: it is noticed by reads of its own month, of every month, and writes.)
      try Data(
        text.replacingCharacters(in: edited, with: "\"transactions\":[\n" + record + ",").utf8
      )
      .write(to: october, options: .atomic)
      try await expectDamageNamed(sandbox, october.path)
      try await expectDamageNamed(sandbox, november.path)
    }
  }
}

@Suite("A month file in another year's folder is named, end to end")
struct MisplacedMonthFileTests {
  @Test(
    "a month file moved into another year's folder, index gone: every read exits 1 naming both places"
  )
  func movedIntoOtherYear() async throws {
    try await withSandbox { sandbox in
      _ = try await sandbox.add("expense", "4500", memo: "coffee", date: "2024-10-03")
      _ = try await sandbox.add("expense", "12000", memo: "coffee", date: "2025-11-05")
      let november = sandbox.monthFile("2025-11")
      let misplaced = sandbox.data.appendingPathComponent("ledger/2024/2025-11.json")
      try FileManager.default.moveItem(at: november, to: misplaced)
      try FileManager.default.removeItem(at: sandbox.data.appendingPathComponent("ledger/index"))
      let before = try sandbox.snapshot()
      try await expectDamageNamed(sandbox, misplaced.path)
      let english = try await sandbox.run(["month", "2025-11"])
      #expect(english.err.contains(november.path), "says where it belongs: \(english)")
      let korean = try await sandbox.run(["month", "2025-11", "--locale", "ko"])
      #expect(korean.status == 1, "\(korean)")
      #expect(
        korean.err.contains(misplaced.path) && korean.err.contains(november.path), "\(korean)")
      #expect(korean.err.contains("폴더"), "\(korean)")
      #expect(try sandbox.snapshot() == before, "nothing is changed on refusal")
      // Moved back where it belongs, every entry is there again.
      try FileManager.default.moveItem(at: misplaced, to: november)
      let found = try await sandbox.succeed(["find", "coffee", "--json"]).object()
      #expect((found["transactions"] as? [Any])?.count == 2, "\(found)")
    }
  }

  @Test("a month file copied into another year's folder beside a valid index is named too")
  func copiedIntoOtherYear() async throws {
    try await withSandbox { sandbox in
      _ = try await sandbox.add("expense", "4500", memo: "coffee", date: "2024-10-03")
      _ = try await sandbox.add("expense", "12000", memo: "coffee", date: "2025-11-05")
      let misplaced = sandbox.data.appendingPathComponent("ledger/2024/2025-11.json")
      try FileManager.default.copyItem(at: sandbox.monthFile("2025-11"), to: misplaced)
      let result = try await sandbox.run(["report", "--year", "2024"])
      #expect(result.status == 1, "\(result)")
      #expect(result.err.contains(misplaced.path), "\(result)")
    }
  }
}
