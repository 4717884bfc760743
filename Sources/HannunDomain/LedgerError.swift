/// Failures of ledger rules and storage, each with a message a user can act on.
public enum LedgerError: Error, Equatable, Sendable {
  /// A sum of amounts does not fit in 64 bits.
  case totalOverflow
  /// No entry has this id (or id prefix).
  case unknownTransaction(String)
  /// More than one entry starts with this id prefix.
  case ambiguousTransaction(String)
  /// An entry with this id exists already.
  case duplicateTransaction(TransactionID)
  /// A stored file could not be read or understood; nothing was changed.
  case unreadableFile(path: String, reason: String)
  /// A file could not be written; the previous contents are untouched.
  case unwritableFile(path: String, reason: String)
  /// The ledger was created with another currency.
  case currencyMismatch(ledger: String, requested: String)
  /// An edit or delete was based on `expected`, but the stored entry has changed since (another
  /// window or a script wrote it) or is gone (`current` is `nil`); nothing was written.
  case staleTransaction(expected: Transaction, current: Transaction?)
  /// An undo or redo step could not apply because another writer changed what it touches; the
  /// step was dropped from the history. `current` is the entry as stored now, if any.
  case editNoLongerApplies(LedgerEdit, current: Transaction?)
}

extension LedgerError: CustomStringConvertible {
  public var description: String {
    switch self {
    case .totalOverflow:
      "the total is too large to compute exactly; check for mistyped amounts"
    case .unknownTransaction(let id):
      "no entry has the id '\(id)'"
    case .ambiguousTransaction(let id):
      "more than one entry has an id starting with '\(id)'; give more characters"
    case .duplicateTransaction(let id):
      "an entry with the id '\(id)' already exists"
    case .unreadableFile(let path, let reason):
      "cannot read \(path): \(reason); the file was left untouched"
    case .unwritableFile(let path, let reason):
      "cannot write \(path): \(reason); nothing was changed"
    case .currencyMismatch(let ledger, let requested):
      "this ledger keeps amounts in \(ledger); --currency \(requested) does not match"
    case .staleTransaction(let expected, nil):
      "the entry '\(expected.id)' was deleted elsewhere since it was read; nothing was changed"
    case .staleTransaction(let expected, .some):
      "the entry '\(expected.id)' was changed elsewhere since it was read; nothing was changed"
    case .editNoLongerApplies:
      "this step can no longer be applied because the entry was changed elsewhere; it was dropped"
    }
  }
}
