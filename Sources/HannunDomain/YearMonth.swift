import Foundation

/// A month of a year, the unit the calendar pages through.
public struct YearMonth: Hashable, Comparable, Sendable {
  /// The year, 1583 to 9999.
  public let year: Int
  /// The month of the year, 1 to 12.
  public let month: Int

  /// The first and last supported months, matching ``Day/supportedRange``.
  public static let supportedRange: ClosedRange<YearMonth> =
    YearMonth(unchecked: 1583, 1)...YearMonth(unchecked: 9999, 12)

  /// Creates a month after checking it.
  /// - Parameters:
  ///   - year: The year, 1583 to 9999.
  ///   - month: The month, 1 to 12.
  /// - Throws: ``DateInputError`` for a month outside 1–12 or a year outside 1583–9999.
  public init(year: Int, month: Int) throws(DateInputError) {
    // The text is made only for the error: every month line of the catalog comes through here.
    guard (1...12).contains(month) else { throw .noSuchMonth(Self.text(year, month)) }
    guard (1583...9999).contains(year) else { throw .outOfRange(Self.text(year, month)) }
    self.init(unchecked: year, month)
  }

  init(unchecked year: Int, _ month: Int) {
    self.year = year
    self.month = month
  }

  /// Parses `YYYY-MM`.
  /// - Parameter text: For example `2025-11`.
  /// - Throws: ``DateInputError`` for any other shape, a month such as `2025-13`, or a year
  ///   outside 1583–9999.
  public init(iso text: String) throws(DateInputError) {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 2, parts[0].count >= 4, parts[1].count == 2,
      let year = Int.asciiDigits(parts[0]), let month = Int.asciiDigits(parts[1])
    else { throw .malformedMonth(text) }
    guard parts[0].count == 4 else { throw .outOfRange(text) }
    try self.init(year: year, month: month)
  }

  /// Reads a month typed as `YYYY-MM`, in full-width digits and hyphen too (`２０２５－１１`, as
  /// Korean and Japanese input methods type them), as days and amounts are read; ``init(iso:)``
  /// keeps to ASCII, for the ledger's files.
  /// - Parameter text: What was typed.
  /// - Throws: What ``init(iso:)`` throws, naming `text` as it was typed.
  public init(typed text: String) throws(DateInputError) {
    let ascii = AmountParser.halfWidth(text)
    do {
      try self.init(iso: ascii)
    } catch {
      throw Self.naming(error, text)
    }
  }

  /// `error` about a month or year, naming `text` (what was typed) instead of its ASCII form.
  private static func naming(_ error: DateInputError, _ text: String) -> DateInputError {
    switch error {
    case .malformedMonth: .malformedMonth(text)
    case .malformedYear: .malformedYear(text)
    case .noSuchMonth: .noSuchMonth(text)
    case .outOfRange: .outOfRange(text)
    default: error
    }
  }

  /// Reads a month as a picker takes it: `YYYY-MM`, `2025.11`, `2025년 11월`, a month number 1–12
  /// (`11`, `11월`) of `defaultYear`, or a blank text for `fallback`.
  /// - Parameters:
  ///   - text: What was typed.
  ///   - defaultYear: The year of a month given by its number alone.
  ///   - fallback: The month a blank text means.
  /// - Throws: ``DateInputError`` naming the text.
  public init(userInput text: String, defaultYear: Int, fallback: YearMonth) throws(DateInputError)
  {
    let trimmed = String(text.filter { $0 != " " && $0 != "\u{3000}" })
    if trimmed.isEmpty {
      self = fallback
      return
    }
    let unsuffixed = trimmed.hasSuffix("월") ? String(trimmed.dropLast()) : trimmed
    if unsuffixed.count <= 2, let number = Int.asciiDigits(Substring(unsuffixed)) {
      guard (1...12).contains(number) else { throw .noSuchMonth(text) }
      try self.init(year: defaultYear, month: number)
      return
    }
    let normalized = unsuffixed.replacing("년", with: "-").replacing(".", with: "-")
      .replacing("/", with: "-")
    let parts = normalized.split(separator: "-", omittingEmptySubsequences: false)
    if parts.count == 2, parts[1].count == 1, let digit = Int.asciiDigits(parts[1]) {
      try self.init(iso: "\(parts[0])-0\(digit)")
      return
    }
    do {
      try self.init(iso: normalized)
    } catch .malformedMonth {
      throw .malformedMonth(text)
    }
  }

