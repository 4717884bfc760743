import HannunDomain

/// The days of one month, so that the dates of its records are looked up rather than parsed.
struct MonthDays {
  /// `YYYY-MM`.
  private let prefix: [UInt8]
  /// The month's days, the 1st first.
  private let days: [Day]

  /// The days of `month`.
  init(_ month: YearMonth) {
    prefix = Array(month.iso.utf8)
    days = month.days
  }

  /// The day `text` names when it is exactly `YYYY-MM-DD` of this month, the very day
  /// `Day(iso: text)` gives; `nil` for anything else, which `Day(iso:)` must judge.
  func day(_ text: String) -> Day? {
    text.utf8.withContiguousStorageIfAvailable(day(utf8:)) ?? nil
  }

  /// ``day(_:)`` of the text whose UTF-8 bytes are `bytes`.
  func day(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Day? {
    guard bytes.count == 10, prefix.count == 7, bytes[7] == UInt8(ascii: "-"),
      prefix.withUnsafeBufferPointer({ bytes.extracting(0..<7).isEqual(to: $0) })
    else { return nil }
    let tens = bytes[8] &- UInt8(ascii: "0")
    let ones = bytes[9] &- UInt8(ascii: "0")
    guard tens < 10, ones < 10 else { return nil }
    let number = Int(tens) * 10 + Int(ones)
    return (1...days.count).contains(number) ? days[number - 1] : nil
  }
}

/// Quick checks for the common category and memo: text that the Domain's rules would return
/// unchanged is recognised here without them; anything else goes through
/// ``TransactionRules``, so the result and every reason are the same.
///
/// The rules trim spaces, tabs and U+3000 at either end, count characters (grapheme clusters)
/// and refuse controls (general category Cc) and U+2028/U+2029, and a category with no visible
/// character. Text with none of those scalars
/// and no space at either end is not trimmed, and a text has at most as many characters as
/// scalars, so when the scalars fit the limit the rules return the text unchanged.
enum PlainText {
  /// ``TransactionRules/category(_:)``.
  static func category(_ text: String) throws(FieldInputError) -> String {
    if let plain = unchanged(text, allowing: 1...TransactionRules.categoryLimit),
      TransactionRules.showsSomething(plain)
    {
      return plain
    }
    return try TransactionRules.category(text)
  }

  /// ``TransactionRules/memo(_:)``.
  static func memo(_ text: String) throws(FieldInputError) -> String {
    if let plain = unchanged(text, allowing: 0...TransactionRules.memoLimit) { return plain }
    return try TransactionRules.memo(text)
  }

  /// `text` when none of its scalars is refused or trimmed by the rules, it does not start or
  /// end with a space, and its number of scalars is in `lengths`; otherwise `nil`.
  static func unchanged(_ text: String, allowing lengths: ClosedRange<Int>) -> String? {
    var count = 0
    var last: UInt32 = 0
    for scalar in text.unicodeScalars {
      let value = scalar.value
      guard !isRuledOut(value), count > 0 || value != 0x20 else { return nil }
      count += 1
      last = value
    }
    return last != 0x20 && lengths.contains(count) ? text : nil
  }

  /// Whether the rules refuse or trim a scalar wherever it is: the controls (U+0000–U+001F, the
  /// tab among them, and U+007F–U+009F), U+2028, U+2029 and U+3000.
  static func isRuledOut(_ value: UInt32) -> Bool {
    value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029
      || value == 0x3000
  }
}
