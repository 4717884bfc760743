import HannunDomain
import HannunPresentation

/// The REPL's own sentences, in the calendar's language. Ledger text inside them is escaped by
/// the caller's ``TerminalText/sanitized(_:)``; the delete question keeps the wording the issue
/// tracker fixed (`Delete "<memo> <amount>"? [y/N]`) in both languages.
struct SessionText {
  let language: DisplayLanguage
  let money: MoneyFormatter

  /// The session's sentences in its language, from Presentation's catalogue.
  var words: any SessionMessages { language.session }

  /// Error sentences in the same language, naming the REPL's commands and suggesting amounts in
  /// the ledger's currency.
  var messages: any MessageCatalog { language.messages(hints: .repl, currency: money.currency) }

  /// The delete question, with the ledger text in it escaped for the terminal:
  /// `"점심 김밥 ₩12,500"을(를) 삭제할까요? [y/N] ` or `Delete "lunch ₩12,000"? [y/N] `.
  @MainActor
  func deleteQuestion(_ confirmation: DeleteConfirmationViewModel) -> String {
    let what = TerminalText.sanitized(
      "\(confirmation.label) \(money.string(Money(confirmation.entry.amount)))")
    return words.deleteQuestion(what)
  }

  /// Whether a reply to a yes/no question says yes: y, yes, 예, 네, ㅇ (any case, spaces around).
  static func isYes(_ reply: String) -> Bool {
    ["y", "yes", "예", "네", "ㅇ", "응"].contains(reply.trimmingSpaces.lowercased())
  }

  var hint: String { words.hint }

  var nothingToCancel: String { words.nothingToCancel }

  func formIntro(editing: Bool) -> String { words.formIntro(editing: editing) }

  /// Drawn instead of a screen when the terminal is smaller than 40×20, or `nil` when it is not.
  func windowTooSmall(columns: Int, rows: Int?) -> String? {
    guard
      columns < TerminalSize.smallest.columns
        || (rows ?? Int.max) < TerminalSize.smallest.rows ?? 0
    else { return nil }
    return words.windowTooSmall
  }

  var cancelled: String { words.cancelled }
  var kept: String { words.kept }
  var nothingToUndo: String { words.nothingToUndo }
  var nothingToRedo: String { words.nothingToRedo }

  func fieldLabel(_ field: TransactionFormViewModel.Field) -> String { words.fieldLabel(field) }

  /// A field's value as the form shows it: the kind in the calendar's language (`지출`), which
  /// the form reads back as well as `expense`.
  func shown(_ value: String, of field: TransactionFormViewModel.Field) -> String {
    guard field == .kind, let kind = try? TransactionRules.kind(value) else { return value }
    return words.shownKind(value, kind: kind)
  }

  func pickerQuestion(current: YearMonth) -> String { words.pickerQuestion(current: current) }

  /// Whether an edit is reported as done now, undone or redone.
  typealias Step = EditStep

  /// Presentation's sentences for what an edit did, in the session's language.
  var report: EditReport { EditReport(language: language, money: money, hints: .repl) }

  /// One line saying what an edit did: `Added Expense ₩12,000 food (lunch) on 2025-11-03 #id`.
  func describe(_ edit: LedgerEdit, _ step: Step) -> String { report.describe(edit, step) }

  // MARK: - Another window got there first

  /// What the user was doing when another window got to the entry first.
  typealias Attempt = EntryAttempt

  /// Why nothing was written, or nothing opened: another window changed the entry (shown as it
  /// is now) or deleted it (shown as it was).
  func conflict(_ conflict: EntryConflict, _ attempt: Attempt) -> String {
    switch conflict {
    case .changed(let current): words.conflict(summary(current), deleted: false, attempt: attempt)
    case .deleted(let entry): words.conflict(summary(entry), deleted: true, attempt: attempt)
    }
  }

  /// Said before the form walks again from the entry as it is now.
  var restarting: String { words.restarting }

  /// An undo or redo step another window made impossible, which was dropped.
  func stepDropped(_ edit: LedgerEdit, current: Transaction?, undoing: Bool) -> String {
    report.stepDropped(edit, current: current, undoing: undoing)
  }

  func summary(_ entry: Transaction) -> String { report.summary(entry) }
}
