/// The three months a pager keeps loaded: [previous, current, next].
///
/// Sliding replaces the window instead of growing a list, so going forward k months and back k
/// months gives back the same window — the fix for the calendar that lost its days after paging
/// back and forth. At the ends of the supported range the outer slot is empty.
public struct MonthWindow: Hashable, Sendable {
  /// The month in the middle: the one on screen.
  public let current: YearMonth

  /// The window with `current` in the middle.
  /// - Parameter current: The month on screen.
  public init(centeredOn current: YearMonth) {
    self.current = current
  }

  /// The month before ``current``, or `nil` at 1583-01.
  public var previous: YearMonth? { try? current.adding(months: -1) }
  /// The month after ``current``, or `nil` at 9999-12.
  public var next: YearMonth? { try? current.adding(months: 1) }

  /// Always three slots: previous, current and next.
  public var months: [YearMonth?] { [previous, current, next] }

  /// The days the window covers, for a single range query.
  public var dayRange: ClosedRange<Day> {
    (previous ?? current).firstDay...(next ?? current).lastDay
  }

  /// The window one month later.
  /// - Returns: The window centred on the month after ``current``.
  /// - Throws: ``DateInputError/navigationLimit(_:)`` at 9999-12.
  public func slidForward() throws(DateInputError) -> MonthWindow {
    MonthWindow(centeredOn: try current.adding(months: 1))
  }

  /// The window one month earlier.
  /// - Returns: The window centred on the month before ``current``.
  /// - Throws: ``DateInputError/navigationLimit(_:)`` at 1583-01.
  public func slidBackward() throws(DateInputError) -> MonthWindow {
    MonthWindow(centeredOn: try current.adding(months: -1))
  }
}
