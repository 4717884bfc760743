import HannunDomain

/// What another window (or a script) did to an entry after a form or question was opened on it.
/// The store wrote nothing; a frontend shows the entry as it is now.
public enum EntryConflict: Hashable, Sendable {
  /// The entry was changed; this is how it is stored now.
  case changed(Transaction)
  /// The entry, as this form knew it, was deleted.
  case deleted(Transaction)

  /// The entry as stored now, or `nil` when it is gone.
  public var current: Transaction? {
    if case .changed(let entry) = self { return entry }
    return nil
  }
}
