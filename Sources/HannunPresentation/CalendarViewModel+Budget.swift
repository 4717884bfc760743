import HannunDomain

extension CalendarViewModel {
  /// The shown month's budgets against its expenses, for the header ("what is left"); `nil`
  /// when the ledger has no budget that month, the month is not loaded, or a sum does not fit.
  public var budgetStatus: BudgetStatus? {
    let month = currentMonth
    // A month without limits has no status: its totals are not summed.
    guard let plan = budgetPlan, summaries[month] != nil, !plan.limits(in: month).isEmpty
    else { return nil }
    guard
      let totals = try? MonthCategoryTotals(
        month: month, transactions: entriesByMonth[month] ?? []),
      let status = try? BudgetStatus(month: month, plan: plan, totals: totals),
      !status.isEmpty
    else { return nil }
    return status
  }
}
