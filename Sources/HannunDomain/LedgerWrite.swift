/// The ledger as stored at the moment a write commits, read under the store's write lock: what a
/// write decided there (``TransactionRepository/commit(_:)``) looks at. Nothing changes the
/// ledger between these answers and the write made from them.
public protocol LedgerSnapshot {
  /// Entries whose day falls in `days`, in ``Transaction/listOrder(_:_:)``, as stored now.
  /// - Parameter days: The days to read.
  /// - Returns: The entries.
  /// - Throws: What ``TransactionRepository/transactions(in:)`` throws.
  func transactions(in days: ClosedRange<Day>) throws -> [Transaction]

  /// Income and expense per category for each month of `months` that has entries, as
  /// ``TransactionRepository/categoryTotals(in:)`` answers now.
  /// - Parameter months: The months to total.
  /// - Returns: One element per month with at least one entry.
  /// - Throws: What ``TransactionRepository/categoryTotals(in:)`` throws.
  func categoryTotals(in months: ClosedRange<YearMonth>) throws -> [MonthCategoryTotals]

  /// The budgets as stored now; ``BudgetPlan/empty`` when there are none.
  /// - Throws: ``LedgerError/unreadableFile(path:reason:)`` when they cannot be read.
  func budgetPlan() throws -> BudgetPlan

  /// The recurring rules and decisions as stored now; ``RecurringPlan/empty`` when none.
  /// - Throws: ``LedgerError/unreadableFile(path:reason:)`` when they cannot be read.
  func recurringPlan() throws -> RecurringPlan
}

/// Changes to entries, budgets and recurring rules that are written together or not at all:
/// what ``TransactionRepository/commit(_:)`` writes. Every part is conditional on what it was
/// based on — each entry as ``TransactionRepository/apply(_:)`` checks it, each budget scope's
/// history (``BudgetEdit``), each rule and decision (``RecurringEdit``) — so a write made
/// again later (an undo) changes nothing that another writer changed since.
public struct LedgerWrite: Hashable, Sendable {
  /// The entries' changes, in order.
  public var entries: [EntryChange]
  /// The budget scopes it changes.
  public var budgets: BudgetEdit
  /// The rules and occurrence decisions it changes.
  public var recurring: RecurringEdit

  /// A write.
  /// - Parameters:
  ///   - entries: The entries' changes, in order.
  ///   - budgets: The budget scopes changed.
  ///   - recurring: The rules and decisions changed.
  public init(
    entries: [EntryChange] = [], budgets: BudgetEdit = .none, recurring: RecurringEdit = .none
  ) {
    self.entries = entries
    self.budgets = budgets
    self.recurring = recurring
  }

  /// Whether it changes nothing: a store writes and publishes nothing for it.
  public var isEmpty: Bool { entries.isEmpty && budgets.isEmpty && recurring.isEmpty }

  /// The write that undoes this one once it has been made.
  public var inverse: LedgerWrite {
    LedgerWrite(
      entries: entries.reversed().map(\.inverse), budgets: budgets.inverse,
      recurring: recurring.inverse)
  }

  /// The months whose entries it touches.
  public var months: Set<YearMonth> {
    entries.reduce(into: []) { $0.formUnion($1.months) }
  }
}

/// Changes to some budget scopes, each made only when the scope's history as stored is still
/// the one it was based on: changes to other scopes made meanwhile are kept (they merge), and
/// only a change of the same scope is a conflict.
public struct BudgetEdit: Hashable, Sendable {
  /// One scope's history before and after.
  public struct ScopeChange: Hashable, Sendable {
    /// The scope's changes as read (``BudgetPlan/changes(for:)``).
    public var before: [BudgetChange]
    /// What they become.
    public var after: [BudgetChange]

    /// - Parameters:
    ///   - before: The scope's changes as read.
    ///   - after: What they become.
    public init(before: [BudgetChange], after: [BudgetChange]) {
      self.before = before
      self.after = after
    }
  }

  /// The scopes changed.
  public var scopes: [BudgetScope: ScopeChange]

  /// No budget changed.
  public static let none = BudgetEdit(scopes: [:])

  /// An edit of these scopes.
  /// - Parameter scopes: Each scope's history before and after.
  public init(scopes: [BudgetScope: ScopeChange]) {
    self.scopes = scopes.filter { $0.value.before != $0.value.after }
  }

  /// The edit that turns `plan` into `updated` for `scopes` (other scopes are left alone).
  /// - Parameters:
  ///   - plan: The plan as read.
  ///   - updated: What it becomes.
  ///   - scopes: The scopes that change.
  public init(from plan: BudgetPlan, to updated: BudgetPlan, scopes: Set<BudgetScope>) {
    var changed: [BudgetScope: ScopeChange] = [:]
    for scope in scopes {
      changed[scope] = ScopeChange(
        before: plan.changes(for: scope), after: updated.changes(for: scope))
    }
    self.init(scopes: changed)
  }

  /// Whether it changes nothing.
  public var isEmpty: Bool { scopes.isEmpty }

  /// The edit that undoes this one.
  public var inverse: BudgetEdit {
    BudgetEdit(scopes: scopes.mapValues { ScopeChange(before: $0.after, after: $0.before) })
  }
}

