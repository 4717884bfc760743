import Foundation

/// Where "today" comes from: a clock and the Gregorian calendar of the user's time zone. Injected
/// everywhere so that no rule and no test depends on the machine's date or zone.
public struct LedgerClock: Sendable {
  public let timeZone: TimeZone
  private let now: @Sendable () -> Date

  /// - Parameters:
  ///   - timeZone: The zone whose midnight starts a new day.
  ///   - now: The current instant.
  public init(timeZone: TimeZone, now: @escaping @Sendable () -> Date) {
    self.timeZone = timeZone
    self.now = now
  }

  /// The system clock in the system's time zone: for the composition root only.
  public static var system: LedgerClock {
    LedgerClock(timeZone: .current, now: { Date() })
  }

  /// The current instant, for entry stamps.
  public var currentInstant: Date { now() }

  /// The calendar day it is now in ``timeZone``, clamped into ``Day/supportedRange``.
  public var today: Day {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let parts = calendar.dateComponents([.era, .year, .month, .day], from: now())
    // Foundation counts years before the common era upwards in era 0.
    if parts.era == 0 { return Day.supportedRange.lowerBound }
    let day = try? Day(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
    return day
      ?? (parts.year ?? 0 < 1583 ? Day.supportedRange.lowerBound : Day.supportedRange.upperBound)
  }
}

extension Day {
  /// Parses a day as people type it: `YYYY-MM-DD`, or `today`, `yesterday`, `tomorrow` and the
  /// Korean `오늘`, `어제`, `내일`.
  /// - Parameters:
  ///   - text: What was typed.
  ///   - today: The day relative words count from.
  /// - Throws: ``DateInputError`` naming the text and the accepted forms.
  public init(userInput text: String, today: Day) throws(DateInputError) {
    let trimmed = text.trimmedSpaces
    let offsets = ["today": 0, "오늘": 0, "yesterday": -1, "어제": -1, "tomorrow": 1, "내일": 1]
    if let offset = offsets[trimmed.lowercased()] {
      guard let day = today.adding(days: offset) else { throw .outOfRange(trimmed) }
      self = day
      return
    }
    try self.init(iso: trimmed)
  }
}
