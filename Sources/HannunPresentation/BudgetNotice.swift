import HannunDomain

/// Said right after a saved entry leaves a budget it counts against over its limit: the
/// category's, the whole month's, or both. A value, so every frontend says the same thing in the
/// user's language (``lines(in:money:)``).
public struct BudgetNotice: Hashable, Sendable {
  /// The month of the entry.
  public let month: YearMonth
  /// The budgets now over their limit, the category's first.
  public let overruns: [BudgetLine]

  /// A notice for budgets that are over.
  /// - Parameters:
  ///   - month: The month.
  ///   - overruns: The lines over their limit; not empty.
  public init(month: YearMonth, overruns: [BudgetLine]) {
    self.month = month
    self.overruns = overruns
  }
}
