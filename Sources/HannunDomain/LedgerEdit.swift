/// One change to the ledger, kept so it can be undone and redone.
public enum LedgerEdit: Hashable, Sendable {
  case added(Transaction)
  case edited(before: Transaction, after: Transaction)
  case deleted(Transaction)

  /// The id of the entry the edit is about.
  public var entryID: TransactionID {
    switch self {
    case .added(let entry), .deleted(let entry): entry.id
    case .edited(let before, _): before.id
    }
  }

  /// The months whose totals this edit changes.
  public var months: Set<YearMonth> {
    switch self {
    case .added(let entry), .deleted(let entry): [entry.day.yearMonth]
    case .edited(let before, let after): [before.day.yearMonth, after.day.yearMonth]
    }
  }
}
