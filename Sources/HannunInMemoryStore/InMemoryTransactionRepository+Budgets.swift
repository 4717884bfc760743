import HannunDomain

/// Budgets in memory, with the file store's conditional replace and change feed.
extension InMemoryTransactionRepository: BudgetRepository {
  /// The stored budgets.
  public func budgetPlan() async throws -> BudgetPlan { storedBudgetPlan }

  /// Replaces the budgets when `current` is what is stored; otherwise throws
  /// ``LedgerError/staleBudgets(current:)``. The error given to ``failNextWrite(with:)`` is
  /// thrown first.
  public func replaceBudgetPlan(_ current: BudgetPlan, with updated: BudgetPlan) async throws {
    try consumeFailure()
    guard storedBudgetPlan == current else {
      throw LedgerError.staleBudgets(current: storedBudgetPlan)
    }
    guard updated != current else { return }
    storedBudgetPlan = updated
    feed.publish(months: [])
  }

  /// Makes `edit` on the stored budgets (see ``BudgetRepository/changeBudgets(_:)``); the error
  /// given to ``failNextWrite(with:)`` is thrown first.
  public func changeBudgets(_ edit: BudgetEdit) async throws -> BudgetPlan {
    try consumeFailure()
    let updated = try storedBudgetPlan.applying(edit)
    guard updated != storedBudgetPlan else { return updated }
    storedBudgetPlan = updated
    feed.publish(months: [])
    return updated
  }

  /// Replaces the budgets without publishing a change, as another process would.
  /// - Parameter plan: The new budgets.
  public func replaceBudgetPlanUnannounced(_ plan: BudgetPlan) {
    unannouncedWrites += 1
    storedBudgetPlan = plan
  }
}
