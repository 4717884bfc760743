import HannunDomain
import HannunPresentation

/// The REPL's own sentences, in the calendar's language. Ledger text inside them is escaped by
/// the caller's ``TerminalText/sanitized(_:)``; the delete question keeps the wording the issue
/// tracker fixed (`Delete "<memo> <amount>"? [y/N]`) in both languages.
struct SessionText {
  let language: DisplayLanguage
  let money: MoneyFormatter

  private var korean: Bool { language == .korean }

  /// Error sentences in the same language, naming the REPL's commands and suggesting amounts in
  /// the ledger's currency.
  var messages: any MessageCatalog { language.messages(hints: .repl, currency: money.currency) }

  /// The delete question, with the ledger text in it escaped for the terminal:
  /// `"점심 김밥 ₩12,500"을(를) 삭제할까요? [y/N] ` or `Delete "lunch ₩12,000"? [y/N] `.
  @MainActor
  func deleteQuestion(_ confirmation: DeleteConfirmationViewModel) -> String {
    let what = TerminalText.sanitized(
      "\(confirmation.label) \(money.string(Money(confirmation.entry.amount)))")
    return korean ? "\"\(what)\"을(를) 삭제할까요? [y/N] " : "Delete \"\(what)\"? [y/N] "
  }

  /// Whether a reply to a yes/no question says yes: y, yes, 예, 네, ㅇ (any case, spaces around).
  static func isYes(_ reply: String) -> Bool {
    ["y", "yes", "예", "네", "ㅇ", "응"].contains(reply.trimmingSpaces.lowercased())
  }

  var hint: String {
    korean
      ? "help로 명령 목록을 봅니다. n/p 달 이동, day D 날짜 선택, add 기록, q 끝내기."
      : "Type help for commands; n/p to page, day D to select, add to record, q to quit."
  }

  var nothingToCancel: String {
    korean ? "취소할 입력이 없습니다." : "Nothing to cancel: no form is open."
  }

  func formIntro(editing: Bool) -> String {
    switch (korean, editing) {
    case (true, true): "내역 수정 — 바꿀 곳만 고치세요. Enter는 그대로 두고, cancel은 그만둡니다."
    case (true, false): "새 내역 — Enter는 [ ] 안의 값을 쓰고, cancel은 그만둡니다."
    case (false, true): "Editing — change any field; Enter keeps it, cancel leaves."
    case (false, false): "New entry — Enter keeps the value in [brackets], cancel leaves."
    }
  }

  /// Drawn instead of a screen when the terminal is smaller than 40×20, or `nil` when it is not.
  func windowTooSmall(columns: Int, rows: Int?) -> String? {
    guard
      columns < TerminalSize.smallest.columns
        || (rows ?? Int.max) < TerminalSize.smallest.rows ?? 0
    else { return nil }
    return korean ? "창을 40×20 이상으로 키워 주세요" : "Make the window at least 40×20"
  }

  var cancelled: String { korean ? "취소했습니다. 바뀐 것은 없습니다." : "Cancelled; nothing was changed." }
  var kept: String { korean ? "삭제하지 않았습니다." : "Kept; nothing was deleted." }
  var nothingToUndo: String { korean ? "되돌릴 것이 없습니다." : "Nothing to undo." }
  var nothingToRedo: String { korean ? "다시 할 것이 없습니다." : "Nothing to redo." }

  func fieldLabel(_ field: TransactionFormViewModel.Field) -> String {
    switch (field, korean) {
    case (.kind, true): "종류 (수입/지출)"
    case (.kind, false): "Kind (income/expense)"
    case (.amount, true): "금액"
    case (.amount, false): "Amount"
    case (.category, true): "분류"
    case (.category, false): "Category"
    case (.memo, true): "메모"
    case (.memo, false): "Memo"
    case (.date, true): "날짜 (YYYY-MM-DD)"
    case (.date, false): "Date (YYYY-MM-DD)"
    }
  }

  /// A field's value as the form shows it: the kind in the calendar's language (`지출`), which
  /// the form reads back as well as `expense`.
  func shown(_ value: String, of field: TransactionFormViewModel.Field) -> String {
    guard field == .kind, korean, let kind = try? TransactionRules.kind(value) else { return value }
    return language.label(for: kind)
  }

  func pickerQuestion(current: YearMonth) -> String {
    korean
      ? "년-월 (YYYY-MM, 또는 1-12) [\(current.iso)]: "
      : "Year-month (YYYY-MM, or 1-12) [\(current.iso)]: "
  }

  /// Whether an edit is reported as done now, undone or redone.
  enum Step { case done, undone, redone }

