import Foundation

/// A calendar day — what a household ledger entry belongs to — with no time and no time zone.
///
/// A `Day` is always a real Gregorian date inside ``Day/supportedRange``; the only ways to make one
/// validate their input.
public struct Day: Hashable, Comparable, Sendable {
  /// The year, 1583 to 9999.
  public let year: Int
  /// The month of the year, 1 to 12.
  public let month: Int
  /// The day of the month, 1 to 31.
  public let day: Int

  /// The first and last days Hannun accepts: the first full year of the Gregorian calendar to 9999.
  public static let supportedRange: ClosedRange<Day> =
    Day(unchecked: 1583, 1, 1)...Day(unchecked: 9999, 12, 31)

  /// Creates a day after checking that it exists and is supported.
  /// - Parameters:
  ///   - year: The year, 1583 to 9999.
  ///   - month: The month, 1 to 12.
  ///   - day: The day of the month.
  /// - Throws: ``DateInputError`` naming what is wrong.
  public init(year: Int, month: Int, day: Int) throws(DateInputError) {
    // The text is made only for the error.
    guard (1...12).contains(month) else { throw .noSuchMonth(Day.format(year, month, day)) }
    guard (1583...9999).contains(year) else { throw .outOfRange(Day.format(year, month, day)) }
    guard (1...Gregorian.numberOfDays(inMonth: month, year: year)).contains(day) else {
      throw .noSuchDay(Day.format(year, month, day))
    }
    self.init(unchecked: year, month, day)
  }

  init(unchecked year: Int, _ month: Int, _ day: Int) {
    self.year = year
    self.month = month
    self.day = day
  }

  /// Parses an ISO 8601 calendar date, `YYYY-MM-DD`.
  /// - Parameter text: For example `2025-11-03`.
  /// - Throws: ``DateInputError`` for text of another shape, a day that does not exist such as
  ///   `2025-02-30`, or a year outside 1583–9999.
  public init(iso text: String) throws(DateInputError) {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count >= 4, parts[1].count == 2, parts[2].count == 2,
      let year = Int.asciiDigits(parts[0]), let month = Int.asciiDigits(parts[1]),
      let day = Int.asciiDigits(parts[2])
    else { throw .malformedDate(text) }
    guard parts[0].count == 4 else { throw .outOfRange(text) }
    try self.init(year: year, month: month, day: day)
  }

  /// The day as `YYYY-MM-DD`.
  public var iso: String { Day.format(year, month, day) }

  /// The month this day is in.
  public var yearMonth: YearMonth { YearMonth(unchecked: year, month) }

  /// 1 (Sunday) to 7 (Saturday), as `Foundation.Calendar` numbers weekdays.
  public var weekday: Weekday {
    Weekday(rawValue: Gregorian.weekday(ofDayNumber: dayNumber)) ?? .sunday
  }

  /// Days since 1970-01-01.
  var dayNumber: Int { Gregorian.dayNumber(year: year, month: month, day: day) }

  /// The day `count` days later (earlier when negative), or `nil` outside ``supportedRange``.
  /// - Parameter count: How many days to move; negative moves back.
  /// - Returns: The day reached, or `nil` when it is not supported.
  public func adding(days count: Int) -> Day? {
    guard count.magnitude <= Day.supportedSpan else { return nil }
    let (year, month, day) = Gregorian.civil(fromDayNumber: dayNumber + count)
    let result = Day(unchecked: year, month, day)
    return Day.supportedRange.contains(result) ? result : nil
  }

  /// The number of days from the first supported day to the last; no larger step stays in range.
  private static let supportedSpan: UInt =
    UInt(supportedRange.upperBound.dayNumber - supportedRange.lowerBound.dayNumber)

  /// `Comparable`: earlier days first.
  public static func < (lhs: Day, rhs: Day) -> Bool {
    (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
  }

  private static func format(_ year: Int, _ month: Int, _ day: Int) -> String {
    "\(year.zeroPadded(4))-\(month.zeroPadded(2))-\(day.zeroPadded(2))"
  }
}

extension Day: CustomStringConvertible {
  /// `CustomStringConvertible`: the ``iso`` form, `YYYY-MM-DD`.
  public var description: String { iso }
}

extension Int {
  /// Parses a run of ASCII digits only: no sign, no spaces, no other numerals.
  static func asciiDigits(_ text: Substring) -> Int? {
    guard !text.isEmpty, text.count <= 9, text.utf8.allSatisfy({ (0x30...0x39).contains($0) })
    else { return nil }
    return Int(text)
  }

  func zeroPadded(_ width: Int) -> String {
    let digits = String(Swift.abs(self))
    let padded = String(repeating: "0", count: Swift.max(0, width - digits.count)) + digits
    return self < 0 ? "-" + padded : padded
  }
}
