import HannunDomain

/// What a step of the undo history is reported as: done now, undone or redone.
public enum EditStep: Hashable, Sendable {
  /// Done just now.
  case done
  /// Undone.
  case undone
  /// Done again.
  case redone
}

/// What the user was doing when another window got to an entry first.
public enum EntryAttempt: Hashable, Sendable {
  /// Opening it to change it.
  case opening
  /// Saving a change to it.
  case saving
  /// Deleting it.
  case deleting
}

/// The sentences of an editing session at a prompt (the REPL's): its hints, the entry form's
/// labels, what an edit, undo or redo did, and what another window's change stopped. Ledger text
/// arrives already escaped by the frontend; a summary of an entry is ``summary(_:amount:)``.
public protocol SessionMessages: Sendable {
  /// The delete question: `"점심 ₩12,500"을(를) 삭제할까요? [y/N] `, ending in a space.
  /// - Parameter what: The entry's label and amount, escaped.
  func deleteQuestion(_ what: String) -> String
  /// The hint under the first screen: how to get help, page, select, add and quit.
  var hint: String { get }
  /// Said to `cancel` when no form is open.
  var nothingToCancel: String { get }
  /// The line before the entry form's questions.
  /// - Parameter editing: Whether the form changes an entry rather than adding one.
  func formIntro(editing: Bool) -> String
  /// Drawn instead of a screen smaller than 40×20.
  var windowTooSmall: String { get }
  /// Said when a form was left without saving.
  var cancelled: String { get }
  /// Said when the delete question was answered no.
  var kept: String { get }
  /// Said to `undo` with nothing to undo.
  var nothingToUndo: String { get }
  /// Said to `redo` with nothing to redo.
  var nothingToRedo: String { get }
  /// The question of one field of the entry form, before its current value.
  /// - Parameter field: The field asked.
  func fieldLabel(_ field: TransactionFormViewModel.Field) -> String
  /// The kind as the form shows it: the language's word (`지출`), or `value` as typed.
  /// - Parameters:
  ///   - value: The kind as the form holds it.
  ///   - kind: The kind it reads as.
  func shownKind(_ value: String, kind: TransactionKind) -> String
  /// The month picker's question, with the current month in brackets.
  /// - Parameter current: The month shown now.
  func pickerQuestion(current: YearMonth) -> String
  /// What an add did, in lower case: `added …`.
  /// - Parameter entry: The entry's summary.
  func added(_ entry: String) -> String
  /// What an edit did, in lower case: `changed … → …`.
  /// - Parameters:
  ///   - before: The summary before.
  ///   - after: The summary after.
  func changed(_ before: String, _ after: String) -> String
  /// What a delete did, in lower case: `deleted …`.
  /// - Parameter entry: The entry's summary.
  func deleted(_ entry: String) -> String
  /// What an edit did, as reported for `step`: `Undid: …`, `Redid: …`, or capitalised.
  /// - Parameters:
  ///   - text: What the edit did, in lower case.
  ///   - step: Done, undone or redone.
  func report(_ text: String, _ step: EditStep) -> String
  /// Why nothing was opened or written: another window changed or deleted the entry.
  /// - Parameters:
  ///   - entry: The entry's summary: as it is now when changed, as it was when deleted.
  ///   - deleted: Whether the other window deleted it.
  ///   - attempt: What the user was doing.
  func conflict(_ entry: String, deleted: Bool, attempt: EntryAttempt) -> String
  /// Said before the form walks again from the entry as it is now.
  var restarting: String { get }
  /// An undo or redo step another window made impossible, which was dropped.
  /// - Parameters:
  ///   - edit: What the step did (``report(_:_:)`` with `.done`).
  ///   - now: The entry as another window left it, or `nil` when it deleted it.
  ///   - undoing: Whether the step was an undo.
  func stepDropped(_ edit: String, now: String?, undoing: Bool) -> String
  /// A batch step (a rename, an import) another window made impossible, which was dropped.
  /// - Parameters:
  ///   - edit: What the step did.
  ///   - now: One of its entries as another window changed it, or `nil` when one was deleted.
  ///   - carries: Whether the batch moved budgets or rules, which may have changed instead.
  ///   - undoing: Whether the step was an undo.
  func batchDropped(_ edit: String, now: String?, carries: Bool, undoing: Bool) -> String
  /// A mood step another window made impossible, which was dropped.
  /// - Parameters:
  ///   - edit: What the step did.
  ///   - undoing: Whether the step was an undo.
  func moodDropped(_ edit: String, undoing: Bool) -> String
  /// One entry in a line: `지출 ₩12,000 식비 (점심) · 2025-11-03 #id`.
  /// - Parameters:
  ///   - entry: The entry; its category and memo are escaped by the caller if needed.
  ///   - amount: Its amount, formatted.
  func summary(_ entry: Transaction, amount: String) -> String
  /// What an import did, in lower case: `imported 12 entries (3 already there)`.
  /// - Parameters:
  ///   - added: The entries added.
  ///   - skipped: The rows already in the ledger.
  func imported(added: Int, skipped: Int) -> String
  /// What a mood edit did, in lower case: `mood of 2025-11-03: 😊 joy (payday)`.
  /// - Parameters:
  ///   - day: The day.
  ///   - mood: The mood now, or `nil` when it was cleared.
  ///   - note: Its note, possibly empty.
  func moodEdit(_ day: Day, mood: Mood?, note: String) -> String
  /// Said when the day already had the mood asked for.
  /// - Parameter day: The day.
  func moodUnchanged(_ day: Day) -> String
  /// The prompt between two pages of a long screen: `-- 23/52 · Enter: more, q: stop -- `.
  /// - Parameters:
  ///   - shown: The lines shown so far.
  ///   - total: All the lines.
  func morePrompt(shown: Int, of total: Int) -> String
  /// The label before an error: `오류: ` or `error: `.
  var errorLabel: String { get }
  /// Asked before a new ledger's first screen when no locale says its currency, ending in a
  /// space: `새 가계부의 통화 (ISO 4217, 예: KRW, USD) [USD]: `.
  /// - Parameter suggested: The code Enter keeps.
  func askCurrency(suggested: String) -> String
}

extension DisplayLanguage {
  /// The sentences of an editing session at a prompt, in this language.
  public var session: any SessionMessages {
    switch self {
    case .korean: KoreanSessionMessages()
    case .english: EnglishSessionMessages()
    }
  }
}
