import Foundation
import HannunDomain
import HannunTestSupport
import Testing

@testable import HannunData

/// The reason the codec refuses `bytes` with, or `nil` when it reads them. Any other error, or
/// one naming another path, fails the test.
private func refusal(_ bytes: [UInt8]) -> String? {
  let path = "ledger/2025/2025-11.json"
  do {
    _ = try MonthFileCodec.decode(Data(bytes), path: path)
    return nil
  } catch {
    guard case .unreadableFile(path, let reason) = error else {
      Issue.record("expected an unreadable-file error naming the path, got \(error)")
      return "\(error)"
    }
    return text(reason)
  }
}

/// The reason the codec refuses `text` with, or `nil` when it reads it.
private func refusal(_ text: String) -> String? {
  refusal(Array(text.utf8))
}

/// A month document for 2025-11 holding `records` (JSON texts).
private func document(_ records: String...) -> String {
  #"{"schemaVersion":1,"month":"2025-11","transactions":["# + records.joined(separator: ",") + "]}"
}

/// Checks that the codec refuses `text` with a reason containing `phrase`.
private func expectRefused(
  _ text: String, _ phrase: String, sourceLocation: SourceLocation = #_sourceLocation
) {
  let reason = refusal(text)
  #expect(
    reason?.contains(phrase) == true, "\(text) gave \(reason ?? "no error")",
    sourceLocation: sourceLocation)
}

@Suite("Month file codec: files it refuses, and why")
struct MonthFileCodecErrorTests {
  /// The malformed months whose damage is in the JSON's shape, refused by the codec itself; the
  /// others are refused by the mapping to entries.
  static let shapeCases: Set<String> = [
    "garbage", "empty file", "a list, not an object", "no schema version", "no transactions",
    "transactions not a list", "a record without a kind", "fractional amount",
  ]

