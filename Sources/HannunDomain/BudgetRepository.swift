/// Where the ledger's budgets are kept. Writes are conditional like entries': a plan is replaced
/// only when the stored one is still the plan the change was based on, so two windows never
/// silently overwrite each other's budgets.
public protocol BudgetRepository: Sendable {
  /// The stored budgets; ``BudgetPlan/empty`` when there are none.
  /// - Throws: ``LedgerError/unreadableFile(path:reason:)`` when the stored budgets cannot be
  ///   read.
  func budgetPlan() async throws -> BudgetPlan

  /// Replaces the budgets with `updated`, provided the stored plan is still `current`.
  /// - Parameters:
  ///   - current: The plan as the caller last read it.
  ///   - updated: What it becomes.
  /// - Throws: ``LedgerError/staleBudgets(current:)`` with the stored plan when it changed since
  ///   `current` was read; nothing is written.
  func replaceBudgetPlan(_ current: BudgetPlan, with updated: BudgetPlan) async throws
}
