import Foundation

/// An import as its undo step keeps it: the ids it added, month by month, and the instant it
/// stamped them with — not the entries, which are in the ledger (a statement of a million rows
/// is some 16 MB of ids here, where its entries would be a hundred). Undoing it removes each of
/// them, provided it is still as the import stored it; the entries taken away then are what a
/// redo puts back (``LedgerEditor/undo()``).
public struct ImportedEntries: Hashable, Sendable {
  /// How many entries the import added.
  public let count: Int
  /// How many rows it left out because the ledger already had them.
  public let skipped: Int
  /// The instant each entry added was created and last updated with.
  public let stamp: Date
  /// The ids added, by month.
  public let ids: [YearMonth: [TransactionID]]

  /// An import's record.
  /// - Parameters:
  ///   - count: The entries added.
  ///   - skipped: The rows left out as already there.
  ///   - stamp: Each entry's created and updated instant.
  ///   - ids: The ids added, by month.
  public init(count: Int, skipped: Int, stamp: Date, ids: [YearMonth: [TransactionID]]) {
    self.count = count
    self.skipped = skipped
    self.stamp = stamp
    self.ids = ids
  }

  /// The months the import added to.
  public var months: Set<YearMonth> { Set(ids.keys) }

  /// The ids, months in order, the order they were added in within each.
  public var orderedIDs: some Sequence<TransactionID> {
    ids.keys.sorted().lazy.flatMap { ids[$0] ?? [] }
  }
}

extension LedgerEditor {
  /// Removes the entries `imported` added, in one write, each only if it is still as the import
  /// stored it (created and updated at its stamp, in the month it was added to).
  /// - Returns: The entries removed, as the insertions that store them again (a redo), months in
  ///   order.
  /// - Throws: ``LedgerError/unknownTransaction(_:)`` for an entry deleted or moved to another
  ///   month meanwhile, ``LedgerError/staleTransaction(expected:current:)`` for one edited, or
  ///   what the repository throws; nothing is written then.
  func removeImported(_ imported: ImportedEntries) async throws -> [EntryChange] {
    try await repository.commit { snapshot in
      var removed: [EntryChange] = []
      removed.reserveCapacity(imported.count)
      var restored: [EntryChange] = []
      restored.reserveCapacity(imported.count)
      for month in imported.ids.keys.sorted() {
        let wanted = imported.ids[month] ?? []
        var stored: [TransactionID: Transaction] = [:]
        for entry in try snapshot.transactions(in: month.dayRange) { stored[entry.id] = entry }
        for id in wanted {
          guard let entry = stored[id] else { throw LedgerError.unknownTransaction(id.rawValue) }
          guard entry.createdAt == imported.stamp, entry.updatedAt == imported.stamp else {
            var expected = entry
            expected.updatedAt = imported.stamp
            throw LedgerError.staleTransaction(expected: expected, current: entry)
          }
          removed.append(.delete(entry))
          restored.append(.insert(entry))
        }
      }
      return (LedgerWrite(entries: removed), restored)
    }
  }
}
