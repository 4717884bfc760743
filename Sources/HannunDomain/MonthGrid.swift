/// A month laid out as calendar rows: weeks of exactly seven slots, empty (`nil`) before the 1st
/// and after the last day.
public struct MonthGrid: Hashable, Sendable {
  /// The month laid out.
  public let month: YearMonth
  /// The weekday of each row's first slot.
  public let firstWeekday: Weekday
  /// Four to six rows of seven slots each.
  public let weeks: [[Day?]]

  /// Lays out `month` with weeks beginning on `firstWeekday`.
  /// - Parameters:
  ///   - month: The month to lay out.
  ///   - firstWeekday: The weekday of the first column.
  public init(month: YearMonth, firstWeekday: Weekday) {
    self.month = month
    self.firstWeekday = firstWeekday
    let leading = (month.firstDay.weekday.rawValue - firstWeekday.rawValue + 7) % 7
    let slots: [Day?] = Array(repeating: nil, count: leading) + month.days.map { $0 }
    let trailing = (7 - slots.count % 7) % 7
    let padded = slots + Array(repeating: nil, count: trailing)
    weeks = stride(from: 0, to: padded.count, by: 7).map { Array(padded[$0..<$0 + 7]) }
  }
}

extension Day {
  /// The seven days of the week containing this day, starting on `firstWeekday`; a slot is `nil`
  /// only where the week runs past ``Day/supportedRange``.
  /// - Parameter firstWeekday: The weekday the week starts on.
  /// - Returns: Seven slots, in order.
  public func week(firstWeekday: Weekday) -> [Day?] {
    let offset = (weekday.rawValue - firstWeekday.rawValue + 7) % 7
    return (0..<7).map { adding(days: $0 - offset) }
  }
}