  /// One line saying what an edit did: `Added Expense ₩12,000 food (lunch) on 2025-11-03 #id`.
  func describe(_ edit: LedgerEdit, _ step: Step) -> String {
    let text: String
    switch (edit, korean) {
    case (.added(let entry), true): text = "추가 \(summary(entry))"
    case (.added(let entry), false): text = "added \(summary(entry))"
    case (.edited(let before, let after), true): text = "수정 \(summary(before)) → \(summary(after))"
    case (.edited(let before, let after), false):
      text = "changed \(summary(before)) → \(summary(after))"
    case (.deleted(let entry), true): text = "삭제 \(summary(entry))"
    case (.deleted(let entry), false): text = "deleted \(summary(entry))"
    case (.batch(let batch), _): text = describe(batch)
    case (.mood(let edit), _): text = describe(edit)
    }
    switch (step, korean) {
    case (.done, true): return text
    case (.done, false): return text.prefix(1).uppercased() + text.dropFirst()
    case (.undone, true): return "되돌림: \(text)"
    case (.undone, false): return "Undid: \(text)"
    case (.redone, true): return "다시 함: \(text)"
    case (.redone, false): return "Redid: \(text)"
    }
  }

  // MARK: - Another window got there first

  /// What the user was doing when another window got to the entry first.
  enum Attempt { case opening, saving, deleting }

  /// Why nothing was written, or nothing opened: another window changed the entry (shown as it
  /// is now) or deleted it (shown as it was).
  func conflict(_ conflict: EntryConflict, _ attempt: Attempt) -> String {
    switch (conflict, attempt, korean) {
    case (.changed(let current), .opening, true):
      return "다른 창에서 이 내역이 바뀌었습니다. 지금 내역: \(summary(current))"
    case (.changed(let current), .opening, false):
      return "Another window changed this entry. It is now: \(summary(current))"
    case (.deleted(let entry), .opening, true):
      return "다른 창에서 이 내역이 삭제되었습니다: \(summary(entry))"
    case (.deleted(let entry), .opening, false):
      return "Another window deleted this entry: \(summary(entry))"
    case (.changed(let current), _, true):
      return "다른 창에서 이 내역이 바뀌어 \(verb(attempt))하지 않았습니다. 지금 내역: "
        + summary(current)
    case (.changed(let current), _, false):
      return "Not \(verb(attempt)): another window changed this entry. It is now: "
        + summary(current)
    case (.deleted(let entry), _, true):
      return "다른 창에서 이 내역이 삭제되어 \(verb(attempt))하지 않았습니다: " + summary(entry)
    case (.deleted(let entry), _, false):
      return "Not \(verb(attempt)): another window deleted this entry: " + summary(entry)
    }
  }

  /// `saved`/`저장`, `deleted`/`삭제`: what did not happen.
  private func verb(_ attempt: Attempt) -> String {
    switch (attempt, korean) {
    case (.deleting, true): "삭제"
    case (.deleting, false): "deleted"
    case (_, true): "저장"
    case (_, false): "saved"
    }
  }

  /// Said before the form walks again from the entry as it is now.
  var restarting: String {
    korean
      ? "지금 내역에서 다시 고칩니다. Enter는 그대로 두고, cancel은 그만둡니다."
      : "Edit it again from there: Enter keeps each value, cancel leaves."
  }

  /// An undo or redo step another window made impossible, which was dropped.
  func stepDropped(_ edit: LedgerEdit, current: Transaction?, undoing: Bool) -> String {
    if case .batch = edit { return batchDropped(edit, current: current, undoing: undoing) }
    if case .mood = edit { return moodDropped(edit, undoing: undoing) }
    let now = current.map(summary)
    if korean {
      return "\(undoing ? "되돌릴" : "다시 할") 수 없어 이 단계를 건너뜁니다: \(describe(edit, .done)). "
        + (now.map { "다른 창에서 바뀐 지금 내역: \($0). " } ?? "다른 창에서 삭제되었습니다. ")
        + "\(undoing ? "undo" : "redo")를 다시 하면 그 전 단계로 갑니다."
    }
    return "Cannot \(undoing ? "undo" : "redo") \(describe(edit, .done)): "
      + (now.map { "another window changed it to \($0)" } ?? "another window deleted it")
      + "; this step was dropped. \(undoing ? "Undo" : "Redo") again for the step before it."
  }

  func summary(_ entry: Transaction) -> String {
    let memo = entry.memo.isEmpty ? "" : " (\(entry.memo))"
    let amount = money.string(Money(entry.amount))
    let kind = language.label(for: entry.kind)
    return korean
      ? "\(kind) \(amount) \(entry.category)\(memo) · \(entry.day.iso) #\(entry.id)"
      : "\(kind) \(amount) \(entry.category)\(memo) on \(entry.day.iso) #\(entry.id)"
  }
}
