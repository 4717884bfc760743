import Foundation
import HannunTestSupport

@testable import HannunData

/// Month documents generated from a seed for the codec tests: text that exercises escaping and
/// UTF-8, unknown fields of every JSON type, and any layout JSON allows.
enum MonthFileCorpus {
  /// Scalars that strings are made of: every escape JSON has, controls, quotes, Hangul, emoji
  /// outside the BMP, bidi overrides, line separators, combining marks and a byte order mark.
  static let scalars: [Unicode.Scalar] =
    Array("aZ09 -_.:,;!?'`~#$%&*+=<>()[]{}".unicodeScalars)
    + ["\"", "\\", "/", "\u{08}", "\u{0C}", "\n", "\r", "\t", "\u{00}", "\u{01}", "\u{1B}"]
    + ["\u{1F}", "\u{7F}", "\u{80}", "\u{9F}", "\u{A0}", "é", "ß", "한", "글", "식", "ᄀ", "ᅡ"]
    + ["\u{0301}", "\u{200D}", "\u{202E}", "\u{2028}", "\u{2029}", "\u{3000}", "\u{FEFF}"]
    + ["\u{FFFD}", "\u{FFFF}", "漢", "😀", "🚕", "👍", "\u{1F3FD}", "🇰", "🇷", "\u{10FFFF}"]

  /// Unknown values as a newer Hannun might write them, each one valid JSON text.
  static let rawValues: [String] = [
    #"{"a" : [1, 2.5e-3, -0, true, false, null, {"b" : "\u00e9\n"}], "c" : {}}"#,
    "[]", "{}", #""text with \"quotes\" and 한글 \ud83d\ude00""#, "12345678901234567890123",
    "-1.5E+10", "null", "true", "false", "0", "[\n        1,\n        2\n      ]",
    #"{"nested" : {"deeper" : [[[]]], "n" : 1e400}}"#,
  ]

  /// Keys no version of Hannun knows, some needing escapes.
  static let unknownKeys = [
    "tags", "Zeta", "_x", "amountMinorX", "émoji🙂", "a\"b", "", "transactionsZ", "\u{7F}", "0",
  ]

  /// A string of up to `maxLength` scalars from ``scalars``.
  static func text(using random: inout SplitMix64, maxLength: Int = 12) -> String {
    let length = Int.random(in: 0...maxLength, using: &random)
    var text = String.UnicodeScalarView()
    for _ in 0..<length {
      text.append(scalars[Int.random(in: 0..<scalars.count, using: &random)])
    }
    return String(text)
  }

  /// A record with arbitrary text in every string field (not necessarily a valid entry).
  static func record(using random: inout SplitMix64, unknownFields: Bool) -> StoredTransaction {
    let amounts: [Int64] = [1, 12_000, -5, 0, .max, .min, 999_999_999_999_999]
    var record = StoredTransaction(
      id: text(using: &random), date: text(using: &random), kind: text(using: &random),
      amountMinor: Bool.random(using: &random)
        ? amounts[Int.random(in: 0..<amounts.count, using: &random)]
        : Int64.random(in: .min ... .max, using: &random),
      category: text(using: &random), memo: text(using: &random, maxLength: 40),
      createdAt: text(using: &random), updatedAt: text(using: &random))
    if unknownFields { record.otherFields = fields(using: &random) }
    return record
  }

  /// Up to three unknown keys with values from ``rawValues``.
  static func fields(using random: inout SplitMix64) -> [String: RawJSON] {
    var fields: [String: RawJSON] = [:]
    for _ in 0..<Int.random(in: 0...3, using: &random) {
      let key = unknownKeys[Int.random(in: 0..<unknownKeys.count, using: &random)]
      fields[key] = RawJSON(text: rawValues[Int.random(in: 0..<rawValues.count, using: &random)])
    }
    return fields
  }

  /// A month document of `count` generated records.
  static func month(
    records count: Int, seed: UInt64, unknownFields: Bool = false
  ) -> StoredMonth {
    var random = SplitMix64(seed: seed)
    var month = StoredMonth(
      schemaVersion: 1, month: text(using: &random),
      transactions: (0..<count).map { _ in record(using: &random, unknownFields: unknownFields) })
    if unknownFields { month.otherFields = fields(using: &random) }
    return month
  }

  /// `month` as JSON text in a random layout: members in any order, any whitespace between
  /// tokens, and characters escaped or not at random (`\/`, `\u00e9`, surrogate pairs).
  static func randomLayout(_ month: StoredMonth, using random: inout SplitMix64) -> String {
    var members = [
      ("schemaVersion", String(month.schemaVersion)), ("month", string(month.month, &random)),
      (
        "transactions",
        "[" + month.transactions.map { record($0, &random) }.joined(separator: ",") + "]"
      ),
    ]
    members += month.otherFields.map { ($0.key, $0.value.text) }
    return object(members, &random)
  }

  /// A record as a JSON object in a random layout.
  private static func record(_ record: StoredTransaction, _ random: inout SplitMix64) -> String {
    var members = [
      ("id", string(record.id, &random)), ("date", string(record.date, &random)),
      ("kind", string(record.kind, &random)), ("amountMinor", String(record.amountMinor)),
      ("category", string(record.category, &random)), ("memo", string(record.memo, &random)),
      ("createdAt", string(record.createdAt, &random)),
      ("updatedAt", string(record.updatedAt, &random)),
    ]
    members += record.otherFields.map { ($0.key, $0.value.text) }
    return object(members, &random)
  }

  /// An object of `members` (keys and value texts) in random order and layout.
  private static func object(_ members: [(String, String)], _ random: inout SplitMix64) -> String {
    let body = members.shuffled(using: &random).map { key, value in
      space(&random) + string(key, &random) + space(&random) + ":" + space(&random) + value
        + space(&random)
    }
    return space(&random) + "{" + body.joined(separator: ",") + "}" + space(&random)
  }

  /// Whitespace JSON allows between tokens, or none.
  private static func space(_ random: inout SplitMix64) -> String {
    ["", "", " ", "\n", "\t", "\r\n", "  \n    "][Int.random(in: 0..<7, using: &random)]
  }

  /// `text` as a JSON string literal, escaped at random where JSON allows a choice.
  static func string(_ text: String, _ random: inout SplitMix64) -> String {
    var literal = "\""
    for scalar in text.unicodeScalars {
      let short: [Unicode.Scalar: String] = [
        "\"": "\\\"", "\\": "\\\\", "\u{08}": "\\b", "\u{0C}": "\\f", "\n": "\\n", "\r": "\\r",
        "\t": "\\t",
      ]
      let mustEscape = scalar.value < 0x20 || scalar == "\"" || scalar == "\\"
      if mustEscape || Int.random(in: 0..<4, using: &random) == 0 {
        if let escape = short[scalar], Bool.random(using: &random) {
          literal += escape
        } else if scalar == "/" {
          literal += "\\/"
        } else {
          for unit in String(scalar).utf16 {
            let hex = String(unit, radix: 16)
            let padded = String(repeating: "0", count: 4 - hex.count) + hex
            literal += "\\u" + (Bool.random(using: &random) ? padded : padded.uppercased())
          }
        }
      } else {
        literal.unicodeScalars.append(scalar)
      }
    }
    return literal + "\""
  }
}
