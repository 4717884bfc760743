/// One change to the ledger, kept so it can be undone and redone.
public enum LedgerEdit: Hashable, Sendable {
  /// A new entry was stored, as it was stored.
  case added(Transaction)
  /// An entry was changed from `before` to `after` (same id).
  case edited(before: Transaction, after: Transaction)
  /// An entry was removed, as it was stored before.
  case deleted(Transaction)
  /// Several entries changed in one write (a category renamed); undone and redone in one step.
  case batch(LedgerBatch)
  /// Entries read from a file were added (an import), kept by their ids; undone, it becomes the
  /// ``batch(_:)`` that stores the entries it took away again.
  case imported(ImportedEntries)
  /// A day's mood set, changed or cleared (see `LedgerEditor+Mood.swift`).
  case mood(MoodEdit)

  /// The id of the entry the edit is about; for a batch, its first change's (an empty batch is
  /// never recorded).
  public var entryID: TransactionID {
    switch self {
    case .added(let entry), .deleted(let entry): entry.id
    case .edited(let before, _): before.id
    case .batch(let batch): batch.changes.first?.entryID ?? TransactionID("")
    case .imported(let imported): imported.orderedIDs.first { _ in true } ?? TransactionID("")
    case .mood: TransactionID("")
    }
  }

  /// The months whose totals this edit changes.
  public var months: Set<YearMonth> {
    switch self {
    case .added(let entry), .deleted(let entry): [entry.day.yearMonth]
    case .edited(let before, let after): [before.day.yearMonth, after.day.yearMonth]
    case .batch(let batch): batch.months
    case .imported(let imported): imported.months
    case .mood(let edit): [edit.day.yearMonth]
    }
  }
}
