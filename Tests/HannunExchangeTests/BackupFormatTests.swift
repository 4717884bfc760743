import Foundation
import HannunDomain
import HannunTestSupport
import Testing

@testable import HannunExchange

/// Reads `text` as a backup file.
private func read(_ text: String) throws(BackupReadError) -> LedgerBackup {
  try BackupReader.read(Array(text.utf8))
}

/// The fixture's backup text with `old` replaced by `new` (which must occur).
private func edited(_ old: String, _ new: String) throws -> String {
  let text = try BackupExport.text(.fixture)
  try #require(text.contains(old), "the fixture's text has \(old)")
  return text.replacingOccurrences(of: old, with: new)
}

/// The field error `text` gives, or `nil` when it reads.
private func fieldProblem(_ text: String) -> (path: String, line: Int, BackupFieldProblem)? {
  do {
    _ = try read(text)
    return nil
  } catch {
    if case .field(let path, let line, let problem) = error { return (path, line, problem) }
    Issue.record("not a field problem: \(error)")
    return nil
  }
}

@Suite("The backup format (hannun-backup, version 1)")
struct BackupFormatTests {
  @Test("a backup read back is the same value, and written again the same bytes")
  func roundTrip() throws {
    let text = try BackupExport.text(.fixture)
    let back = try read(text)
    #expect(back == .fixture)
    #expect(back.entries.map(\.createdAt) == LedgerBackup.fixture.entries.map(\.createdAt))
    #expect(try BackupExport.text(back) == text)
  }

  @Test("the header names format, version, currency and range; one record a line, in order")
  func layout() throws {
    let text = try BackupExport.text(
      .fixture, from: Fixtures.day("2024-01-01"), to: Fixtures.day("2026-12-31"))
    let lines = text.split(separator: "\n").map(String.init)
    #expect(
      lines.first
        == #"{"format":"hannun-backup","version":1,"currency":"KRW","from":"2024-01-01","to":"2026-12-31","#
    )
    #expect(lines[1] == #""entries":["#)
    #expect(
      lines[2]
        == #"{"id":"e1","date":"2024-12-31","kind":"expense","amount":12000,"category":"식비","#
        + #""memo":"점심 \"김밥\"","createdAt":"2024-12-24T00:26:40.123Z","#
        + #""updatedAt":"2024-12-24T00:26:40.123Z"},"#)
    #expect(lines.contains(#"{"category":null,"from":"2025-09","limit":null},"#))
    #expect(
      lines.contains(
        #"{"rule":"r1","date":"2025-03-25","decision":"changed","amount":600000,"#
          + #""memo":"3월 할인","day":"2025-03-26"}"#))
    #expect(lines.contains(#"{"rule":"r1","date":"2025-02-25","decision":"skipped"},"#))
    #expect(lines.last == "]}")
    // Entries in list order: day, then stamp.
    let ids = lines.compactMap { line in
      line.hasPrefix(#"{"id":"e"#) ? String(line.dropFirst(7).prefix(2)) : nil
    }
    #expect(ids == ["e1", "e2", "e4", "e3", "e5"])
  }

  @Test("dollars keep their cents exactly; an empty ledger is a short valid backup")
  func amountsAndEmpty() throws {
    let dollars = LedgerBackup(currency: .usd, entries: [.fixture(id: "d1", amount: 1_250)])
    let text = try BackupExport.text(dollars)
    #expect(text.contains(#""amount":12.50,"#))
    #expect(try read(text) == dollars)
    let empty = LedgerBackup(currency: .krw, entries: [])
    #expect(try read(try BackupExport.text(empty)) == empty)
  }

  @Test("a file is recognised as a backup by its start, with or without BOM and spaces")
  func detection() throws {
    let text = try BackupExport.text(.fixture)
    #expect(BackupReader.isBackup(Array(text.utf8)))
    #expect(
      BackupReader.isBackup([0xEF, 0xBB, 0xBF] + Array(" {\n \"format\" : \"hannun-backup\"".utf8)))
    #expect(!BackupReader.isBackup(Array("date,kind,amount\n".utf8)))
    #expect(!BackupReader.isBackup(Array(#"{"name":"other"}"#.utf8)))
  }

  @Test("a damaged file is refused with the line and column where JSON breaks")
  func damaged() throws {
    let text = try BackupExport.text(.fixture)
    let cut = String(text.prefix(text.count / 2))
    #expect(throws: BackupReadError.self) { try read(cut) }
    #expect(throws: BackupReadError.notJSON(line: 2, column: 12)) {
      try read("{\"format\":\"hannun-backup\",\n\"entries\":[}")
    }
    #expect(throws: BackupReadError.notABackup) { try read(#"{"entries":[]}"#) }
    #expect(throws: BackupReadError.notABackup) { try read("[1,2]") }
    #expect(throws: BackupReadError.unsupportedVersion("2")) {
      try read(try edited(#""version":1"#, #""version":2"#))
    }
  }

