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
  /// entries changed (shown as it is now) or was deleted.
  func batchDropped(_ edit: LedgerEdit, current: Transaction?, undoing: Bool) -> String {
    let what = describe(edit, .done)
    if language == .korean {
      return "\(undoing ? "되돌릴" : "다시 할") 수 없어 이 단계를 건너뜁니다: \(what). "
        + (current.map { "다른 창에서 그 내역 하나가 바뀌었습니다: \(summary($0)). " }
          ?? "다른 창에서 그 내역 하나가 삭제되었습니다. ")
        + "아무것도 바뀌지 않았고, \(undoing ? "undo" : "redo")를 다시 하면 그 전 단계로 갑니다."
    }
    return "Cannot \(undoing ? "undo" : "redo") \(what): another window "
      + (current.map { "changed one of its entries to \(summary($0))" }
        ?? "deleted one of its entries")
      + "; nothing was changed and this step was dropped. "
      + "\(undoing ? "Undo" : "Redo") again for the step before it."
  }
}
