import Foundation
import HannunData
import HannunDomain
import HannunTestSupport
import Testing

/// A month file that must be refused, and a phrase its reason must contain.
struct MalformedMonth: Sendable, CustomTestStringConvertible {
  let name: String
  let text: String
  let reason: String
  /// Whether the damage hides which ids the file holds. The index is built from whole month
  /// files, so any damage does: a lookup of an id found in no readable month fails naming the
  /// damaged file, since the id could be in it.
  var hidesIDs: Bool { true }

  var testDescription: String { name }

  static let all: [MalformedMonth] = [
    MalformedMonth(name: "garbage", text: "not json {", reason: "not valid JSON"),
    MalformedMonth(name: "empty file", text: "", reason: "not valid JSON"),
    MalformedMonth(name: "a list, not an object", text: "[]", reason: "not a JSON object"),
    MalformedMonth(
      name: "no schema version", text: #"{"month":"2025-11","transactions":[]}"#,
      reason: "schemaVersion"),
    MalformedMonth(
      name: "no transactions", text: #"{"schemaVersion":1,"month":"2025-11"}"#,
      reason: "'transactions' is missing"),
    MalformedMonth(
      name: "transactions not a list",
      text: #"{"schemaVersion":1,"month":"2025-11","transactions":{"id":"x"}}"#,
      reason: "'transactions' has the wrong type"),
    MalformedMonth(
      name: "a record without a kind",
      text: monthJSON(records: [#"{"id":"x","date":"2025-11-03"}"#]),
      reason: "is missing"),
    MalformedMonth(
      name: "amount 0", text: monthJSON(records: [recordJSON(amountMinor: "0")]),
      reason: "amountMinor 0"),
    MalformedMonth(
      name: "negative amount", text: monthJSON(records: [recordJSON(amountMinor: "-5")]),
      reason: "amountMinor -5"),
    MalformedMonth(
      name: "fractional amount", text: monthJSON(records: [recordJSON(amountMinor: "1.5")]),
      reason: "amountMinor"),
    MalformedMonth(
      name: "a date in another month",
      text: monthJSON(records: [recordJSON(date: "2025-12-01")]),
      reason: "2025-12-01, which is not in 2025-11"),
    MalformedMonth(
      name: "a day that does not exist",
      text: monthJSON(records: [recordJSON(date: "2025-11-31")]), reason: "2025-11-31"),
    MalformedMonth(
      name: "a month field for another month",
      text: monthJSON(month: "2025-10", records: [recordJSON()]), reason: "'2025-10'"),
    MalformedMonth(
      name: "an unknown kind", text: monthJSON(records: [recordJSON(kind: "spend")]),
      reason: "'spend'"),
    MalformedMonth(
      name: "an empty category", text: monthJSON(records: [recordJSON(category: " ")]),
      reason: "category"),
    MalformedMonth(
      name: "an empty id", text: monthJSON(records: [recordJSON(id: "")]), reason: "id"),
    MalformedMonth(
      name: "a bad stamp",
      text: monthJSON(records: [recordJSON().replacing("2023-11-14T22:13:20.000Z", with: "noon")]),
      reason: "'noon'"),
    MalformedMonth(
      name: "the same id twice",
      text: monthJSON(records: [recordJSON(id: "x"), recordJSON(id: "x", date: "2025-11-04")]),
      reason: "more than once"),
  ]
}

@Suite("JSON file store: files it cannot read")
struct MalformedFileTests {
  @Test(
    "a malformed month file is an error naming it, and is never overwritten",
    arguments: MalformedMonth.all)
  func malformedMonth(_ malformed: MalformedMonth) async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      try await store.insert(.fixture(id: "d1", day: "2025-12-03"))
      let november = monthFile(data, "2025-11")
      try plant(malformed.text, at: november)
      let bytes = try Data(contentsOf: november)

      for reader in [store, try await openStore(data)] {
        await expectUnreadable(november, reasonContaining: malformed.reason) {
          _ = try await reader.transactions(in: Day.range("2025-11-30", "2025-12-31"))
        }
        if malformed.hidesIDs {
          await expectUnreadable(november, reasonContaining: malformed.reason) {
            _ = try await reader.ids(startingWith: "d")
          }
          await expectUnreadable(november) {
            _ = try await reader.transaction(withID: TransactionID("absent"))
          }
        } else {
          #expect(try await reader.ids(startingWith: "d").map(\.rawValue) == ["d1"])
          #expect(try await reader.transaction(withID: TransactionID("absent")) == nil)
        }
        #expect(try await reader.transaction(withID: TransactionID("d1"))?.id.rawValue == "d1")
        #expect(try await reader.transactions(in: Fixtures.month("2025-12").dayRange).count == 1)
      }

      await expectUnreadable(november, reasonContaining: malformed.reason) {
        try await store.insert(.fixture(id: "n1", day: "2025-11-03"))
      }
      await expectUnreadable(november) {
        try await store.update(.fixture(id: "d1", day: "2025-11-05"))
      }
      if malformed.hidesIDs {
        await expectUnreadable(november) {
          try await store.delete(id: TransactionID("absent"))
        }
      } else {
        await #expect(throws: LedgerError.unknownTransaction("absent")) {
          try await store.delete(id: TransactionID("absent"))
        }
      }
      #expect(try Data(contentsOf: november) == bytes)

      try await store.insert(.fixture(id: "d2", day: "2025-12-04"))
      try await store.update(.fixture(id: "d1", day: "2026-01-05"))
      try await store.delete(id: TransactionID("d2"))
      let december = try await store.transactions(in: Fixtures.month("2025-12").dayRange)
      #expect(december.isEmpty)
      #expect(
        try await store.transaction(withID: TransactionID("d1"))?.day == Fixtures.day("2026-01-05"))
      #expect(try Data(contentsOf: november) == bytes)
      #expect(await store.latestRevision() == 4)
    }
  }

  @Test("a month file from a newer Hannun is refused with that reason")
  func newerMonthSchema() async throws {
    try await withDataDirectory { data in
      let november = monthFile(data, "2025-11")
      try plant(
        #"{"schemaVersion":2,"month":"2025-11","entries":{"whatever":true}}"#, at: november)
      let bytes = try Data(contentsOf: november)
      let store = try await openStore(data)
      await expectUnreadable(november, reasonContaining: "written by a newer Hannun") {
        _ = try await store.transactions(in: Fixtures.month("2025-11").dayRange)
      }
      await expectUnreadable(november, reasonContaining: "newer Hannun") {
        try await store.insert(.fixture(id: "n1", day: "2025-11-03"))
      }
      #expect(try Data(contentsOf: november) == bytes)
    }
  }

  @Test("a meta.json from a newer Hannun is refused when opening")
  func newerMetadataSchema() async throws {
    try await withDataDirectory { data in
      try plant(#"{"schemaVersion":7,"currency":"KRW"}"#, at: metadataFile(data))
      await expectUnreadable(metadataFile(data), reasonContaining: "written by a newer Hannun") {
        _ = try await openStore(data)
      }
    }
  }

  @Test("a meta.json that is malformed or has no valid currency is refused when opening")
  func malformedMetadata() async throws {
    try await withDataDirectory { data in
      let cases = [
        ("{", "not valid JSON"), (#"{"schemaVersion":1}"#, "'currency' is missing"),
        (#"{"schemaVersion":1,"currency":"won!"}"#, "'won!'"),
      ]
      for (text, reason) in cases {
        try plant(text, at: metadataFile(data))
        await expectUnreadable(metadataFile(data), reasonContaining: reason) {
          _ = try await openStore(data)
        }
      }
    }
  }

  @Test("an id stored in two month files is reported, naming both")
  func idInTwoMonths() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      try await store.insert(.fixture(id: "x1", day: "2025-10-03"))
      try plant(monthJSON(records: [recordJSON(id: "x1")]), at: monthFile(data, "2025-11"))

      let reader = try await openStore(data)
      // The earlier month is named, with the later as where the id is also stored.
      await expectUnreadable(
        monthFile(data, "2025-10"),
        reasonContaining: "also stored in \(filePath(monthFile(data, "2025-11")))"
      ) {
        _ = try await reader.ids(startingWith: "x")
      }
      await expectUnreadable(monthFile(data, "2025-11"), reasonContaining: "also stored in") {
        try await reader.insert(.fixture(id: "n2", day: "2025-11-04"))
      }
    }
  }
}
