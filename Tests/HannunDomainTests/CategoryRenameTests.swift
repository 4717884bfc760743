import Foundation
import HannunDomain
import HannunTestSupport
import Testing

private let today = Fixtures.day("2025-11-03")
private let noon = Fixtures.noon(of: today, in: Fixtures.seoul)

private func makeEditor(_ entries: [Transaction]) -> (LedgerEditor, InMemoryTransactionRepository) {
  let repository = InMemoryTransactionRepository(entries)
  return (LedgerEditor(repository: repository, clock: .fixed(at: today)), repository)
}

/// Two months of 식당 (one income, to show both kinds move), 식비 in another month, a bystander.
private let ledger = [
  Transaction.fixture(id: "a", day: "2025-10-02", amount: 8_000, category: "식당"),
  Transaction.fixture(id: "b", day: "2025-11-03", amount: 12_000, category: "식당", memo: "점심"),
  Transaction.fixture(id: "c", day: "2025-11-04", kind: .income, amount: 500, category: "식당"),
  Transaction.fixture(id: "d", day: "2024-01-05", amount: 30_000, category: "식비"),
  Transaction.fixture(id: "e", day: "2025-11-05", amount: 4_500, category: "cafe"),
]

@Suite("Renaming and merging a category: one batch, one undo step")
struct CategoryRenameTests {
  @Test("a rename changes every entry of the category in every month, and only those")
  func rename() async throws {
    let (editor, repository) = makeEditor(ledger)
    let batch = try await editor.renameCategory(" 식당 ", to: "외식")
    #expect(batch.purpose == .renameCategory(from: "식당", to: "외식", merged: false))
    #expect(batch.changes.count == 3)
    #expect(batch.months == [Fixtures.month("2025-10"), Fixtures.month("2025-11")])
    let after = await repository.all
    #expect(after.filter { $0.category == "외식" }.map(\.id.rawValue).sorted() == ["a", "b", "c"])
    #expect(after.filter { $0.category == "식당" }.isEmpty)
    for entry in after where entry.category == "외식" {
      let before = try #require(ledger.first { $0.id == entry.id })
      #expect(entry.updatedAt == noon)
      #expect(entry.createdAt == before.createdAt && entry.memo == before.memo)
      #expect(entry.amount == before.amount && entry.day == before.day)
    }
    #expect(after.filter { ["d", "e"].contains($0.id.rawValue) } == [ledger[3], ledger[4]])
  }

  @Test("undo takes the whole rename back in one step and redo makes it again")
  func undoAndRedo() async throws {
    let (editor, repository) = makeEditor(ledger)
    let (revision, changes) = await repository.subscribe()
    var iterator = changes.makeAsyncIterator()
    let batch = try await editor.renameCategory("식당", to: "외식")
    let renamed = await repository.all
    let published = await iterator.next()
    #expect(published == LedgerChange(revision: revision + 1, months: batch.months))

    let undone = try await editor.undo()
    #expect(undone == .batch(batch))
    #expect(await repository.all == ledger.sorted(by: Transaction.listOrder))
    #expect(await repository.latestRevision() == revision + 2, "one write for the whole undo")
    #expect(await editor.canRedo)
    #expect(await !editor.canUndo)

    #expect(try await editor.redo() == .batch(batch))
    #expect(await repository.all == renamed)
    #expect(await repository.latestRevision() == revision + 3)
  }

