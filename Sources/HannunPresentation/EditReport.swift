import HannunDomain

/// The sentence every frontend says after an undoable change, and after an undo or redo of one:
/// `Added expense ₩12,000 food (lunch) on 2025-11-03 #id`, `Undid: …`, `Redid: imported 1 entry
/// (2 already there)`, and why a step another window made impossible was dropped. The ledger's
/// text inside (categories, memos) is as stored: a frontend escapes the sentence for its screen.
public struct EditReport: Sendable {
  /// The language the sentences are in.
  public let language: DisplayLanguage
  /// How amounts are written.
  public let money: MoneyFormatter
  /// How the frontend names its commands, for the sentences that name one.
  public let hints: CommandHintStyle

  /// Sentences in `language`, amounts written by `money`.
  /// - Parameters:
  ///   - language: The frontend's language.
  ///   - money: The ledger's currency's formatter.
  ///   - hints: How the frontend names its commands; the one-shot command line's by default.
  public init(
    language: DisplayLanguage, money: MoneyFormatter, hints: CommandHintStyle = .commandLine
  ) {
    self.language = language
    self.money = money
    self.hints = hints
  }

  private var words: any SessionMessages { language.session }

  /// One line saying what `edit` did, done now, undone or redone (`step`).
  /// - Parameters:
  ///   - edit: The change, as the undo history keeps it.
  ///   - step: Whether it was just made, undone or redone.
  /// - Returns: The sentence, capitalised or led by `Undid:` / `Redid:` (`되돌림:` …).
  public func describe(_ edit: LedgerEdit, _ step: EditStep) -> String {
    let text: String
    switch edit {
    case .added(let entry): text = words.added(summary(entry))
    case .edited(let before, let after): text = words.changed(summary(before), summary(after))
    case .deleted(let entry): text = words.deleted(summary(entry))
    case .batch(let batch): text = describe(batch)
    case .imported(let imported):
      text = words.imported(added: imported.count, skipped: imported.skipped)
    case .mood(let edit):
      text = words.moodEdit(edit.day, mood: edit.after?.mood, note: edit.after?.note ?? "")
    }
    return words.report(text, step)
  }

  /// An undo (`undoing`) or redo step another window made impossible, which was dropped: what
  /// it did, and the entry as that window left it (`current`, `nil` when it deleted it).
  /// - Parameters:
  ///   - edit: The step dropped.
  ///   - current: One of its entries as it is now, or `nil` when one was deleted.
  ///   - undoing: Whether the step was an undo.
  /// - Returns: The sentence.
  public func stepDropped(_ edit: LedgerEdit, current: Transaction?, undoing: Bool) -> String {
    let what = describe(edit, .done)
    switch edit {
    case .batch(let batch):
      let carries = !batch.budgets.isEmpty || !batch.recurring.isEmpty
      return words.batchDropped(
        what, now: current.map(summary), carries: carries, undoing: undoing)
    case .imported:
      return words.batchDropped(what, now: current.map(summary), carries: false, undoing: undoing)
    case .mood: return words.moodDropped(what, undoing: undoing)
    case .added, .edited, .deleted:
      return words.stepDropped(what, now: current.map(summary), undoing: undoing)
    }
  }

  /// One entry in a line: `지출 ₩12,000 식비 (점심) · 2025-11-03 #id`.
  /// - Parameter entry: The entry.
  /// - Returns: Its summary, its text as stored.
  public func summary(_ entry: Transaction) -> String {
    words.summary(entry, amount: money.string(Money(entry.amount)))
  }

  /// What a batch did, starting in lower case: a category renamed or merged, or an import.
  private func describe(_ batch: LedgerBatch) -> String {
    switch batch.purpose {
    case .renameCategory(let from, let to, let merged):
      language.messages(hints: hints, currency: money.currency).categoryRenamed(
        from: from, to: to, merged: merged, entries: batch.changes.count,
        budgets: batch.budgetsMoved, rules: batch.rulesMoved)
    case .importEntries(let skipped):
      words.imported(added: batch.changes.count, skipped: skipped)
    }
  }
}
