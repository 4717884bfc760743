#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension LedgerEditor {
  /// Gives the category `new` to everything of the category `old` — every entry, across the
  /// whole ledger, its budgets and its recurring rules — in one write and one undo step. When
  /// `new` is already in use the two categories are merged.
  ///
  /// What to change is read under the store's write lock, from the ledger as it is when the
  /// write commits (``TransactionRepository/commit(_:)``): an entry another window added to
  /// `old` or moved meanwhile is renamed with the rest, never left behind. The months to read
  /// come from the per-month category totals, so only the months holding `old` are read and
  /// rewritten. `old`'s budgets become `new`'s; when both have a budget for the same month the
  /// merge is refused (``CategoryRenameError/budgetsOverlap(from:to:month:)``), since a merged
  /// category has one limit a month and choosing one would silently drop the other.
  /// - Parameters:
  ///   - old: The category as stored (surrounding spaces are ignored).
  ///   - new: The new name, checked by ``TransactionRules/category(_:)``.
  /// - Returns: The batch written: its purpose says whether it merged; its changes, budgets and
  ///   rules what moved.
  /// - Throws: ``FieldInputError`` for a blank or invalid name,
  ///   ``CategoryRenameError/sameName(_:)``, ``CategoryRenameError/unknownCategory(_:)`` when no
  ///   entry, budget or rule has `old`, ``CategoryRenameError/budgetsOverlap(from:to:month:)``,
  ///   or what the repository throws; nothing is written then.
  @discardableResult
  public func renameCategory(_ old: String, to new: String) async throws -> LedgerBatch {
    let from = old.trimmedSpaces
    guard !from.isEmpty else { throw FieldInputError.emptyCategory }
    let to = try TransactionRules.category(new)
    guard from != to else { throw CategoryRenameError.sameName(from) }
    let now = stamp()
    let batch = try await repository.commit { snapshot in
      let batch = try Self.rename(from, to: to, in: snapshot, at: now)
      return (batch.write, batch)
    }
    record(.batch(batch))
    return batch
  }

  /// The rename of `from` to `to` as the snapshot holds them.
  private static func rename(
    _ from: String, to: String, in snapshot: any LedgerSnapshot, at now: Date
  ) throws -> LedgerBatch {
    let totals = try snapshot.categoryTotals(in: YearMonth.supportedRange)
    let months = totals.filter { $0.totals.contains { $0.category == from } }.map(\.month)
    var changes: [EntryChange] = []
    for month in months {
      for entry in try snapshot.transactions(in: month.dayRange) where entry.category == from {
        var renamed = entry
        renamed.category = to
        renamed.updatedAt = now
        changes.append(.update(entry, to: renamed))
      }
    }
    let budgets = try snapshot.budgetPlan()
    let source = BudgetScope.category(from)
    let target = BudgetScope.category(to)
    if let month = budgets.firstOverlap(of: source, and: target) {
      throw CategoryRenameError.budgetsOverlap(from: from, to: to, month: month)
    }
    var moved = budgets
    moved.move(source, into: target)
    let budgetEdit = BudgetEdit(from: budgets, to: moved, scopes: [source, target])
    let plan = try snapshot.recurringPlan()
    let rules = plan.rules.filter { $0.category == from }.map { rule in
      RecurringEdit.RuleChange(before: rule, after: rule.withCategory(to))
    }
    guard !changes.isEmpty || !budgetEdit.isEmpty || !rules.isEmpty else {
      throw CategoryRenameError.unknownCategory(from)
    }
    let merged =
      totals.contains { $0.totals.contains { $0.category == to } }
      || !budgets.changes(for: target).isEmpty || plan.rules.contains { $0.category == to }
    return LedgerBatch(
      purpose: .renameCategory(from: from, to: to, merged: merged), changes: changes,
      budgets: budgetEdit, recurring: RecurringEdit(rules: rules))
  }
}

extension RecurringRule {
  /// The same rule with another category (already checked).
  func withCategory(_ category: String) -> RecurringRule {
    RecurringRule(
      unchecked: id, schedule: schedule, kind: kind, amount: amount, category: category,
      memo: memo, start: start, end: end)
  }
}
