/// A day of the week, numbered as `Foundation.Calendar` does: 1 is Sunday, 7 is Saturday.
public enum Weekday: Int, CaseIterable, Sendable, Comparable {
  /// 일요일, 1.
  case sunday = 1
  /// 월요일, 2.
  case monday
  /// 화요일, 3.
  case tuesday
  /// 수요일, 4.
  case wednesday
  /// 목요일, 5.
  case thursday
  /// 금요일, 6.
  case friday
  /// 토요일, 7.
  case saturday

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