  @Test(
    "each malformed month is refused with its reason, by the codec or by the mapping",
    arguments: MalformedMonth.all)
  func malformed(_ malformed: MalformedMonth) throws {
    if Self.shapeCases.contains(malformed.name) {
      let reason = try #require(refusal(malformed.text))
      #expect(reason.contains(malformed.reason), "reason was: \(reason)")
      return
    }
    let month = try MonthFileCodec.decode(Data(malformed.text.utf8), path: "test.json")
    #expect(
      month == (try LedgerCodec.decode(StoredMonth.self, from: Data(malformed.text.utf8), path: ""))
    )
    do throws(StoredRecordProblem) {
      _ = try month.transactions(of: Fixtures.month("2025-11"))
      Issue.record("the mapping accepted \(malformed.name)")
    } catch {
      let reason = english(error.reason)
      #expect(reason.contains(malformed.reason), "reason was: \(reason)")
    }
  }

  @Test("text that is not JSON is refused as invalid JSON, wherever the damage is")
  func invalidJSON() {
    let valid = document()
    let texts = [
      valid + "x", valid + "{}", valid + ",", "{", #"{"schemaVersion":1"#, #"{"schemaVersion":1,}"#,
      #"{"schemaVersion":1 "month":"x"}"#, "{schemaVersion:1}", "{'schemaVersion':1}",
      #"{"schemaVersion":01}"#, #"{"schemaVersion":1.}"#, #"{"schemaVersion":.5}"#,
      #"{"schemaVersion":+1}"#, #"{"schemaVersion":1e}"#, #"{"schemaVersion":-}"#,
      #"{"schemaVersion":NaN}"#, #"{"schemaVersion":tru}"#, #"{"schemaVersion":nulls}"#,
      "{\"schemaVersion\":1,\"month\":\"a\u{1}b\"}", "{\"schemaVersion\":1,\"month\":\"a\nb\"}",
      #"{"schemaVersion":1,"month":"\x"}"#, #"{"schemaVersion":1,"month":"\ud800"}"#,
      #"{"schemaVersion":1,"month":"\udc00\ud800"}"#,
      #"{"schemaVersion":1,"month":"\ud800\u0041"}"#,
      #"{"schemaVersion":1,"month":"\ud800\n"}"#, #"{"schemaVersion":1,"month":"\u12"}"#,
      #"{"schemaVersion":1,"month":"abc}"#, #"{"schemaVersion":1,"x":[1,]}"#,
      #"{"schemaVersion":1,"x":{"a":1,}}"#, #"/* note */ {"schemaVersion":1}"#,
      "\u{FEFF}\u{FEFF}{}", document(#"{"id":"a"}"#, "{"), document("{}", #"{"id": }"#),
      #"{"schemaVersion":1,"x":"# + String(repeating: "[", count: 600)
        + String(repeating: "]", count: 600) + "}",
    ]
    for text in texts { expectRefused(text, "it is not valid JSON") }
  }

  @Test("bytes that are not UTF-8 are refused as invalid JSON, in values and in keys")
  func invalidUTF8() {
    let sequences: [[UInt8]] = [
      [0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82],
      [0x80], [0xF8, 0x88, 0x80, 0x80, 0x80], [0xE0, 0x9F, 0xBF],
    ]
    for bytes in sequences {
      let value = Array(#"{"schemaVersion":1,"month":"ab"#.utf8) + bytes + Array(#"cd"}"#.utf8)
      #expect(refusal(value)?.contains("not valid UTF-8") == true, "\(bytes)")
      let key = Array(#"{"schemaVersion":1,"x"#.utf8) + bytes + Array(#"":1}"#.utf8)
      #expect(refusal(key)?.contains("not valid UTF-8") == true, "\(bytes)")
    }
    let good = "{\"schemaVersion\":1,\"month\":\"\u{10FFFF}é\"}"
    #expect(refusal(good) == "the field 'transactions' is missing")
  }

  @Test("a syntax error names its line and column")
  func syntaxErrorPlace() {
    expectRefused(
      "{\n  \"schemaVersion\" : 1,\n  \"month\" : x\n}",
      "it is not valid JSON: expected a value (at line 3, column 13)")
    expectRefused("", "it is not valid JSON: the file is empty")
    expectRefused("  \n ", "it is not valid JSON: the file is empty")
    expectRefused(
      #"{"schemaVersion":1,"month":"한글"#, "the text ends too early (at line 1, column 31)")
  }

  @Test("a key that appears twice in one object is refused, at every level and however spelled")
  func duplicateKeys() {
    let record =
      #""date":"2025-11-03","kind":"expense","amountMinor":1,"category":"c","memo":"","#
      + #""createdAt":"2023-11-14T22:13:20.000Z","updatedAt":"2023-11-14T22:13:20.000Z""#
    expectRefused(
      #"{"schemaVersion":1,"schemaVersion":1,"month":"2025-11","transactions":[]}"#,
      "the field 'schemaVersion' appears more than once")
    expectRefused(
      #"{"schemaVersion":1,"month":"2025-11","transactions":[],"transactions":[]}"#,
      "the field 'transactions' appears more than once")
    expectRefused(
      document(#"{"id":"a","id":"b","# + record + "}"),
      "the field 'transactions[0].id' appears more than once")
    expectRefused(
      document(#"{"id":"a","\u0069d":"b","# + record + "}"),
      "the field 'transactions[0].id' appears more than once")
    expectRefused(
      document(#"{"id":"a","tags":1,"tags":2,"# + record + "}"),
      "the field 'transactions[0].tags' appears more than once")
    expectRefused(
      #"{"schemaVersion":1,"x":1,"\u0078":2,"month":"2025-11","transactions":[]}"#,
      "the field 'x' appears more than once")
    expectRefused(
      #"{"schemaVersion":1,"x":[{"a":1,"a":2}],"month":"2025-11","transactions":[]}"#,
      "it is not valid JSON: the key 'a' appears twice")
  }

  @Test("amountMinor must be written as a whole number that fits in 64 bits")
  func amountForms() throws {
    let invalid =
      "the field 'transactions[0].amountMinor' is invalid: it must be a whole number of minor units"
    for text in [
      "1.5", "1e3", "1.0", "1E+2", "-0.0", "9223372036854775808", "-9223372036854775809",
    ] {
      expectRefused(document(recordJSON(amountMinor: text)), invalid)
    }
    expectRefused(
      document(recordJSON(amountMinor: #""12""#)),
      "the field 'transactions[0].amountMinor' has the wrong type")
    expectRefused(
      document(recordJSON(amountMinor: "null")), "the field 'transactions[0].amountMinor' is null")
    for (text, value) in [
      ("9223372036854775807", Int64.max), ("-9223372036854775808", Int64.min), ("-0", 0),
      ("0", 0), ("12000", 12_000),
    ] as [(String, Int64)] {
      let month = try MonthFileCodec.decode(
        Data(document(recordJSON(amountMinor: text)).utf8), path: "test.json")
      #expect(month.transactions.map(\.amountMinor) == [value])
    }
  }

  @Test("the schema version is checked before anything else the JSON holds")
  func schemaVersionFirst() {
    expectRefused(
      #"{"month":"2025-11","transactions":"bad"}"#, "the field 'schemaVersion' is missing")
    expectRefused(
      #"{"schemaVersion":2,"month":5,"entries":{"whatever":true}}"#,
      "it was written by a newer Hannun (schema version 2; this Hannun reads up to 1)")
    expectRefused(#"{"transactions":[{"id":1}],"schemaVersion":3}"#, "written by a newer Hannun")
    expectRefused(
      document().replacing(#":1,"#, with: ":0,"), "schema version 0 is not a Hannun format")
    expectRefused(document().replacing(#":1,"#, with: ":-1,"), "schema version -1 is not")
    expectRefused(
      document().replacing(#":1,"#, with: #":"1","#), "'schemaVersion' has the wrong type")
    expectRefused(
      document().replacing(#":1,"#, with: ":null,"), "the field 'schemaVersion' is null")
    expectRefused(
      document().replacing(#":1,"#, with: ":1.5,"), "the field 'schemaVersion' is invalid")
    expectRefused(#"{"schemaVersion":2,"x":[1,]}"#, "it is not valid JSON")
  }

  @Test("a field of the wrong shape is named by its place, the first in field order")
  func fieldPlaces() {
    expectRefused(
      document(recordJSON(id: "a"), recordJSON(id: "b"), #"{"id":"x","date":"2025-11-03"}"#),
      "the field 'transactions[2].kind' is missing")
    expectRefused(
      document(#"{"kind":"expense","id":7}"#), "the field 'transactions[0].id' has the wrong type")
    expectRefused(document("{}"), "the field 'transactions[0].id' is missing")
    expectRefused(
      document(recordJSON().replacing(#""memo":"""#, with: #""memo":null"#)),
      "the field 'transactions[0].memo' is null")
    expectRefused(document(recordJSON(), "5"), "the field 'transactions[1]' has the wrong type")
    expectRefused(document(recordJSON(), "null"), "the field 'transactions[1]' is null")
    expectRefused(#"{"schemaVersion":1,"transactions":[]}"#, "the field 'month' is missing")
    expectRefused(
      #"{"schemaVersion":1,"month":null,"transactions":[]}"#, "the field 'month' is null")
    expectRefused(
      #"{"schemaVersion":1,"month":[],"transactions":[]}"#, "'month' has the wrong type")
    expectRefused(#"{"schemaVersion":1,"month":"m","transactions":null}"#, "'transactions' is null")
    expectRefused(
      #"{"schemaVersion":1,"month":"m","transactions":"[]"}"#, "'transactions' has the wrong type")
  }

  @Test("every truncation of a month file is refused as invalid JSON")
  func truncations() {
    let month = MonthFileCorpus.month(records: 2, seed: 5, unknownFields: true)
    let bytes = Array(MonthFileCodec.encode(month).dropLast())
    for length in 0..<bytes.count {
      let reason = refusal(Array(bytes[..<length]))
      #expect(
        reason?.contains("it is not valid JSON") == true, "length \(length): \(reason ?? "read")")
    }
    #expect(refusal(bytes) == nil)
  }

  @Test("random damage is read or refused with a reason, never anything else")
  func randomDamage() {
    var random = SplitMix64(seed: 42)
    let bytes = Array(MonthFileCodec.encode(MonthFileCorpus.month(records: 3, seed: 9)))
    for _ in 0..<2_000 {
      var damaged = bytes
      for _ in 0..<Int.random(in: 1...3, using: &random) {
        damaged[Int.random(in: 0..<damaged.count, using: &random)] = UInt8.random(
          in: 0...255, using: &random)
      }
      if let reason = refusal(damaged) { #expect(!reason.isEmpty) }
    }
  }
}
