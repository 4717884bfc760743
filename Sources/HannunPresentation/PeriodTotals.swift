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

/// What a calendar's header may state of the totals of the days it shows: the totals, or why
/// there are none to state. A month that could not be read has unknown totals, not zero ones.
public enum ShownTotals: Hashable, Sendable {
  /// Every day shown was read: these are its totals.
  case known(PeriodTotals)
  /// A month with days on screen could not be read (its file lost or damaged): the totals are
  /// unknown. In week shape this holds for a week reaching into such a month too, though the
  /// days of the other month keep their own totals in their cells.
  case unavailable
  /// The totals do not fit in 64-bit minor units.
  case tooLarge
}

extension CalendarViewModel {
  /// What the header states: ``shownTotals()`` when every month with days on screen was read,
  /// ``ShownTotals/unavailable`` when one could not be, ``ShownTotals/tooLarge`` when the sums
  /// do not fit. Frontends draw the header from this, never from ``shownTotals()`` alone.
  public var headerTotals: ShownTotals {
    guard loadFailure == nil else { return .unavailable }
    do {
      return .known(try shownTotals())
    } catch {
      return .tooLarge
    }
  }

  /// The totals of what the grid shows: the shown month's in month shape; in week shape, the
  /// selected day's week's, days of a neighbouring month included — the same days whose cells
  /// the week draws. They add up what the calendar holds: a month that could not be read adds
  /// nothing, so a header asks ``headerTotals`` instead.
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
