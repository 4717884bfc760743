#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A backup's stamps: ISO 8601 in UTC with milliseconds, `2025-11-03T03:00:00.000Z`, exactly as
/// the ledger stores them, for years 1–9999.
enum BackupStamp {
  private static let range: Range<Int64> = -62_135_596_800_000..<253_402_300_800_000

  /// The stamp's text, or `nil` outside years 1–9999.
  static func text(_ date: Date) -> String? {
    let value = (date.timeIntervalSince1970 * 1000).rounded()
    guard value.isFinite, let milliseconds = Int64(exactly: value), range.contains(milliseconds)
    else { return nil }
    let dayCount =
      milliseconds >= 0 ? milliseconds / 86_400_000 : (milliseconds + 1) / 86_400_000 - 1
    let (year, month, day) = civil(Int(dayCount))
    let time = Int(milliseconds - dayCount * 86_400_000)
    func pad(_ number: Int, _ count: Int) -> String {
      let digits = String(number)
      return String(repeating: "0", count: max(0, count - digits.count)) + digits
    }
    return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(time / 3_600_000, 2)):"
      + "\(pad(time / 60_000 % 60, 2)):\(pad(time / 1000 % 60, 2)).\(pad(time % 1000, 3))Z"
  }

  /// The instant a stamp names, or `nil` for text of another shape.
  static func date(_ text: String) -> Date? {
    let bytes = Array(text.utf8)
    guard bytes.count == 24, bytes[4] == 0x2D, bytes[7] == 0x2D, bytes[10] == 0x54,
      bytes[13] == 0x3A, bytes[16] == 0x3A, bytes[19] == 0x2E, bytes[23] == 0x5A
    else { return nil }
    func number(_ start: Int, _ count: Int) -> Int? {
      var value = 0
      for byte in bytes[start..<(start + count)] {
        guard (0x30...0x39).contains(byte) else { return nil }
        value = value * 10 + Int(byte - 0x30)
      }
      return value
    }
    guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
      let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
      let millisecond = number(20, 3), (1...12).contains(month), hour < 24, minute < 60,
      second < 60, day >= 1, day <= daysIn(month, year)
    else { return nil }
    let days = Int64(daysSinceEpoch(year, month, day))
    let milliseconds =
      days * 86_400_000 + Int64(hour * 3_600_000 + minute * 60_000 + second * 1000 + millisecond)
    guard range.contains(milliseconds) else { return nil }
    return Date(timeIntervalSince1970: Double(milliseconds) / 1000)
  }

  private static func daysIn(_ month: Int, _ year: Int) -> Int {
    switch month {
    case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's algorithm).
  private static func daysSinceEpoch(_ year: Int, _ month: Int, _ day: Int) -> Int {
    let shifted = month <= 2 ? year - 1 : year
    let era = (shifted >= 0 ? shifted : shifted - 399) / 400
    let yearOfEra = shifted - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The date of a day count since 1970-01-01.
  private static func civil(_ days: Int) -> (Int, Int, Int) {
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}
