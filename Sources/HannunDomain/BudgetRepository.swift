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

  /// Changes some budget scopes (``BudgetEdit``) on the budgets as stored when the change is
  /// made: each scope the edit names must still have the history it was based on, and every
  /// other scope keeps what is stored — so two windows setting budgets of different categories
  /// at once both succeed, and only a change of the same scope is refused.
  /// - Parameter edit: The scopes to change.
  /// - Returns: The budgets as stored after the change.
  /// - Throws: ``LedgerError/staleBudgets(current:)`` with the stored plan when a scope the edit
  ///   names changed since it was read; nothing is written.
  func changeBudgets(_ edit: BudgetEdit) async throws -> BudgetPlan
}
