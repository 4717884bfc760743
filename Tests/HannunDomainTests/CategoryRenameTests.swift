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

  @Test("a rename racing another writer that changed one of its entries writes nothing")
  func raceWithAnotherWriter() async throws {
    let repository = InterferingTransactionRepository(ledger)
    let editor = LedgerEditor(repository: repository, clock: .fixed(at: today))
    var changed = ledger[2]
    changed.amount = Fixtures.amount(999)
    let theirs = changed
    await repository.beforeNextBatch { store in await store.updateUnannounced(theirs) }
    await #expect(throws: LedgerError.staleTransaction(expected: ledger[2], current: theirs)) {
      try await editor.renameCategory("식당", to: "외식")
    }
    let stored = await repository.store.all
    #expect(stored.filter { $0.category == "외식" }.isEmpty, "no entry was renamed")
    #expect(stored.first { $0.id == theirs.id } == theirs, "their change is kept")
    #expect(await !editor.canUndo)
    // Run again, the rename reads the entry as it is now and succeeds.
    let batch = try await editor.renameCategory("식당", to: "외식")
    #expect(batch.changes.count == 3)
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
