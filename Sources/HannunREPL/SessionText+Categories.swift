import HannunDomain
import HannunPresentation

extension SessionText {
  /// What a batch did, starting in lower case: a category renamed or merged.
  func describe(_ batch: LedgerBatch) -> String {
    switch batch.purpose {
    case .renameCategory(let from, let to, let merged):
      messages.categoryRenamed(
        from: from, to: to, merged: merged, entries: batch.changes.count,
        budgets: batch.budgetsMoved, rules: batch.rulesMoved)
    case .importEntries(let skipped): imported(added: batch.changes.count, skipped: skipped)
    }
  }

  /// A batch undo or redo step another window made impossible, which was dropped: one of its
  /// entries changed (shown as it is now) or was deleted, or — for a rename that moved budgets
  /// or rules — those changed.
  func batchDropped(_ edit: LedgerEdit, current: Transaction?, undoing: Bool) -> String {
    let what = describe(edit, .done)
    var carries = false
    if case .batch(let batch) = edit {
      carries = !batch.budgets.isEmpty || !batch.recurring.isEmpty
    }
    return words.batchDropped(
      what, now: current.map(summary), carries: carries, undoing: undoing)
  }
}
