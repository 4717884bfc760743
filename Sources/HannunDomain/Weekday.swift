/// A day of the week, numbered as `Foundation.Calendar` does: 1 is Sunday, 7 is Saturday.
public enum Weekday: Int, CaseIterable, Sendable, Comparable {
  case sunday = 1
  case monday, tuesday, wednesday, thursday, friday, saturday

  /// Parses a first-weekday setting.
  /// - Parameter number: 1 (Sunday) to 7 (Saturday).
  /// - Throws: ``DateInputError/badFirstWeekday(_:)`` for anything else.
  public init(number: Int) throws(DateInputError) {
    guard let weekday = Weekday(rawValue: number) else { throw .badFirstWeekday(String(number)) }
    self = weekday
  }

  /// The seven weekdays in display order, starting with `self`.
  public var weekStartingHere: [Weekday] {
    (0..<7).map { Weekday(rawValue: (rawValue - 1 + $0) % 7 + 1) ?? .sunday }
  }

  /// `Comparable`: Sunday first, Saturday last, by ``rawValue``.
  public static func < (lhs: Weekday, rhs: Weekday) -> Bool { lhs.rawValue < rhs.rawValue }
}
