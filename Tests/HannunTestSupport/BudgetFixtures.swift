import HannunDomain

extension BudgetPlan {
  /// A plan built from `(category or nil, from, limit or nil)` triples, in any order; a typo in
  /// a month traps, as a test bug.
  /// - Parameter changes: The changes: category (`nil`: the whole ledger), first month
  ///   `YYYY-MM`, limit in minor units (`nil`: no budget).
  /// - Returns: The plan.
  public static func fixture(_ changes: [(String?, String, Int64?)]) -> BudgetPlan {
    BudgetPlan(
      changes: changes.map { category, from, limit in
        BudgetChange(
          scope: category.map(BudgetScope.category) ?? .total, from: Fixtures.month(from),
          limit: limit.map(Fixtures.amount))
      })
  }
}
