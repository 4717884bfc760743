/// Failures of ledger rules and storage, as values: Presentation's `MessageCatalog` says them in
/// the user's language. The `reason` of a file error is the system's or the parser's own detail.
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
  case unreadableFile(path: String, reason: FileProblem)
  /// A file could not be written; the previous contents are untouched.
  case unwritableFile(path: String, reason: FileProblem)
  /// A write of several files was made — its journal (`journal`, an absolute path) is on disk —
  /// but `path` could not be put in place, for `reason`: the next process to open the ledger
  /// finishes the write from the journal once the reason is mended.
  case unfinishedWrite(path: String, reason: FileProblem, journal: String)
  /// The ledger was created with another currency.
  case currencyMismatch(ledger: String, requested: String)
  /// An edit or delete was based on `expected`, but the stored entry has changed since (another
  /// window or a script wrote it) or is gone (`current` is `nil`); nothing was written.
  case staleTransaction(expected: Transaction, current: Transaction?)
  /// An undo or redo step could not apply because another writer changed what it touches; the
  /// step was dropped from the history. `current` is the entry as stored now, if any.
  case editNoLongerApplies(LedgerEdit, current: Transaction?)
  /// The budgets were changed by another window or script since they were read; `current` is
  /// the plan as stored now. Nothing was written.
  case staleBudgets(current: BudgetPlan)
  /// A budget was to be removed from a month on, but the scope has no budget then or later.
  case noBudget(BudgetScope, from: YearMonth)
  /// A recurring rule or occurrence was refused; nothing was written.
  case recurring(RecurringError)
  /// The sum of one month's amounts (of a kind, or of a category) does not fit in 64 bits: the
  /// month to look at for a mistyped amount.
  case monthTotalOverflow(YearMonth)
}
