import HannunDomain

/// How a weekday is shown: Sundays and Saturdays stand out in Korean calendars.
public enum WeekdayRole: Hashable, Sendable {
  /// 일요일: drawn in the holiday colour (red in Korean calendars).
  case sunday
  /// 토요일: drawn in its own colour (blue in Korean calendars).
  case saturday
  /// Monday to Friday.
  case weekday

  /// The role of a weekday: its own for Sunday and Saturday, ``weekday`` for the others.
  /// - Parameter weekday: The day of the week.
  public init(_ weekday: Weekday) {
    switch weekday {
    case .sunday: self = .sunday
    case .saturday: self = .saturday
    default: self = .weekday
    }
  }
}

/// One slot of the calendar: a day with its totals and state, or an empty slot.
public struct DayCell: Hashable, Sendable {
  /// `nil` for the empty slots before the 1st and after the last day.
  public let day: Day?
  /// Whether the slot is the clock's today.
  public let isToday: Bool
  /// Whether the slot is the calendar's selected day.
  public let isSelected: Bool
  /// `false` for days of a neighbouring month shown in week view.
  public let isInShownMonth: Bool
  /// How the slot's column is coloured: Sunday, Saturday or another weekday.
  public let role: WeekdayRole
  /// The day's income; zero for an empty slot or a day without income.
  public let income: Money
  /// The day's expense; zero for an empty slot or a day without expense.
  public let expense: Money
  /// The day's planned income: recurring occurrences not yet confirmed, kept out of ``income``.
  public internal(set) var plannedIncome: Money = .zero
  /// The day's planned expense, kept out of ``expense``.
  public internal(set) var plannedExpense: Money = .zero
  /// The day's mood in the mood diary, or `nil` for none.
  public internal(set) var mood: Mood?
  /// Whether the day's month could not be read (its file lost or damaged): ``income`` and
  /// ``expense`` are then unknown, not zero, and a frontend marks the cell with
  /// ``unreadableMark`` instead of leaving it blank.
  public internal(set) var isUnreadable = false

  /// What a cell of an unreadable month shows where its amounts would be.
  public static let unreadableMark = "?"

  /// The day of the month, or `nil` for an empty slot.
  public var dayNumber: Int? { day?.day }

  /// A slot with no day, before the 1st or after the last day of the month.
  /// - Parameter role: The role of the slot's column.
  /// - Returns: A cell with no day, no totals, and neither today nor selected.
  public static func empty(role: WeekdayRole) -> DayCell {
    DayCell(
      day: nil, isToday: false, isSelected: false, isInShownMonth: false, role: role,
      income: .zero, expense: .zero)
  }
}

/// Whether the calendar shows a whole month or the selected day's week.
public enum CalendarShape: String, Hashable, Sendable {
  /// The whole month's grid; paging moves by months.
  case month
  /// The selected day's week; paging moves by weeks.
  case week
}

/// What each day cell shows besides its number.
public enum DisplayMode: String, Hashable, Sendable, CaseIterable {
  /// Only day numbers: a plain calendar.
  case dateOnly
  /// Day numbers with the day's income and expense.
  case amounts
  /// Day numbers with the day's mood from the mood diary.
  case emotion
}