  @Test("renaming into a category in use merges the two and says so")
  func merge() async throws {
    let (editor, repository) = makeEditor(ledger)
    let batch = try await editor.renameCategory("식당", to: "식비")
    #expect(batch.purpose == .renameCategory(from: "식당", to: "식비", merged: true))
    let list = try await CategoryList.load(nil, from: repository)
    #expect(
      list.categories.map { "\($0.kind.rawValue) \($0.category) \($0.count)" } == [
        "income 식비 1", "expense 식비 3", "expense cafe 1",
      ])
    _ = try await editor.undo()
    #expect(await repository.all == ledger.sorted(by: Transaction.listOrder))
  }

  @Test("a blank, unknown or unchanged name is refused and nothing is written")
  func badInput() async throws {
    let (editor, repository) = makeEditor(ledger)
    await #expect(throws: FieldInputError.emptyCategory) {
      try await editor.renameCategory("  ", to: "x")
    }
    await #expect(throws: FieldInputError.emptyCategory) {
      try await editor.renameCategory("식당", to: " ")
    }
    await #expect(throws: FieldInputError.controlCharacters(field: "category")) {
      try await editor.renameCategory("식당", to: "a\nb")
    }
    await #expect(throws: CategoryRenameError.unknownCategory("없음")) {
      try await editor.renameCategory("없음", to: "x")
    }
    await #expect(throws: CategoryRenameError.sameName("식당")) {
      try await editor.renameCategory("식당", to: " 식당")
    }
    #expect(await repository.latestRevision() == 0)
    #expect(await !editor.canUndo)
  }

  @Test(
    "a rename racing another writer renames the ledger as it is at commit: an entry they changed or added to the category is renamed too"
  )
  func raceWithAnotherWriter() async throws {
    let repository = InterferingTransactionRepository(ledger)
    let editor = LedgerEditor(
      entries: repository, moods: InMemoryTransactionRepository(), clock: .fixed(at: today))
    var changed = ledger[2]
    changed.amount = Fixtures.amount(999)
    let theirs = changed
    let added = Transaction.fixture(id: "f", day: "2025-12-01", category: "식당")
    await repository.beforeNextBatch { store in
      await store.updateUnannounced(theirs)
      await store.insertUnannounced(added)
    }
    let batch = try await editor.renameCategory("식당", to: "외식")
    #expect(batch.changes.count == 4)
    let stored = await repository.store.all
    #expect(stored.filter { $0.category == "식당" }.isEmpty, "nothing is left behind")
    #expect(stored.first { $0.id == theirs.id }?.amount == theirs.amount, "their change is kept")
    #expect(stored.first { $0.id == added.id }?.category == "외식")
    _ = try await editor.undo()
    #expect(
      await repository.store.all.filter { $0.category == "식당" }.map(\.id.rawValue).sorted() == [
        "a", "b", "c", "f",
      ])
  }

  @Test(
    "a rename carries the category's budgets and recurring rules with its entries, in one write, and undo takes all of it back"
  )
  func carriesBudgetsAndRules() async throws {
    let (editor, repository) = makeEditor(ledger)
    let budgets = BudgetPlan.fixture([
      (nil, "2025-01", 2_000_000), ("식당", "2025-01", 500_000), ("식당", "2025-07", 600_000),
      ("cafe", "2025-01", 50_000),
    ])
    let lunch = RecurringRule.fixture(id: 1, .weekly(.monday), amount: 9_000, category: "식당")
    let rent = RecurringRule.fixture(id: 2)
    await repository.replaceBudgetPlanUnannounced(budgets)
    await repository.replacePlanUnannounced(.fixture([lunch, rent]))
    let revision = await repository.latestRevision()

    let batch = try await editor.renameCategory("식당", to: "외식")
    #expect(batch.changes.count == 3 && batch.budgetsMoved == 2 && batch.rulesMoved == 1)
    #expect(batch.purpose == .renameCategory(from: "식당", to: "외식", merged: false))
    #expect(await repository.latestRevision() == revision + 1, "one write")
    let moved = try await repository.budgetPlan()
    #expect(moved.changes(for: .category("식당")).isEmpty)
    #expect(
      moved
        == BudgetPlan.fixture([
          (nil, "2025-01", 2_000_000), ("외식", "2025-01", 500_000), ("외식", "2025-07", 600_000),
          ("cafe", "2025-01", 50_000),
        ]))
    let rules = try await repository.recurringPlan().rules
    #expect(rules.map(\.category) == ["외식", "월세"])

    _ = try await editor.undo()
    #expect(try await repository.budgetPlan() == budgets)
    #expect(try await repository.recurringPlan().rules == [lunch, rent])
    #expect(await repository.all == ledger.sorted(by: Transaction.listOrder))
    _ = try await editor.redo()
    #expect(try await repository.budgetPlan() == moved)
  }

  @Test("a category with only a budget or a rule can be renamed")
  func budgetOnly() async throws {
    let (editor, repository) = makeEditor(ledger)
    await repository.replaceBudgetPlanUnannounced(.fixture([("여행", "2025-05", 1_000_000)]))
    let batch = try await editor.renameCategory("여행", to: "휴가")
    #expect(batch.changes.isEmpty && batch.budgetsMoved == 1)
    #expect(try await repository.budgetPlan() == .fixture([("휴가", "2025-05", 1_000_000)]))
  }

  @Test(
    "merging two categories that both have a budget for a month is refused, naming the month, and writes nothing"
  )
  func mergeWithOverlappingBudgets() async throws {
    let (editor, repository) = makeEditor(ledger)
    let budgets = BudgetPlan.fixture([("식비", "2025-01", 300_000), ("식당", "2025-03", 100_000)])
    await repository.replaceBudgetPlanUnannounced(budgets)
    let revision = await repository.latestRevision()
    await #expect(
      throws: CategoryRenameError.budgetsOverlap(
        from: "식당", to: "식비", month: Fixtures.month("2025-03"))
    ) {
      try await editor.renameCategory("식당", to: "식비")
    }
    #expect(await repository.all == ledger.sorted(by: Transaction.listOrder))
    #expect(try await repository.budgetPlan() == budgets)
    #expect(await repository.latestRevision() == revision)
    #expect(await !editor.canUndo)
  }

  @Test("merging budgets that never overlap keeps each limit in its months")
  func mergeWithSeparateBudgets() async throws {
    let (editor, repository) = makeEditor(ledger)
    await repository.replaceBudgetPlanUnannounced(
      .fixture([
        ("식당", "2025-01", 100_000), ("식당", "2025-06", nil), ("식비", "2025-06", 300_000),
      ]))
    _ = try await editor.renameCategory("식당", to: "식비")
    let merged = try await repository.budgetPlan()
    #expect(merged == .fixture([("식비", "2025-01", 100_000), ("식비", "2025-06", 300_000)]))
  }

  @Test("an undo that another writer made impossible drops the step and changes nothing")
  func staleUndo() async throws {
    let (editor, repository) = makeEditor(ledger)
    let batch = try await editor.renameCategory("식당", to: "외식")
    var changed = try #require(await repository.transaction(withID: TransactionID("c")))
    changed.memo = "elsewhere"
    await repository.updateUnannounced(changed)
    let before = await repository.all
    await #expect(throws: LedgerError.editNoLongerApplies(.batch(batch), current: changed)) {
      try await editor.undo()
    }
    #expect(await repository.all == before, "no entry was reverted")
    #expect(await !editor.canUndo)
  }

  @Test("in memory, a batch with one stale or taken change writes nothing")
  func staleBatch() async throws {
    let repository = InMemoryTransactionRepository(ledger)
    var moved = ledger[0]
    moved.day = Fixtures.day("2025-12-01")
    var stale = ledger[1]
    stale.memo = "not what is stored"
    var renamed = stale
    renamed.category = "x"
    await #expect(
      throws: LedgerError.staleTransaction(expected: stale, current: ledger[1])
    ) {
      try await repository.apply([.update(ledger[0], to: moved), .update(stale, to: renamed)])
    }
    await #expect(throws: LedgerError.duplicateTransaction(TransactionID("e"))) {
      try await repository.apply([.delete(ledger[3]), .insert(ledger[4])])
    }
    #expect(await repository.all == ledger.sorted(by: Transaction.listOrder))
    #expect(await repository.latestRevision() == 0)
    // Later changes see earlier ones: a delete then an insert of the same id is a replacement.
    let replacement = Transaction.fixture(id: "e", day: "2025-12-01", category: "new")
    try await repository.apply([.delete(ledger[4]), .insert(replacement)])
    #expect(try await repository.transaction(withID: TransactionID("e")) == replacement)
  }

  @Test("a batch's inverse is each change's inverse, last first")
  func inverse() {
    var after = ledger[0]
    after.category = "y"
    let batch = LedgerBatch(
      purpose: .renameCategory(from: "식당", to: "y", merged: false),
      changes: [.insert(ledger[1]), .update(ledger[0], to: after), .delete(ledger[2])])
    #expect(
      batch.inverse == [.insert(ledger[2]), .update(after, to: ledger[0]), .delete(ledger[1])])
  }
}

