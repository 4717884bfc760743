import Foundation
import HannunDomain

extension LedgerLayout {
  /// The budgets, relative to `ledger/`.
  static let budgetsFile = "budgets.json"

  /// The absolute path of the budgets.
  var budgetsPath: String { path(Self.budgetsFile) }
}

/// The budgets live in `ledger/budgets.json` (``StoredBudgets``), read under the shared lock and
/// replaced under the exclusive lock through the same journalled commit as entries, so a kill
/// leaves the old plan or the new one, never half of either.
extension JSONFileTransactionStore: BudgetRepository {
  /// Reads `budgets.json`; no file is no budgets.
  public func budgetPlan() async throws -> BudgetPlan {
    try await reading { () throws(LedgerError) in
      try storedBudgets()?.plan(path: layout.budgetsPath)
    }
      ?? .empty
  }

  /// Replaces `budgets.json` when it still holds `current`, in one journalled commit (which
  /// creates `meta.json` for a new ledger); publishes a change without months.
  public func replaceBudgetPlan(_ current: BudgetPlan, with updated: BudgetPlan) async throws {
    try await writing { () throws(LedgerError) in
      let stored = try storedBudgets()
      let plan = try stored?.plan(path: layout.budgetsPath) ?? .empty
      guard plan == current else { throw LedgerError.staleBudgets(current: plan) }
      guard plan != updated else { return }
      let data: Data? =
        updated.isEmpty && stored?.otherFields.isEmpty ?? true
        ? nil : BudgetFileCodec.encode(StoredBudgets(updated, keepingUnknownFrom: stored))
      var index = try currentIndex(forWriting: true)
      try commit([], ids: [:], index: &index, otherFiles: [LedgerLayout.budgetsFile: data])
      feed.publish(months: [])
    }
  }

  /// The document in `budgets.json`, or `nil` when there is none.
  private func storedBudgets() throws(LedgerError) -> StoredBudgets? {
    let path = layout.budgetsPath
    guard let file = try POSIXFiles.read(path: path) else { return nil }
    return try BudgetFileCodec.decode(file.data, path: path)
  }
}
