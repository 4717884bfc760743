import Foundation
import HannunDomain
import HannunPresentation
import HannunTestSupport
import Testing

@testable import HannunData

/// A month file damaged by hand one way, and the fault the store must name for it.
struct MonthDamage: Sendable, CustomTestStringConvertible {
  let name: String
  let text: String
  let isExpected: @Sendable (ContentFault) -> Bool

  var testDescription: String { name }

  /// The one record `recordJSON()` writes, with `old` replaced by `new`.
  static func record(_ old: String, _ new: String) -> String {
    monthJSON(records: [recordJSON().replacingOccurrences(of: old, with: new)])
  }

  static let all: [MonthDamage] = [
    MonthDamage(name: "a date that is not a day", text: record("2025-11-03", "2025-13-01")) {
      $0 == .record(index: 0, id: "r1", .notADay(field: "date", text: "2025-13-01"))
    },
    MonthDamage(name: "an amount of zero", text: record("12000", "0")) {
      $0 == .record(index: 0, id: "r1", .notAnAmount(0))
    },
    MonthDamage(name: "a fractional amount", text: record("12000", "12.5")) {
      $0 == .field("transactions[0].amountMinor", .notMinorUnits)
    },
    MonthDamage(name: "an amount in quotes", text: record("12000", "\"12000\"")) {
      $0 == .field("transactions[0].amountMinor", .wrongType)
    },
    MonthDamage(name: "a null date", text: record("\"2025-11-03\"", "null")) {
      $0 == .field("transactions[0].date", .null)
    },
    MonthDamage(name: "a missing field", text: record("\"kind\":\"expense\",", "")) {
      $0 == .field("transactions[0].kind", .missing)
    },
    MonthDamage(name: "no transactions", text: #"{"schemaVersion":1,"month":"2025-11"}"#) {
      $0 == .field("transactions", .missing)
    },
    MonthDamage(
      name: "a schema version that is not whole",
      text: monthJSON(records: [recordJSON()]).replacingOccurrences(
        of: "\"schemaVersion\":1", with: "\"schemaVersion\":1.5")
    ) {
      $0 == .field("schemaVersion", .notAnInteger)
    },
    MonthDamage(
      name: "truncated JSON", text: String(monthJSON(records: [recordJSON()]).dropLast(20))
    ) {
      if case .notJSON(.endsTooEarly?, .line(1, _)?) = $0 { true } else { false }
    },
    MonthDamage(name: "an empty file", text: "") { $0 == .notJSON(.empty, at: nil) },
    MonthDamage(name: "text after the document", text: monthJSON(records: []) + "x") {
      if case .notJSON(.textAfterValue?, .line(1, _)?) = $0 { true } else { false }
    },
    MonthDamage(name: "an unknown escape", text: record("\"memo\":\"\"", #""memo":"a\qb""#)) {
      if case .notJSON(.unknownEscape?, _) = $0 { true } else { false }
    },
    MonthDamage(name: "a list, not an object", text: "[]") { $0 == .notAnObject },
    MonthDamage(
      name: "a field repeated", text: record("\"memo\":\"\"", "\"memo\":\"\",\"memo\":\"x\"")
    ) {
      if case .repeatedField("transactions[0].memo", .line(1, _)) = $0 { true } else { false }
    },
    MonthDamage(
      name: "a key repeated inside an unknown value",
      text: record("\"memo\":\"\"", #""memo":"","x":{"a":1,"a":2}"#)
    ) {
      if case .repeatedKey("a", .line(1, _)) = $0 { true } else { false }
    },
    MonthDamage(name: "a kind that is not a kind", text: record("expense", "spend")) {
      $0 == .record(index: 0, id: "r1", .notAKind("spend"))
    },
    MonthDamage(name: "an empty id", text: record("\"id\":\"r1\"", "\"id\":\"\"")) {
      $0 == .record(index: 0, id: "", .badID(""))
    },
    MonthDamage(
      name: "a time that is not a time",
      text: record("\"createdAt\":\"2023-11-14T22:13:20.000Z\"", "\"createdAt\":\"noon\"")
    ) {
      $0 == .record(index: 0, id: "r1", .notATime(field: "createdAt", text: "noon"))
    },
    MonthDamage(
      name: "a control character in the memo", text: record("\"memo\":\"\"", #""memo":"a\u0007b""#)
    ) {
      $0 == .record(index: 0, id: "r1", .text(.controlCharacters(field: "memo")))
    },
    MonthDamage(
      name: "an empty category", text: record("\"category\":\"food\"", "\"category\":\"\"")
    ) {
      $0 == .record(index: 0, id: "r1", .text(.emptyCategory))
    },
    MonthDamage(name: "a record of another month", text: record("2025-11-03", "2025-12-01")) {
      $0
        == .recordOutsideMonth(
          index: 0, id: "r1", date: Fixtures.day("2025-12-01"), month: Fixtures.month("2025-11"))
    },
    MonthDamage(
      name: "the month field of another month",
      text: monthJSON(month: "2025-10", records: [recordJSON()])
    ) {
      $0 == .monthMismatch(stated: "2025-10", month: Fixtures.month("2025-11"))
    },
    MonthDamage(
      name: "an id twice", text: monthJSON(records: [recordJSON(), recordJSON(date: "2025-11-04")])
    ) {
      $0 == .record(index: 1, id: "r1", .idRepeated)
    },
  ]
}

/// The content fault reading `data`'s November 2025 names, or `nil` (and an issue) when there
/// is none.
private func november(_ data: URL) async -> ContentFault? {
  let month = Fixtures.day("2025-11-01")...Fixtures.day("2025-11-30")
  do {
    _ = try await openStore(data).transactions(in: month)
    Issue.record("the damaged month was read")
  } catch LedgerError.unreadableFile(_, .invalidContent(let fault)) {
    return fault
  } catch {
    Issue.record("expected a content fault, got \(error)")
  }
  return nil
}

@Suite("A damaged file is described in the user's language")
struct DamagedFileLanguageTests {
  @Test(
    "a month file damaged by hand is named by its fault, in Korean with no English prose",
    arguments: MonthDamage.all)
  func month(_ damage: MonthDamage) async throws {
    try await withDataDirectory { data in
      try plant(damage.text, at: monthFile(data, "2025-11"))
      let fault = try #require(await november(data))
      #expect(damage.isExpected(fault), "\(fault)")
      let korean = KoreanMessages().describe(FileProblem.invalidContent(fault))
      #expect(englishLeft(inKorean: korean).isEmpty, "\(korean)")
      // Read again, from what the index recorded: the same fault.
      #expect(await november(data) == fault)
    }
  }

  @Test("budgets, moods, the recurring plan and meta.json damaged by hand are said in Korean")
  func otherFiles() async throws {
    let cases: [(file: String, text: String, fault: ContentFault)] = [
      (
        "budgets.json", #"{"schemaVersion":1,"budgets":[{"from":"2025-13","limitMinor":1}]}"#,
        .field("budgets[0].from", .notAMonth)
      ),
      (
        "budgets.json",
        #"{"schemaVersion":1,"budgets":[{"from":"2025-11","limitMinor":1},{"from":"2025-11","limitMinor":2}]}"#,
        .repeatedRecord("budgets[1]", .budget)
      ),
      (
        "budgets.json", #"{"schemaVersion":1,"budgets":[{"from":"2025-11"}]}"#,
        .field("budgets[0].limitMinor", .missing)
      ),
      (
        "budgets.json", #"{"schemaVersion":1,"budgets":[{"from":"2025-11","limitMinor":1.5}]}"#,
        .field("budgets[0].limitMinor", .notWholeNumber)
      ),
      (
        "budgets.json", #"{"schemaVersion":1,"budgets":[],"a":1,"a":2}"#,
        .repeatedKey("a", at: .byte(38))
      ),
      ("budgets.json", #"{"schemaVersion":1,"budgets":[]"#, .notJSON(.endsTooEarly, at: .byte(31))),
      (
        "moods.json", #"{"schemaVersion":1,"moods":[{"day":"2025-11-31","mood":"joy"}]}"#,
        .field("moods[0].day", .notADate)
      ),
      (
        "moods.json", #"{"schemaVersion":1,"moods":[{"day":"2025-11-03","mood":"meh"}]}"#,
        .field("moods[0].mood", .notAMood)
      ),
      ("moods.json", #"{"schemaVersion":1,"moods":{}}"#, .field("moods", .wrongType)),
      ("moods.json", "", .notJSON(.empty, at: nil)),
      (
        "recurring.json",
        #"{"schemaVersion":1,"nextRule":2,"rules":[{"id":"r1","schedule":"monthly 99","kind":"expense","amountMinor":1000,"category":"집","memo":"","start":"2025-01-01"}],"decisions":[]}"#,
        .planElement("rules[0]", .notASchedule("monthly 99"))
      ),
      (
        "recurring.json",
        #"{"schemaVersion":1,"nextRule":0,"rules":[],"decisions":[]}"#,
        .planElement("nextRule", .notPositive)
      ),
      (
        "recurring.json", #"{"schemaVersion":1,"nextRule":1,"rules":[]}"#,
        .field("decisions", .missing)
      ),
      ("meta.json", #"{"schemaVersion":1,"currency":"won!"}"#, .notACurrency("won!")),
      ("meta.json", #"{"schemaVersion":1}"#, .field("currency", .missing)),
    ]
    for (file, text, expected) in cases {
      try await withDataDirectory { data in
        let store = try await openStore(data)
        try await store.insert(.fixture(id: "a1", day: "2025-11-03"))
        try plant(text, at: data.appending(path: "ledger/\(file)"))
        let fault: ContentFault?
        do {
          let reader = try await openStore(data)
          _ = try await reader.budgetPlan()
          _ = try await reader.moods(in: Fixtures.day("2025-11-01")...Fixtures.day("2025-11-30"))
          _ = try await reader.recurringPlan()
          fault = nil
        } catch LedgerError.unreadableFile(_, .invalidContent(let found)) {
          fault = found
        }
        #expect(fault == expected, "\(file) \(text)")
        let korean = KoreanMessages().describe(FileProblem.invalidContent(expected))
        #expect(englishLeft(inKorean: korean).isEmpty, "\(korean)")
      }
    }
  }
}
