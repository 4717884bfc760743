extension LedgerEditor {
  /// Gives every entry of the category `old` the category `new`, across the whole ledger, in one
  /// write (``TransactionRepository/apply(_:)``) and one undo step. When `new` is already in use
  /// the two categories are merged.
  ///
  /// The months to read come from the repository's per-month category totals, so only the
  /// months holding `old` are read and rewritten. Each entry is updated from the version just
  /// read: when another writer changes or deletes one of them before the write, the write is
  /// refused whole (``LedgerError/staleTransaction(expected:current:)``) and nothing changes; the
  /// rename can simply be run again.
  /// - Parameters:
  ///   - old: The category as stored (surrounding spaces are ignored).
  ///   - new: The new name, checked by ``TransactionRules/category(_:)``.
  /// - Returns: The batch written: its purpose says whether it merged, its changes how many
  ///   entries moved.
  /// - Throws: ``FieldInputError`` for a blank or invalid name,
  ///   ``CategoryRenameError/sameName(_:)``, ``CategoryRenameError/unknownCategory(_:)`` when no
  ///   entry has `old`, or what the repository throws.
  @discardableResult
  public func renameCategory(_ old: String, to new: String) async throws -> LedgerBatch {
    let from = old.trimmedSpaces
    guard !from.isEmpty else { throw FieldInputError.emptyCategory }
    let to = try TransactionRules.category(new)
    guard from != to else { throw CategoryRenameError.sameName(from) }
    let totals = try await repository.categoryTotals(in: YearMonth.supportedRange)
    let months = totals.filter { $0.totals.contains { $0.category == from } }.map(\.month)
    guard !months.isEmpty else { throw CategoryRenameError.unknownCategory(from) }
    let merged = totals.contains { $0.totals.contains { $0.category == to } }
    let now = stamp()
    var changes: [EntryChange] = []
    for month in months {
      for entry in try await repository.transactions(in: month.dayRange)
      where entry.category == from {
        var renamed = entry
        renamed.category = to
        renamed.updatedAt = now
        changes.append(.update(entry, to: renamed))
      }
    }
    guard !changes.isEmpty else { throw CategoryRenameError.unknownCategory(from) }
    let batch = LedgerBatch(
      purpose: .renameCategory(from: from, to: to, merged: merged), changes: changes)
    try await apply(batch)
    return batch
  }
}
