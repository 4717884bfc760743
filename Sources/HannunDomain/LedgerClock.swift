import Foundation

/// Where "today" comes from: a clock and the Gregorian calendar of the user's time zone. Injected
/// everywhere so that no rule and no test depends on the machine's date or zone.
public struct LedgerClock: Sendable {
  /// The user's time zone, whose midnight starts a new ``Day``: the zone given, or for a clock of
  /// the system's zone `TimeZone.current`, set up only when asked for.
  public var timeZone: TimeZone {
    switch zone {
    case .given(let zone): zone
    case .system: .current
    }
  }
  private let zone: Zone
  private let now: @Sendable () -> Date

  /// Whose midnight starts a new day.
  private enum Zone: Sendable {
    /// A zone given, read through Foundation's Gregorian calendar.
    case given(TimeZone)
    /// The system's, whose year, month and day of an instant the function reads (as the
    /// composition root reads them: the C library's `localtime_r` spares a one-shot command
    /// ICU's time zone set-up); `nil` when they cannot be read.
    case system(@Sendable (Date) -> (year: Int, month: Int, day: Int)?)
  }

  /// A clock reading `now` in `timeZone`; tests pass a fixed instant.
  /// - Parameters:
  ///   - timeZone: The zone whose midnight starts a new day.
  ///   - now: The current instant.
  public init(timeZone: TimeZone, now: @escaping @Sendable () -> Date) {
    self.zone = .given(timeZone)
    self.now = now
  }

  /// A clock of the system's time zone, whose days `systemDate` reads from each instant, so that
  /// `TimeZone.current` is set up only if ``timeZone`` is asked for: for the composition root,
  /// which reads the date the cheapest way its platform has.
  /// - Parameters:
  ///   - systemDate: The proleptic Gregorian year, month and day of an instant in the system's
  ///     zone, or `nil` when they cannot be read.
  ///   - now: The current instant.
  public init(
    systemDate: @escaping @Sendable (Date) -> (year: Int, month: Int, day: Int)?,
    now: @escaping @Sendable () -> Date
  ) {
    self.zone = .system(systemDate)
    self.now = now
  }

  /// The current instant, for entry stamps.
  public var currentInstant: Date { now() }

  /// The calendar day it is now in ``timeZone``, clamped into ``Day/supportedRange``.
  public var today: Day {
    let instant = now()
    guard
      let (year, month, day) = {
        switch zone {
        case .given(let zone): Self.date(of: instant, in: zone)
        case .system(let date): date(instant)
        }
      }()
    else {
      return instant.timeIntervalSince1970 < 0
        ? Day.supportedRange.lowerBound : Day.supportedRange.upperBound
    }
    return (try? Day(year: year, month: month, day: day))
      ?? (year < 1583 ? Day.supportedRange.lowerBound : Day.supportedRange.upperBound)
  }

  /// The proleptic Gregorian year (0 and below before the common era), month and day of
  /// `instant` in `zone`.
  private static func date(of instant: Date, in zone: TimeZone) -> (Int, Int, Int)? {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let parts = calendar.dateComponents([.era, .year, .month, .day], from: instant)
    guard let year = parts.year, let month = parts.month, let day = parts.day else { return nil }
    // Foundation counts years before the common era upwards in era 0.
    return (parts.era == 0 ? 1 - year : year, month, day)
  }
}

extension Day {
  /// Parses a day as people type it: `2025-11-03`, `2025-11-3`, `2025.11.03`, `2025/11/03`,
  /// `2025년 11월 3일`; without a year `11/3`, `11.3`, `11월 3일` (in the year of `shownMonth`);
  /// `3일` (a day of `shownMonth`); and `today`, `yesterday`, `tomorrow`, `오늘`, `어제`, `내일`,
  /// `그제` or `그저께` (two days ago) and `모레` (in two days).
  /// Full-width digits are read as digits.
  /// - Parameters:
  ///   - text: What was typed.
  ///   - today: The day relative words count from.
  ///   - shownMonth: The month on screen, which a date without a month or year belongs to;
  ///     today's month when `nil`.
  /// - Throws: ``DateInputError`` naming the text and the accepted forms.
  public init(userInput text: String, today: Day, shownMonth: YearMonth? = nil)
    throws(DateInputError)
  {
    let trimmed = AmountParser.halfWidth(text).trimmedSpaces
    let offsets = [
      "today": 0, "오늘": 0, "yesterday": -1, "어제": -1, "tomorrow": 1, "내일": 1, "그제": -2,
      "그저께": -2, "모레": 2,
    ]
    if let offset = offsets[trimmed.lowercased()] {
      guard let day = today.adding(days: offset) else { throw .outOfRange(trimmed) }
      self = day
      return
    }
    if let iso = try? Day(iso: trimmed) {
      self = iso
      return
    }
    let reference = shownMonth ?? today.yearMonth
    let compact = trimmed.filter { $0 != " " }
    // The forms banks write on every row are read without a regular expression.
    if let (year, month, day) = Day.yearFirst(compact) {
      try self.init(year: year, month: month, day: day)
      return
    }
    let number = { (text: Substring) in Int(text) ?? 0 }
    if let match = compact.wholeMatch(of: /(\d{4})([-.\/])(\d{1,2})\2(\d{1,2})\.?/)
      ?? compact.wholeMatch(of: /(\d{4})(년)(\d{1,2})월(\d{1,2})일/)
    {
      try self.init(
        year: number(match.output.1), month: number(match.output.3), day: number(match.output.4))
    } else if let match = compact.wholeMatch(of: /(\d{1,2})[.\/](\d{1,2})\.?/)
      ?? compact.wholeMatch(of: /(\d{1,2})월(\d{1,2})일/)
    {
      try self.init(
        year: reference.year, month: number(match.output.1), day: number(match.output.2))
    } else if let match = compact.wholeMatch(of: /(\d{1,2})일/) {
      try self.init(year: reference.year, month: reference.month, day: number(match.output.1))
    } else {
      throw .malformedDate(trimmed)
    }
  }

  /// The parts of `YYYY-M-D`, `YYYY.M.D` or `YYYY/M/D` in ASCII digits — one separator twice, the
  /// month and day one or two digits, an optional `.` after — or `nil` for any other text. It
  /// reads exactly what the first year-first pattern of ``init(userInput:today:shownMonth:)``
  /// reads from ASCII text, without the cost of a regular expression.
  static func yearFirst(_ text: String) -> (year: Int, month: Int, day: Int)? {
    var bytes = text.utf8[...]
    guard (8...11).contains(bytes.count) else { return nil }
    if bytes.last == UInt8(ascii: ".") { bytes = bytes.dropLast() }
    func digits(_ range: ClosedRange<Int>) -> Int? {
      var value = 0
      var count = 0
      while let byte = bytes.first, (0x30...0x39).contains(byte), count < range.upperBound {
        value = value * 10 + Int(byte - 0x30)
        count += 1
        bytes = bytes.dropFirst()
      }
      return range.contains(count) ? value : nil
    }
    guard let year = digits(4...4), let separator = bytes.popFirst(),
      separator == UInt8(ascii: "-") || separator == UInt8(ascii: ".")
        || separator == UInt8(ascii: "/"),
      let month = digits(1...2), bytes.popFirst() == separator, let day = digits(1...2),
      bytes.isEmpty
    else { return nil }
    return (year, month, day)
  }
}
