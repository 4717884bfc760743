import Foundation

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
    let merged = CategoryRenameCounts.merges(into: to, totals: totals, budgets: budgets, plan: plan)
    return LedgerBatch(
      purpose: .renameCategory(from: from, to: to, merged: merged), changes: changes,
      budgets: budgetEdit, recurring: RecurringEdit(rules: rules))
  }
}

/// What renaming a category moves — whether it merges, how many entries, budget changes and
/// recurring rules — as its confirmation line says it (`renamed category cafe to coffee (3
/// entries)`). ``LedgerBatch/renameCounts`` gives the counts of a rename made; a frontend that
/// keeps a rename's answer before making it (so that a form sent again after a stop says the same
/// line) counts it first from what the ledger holds with
/// ``init(renaming:to:totals:budgets:plan:)``.
public struct CategoryRenameCounts: Hashable, Sendable {
  /// The category renamed, as stored.
  public var from: String
  /// The new name, as the rename keeps it (``TransactionRules/category(_:)``).
  public var to: String
  /// Whether `to` was already in use (by an entry, a budget or a rule), so that the two merge.
  public var merged: Bool
  /// How many entries change category.
  public var entries: Int
  /// How many budget changes ("from M the limit is L") move to `to`.
  public var budgets: Int
  /// How many recurring rules change category.
  public var rules: Int

  /// Counts as given.
  /// - Parameters:
  ///   - from: The category renamed.
  ///   - to: The new name.
  ///   - merged: Whether the two merge.
  ///   - entries: How many entries change category.
  ///   - budgets: How many budget changes move.
  ///   - rules: How many recurring rules change category.
  public init(from: String, to: String, merged: Bool, entries: Int, budgets: Int, rules: Int) {
    self.from = from
    self.to = to
    self.merged = merged
    self.entries = entries
    self.budgets = budgets
    self.rules = rules
  }

  /// What ``LedgerEditor/renameCategory(_:to:)`` of `old` to `new` moves in a ledger holding
  /// these category totals (all months), budgets and rules: the counts its batch has when
  /// nothing changes in between. `nil` when it would be refused (a blank or invalid name, the
  /// same name, a category nothing has).
  /// - Parameters:
  ///   - old: The category as stored (surrounding spaces are ignored).
  ///   - new: The new name.
  ///   - totals: The ledger's category totals, every month.
  ///   - budgets: Its budgets.
  ///   - plan: Its recurring rules.
  public init?(
    renaming old: String, to new: String, totals: [MonthCategoryTotals], budgets: BudgetPlan,
    plan: RecurringPlan
  ) {
    let from = old.trimmedSpaces
    guard !from.isEmpty, let to = try? TransactionRules.category(new), from != to else {
      return nil
    }
    let entries = totals.reduce(0) { sum, month in
      sum + month.totals.reduce(0) { $0 + ($1.category == from ? $1.count : 0) }
    }
    let moved = budgets.changes(for: .category(from)).filter { $0.limit != nil }.count
    let rules = plan.rules.filter { $0.category == from }.count
    guard entries > 0 || !budgets.changes(for: .category(from)).isEmpty || rules > 0 else {
      return nil
    }
    self.init(
      from: from, to: to,
      merged: Self.merges(into: to, totals: totals, budgets: budgets, plan: plan),
      entries: entries, budgets: moved, rules: rules)
  }

  /// Whether renaming into `to` merges: an entry, a budget or a rule already has it.
  static func merges(
    into to: String, totals: [MonthCategoryTotals], budgets: BudgetPlan, plan: RecurringPlan
  ) -> Bool {
    totals.contains { $0.totals.contains { $0.category == to } }
      || !budgets.changes(for: .category(to)).isEmpty || plan.rules.contains { $0.category == to }
  }
}

extension LedgerBatch {
  /// The counts of a category rename (``LedgerEditor/renameCategory(_:to:)``) this batch made,
  /// or `nil` for a batch of another purpose.
  public var renameCounts: CategoryRenameCounts? {
    guard case .renameCategory(let from, let to, let merged) = purpose else { return nil }
    return CategoryRenameCounts(
      from: from, to: to, merged: merged, entries: changes.count, budgets: budgetsMoved,
      rules: rulesMoved)
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
