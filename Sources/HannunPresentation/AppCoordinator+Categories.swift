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
}
