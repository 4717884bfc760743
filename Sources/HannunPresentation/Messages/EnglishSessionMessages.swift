import HannunDomain

/// ``SessionMessages`` in English.
public struct EnglishSessionMessages: SessionMessages {
  /// The English session sentences.
  public init() {}

  /// `SessionMessages`.
  public func deleteQuestion(_ what: String) -> String { "Delete \"\(what)\"? [y/N] " }
  /// `SessionMessages`.
  public var hint: String {
    "Type help for commands; n/p to page, day D to select, add to record, q to quit."
  }
  /// `SessionMessages`.
  public var nothingToCancel: String { "Nothing to cancel: no form is open." }
  /// `SessionMessages`.
  public func formIntro(editing: Bool) -> String {
    editing
      ? "Editing — change any field; Enter keeps it, cancel leaves."
      : "New entry — Enter keeps the value in [brackets], cancel leaves."
  }
  /// `SessionMessages`.
  public var windowTooSmall: String { "Make the window at least 40×20" }
  /// `SessionMessages`.
  public var cancelled: String { "Cancelled; nothing was changed." }
  /// `SessionMessages`.
  public var kept: String { "Kept; nothing was deleted." }
  /// `SessionMessages`.
  public var nothingToUndo: String { "Nothing to undo." }
  /// `SessionMessages`.
  public var nothingToRedo: String { "Nothing to redo." }
  /// `SessionMessages`.
  public func fieldLabel(_ field: TransactionFormViewModel.Field) -> String {
    switch field {
    case .kind: "Kind (income/expense)"
    case .amount: "Amount"
    case .category: "Category"
    case .memo: "Memo"
    case .date: "Date (YYYY-MM-DD)"
    }
  }
  /// `SessionMessages`: the kind as typed.
  public func shownKind(_ value: String, kind: TransactionKind) -> String { value }
  /// `SessionMessages`.
  public func pickerQuestion(current: YearMonth) -> String {
    "Year-month (YYYY-MM, or 1-12) [\(current.iso)]: "
  }
  /// `SessionMessages`.
  public func added(_ entry: String) -> String { "added \(entry)" }
  /// `SessionMessages`.
  public func changed(_ before: String, _ after: String) -> String {
    "changed \(before) → \(after)"
  }
  /// `SessionMessages`.
  public func deleted(_ entry: String) -> String { "deleted \(entry)" }
  /// `SessionMessages`.
  public func report(_ text: String, _ step: EditStep) -> String {
    switch step {
    case .done: text.prefix(1).uppercased() + text.dropFirst()
    case .undone: "Undid: \(text)"
    case .redone: "Redid: \(text)"
    }
  }
  /// `SessionMessages`.
  public func conflict(_ entry: String, deleted: Bool, attempt: EntryAttempt) -> String {
    let verb = attempt == .deleting ? "deleted" : "saved"
    switch (deleted, attempt) {
    case (false, .opening): return "Another window changed this entry. It is now: \(entry)"
    case (true, .opening): return "Another window deleted this entry: \(entry)"
    case (false, _): return "Not \(verb): another window changed this entry. It is now: " + entry
    case (true, _): return "Not \(verb): another window deleted this entry: " + entry
    }
  }
  /// `SessionMessages`.
  public var restarting: String {
    "Edit it again from there: Enter keeps each value, cancel leaves."
  }
  /// `SessionMessages`.
  public func stepDropped(_ edit: String, now: String?, undoing: Bool) -> String {
    "Cannot \(undoing ? "undo" : "redo") \(edit): "
      + (now.map { "another window changed it to \($0)" } ?? "another window deleted it")
      + "; this step was dropped. \(undoing ? "Undo" : "Redo") again for the step before it."
  }
  /// `SessionMessages`.
  public func batchDropped(_ edit: String, now: String?, carries: Bool, undoing: Bool) -> String {
    let deleted =
      carries
      ? "deleted one of its entries or changed a budget or rule it moved"
      : "deleted one of its entries"
    return "Cannot \(undoing ? "undo" : "redo") \(edit): another window "
      + (now.map { "changed one of its entries to \($0)" } ?? deleted)
      + "; nothing was changed and this step was dropped. "
      + "\(undoing ? "Undo" : "Redo") again for the step before it."
  }
  /// `SessionMessages`.
  public func moodDropped(_ edit: String, undoing: Bool) -> String {
    "Cannot \(undoing ? "undo" : "redo") \(edit): another window changed that day's mood; "
      + "this step was dropped. \(undoing ? "Undo" : "Redo") again for the step before it."
  }
  /// `SessionMessages`.
  public func summary(_ entry: Transaction, amount: String) -> String {
    let memo = entry.memo.isEmpty ? "" : " (\(entry.memo))"
    let kind = DisplayLanguage.english.label(for: entry.kind)
    return "\(kind) \(amount) \(entry.category)\(memo) on \(entry.day.iso) #\(entry.id)"
  }
  /// `SessionMessages`.
  public func imported(added: Int, skipped: Int) -> String {
    let entries = added == 1 ? "entry" : "entries"
    return "imported \(added) \(entries)" + (skipped > 0 ? " (\(skipped) already there)" : "")
  }
  /// `SessionMessages`.
  public func moodEdit(_ day: Day, mood: Mood?, note: String) -> String {
    guard let mood else { return "cleared the mood of \(day.iso)" }
    let note = note.isEmpty ? "" : " (\(note))"
    return "mood of \(day.iso): \(mood.emoji) \(DisplayLanguage.english.name(of: mood))\(note)"
  }
  /// `SessionMessages`.
  public func moodUnchanged(_ day: Day) -> String { "The mood of \(day.iso) is already that." }
  /// `SessionMessages`.
  public func morePrompt(shown: Int, of total: Int) -> String {
    "-- \(shown)/\(total) · Enter: more, q: stop -- "
  }
  /// `SessionMessages`.
  public var errorLabel: String { "error: " }
  /// `SessionMessages`.
  public func askCurrency(suggested: String) -> String {
    "Currency for the new ledger (ISO 4217, e.g. KRW, USD) [\(suggested)]: "
  }
}
