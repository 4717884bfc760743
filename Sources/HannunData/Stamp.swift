import Foundation

/// Entry stamps as stored: ISO 8601 in UTC with milliseconds, `2025-11-03T03:00:00.000Z`.
///
/// A `Date` is finer than a millisecond, so the store keeps every stamp rounded to the nearest
/// millisecond (``normalized(_:)``); what a store returns after a write is exactly what any later
/// reader of the file gets.
enum Stamp {
  /// Milliseconds since 1970, or `nil` for an instant that cannot be stored.
  static func milliseconds(_ date: Date) -> Int64? {
    let value = (date.timeIntervalSince1970 * 1000).rounded()
    guard value.isFinite, abs(value) < 1e17 else { return nil }
    return Int64(exactly: value)
  }

  static func date(milliseconds: Int64) -> Date {
    Date(timeIntervalSince1970: Double(milliseconds) / 1000)
  }

  /// The instant rounded to the millisecond, as it reads back from a file.
  static func normalized(_ date: Date) -> Date? {
    milliseconds(date).map(date(milliseconds:))
  }

  /// `2025-11-03T03:00:00.000Z`, or `nil` for an instant that cannot be stored.
  static func string(from date: Date) -> String? {
    guard let milliseconds = milliseconds(date) else { return nil }
    var seconds = milliseconds / 1000
    var fraction = milliseconds % 1000
    if fraction < 0 {
      seconds -= 1
      fraction += 1000
    }
    let whole = Date(timeIntervalSince1970: Double(seconds)).formatted(Date.ISO8601FormatStyle())
    guard whole.hasSuffix("Z") else { return nil }
    let digits = String(fraction)
    return String(whole.dropLast()) + "." + String(repeating: "0", count: 3 - digits.count) + digits
      + "Z"
  }

  /// Parses an ISO 8601 date and time with a zone, with or without fractional seconds, rounded
  /// to the millisecond; `nil` for anything else.
  static func date(from text: String) -> Date? {
    if let milliseconds = canonicalMilliseconds(text) { return date(milliseconds: milliseconds) }
    let parsed =
      (try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
      ?? (try? Date(text, strategy: Date.ISO8601FormatStyle()))
    return parsed.flatMap(normalized)
  }

  /// Reads the form this store writes, `YYYY-MM-DDTHH:MM:SS.fffZ`, without a formatter: a ledger
  /// holds two stamps per entry, and reading every month to index ids parses them all.
  private static func canonicalMilliseconds(_ text: String) -> Int64? {
    let parsed = text.utf8.withContiguousStorageIfAvailable { bytes -> Int64? in
      guard bytes.count == 24, bytes[4] == 0x2D, bytes[7] == 0x2D, bytes[10] == 0x54,
        bytes[13] == 0x3A, bytes[16] == 0x3A, bytes[19] == 0x2E, bytes[23] == 0x5A
      else { return nil }
      func number(_ start: Int, _ count: Int) -> Int? {
        var value = 0
        for index in start..<(start + count) {
          let byte = bytes[index]
          guard (0x30...0x39).contains(byte) else { return nil }
          value = value * 10 + Int(byte - 0x30)
        }
        return value
      }
      guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
        let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
        let millisecond = number(20, 3), (1...12).contains(month), day >= 1,
        day <= daysInMonth(month, year: year), hour < 24, minute < 60, second < 60
      else { return nil }
      let seconds =
        daysSince1970(year: year, month: month, day: day) * 86_400
        + hour * 3_600 + minute * 60 + second
      return Int64(seconds) * 1000 + Int64(millisecond)
    }
    return parsed ?? nil
  }

  private static func daysInMonth(_ month: Int, year: Int) -> Int {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// Days since 1970-01-01 for a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
  private static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
    let shiftedYear = month <= 2 ? year - 1 : year
    let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
    let yearOfEra = shiftedYear - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }
}
