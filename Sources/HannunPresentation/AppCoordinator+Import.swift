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
  /// - Returns: What was added.
  /// - Throws: What the write throws; nothing is written then.
  @discardableResult
  public func importEntries(_ plan: ImportPlan) async throws -> ImportedEntries {
    let added = try await editor.importEntries(plan)
    await refreshHistory()
    return added
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
    try await showImportPreview(
      ImportRows(drafts), refused: refused, rereadingBudgets: rereadingBudgets)
  }

  /// ``showImportPreview(_:refused:rereadingBudgets:)-([TransactionDraft],_,_)`` of rows read
  /// packed by month (``ImportRows``): a large file's rows are planned and kept in one copy.
  /// - Parameters:
  ///   - rows: The entries read from a file; handed over.
  ///   - refused: What the file's reader refused.
  ///   - rereadingBudgets: Whether the budgets are read again before the notices.
  /// - Returns: The preview, now on top of ``path``.
  /// - Throws: What reading the ledger throws, and ``LedgerError/totalOverflow`` when a month's
  ///   total does not fit; nothing opens.
  @discardableResult
  public func showImportPreview(
    _ rows: consuming ImportRows, refused: [ImportRefusal], rereadingBudgets: Bool = true
  ) async throws -> ImportPreviewViewModel {
    let preview = try ImportPreviewViewModel(
      plan: try await editor.planImport(rows), refused: refused, budgets: budgets,
      rereadsBudgets: rereadingBudgets,
      write: { [weak self] plan in
        guard let self else { throw CancellationError() }
        return try await self.importEntries(plan)
      })
    path.append(.importPreview(preview))
    return preview
  }
}
