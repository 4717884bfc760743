#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

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
    return canonicalString(milliseconds) ?? formattedString(milliseconds: milliseconds)
  }

  /// The stamp as `Date.ISO8601FormatStyle` writes it, with milliseconds added; `nil` when the
  /// style writes something else.
  static func formattedString(milliseconds: Int64) -> String? {
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

  /// The same text as ``formattedString(milliseconds:)``, computed with integers, for instants
  /// from 1970 to the end of 9999 (both write the proleptic Gregorian calendar there); `nil`
  /// outside. Writing a month formats two stamps per entry.
  private static func canonicalString(_ milliseconds: Int64) -> String? {
    guard (0..<253_402_300_800_000).contains(milliseconds) else { return nil }
    let (year, month, day) = civil(daysSince1970: Int(milliseconds / 86_400_000))
    let time = Int(milliseconds % 86_400_000)
    return String(unsafeUninitializedCapacity: 24) { buffer in
      var end = 0
      /// Writes `value` in `digits` digits, then `separator`.
      func put(_ value: Int, _ digits: Int, _ separator: UInt8) {
        var rest = value
        for position in stride(from: end + digits - 1, through: end, by: -1) {
          buffer[position] = UInt8(truncatingIfNeeded: 0x30 + rest % 10)
          rest /= 10
        }
        buffer[end + digits] = separator
        end += digits + 1
      }
      put(year, 4, UInt8(ascii: "-"))
      put(month, 2, UInt8(ascii: "-"))
      put(day, 2, UInt8(ascii: "T"))
      put(time / 3_600_000, 2, UInt8(ascii: ":"))
      put(time / 60_000 % 60, 2, UInt8(ascii: ":"))
      put(time / 1000 % 60, 2, UInt8(ascii: "."))
      put(time % 1000, 3, UInt8(ascii: "Z"))
      return end
    }
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
    text.utf8.withContiguousStorageIfAvailable(canonicalMilliseconds(utf8:)) ?? nil
  }

  /// ``date(from:)``'s reading of the form this store writes, from the text's UTF-8 bytes (an
  /// index build reads stamps without making strings of them); `nil` for any other text, which
  /// ``date(from:)`` must judge.
  static func canonicalMilliseconds(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
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

  private static func daysInMonth(_ month: Int, year: Int) -> Int {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// The proleptic Gregorian date of a day number (Howard Hinnant's `civil_from_days`).
  private static func civil(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra =
      (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
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
