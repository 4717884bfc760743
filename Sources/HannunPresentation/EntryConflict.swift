import HannunDomain

/// What another window (or a script) did to an entry after a form or question was opened on it.
/// The store wrote nothing; a frontend shows the entry as it is now.
///
/// Every way an entry's write can meet another window's change finds it here, once: the entry
/// form (``TransactionFormViewModel/refusal``), the delete question
/// (``DeleteConfirmationViewModel/conflict``) and a delete by reference
/// (``AppCoordinator/delete(_:)``, whose error a frontend reads with ``init(refusing:)``).
public enum EntryConflict: Hashable, Sendable {
  /// The entry was changed; this is how it is stored now.
  case changed(Transaction)
  /// The entry, as this form knew it, was deleted.
  case deleted(Transaction)

  /// The conflict a refused write names, or `nil` when the write was refused for another reason.
  /// - Parameter error: What the write threw: a conflict is
  ///   ``LedgerError/staleTransaction(expected:current:)``, as such or as ``AppError/ledger(_:)``.
  public init?(refusing error: any Error) {
    let stale: LedgerError? =
      switch error {
      case let error as LedgerError: error
      case AppError.ledger(let error) as AppError: error
      default: nil
      }
    guard case .staleTransaction(let expected, let current)? = stale else { return nil }
    self = current.map(EntryConflict.changed) ?? .deleted(expected)
  }

  /// The entry as stored now, or `nil` when it is gone.
  public var current: Transaction? {
    if case .changed(let entry) = self { return entry }
    return nil
  }
}
