import HannunDomain

/// A screen, as data. The calendar is the root of every stack and is never popped; above it,
/// ``AppCoordinator/path`` holds what was opened on top, so any frontend can draw the top route
/// however it likes.
public enum Route: Hashable, Sendable {
  case calendar
  case transactionForm(TransactionFormViewModel.Mode)
  case deleteConfirmation(TransactionID)
  case yearMonthPicker
}
