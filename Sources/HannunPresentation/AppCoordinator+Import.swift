import HannunDomain

extension AppCoordinator {
  /// What importing `drafts` would add (``LedgerEditor/planImport(_:)``); nothing is written.
  /// - Parameter drafts: The entries read from a file.
  /// - Returns: The plan.
  /// - Throws: What reading the ledger throws.
  public func planImport(_ drafts: [TransactionDraft]) async throws -> ImportPlan {
    try await editor.planImport(drafts)
  }

  /// Adds a plan's entries in one write and one undo step (``LedgerEditor/importEntries(_:)``).
  /// A started calendar hears of it through the repository's change feed.
  /// - Parameter plan: What ``planImport(_:)`` found.
  /// - Returns: The batch written.
  /// - Throws: What the write throws; nothing is written then.
  @discardableResult
  public func importEntries(_ plan: ImportPlan) async throws -> LedgerBatch {
    let batch = try await editor.importEntries(plan)
    await refreshHistory()
    return batch
  }
}
