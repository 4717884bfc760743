import HannunDomain

extension CalendarViewModel {
  /// The shown month's budgets against its expenses, for the header ("what is left"); `nil`
  /// when the ledger has no budget that month, the month is not loaded, or a sum does not fit.
  public var budgetStatus: BudgetStatus? {
    guard let plan = budgetPlan, summaries[currentMonth] != nil else { return nil }
    let month = currentMonth
    guard
      let totals = try? MonthCategoryTotals(
        month: month, transactions: entriesByMonth[month] ?? []),
      let status = try? BudgetStatus(month: month, plan: plan, totals: totals),
      !status.isEmpty
    else { return nil }
    return status
  }

  /// What is left of the shown month's budget, for the header (negative when over): see
  /// ``HannunDomain/BudgetStatus/left``; `nil` without a budget that month.
  public var budgetLeft: Money? { budgetStatus.flatMap(\.left) }
}

extension BudgetStatus {
  /// What is left of the month's budget: the whole month's budget, or, without one, the
  /// categories' budgets together (negative when over); `nil` when a sum does not fit.
  public var left: Money? {
    if let total { return total.remaining }
    var limit = Money.zero
    var spent = Money.zero
    do throws(LedgerError) {
      for line in categories {
        limit = try limit.adding(Money(line.limit))
        spent = try spent.adding(line.spent)
      }
      return try limit.subtracting(spent)
    } catch {
      return nil
    }
  }
}