/// Changes to recurring rules and to decisions about their occurrences, each made only when the
/// rule or decision as stored is still the one it was based on.
public struct RecurringEdit: Hashable, Sendable {
  /// One rule before and after (the same id).
  public struct RuleChange: Hashable, Sendable {
    /// The rule as read.
    public var before: RecurringRule
    /// What it becomes.
    public var after: RecurringRule

    /// - Parameters:
    ///   - before: The rule as read.
    ///   - after: What it becomes; it keeps the id.
    public init(before: RecurringRule, after: RecurringRule) {
      self.before = before
      self.after = after
    }
  }

  /// One occurrence's decision before and after (`nil`: none, it is planned as its rule says).
  public struct DecisionChange: Hashable, Sendable {
    /// The occurrence.
    public var key: OccurrenceKey
    /// Its decision as read.
    public var before: OccurrenceDecision?
    /// What it becomes.
    public var after: OccurrenceDecision?

    /// - Parameters:
    ///   - key: The occurrence.
    ///   - before: Its decision as read.
    ///   - after: What it becomes.
    public init(key: OccurrenceKey, before: OccurrenceDecision?, after: OccurrenceDecision?) {
      self.key = key
      self.before = before
      self.after = after
    }
  }

  /// The rules changed.
  public var rules: [RuleChange]
  /// The decisions changed.
  public var decisions: [DecisionChange]

  /// Nothing changed.
  public static let none = RecurringEdit(rules: [], decisions: [])

  /// An edit.
  /// - Parameters:
  ///   - rules: The rules changed.
  ///   - decisions: The decisions changed.
  public init(rules: [RuleChange], decisions: [DecisionChange] = []) {
    self.rules = rules.filter { $0.before != $0.after }
    self.decisions = decisions.filter { $0.before != $0.after }
  }

  /// Whether it changes nothing.
  public var isEmpty: Bool { rules.isEmpty && decisions.isEmpty }

  /// The edit that undoes this one.
  public var inverse: RecurringEdit {
    RecurringEdit(
      rules: rules.map { RuleChange(before: $0.after, after: $0.before) },
      decisions: decisions.map { DecisionChange(key: $0.key, before: $0.after, after: $0.before) })
  }
}

/// What a month-by-month insertion (``TransactionRepository/insertByMonth(_:keepingEntries:_:)``)
/// adds to one month, decided from the entries the month holds.
public struct MonthAdditions: Sendable {
  /// The entries to add; each one's day is in the month.
  public var entries: [Transaction]
  /// How many rows were left out because the month already has them.
  public var skipped: Int

  /// - Parameters:
  ///   - entries: The entries to add.
  ///   - skipped: The rows left out.
  public init(entries: [Transaction], skipped: Int) {
    self.entries = entries
    self.skipped = skipped
  }
}

/// What a month-by-month insertion added. Each month's additions are decided from the entries
/// that month holds when the write commits: a store that decided a month before taking its lock
/// decides it again when another writer changed the month meanwhile.
public struct MonthlyInsertion: Sendable {
  /// The entries added.
  public var added: Int
  /// The rows left out because the ledger had them.
  public var skipped: Int
  /// The entries added, months in order, when they were asked for; `nil` otherwise.
  public var entries: [Transaction]?
  /// The ids of the entries added, by month, in the order they were added in within each.
  public var addedIDs: [YearMonth: [TransactionID]]

  /// - Parameters:
  ///   - added: The entries added.
  ///   - skipped: The rows left out.
  ///   - entries: The entries added, when asked for.
  ///   - addedIDs: The ids added, by month.
  public init(
    added: Int, skipped: Int, entries: [Transaction]?,
    addedIDs: [YearMonth: [TransactionID]] = [:]
  ) {
    self.added = added
    self.skipped = skipped
    self.entries = entries
    self.addedIDs = addedIDs
  }
}

extension TransactionRepository {
  /// Adds, for each of `months`, the entries `decide` makes of the entries stored in it, in one
  /// write through ``commit(_:)``: all of them or none. Stores that hold a large write's
  /// entries on disk rather than in memory answer this themselves.
  /// - Parameters:
  ///   - months: The months to add to.
  ///   - keepingEntries: Whether the result lists the entries added.
  ///   - decide: The additions of a month, given the entries stored in it.
  /// - Returns: What was added.
  /// - Throws: What ``commit(_:)`` throws; nothing is written then.
  public func insertByMonth(
    _ months: [YearMonth], keepingEntries: Bool,
    _ decide: @Sendable (YearMonth, [Transaction]) -> MonthAdditions
  ) async throws -> MonthlyInsertion {
    let months = Set(months).sorted()
    return try await commit { snapshot in
      var changes: [EntryChange] = []
      var skipped = 0
      var ids: [YearMonth: [TransactionID]] = [:]
      for month in months {
        let decided = decide(month, try snapshot.transactions(in: month.dayRange))
        skipped += decided.skipped
        if !decided.entries.isEmpty { ids[month] = decided.entries.map(\.id) }
        changes += decided.entries.map(EntryChange.insert)
      }
      let entries = keepingEntries ? changes.compactMap(\.inserted) : nil
      let result = MonthlyInsertion(
        added: changes.count, skipped: skipped, entries: entries, addedIDs: ids)
      return (LedgerWrite(entries: changes), result)
    }
  }
}

extension EntryChange {
  /// The entry an insertion adds, or `nil` for another change.
  fileprivate var inserted: Transaction? {
    if case .insert(let entry) = self { return entry }
    return nil
  }
}
