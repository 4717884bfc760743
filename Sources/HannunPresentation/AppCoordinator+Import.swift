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

extension AppCoordinator {
  /// Opens the preview of importing `drafts`: what would be added, left out as already in the
  /// ledger, and refused; nothing is written until it is confirmed, through
  /// ``importEntries(_:)`` (one write, one undo step).
  /// - Parameters:
  ///   - drafts: The entries read from a file.
  ///   - refused: What the file's reader refused.
  ///   - rereadingBudgets: Whether the budgets are read again before the notices after the
  ///     import; `false` for a frontend that keeps them current on every change.
  /// - Returns: The preview, now on top of ``path``.
  /// - Throws: What reading the ledger throws, and ``LedgerError/totalOverflow`` when a month's
  ///   total does not fit; nothing opens.
  @discardableResult
  public func showImportPreview(
    _ drafts: [TransactionDraft], refused: [ImportRefusal], rereadingBudgets: Bool = true
  ) async throws -> ImportPreviewViewModel {
    let preview = try ImportPreviewViewModel(
      plan: try await planImport(drafts), refused: refused, budgets: budgets,
      rereadsBudgets: rereadingBudgets,
      write: { [weak self] plan in
        guard let self else { throw CancellationError() }
        return try await self.importEntries(plan)
      })
    path.append(.importPreview(preview))
    return preview
  }
}
