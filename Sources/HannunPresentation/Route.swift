import HannunDomain

/// A screen, as data. The calendar is the root and is never on the stack; the stack holds what
/// was opened on top of it, so any frontend can draw the top route however it likes.
public enum Route: Hashable, Sendable {
  case transactionForm(TransactionFormViewModel.Mode)
  case deleteConfirmation(TransactionID)
  case yearMonthPicker
}
