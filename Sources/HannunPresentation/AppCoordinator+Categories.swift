import HannunDomain

extension AppCoordinator {
  /// A category list over this coordinator's repository, loaded.
  /// - Parameter span: The months to list, or `nil` for all time.
  /// - Returns: The loaded list; a failure to load is in its
  ///   ``CategoryListViewModel/loadFailure``.
  public func categoryList(of span: ClosedRange<YearMonth>?) async -> CategoryListViewModel {
    let list = CategoryListViewModel(repository: repository, span: span)
    await list.load()
    return list
  }

  /// Renames or merges a category across the whole ledger in one write and one undo step
  /// (``LedgerEditor/renameCategory(_:to:)``). A started calendar hears of it through the
  /// repository's change feed, like any write (await its `settle()` before drawing).
  /// - Parameters:
  ///   - old: The category as stored.
  ///   - new: The new name; an existing category merges the two.
  /// - Returns: The batch written; its purpose says whether it merged.
  /// - Throws: What ``LedgerEditor/renameCategory(_:to:)`` throws; nothing is written then.
  @discardableResult
  public func renameCategory(_ old: String, to new: String) async throws -> LedgerBatch {
    let batch = try await editor.renameCategory(old, to: new)
    await refreshHistory()
    return batch
  }

  /// What renaming `old` to `new` would move now (``CategoryRenameCounts``), read from the
  /// ledger's category totals, budgets and rules without the write lock: for a frontend that
  /// keeps a rename's answer before making it, so that the same form sent again after a stop
  /// says the same line. A write by another window in between can make the rename itself move
  /// more or less. `nil` when the rename would be refused or the ledger cannot be read.
  /// - Parameters:
  ///   - old: The category as stored.
  ///   - new: The new name.
  /// - Returns: The counts, or `nil`.
  public func renameCounts(_ old: String, to new: String) async -> CategoryRenameCounts? {
    guard let totals = try? await repository.categoryTotals(in: YearMonth.supportedRange) else {
      return nil
    }
    await budgets.refresh()
    await recurring.load()
    guard budgets.loadFailure == nil, recurring.loadFailure == nil else { return nil }
    return CategoryRenameCounts(
      renaming: old, to: new, totals: totals, budgets: budgets.plan, plan: recurring.plan)
  }
}
