import Foundation
import HannunDomain
import HannunTestSupport
import Testing

@testable import HannunData

/// The month file shape before unknown fields were kept, decoded by Foundation: what an older
/// Hannun reads from the files this one writes.
private struct LegacyMonth: Codable, Equatable {
  /// A record with the eight fields every version knows.
  struct Record: Codable, Equatable {
    /// The entry id.
    var id: String
    /// `YYYY-MM-DD`.
    var date: String
    /// `income` or `expense`.
    var kind: String
    /// The amount in minor units.
    var amountMinor: Int64
    /// The category.
    var category: String
    /// The memo.
    var memo: String
    /// When the entry was made.
    var createdAt: String
    /// When the entry was last changed.
    var updatedAt: String
  }

  /// The format version.
  var schemaVersion: Int
  /// `YYYY-MM`.
  var month: String
  /// The records.
  var transactions: [Record]

  /// The old shape of `month`: its unknown fields dropped.
  init(_ month: StoredMonth) {
    schemaVersion = month.schemaVersion
    self.month = month.month
    transactions = month.transactions.map {
      Record(
        id: $0.id, date: $0.date, kind: $0.kind, amountMinor: $0.amountMinor,
        category: $0.category, memo: $0.memo, createdAt: $0.createdAt, updatedAt: $0.updatedAt)
    }
  }
}

/// `month` without its unknown fields, as `JSONDecoder` reads it.
private func known(_ month: StoredMonth) -> StoredMonth {
  var month = month
  month.otherFields = [:]
  for index in month.transactions.indices { month.transactions[index].otherFields = [:] }
  return month
}

/// `month` with `change` applied to every string field.
private func withStrings(_ month: StoredMonth, _ change: (String) -> String) -> StoredMonth {
  var month = month
  month.month = change(month.month)
  month.transactions = month.transactions.map { record in
    var record = record
    let fields = [
      \StoredTransaction.id, \.date, \.kind, \.category, \.memo, \.createdAt, \.updatedAt,
    ]
    for field in fields { record[keyPath: field] = change(record[keyPath: field]) }
    return record
  }
  return month
}

/// Decodes with the codec, failing the test with the reason when it refuses.
private func decoded(_ data: Data) throws -> StoredMonth {
  try MonthFileCodec.decode(data, path: "test.json")
}

/// Decodes JSON text with the codec.
private func decoded(_ text: String) throws -> StoredMonth {
  try decoded(Data(text.utf8))
}

@Suite("Month file codec: reading and writing month files")
struct MonthFileCodecTests {
  @Test("a month round-trips unchanged: Hangul, emoji, every escape, controls, empty strings")
  func roundTrip() throws {
    let every = String(String.UnicodeScalarView((0..<0x20).compactMap { Unicode.Scalar($0) }))
    let month = StoredMonth(
      schemaVersion: 1, month: "2025-11",
      transactions: [
        StoredTransaction(
          id: "a1", date: "2025-11-03", kind: "expense", amountMinor: 8_500, category: "식비",
          memo: "점심 김밥 \"두 줄\" / 편의점 \\ 🍙👍🏽🇰🇷", createdAt: "2025-11-03T03:00:00.000Z",
          updatedAt: "2025-11-03T03:00:00.000Z"),
        StoredTransaction(
          id: "", date: "", kind: "", amountMinor: .min, category: every,
          memo: "\u{202E}evil\u{2028}line\u{2029}\u{7F}\u{FEFF}\u{0}", createdAt: "",
          updatedAt: "\u{10FFFF}"),
        StoredTransaction(
          id: "max", date: "d", kind: "k", amountMinor: .max, category: "/\\/", memo: "\t\r\n",
          createdAt: "c", updatedAt: "u"),
      ])
    let data = MonthFileCodec.encode(month)
    #expect(try decoded(data) == month)
    #expect(try MonthFileCodec.encode(decoded(data)) == data)
    let text = try #require(String(data: data, encoding: .utf8))
    #expect(text.contains(#""memo":"\#u{202E}evil\u2028line\u2029\#u{7F}\#u{FEFF}\u0000""#))
    #expect(text.contains(#"\u0000\u0001"#) && text.contains(#"\b\t\n\u000b\f\r"#))
  }

