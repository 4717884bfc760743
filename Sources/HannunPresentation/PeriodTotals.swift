import HannunDomain

/// Income, expense and balance of a span of days: what a calendar's header shows.
public struct PeriodTotals: Hashable, Sendable {
  /// Money in.
  public let income: Money
  /// Money out.
  public let expense: Money
  /// Income minus expense.
  public let balance: Money

  /// Totals with the balance worked out.
  /// - Parameter summary: The span's income and expense.
  /// - Throws: ``LedgerError/totalOverflow`` when the balance does not fit.
  public init(_ summary: DaySummary) throws(LedgerError) {
    self.income = summary.income
    self.expense = summary.expense
    self.balance = try summary.balance()
  }

  /// Totals as they are: for a month whose balance is already known.
  public init(income: Money, expense: Money, balance: Money) {
    self.income = income
    self.expense = expense
    self.balance = balance
  }
}

extension CalendarViewModel {
  /// The totals of what the grid shows: the shown month's in month shape; in week shape, the
  /// selected day's week's, days of a neighbouring month included — the same days whose cells
  /// the week draws.
  /// - Throws: ``LedgerError/totalOverflow`` when the week's totals do not fit, even though each
  ///   month's do.
  public func shownTotals() throws(LedgerError) -> PeriodTotals {
    switch shape {
    case .month: PeriodTotals(income: monthIncome, expense: monthExpense, balance: monthBalance)
    case .week: try weekTotals()
    }
  }

  /// The selected day's week's income, expense and balance, from the entries the calendar holds.
  /// - Throws: ``LedgerError/totalOverflow`` when they do not fit.
  public func weekTotals() throws(LedgerError) -> PeriodTotals {
    try PeriodTotals(weekSummary())
  }
}
