/// One change to one entry, as part of a batch written all at once
/// (``TransactionRepository/apply(_:)``): the same insert, update and delete a single write
/// makes, with the same version checks.
public enum EntryChange: Hashable, Sendable {
  /// Stores a new entry; its id must be free.
  case insert(Transaction)
  /// Replaces the first entry (as the caller read it) with the second, which has the same id.
  /// Kept out of line, so that a change is the size of one entry: a batch of a million inserts
  /// (an import) took twice their size.
  indirect case update(Transaction, to: Transaction)
  /// Removes the entry, provided it is stored exactly like this.
  case delete(Transaction)

  /// The id of the entry changed.
  public var entryID: TransactionID {
    switch self {
    case .insert(let entry), .delete(let entry), .update(let entry, _): entry.id
    }
  }

  /// The months whose entries this change touches: one, or two for an entry that moves.
  public var months: Set<YearMonth> {
    switch self {
    case .insert(let entry), .delete(let entry): [entry.day.yearMonth]
    case .update(let before, let after): [before.day.yearMonth, after.day.yearMonth]
    }
  }

  /// The change that undoes this one once it has been made.
  public var inverse: EntryChange {
    switch self {
    case .insert(let entry): .delete(entry)
    case .delete(let entry): .insert(entry)
    case .update(let before, let after): .update(after, to: before)
    }
  }
}

/// Changes to several entries — and, for a rename, the budgets and recurring rules that go with
/// them — that are written together or not at all, and undone in one step.
public struct LedgerBatch: Hashable, Sendable {
  /// Why the batch was made, so a frontend can say what it did (and what an undo takes back).
  public enum Purpose: Hashable, Sendable {
    /// Every entry, budget and recurring rule of the category `from` now has the category `to`;
    /// `merged` when `to` was already in use, so the two categories became one.
    case renameCategory(from: String, to: String, merged: Bool)
    /// Entries read from a file were added; `skipped` rows matched entries already there.
    case importEntries(skipped: Int)
  }

  /// Why the batch was made.
  public var purpose: Purpose
  /// The changes, in the order they apply.
  public var changes: [EntryChange]
  /// The budget scopes changed with the entries.
  public var budgets: BudgetEdit
  /// The recurring rules changed with the entries.
  public var recurring: RecurringEdit

  /// A batch of changes.
  /// - Parameters:
  ///   - purpose: Why it is made.
  ///   - changes: The changes, in order.
  ///   - budgets: The budget scopes changed with them.
  ///   - recurring: The recurring rules changed with them.
  public init(
    purpose: Purpose, changes: [EntryChange], budgets: BudgetEdit = .none,
    recurring: RecurringEdit = .none
  ) {
    self.purpose = purpose
    self.changes = changes
    self.budgets = budgets
    self.recurring = recurring
  }

  /// The entries the batch stores new, in order: each ``EntryChange/insert(_:)``'s, read from
  /// ``changes`` as they are asked for, without a copy of them all.
  public var insertedEntries:
    LazyMapSequence<
      LazyFilterSequence<LazyMapSequence<[EntryChange], Transaction?>>, Transaction
    >
  {
    changes.lazy.compactMap { change in
      if case .insert(let entry) = change { return entry }
      return nil
    }
  }

  /// The batch that undoes this one: each change's inverse, last first.
  public var inverse: [EntryChange] { changes.reversed().map(\.inverse) }

  /// Everything the batch writes, as one ``LedgerWrite``.
  public var write: LedgerWrite {
    LedgerWrite(entries: changes, budgets: budgets, recurring: recurring)
  }

  /// Whether it changes nothing at all.
  public var isEmpty: Bool { write.isEmpty }

  /// How many budget changes ("from M the limit is L") moved from one category to another: the
  /// history the old scope had.
  public var budgetsMoved: Int {
    guard case .renameCategory(let from, _, _) = purpose else { return 0 }
    let scope = BudgetScope.category(from)
    return (budgets.scopes[scope]?.before ?? []).filter { $0.limit != nil }.count
  }

  /// How many rows of an import were left out because the ledger had them when it committed.
  public var skippedRows: Int {
    guard case .importEntries(let skipped) = purpose else { return 0 }
    return skipped
  }

  /// How many recurring rules changed category.
  public var rulesMoved: Int { recurring.rules.count }

  /// The months the batch touches.
  public var months: Set<YearMonth> {
    changes.reduce(into: []) { $0.formUnion($1.months) }
  }
}