  @Test("every value is checked as typed input is, and the refusal names field and line")
  func invalidValues() throws {
    let cases: [(String, String, String, BackupFieldProblem)] = [
      (#""amount":12000,"#, #""amount":0,"#, "entries[0].amount", .amount(.notPositive("0"))),
      (
        #""amount":12000,"#, #""amount":12000.5,"#, "entries[0].amount",
        .amount(.tooManyDecimals("12000.5", currency: "KRW", allowed: 0))
      ),
      (
        #""amount":12000,"#, #""amount":"12000","#, "entries[0].amount",
        .wrongType(expected: .number)
      ),
      (
        #""date":"2024-12-31""#, #""date":"2025-02-30""#, "entries[0].date",
        .date(.noSuchDay("2025-02-30"))
      ),
      (
        #""kind":"expense","amount":12000"#, #""kind":"gift","amount":12000"#, "entries[0].kind",
        .kind("gift")
      ),
      (
        #""memo":"점심 \"김밥\"""#, #""memo":"점심\n김밥""#, "entries[0].memo",
        .field(.controlCharacters(field: "memo"))
      ),
      (
        #""category":"식비","memo":"점심"#, #""category":"","memo":"점심"#, "entries[0].category",
        .field(.emptyCategory)
      ),
      (
        #""createdAt":"2024-12-24T00:26:40.123Z""#, #""createdAt":"2024-12-24 00:26""#,
        "entries[0].createdAt", .stamp("2024-12-24 00:26")
      ),
      (#""id":"e1""#, #""id":"e 1""#, "entries[0].id", .rule(.badEntryID("e 1"))),
      (#""id":"e2""#, #""id":"e1""#, "entries[1].id", .rule(.duplicateEntry(TransactionID("e1")))),
      (#""mood":"joy""#, #""mood":"happy""#, "moods[2].mood", .mood("happy")),
      (
        #""schedule":"monthly 25""#, #""schedule":"monthly 32""#, "recurring.rules[0].schedule",
        .schedule("monthly 32")
      ),
      (#""end":"2025-12-31""#, #""end":"2024-12-31""#, "recurring.rules[1].end", .endBeforeStart),
      (
        #""decision":"skipped""#, #""decision":"maybe""#, "recurring.decisions[1].decision",
        .decision("maybe")
      ),
      (
        #""date":"2025-02-25","decision""#, #""date":"2025-02-24","decision""#,
        "recurring.decisions[1]",
        .rule(
          .notAnOccurrence(
            OccurrenceKey(rule: RecurringRuleID("r1"), date: Fixtures.day("2025-02-24"))))
      ),
      (#""limit":500000}"#, #""limit":500000,"limt":1}"#, "budgets[0].limt", .unknownMember),
      (#""nextRuleNumber":3"#, #""nextRuleNumber":0"#, "recurring.nextRuleNumber", .count("0")),
    ]
    let lines = try BackupExport.text(.fixture).split(separator: "\n")
    for (old, new, path, problem) in cases {
      let found = try #require(fieldProblem(try edited(old, new)), "\(new) is refused")
      #expect(found.path == path, "\(new)")
      #expect(found.2 == problem, "\(new)")
      let line = lines.firstIndex { $0.contains(old) }.map { $0 + 1 }
      #expect(found.line == line, "\(new): the line of the record")
    }
  }

  @Test("a decision about a rule the backup does not hold, or a mood given twice, is refused")
  func crossChecks() throws {
    let orphan = try edited(
      #"{"rule":"r1","date":"2025-02-25""#, #"{"rule":"r9","date":"2025-02-25""#)
    let found = try #require(fieldProblem(orphan))
    #expect(
      found.2
        == .rule(
          .decisionWithoutRule(
            OccurrenceKey(rule: RecurringRuleID("r9"), date: Fixtures.day("2025-02-25")))))
    let twice = try edited(#"{"date":"2025-01-25","mood""#, #"{"date":"2024-12-31","mood""#)
    #expect(fieldProblem(twice)?.2 == .rule(.duplicateMood(Fixtures.day("2024-12-31"))))
    let missing = try edited(#","memo":"점심 \"김밥\"""#, "")
    #expect(fieldProblem(missing)?.path == "entries[0].memo")
    #expect(fieldProblem(missing)?.2 == .missing)
  }

  @Test("stamps keep their milliseconds from year 1 to 9999 and refuse anything else")
  func stamps() {
    for text in [
      "1970-01-01T00:00:00.000Z", "2024-02-29T23:59:59.999Z", "0001-01-01T00:00:00.000Z",
      "1969-12-31T23:59:59.999Z", "9999-12-31T23:59:59.999Z",
    ] {
      #expect(BackupStamp.date(text).flatMap(BackupStamp.text) == text)
    }
    for text in [
      "2025-02-29T00:00:00.000Z", "2025-01-01T24:00:00.000Z", "2025-01-01T00:00:00Z",
      "2025-01-01T00:00:00.000+09:00", "0000-01-01T00:00:00.000Z",
    ] {
      #expect(BackupStamp.date(text) == nil, "\(text)")
    }
  }
}
