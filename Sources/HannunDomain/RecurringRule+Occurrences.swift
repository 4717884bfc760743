extension RecurrenceSchedule {
  /// The days this schedule falls on within `days`, in order: integer calendar arithmetic
  /// (``Gregorian``), with a day a month lacks (the 31st, Feb 29) moved to the month's last day.
  /// - Parameter days: The range to look in.
  /// - Returns: Every day of the range the schedule falls on.
  public func days(in days: ClosedRange<Day>) -> [Day] {
    switch self {
    case .weekly(let weekday):
      let first = days.lowerBound
      let offset = (weekday.rawValue - first.weekday.rawValue + 7) % 7
      var result: [Day] = []
      var next = first.adding(days: offset)
      while let day = next, day <= days.upperBound {
        result.append(day)
        next = day.adding(days: 7)
      }
      return result
    case .monthly, .lastBusinessDay, .yearly:
      var result: [Day] = []
      let last = days.upperBound.yearMonth.monthIndex
      for index in days.lowerBound.yearMonth.monthIndex...last {
        let month = YearMonth(unchecked: index / 12, index % 12 + 1)
        if let day = day(in: month), days.contains(day) { result.append(day) }
      }
      return result
    }
  }

  /// The day this schedule falls on in `month`, or `nil` (a yearly schedule in another month, a
  /// weekly one in any).
  /// - Parameter month: The month.
  /// - Returns: The day, moved to the month's last day when the month is too short.
  public func day(in month: YearMonth) -> Day? {
    switch self {
    case .monthly(let day):
      return Day(unchecked: month.year, month.month, min(day, month.numberOfDays))
    case .lastBusinessDay:
      var day = month.lastDay
      while day.weekday == .saturday || day.weekday == .sunday,
        let earlier = day.adding(days: -1)
      {
        day = earlier
      }
      return day
    case .yearly(let monthNumber, let day):
      guard month.month == monthNumber else { return nil }
      return Day(unchecked: month.year, month.month, min(day, month.numberOfDays))
    case .weekly:
      return nil
    }
  }
}

extension RecurringRule {
  /// The days the rule falls on within `days`, bounded by its start and end.
  /// - Parameter days: The range to look in.
  /// - Returns: The rule's days in the range, in order.
  public func days(in days: ClosedRange<Day>) -> [Day] {
    let active = activeDays
    let lower = max(days.lowerBound, active.lowerBound)
    let upper = min(days.upperBound, active.upperBound)
    guard lower <= upper else { return [] }
    return schedule.days(in: lower...upper)
  }

  /// Whether the rule falls on `day`.
  /// - Parameter day: Any day.
  /// - Returns: `true` when `day` is one of the rule's days.
  public func falls(on day: Day) -> Bool {
    !days(in: day...day).isEmpty
  }
}