/// A rename's confirmation line counted before it is made — as a web form keeps its answer
/// before writing — says what the rename then does.
@Suite("A category rename counted before it is made")
struct CategoryRenameCountsTests {
  /// Budgets and rules: 식당's two limits and a rule, 여행's limit only (no entries), a rule of
  /// 월세.
  static let budgets = BudgetPlan.fixture([
    (nil, "2025-01", 2_000_000), ("식당", "2025-01", 500_000), ("식당", "2025-07", 600_000),
    ("여행", "2025-05", 1_000_000),
  ])
  static let rules = RecurringPlan.fixture([
    .fixture(id: 1, .weekly(.monday), amount: 9_000, category: "식당"), .fixture(id: 2),
  ])

  @Test(
    "the counts read before a rename are the ones its batch has",
    arguments: [
      (" 식당 ", "외식"), ("식당", "식비"), ("식당", "cafe"), ("여행", "휴가"), ("여행", "식비"),
      ("cafe", "식당"), ("cafe", "여행"), ("월세", "집세"), ("식비", "식당"), ("식비", "월세"),
    ])
  func countsBefore(old: String, new: String) async throws {
    let (editor, repository) = makeEditor(ledger)
    await repository.replaceBudgetPlanUnannounced(Self.budgets)
    await repository.replacePlanUnannounced(Self.rules)
    let counted = CategoryRenameCounts(
      renaming: old, to: new,
      totals: try await repository.categoryTotals(in: YearMonth.supportedRange),
      budgets: try await repository.budgetPlan(), plan: try await repository.recurringPlan())
    let batch = try await editor.renameCategory(old, to: new)
    #expect(counted == batch.renameCounts)
    #expect(counted != nil)
  }

  @Test("a rename that would be refused has no counts, and a batch of another kind none either")
  func refused() async throws {
    let repository = InMemoryTransactionRepository(ledger)
    let totals = try await repository.categoryTotals(in: YearMonth.supportedRange)
    for (old, new) in [("  ", "x"), ("식당", " "), ("식당", "식당"), ("없음", "x"), ("식당", "a\nb")] {
      #expect(
        CategoryRenameCounts(
          renaming: old, to: new, totals: totals, budgets: .empty, plan: .empty) == nil,
        "\(old) → \(new)")
    }
    let other = LedgerBatch(purpose: .importEntries(skipped: 0), changes: [])
    #expect(other.renameCounts == nil)
  }
}