  @Test("a generated corpus round-trips, and encoding what was decoded gives the same bytes")
  func generatedRoundTrip() throws {
    for seed in 1...20 as ClosedRange<UInt64> {
      let month = MonthFileCorpus.month(records: 15, seed: seed, unknownFields: seed % 2 == 0)
      let data = MonthFileCodec.encode(month)
      #expect(try decoded(data) == month, "seed \(seed)")
      #expect(try MonthFileCodec.encode(decoded(data)) == data, "seed \(seed)")
    }
  }

  @Test("any layout reads as JSONDecoder reads it: key order, whitespace, escapes of every kind")
  func anyLayoutMatchesJSONDecoder() throws {
    for seed in 1...40 as ClosedRange<UInt64> {
      let month = MonthFileCorpus.month(records: 8, seed: seed, unknownFields: seed % 3 == 0)
      var random = SplitMix64(seed: seed &* 7_919)
      let data = Data(MonthFileCorpus.randomLayout(month, using: &random).utf8)
      let mine = try decoded(data)
      #expect(mine == month, "seed \(seed)")
      let foundation = try LedgerCodec.decode(StoredMonth.self, from: data, path: "test.json")
      #expect(known(mine) == foundation, "seed \(seed)")
    }
  }

  @Test(
    "a file an older Hannun wrote with JSONEncoder decodes identically and is rewritten a record a line"
  )
  func filesOfTodaysEncoder() throws {
    for seed in 1...20 as ClosedRange<UInt64> {
      let month = MonthFileCorpus.month(records: 12, seed: seed)
      let older = try LedgerCodec.encode(month, path: "test.json")
      #expect(try decoded(older) == month, "seed \(seed)")
      let written = MonthFileCodec.encode(try decoded(older))
      #expect(try decoded(written) == month, "seed \(seed)")
      #expect(written.count < older.count, "seed \(seed)")
      let lines = try #require(String(data: written, encoding: .utf8)).split(separator: "\n")
      // The document's members, one line per record, the closing line.
      #expect(lines.count == month.transactions.count + 2, "seed \(seed)")
      // Compared as bytes: the month text may start with a combining mark.
      let first: [UInt8] = lines.first.map { Array($0.utf8) } ?? []
      let opening: [UInt8] = Array(#"{"month":""#.utf8)
      let closing: [UInt8] = Array(#"","schemaVersion":1,"transactions":["#.utf8)
      #expect(Array(first.prefix(opening.count)) == opening, "seed \(seed)")
      #expect(Array(first.suffix(closing.count)) == closing, "seed \(seed)")
      #expect(lines.last == "]}")
      #expect(lines.dropFirst().dropLast().allSatisfy { $0.hasPrefix(#"{"amountMinor":"#) })
    }
    let empty = StoredMonth(schemaVersion: 1, month: "2025-11", transactions: [])
    #expect(
      MonthFileCodec.encode(empty)
        == Data(#"{"month":"2025-11","schemaVersion":1,"transactions":[]}"#.utf8 + [0x0A]))
    #expect(try decoded(MonthFileCodec.encode(empty)) == empty)
  }

  @Test("what it writes, unknown fields included, JSONDecoder reads into the old month shape")
  func readableByOlderHannun() throws {
    for seed in 1...10 as ClosedRange<UInt64> {
      let month = MonthFileCorpus.month(records: 10, seed: seed, unknownFields: true)
      let data = MonthFileCodec.encode(month)
      #expect(try JSONDecoder().decode(LegacyMonth.self, from: data) == LegacyMonth(month))
    }
  }

  @Test("unknown fields at both levels survive decode, encode and decode, their text verbatim")
  func unknownFieldsSurvive() throws {
    let nested = #"{"a" : [1, 2.50, -0e+0, true, false, null, {"b" : "\u00e9\n"}], "c" : {}}"#
    let text = """
      {"schemaVersion":1,"zeta":[ 1 ,2 ],"month":"2025-11","budget": \(nested) ,
       "transactions":[{"id":"r1","date":"2025-11-03","kind":"expense","amountMinor":12000,
       "category":"food","memo":"","createdAt":"2023-11-14T22:13:20.000Z",
       "updatedAt":"2023-11-14T22:13:20.000Z","tags":["a","b"],"rate":1.5e-3,"big":123456789012345678901234567890,
       "note":"say \\"hi\\" \\ud83d\\ude00","flag":false,"none":null}]}
      """
    let month = try decoded(text)
    #expect(
      month.otherFields == ["zeta": RawJSON(text: "[ 1 ,2 ]"), "budget": RawJSON(text: nested)])
    let record = try #require(month.transactions.first)
    #expect(
      record.otherFields == [
        "tags": RawJSON(text: #"["a","b"]"#), "rate": RawJSON(text: "1.5e-3"),
        "big": RawJSON(text: "123456789012345678901234567890"),
        "note": RawJSON(text: #""say \"hi\" \ud83d\ude00""#), "flag": RawJSON(text: "false"),
        "none": RawJSON(text: "null"),
      ])
    #expect(try month.transactions(of: Fixtures.month("2025-11")).map(\.id.rawValue) == ["r1"])

    let written = MonthFileCodec.encode(month)
    #expect(try decoded(written) == month)
    let lines = try #require(String(data: written, encoding: .utf8)).split(separator: "\n")
    #expect(lines.count == 3)
    #expect(lines[0].hasPrefix(#"{"budget":\#(nested),"month":"2025-11","#))
    #expect(lines[1].contains(#","big":123456789012345678901234567890,"#))
    #expect(
      Self.keys(of: lines[1]) == [
        "amountMinor", "big", "category", "createdAt", "date", "flag", "id", "kind", "memo", "none",
        "note", "rate", "tags", "updatedAt",
      ])
    #expect(Self.keys(of: lines[0]) == ["budget", "month", "schemaVersion", "transactions"])
    #expect(lines[2] == #"],"zeta":[ 1 ,2 ]}"#)
  }

  /// The keys of the object a line opens, in order (values here hold no `,"key":` of their own).
  private static func keys(of line: Substring) -> [String] {
    line.matches(of: /(?:^\{|,)"([^"]*)":/).map { String($0.output.1) }
  }

  @Test("unknown keys take their place in the order of UTF-8 bytes, and never replace a field")
  func unknownKeyOrder() throws {
    var record = StoredTransaction(
      id: "i", date: "d", kind: "k", amountMinor: 1, category: "c", memo: "m", createdAt: "c",
      updatedAt: "u")
    record.otherFields = [
      "é": RawJSON(text: "1"), "Z": RawJSON(text: "2"), "_": RawJSON(text: "3"),
      "amountMinorX": RawJSON(text: "4"), "id": RawJSON(text: "5"), "": RawJSON(text: "6"),
    ]
    let month = StoredMonth(schemaVersion: 1, month: "m", transactions: [record])
    let text = try #require(String(data: MonthFileCodec.encode(month), encoding: .utf8))
    let line = text.split(separator: "\n")[1]
    #expect(
      Self.keys(of: line) == [
        "", "Z", "_", "amountMinor", "amountMinorX", "category", "createdAt", "date", "id", "kind",
        "memo", "updatedAt", "é",
      ])
    #expect(try decoded(text).transactions.first?.id == "i")
  }

  @Test("RawJSON(validating:) accepts exactly one JSON value")
  func rawJSONValidation() {
    for good in ["1", " [1, {\"a\": null}] ", "\"\\ud83d\\ude00\"", "-0.5e10", "{}", "true"] {
      #expect(RawJSON(validating: good) != nil, "\(good)")
    }
    #expect(RawJSON(validating: " [1] ")?.text == "[1]")
    for bad in ["", "1 2", "[1,]", "{\"a\":1,\"a\":2}", "'x'", "\"\\ud800\"", "nul", "01"] {
      #expect(RawJSON(validating: bad) == nil, "\(bad)")
    }
  }
}
