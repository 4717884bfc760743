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
    if language == .korean {
      let deleted =
        carries
        ? "다른 창에서 그 내역 하나가 삭제되었거나 그 예산이나 반복 규칙이 바뀌었습니다. "
        : "다른 창에서 그 내역 하나가 삭제되었습니다. "
      return "\(undoing ? "되돌릴" : "다시 할") 수 없어 이 단계를 건너뜁니다: \(what). "
        + (current.map { "다른 창에서 그 내역 하나가 바뀌었습니다: \(summary($0)). " } ?? deleted)
        + "아무것도 바뀌지 않았고, \(undoing ? "undo" : "redo")를 다시 하면 그 전 단계로 갑니다."
    }
    let deleted =
      carries
      ? "deleted one of its entries or changed a budget or rule it moved"
      : "deleted one of its entries"
    return "Cannot \(undoing ? "undo" : "redo") \(what): another window "
      + (current.map { "changed one of its entries to \(summary($0))" } ?? deleted)
      + "; nothing was changed and this step was dropped. "
      + "\(undoing ? "Undo" : "Redo") again for the step before it."
  }
}
