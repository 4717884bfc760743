import HannunDomain

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

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
      var index = try currentIndex(forWriting: true)
      try commit(
        [], ids: [:], index: &index,
        otherFiles: [LedgerLayout.budgetsFile: budgetsData(updated, stored: stored)])
      feed.publish(months: [])
    }
  }

  /// Makes `edit` on `budgets.json` as it is under the exclusive lock: each scope it names must
  /// still have the history the edit was based on, and every other scope keeps what is stored,
  /// so budgets of different categories set at once both stay.
  public func changeBudgets(_ edit: BudgetEdit) async throws -> BudgetPlan {
    try await writing { () throws(LedgerError) -> BudgetPlan in
      let stored = try storedBudgets()
      let plan = try stored?.plan(path: layout.budgetsPath) ?? .empty
      let updated = try plan.applying(edit)
      guard updated != plan else { return plan }
      var index = try currentIndex(forWriting: true)
      try commit(
        [], ids: [:], index: &index,
        otherFiles: [LedgerLayout.budgetsFile: budgetsData(updated, stored: stored)])
      feed.publish(months: [])
      return updated
    }
  }

  /// What `budgets.json` becomes for `plan`: `nil` (no file) when it is empty and the stored
  /// document has no fields of a newer Hannun to keep.
  func budgetsData(_ plan: BudgetPlan, stored: StoredBudgets?) -> Data? {
    plan.isEmpty && stored?.otherFields.isEmpty ?? true
      ? nil : BudgetFileCodec.encode(StoredBudgets(plan, keepingUnknownFrom: stored))
  }

  /// The document in `budgets.json`, or `nil` when there is none.
  func storedBudgets() throws(LedgerError) -> StoredBudgets? {
    let path = layout.budgetsPath
    guard let file = try POSIXFiles.read(ledgerFile: path) else { return nil }
    return try BudgetFileCodec.decode(file.data, path: path)
  }
}