  /// The month as `YYYY-MM`.
  public var iso: String { Self.text(year, month) }

  private static func text(_ year: Int, _ month: Int) -> String {
    "\(year.zeroPadded(4))-\(month.zeroPadded(2))"
  }

  /// How many days the month has, 28 to 31, leap years counted.
  public var numberOfDays: Int { Gregorian.numberOfDays(inMonth: month, year: year) }
  /// The 1st of the month.
  public var firstDay: Day { Day(unchecked: year, month, 1) }
  /// The month's last day: the 28th to the 31st.
  public var lastDay: Day { Day(unchecked: year, month, numberOfDays) }
  /// Every day of the month, in order.
  public var days: [Day] { (1...numberOfDays).map { Day(unchecked: year, month, $0) } }
  /// The days from ``firstDay`` to ``lastDay``, for a range query.
  public var dayRange: ClosedRange<Day> { firstDay...lastDay }

  /// The day `day` of this month.
  /// - Parameter day: The day of the month, from 1.
  /// - Returns: That day.
  /// - Throws: ``DateInputError/noSuchDay(_:)`` when the month is shorter.
  public func day(_ day: Int) throws(DateInputError) -> Day {
    try Day(year: year, month: month, day: day)
  }

  /// January to December of a year.
  /// - Parameter year: 1583–9999.
  /// - Returns: The twelve months.
  /// - Throws: ``DateInputError/outOfRange(_:)`` for a year outside the supported range.
  public static func months(ofYear year: Int) throws(DateInputError) -> ClosedRange<YearMonth> {
    try YearMonth(year: year, month: 1)...YearMonth(year: year, month: 12)
  }

  /// January to December of a year typed as four digits (`2025`, or in full-width digits).
  /// - Parameter text: The year as typed.
  /// - Returns: The twelve months.
  /// - Throws: ``DateInputError/malformedYear(_:)`` for anything but four digits, or what
  ///   ``months(ofYear:)`` throws, naming `text` as typed.
  public static func months(ofYearText text: String) throws(DateInputError)
    -> ClosedRange<YearMonth>
  {
    let ascii = AmountParser.halfWidth(text)
    guard ascii.count == 4, let year = Int.asciiDigits(Substring(ascii)) else {
      throw .malformedYear(text)
    }
    do {
      return try months(ofYear: year)
    } catch {
      throw naming(error, text)
    }
  }

  /// The number of months since year 0: consecutive months differ by one.
  public var monthIndex: Int { year * 12 + (month - 1) }

  /// The month `count` months later (earlier when negative).
  /// - Parameter count: How many months to move; negative moves back.
  /// - Returns: The month reached.
  /// - Throws: ``DateInputError/navigationLimit(_:)`` past 1583-01 or 9999-12.
  public func adding(months count: Int) throws(DateInputError) -> YearMonth {
    let (index, overflow) = (year * 12 + (month - 1)).addingReportingOverflow(count)
    let result = YearMonth(unchecked: index / 12, index % 12 + 1)
    guard !overflow, YearMonth.supportedRange.contains(result) else {
      throw .navigationLimit(
        count > 0 ? YearMonth.supportedRange.upperBound : YearMonth.supportedRange.lowerBound)
    }
    return result
  }

  /// `Comparable`: earlier months first.
  public static func < (lhs: YearMonth, rhs: YearMonth) -> Bool {
    (lhs.year, lhs.month) < (rhs.year, rhs.month)
  }
}

extension YearMonth: CustomStringConvertible {
  /// `CustomStringConvertible`: the ``iso`` form, `YYYY-MM`.
  public var description: String { iso }
}

extension ClosedRange where Bound == YearMonth {
  /// The span as text: `2026-10` for one month, `2026-01 – 2026-06` for more.
  public var iso: String {
    lowerBound == upperBound ? lowerBound.iso : "\(lowerBound.iso) – \(upperBound.iso)"
  }
}
