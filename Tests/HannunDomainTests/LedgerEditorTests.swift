import Foundation
import HannunDomain
import HannunTestSupport
import Testing

private struct DiskFull: Error, Equatable {}

private let today = Fixtures.day("2025-11-03")
private let noon = Fixtures.noon(of: today, in: Fixtures.seoul)

private func draft(
  _ day: String = "2025-11-03", _ kind: TransactionKind = .expense, _ amount: Int64 = 12_000,
  category: String = "food", memo: String = ""
) throws -> TransactionDraft {
  try TransactionDraft(
    day: Fixtures.day(day), kind: kind, amount: Fixtures.amount(amount), category: category,
    memo: memo)
}

private func makeEditor(_ entries: [Transaction] = []) -> (
  LedgerEditor, InMemoryTransactionRepository
) {
  let repository = InMemoryTransactionRepository(entries)
  let editor = LedgerEditor(
    repository: repository, clock: .fixed(at: today), makeID: Fixtures.sequentialIDs())
  return (editor, repository)
}

@Suite("Ledger editor: changes, undo and redo")
struct LedgerEditorTests {
  @Test("adding stores an entry with a new id and the clock's stamps")
  func add() async throws {
    let (editor, repository) = makeEditor()
    let entry = try await editor.add(draft(category: " 식비 ", memo: "점심"))
    #expect(entry.id == TransactionID("t1"))
    #expect(entry.day == today)
    #expect(entry.kind == .expense)
    #expect(entry.amount == Fixtures.amount(12_000))
    #expect(entry.category == "식비")
    #expect(entry.memo == "점심")
    #expect(entry.createdAt == noon)
    #expect(entry.updatedAt == noon)
    #expect(await repository.all == [entry])
    let second = try await editor.add(draft("2025-11-04", .income, 5))
    #expect(second.id == TransactionID("t2"))
    #expect(await repository.all.map(\.id.rawValue) == ["t1", "t2"])
    #expect(await editor.canUndo)
    #expect(await !editor.canRedo)
  }

  @Test("updating replaces the fields, keeps id and creation stamp, and may move the month")
  func update() async throws {
    let original = Transaction.fixture(id: "old", day: "2025-11-03", amount: 12_000)
    let (editor, repository) = makeEditor([original])
    let (before, after) = try await editor.update(
      id: original.id, to: draft("2025-12-24", .income, 99_000, category: "gift", memo: "bonus"))
    #expect(before == original)
    #expect(after.id == original.id)
    #expect(after.day == Fixtures.day("2025-12-24"))
    #expect(after.kind == .income)
    #expect(after.amount == Fixtures.amount(99_000))
    #expect(after.category == "gift")
    #expect(after.memo == "bonus")
    #expect(after.createdAt == original.createdAt)
    #expect(after.updatedAt == noon)
    #expect(await repository.all == [after])
  }

  @Test("updating or deleting an unknown id throws and records nothing")
  func unknown() async throws {
    let (editor, _) = makeEditor()
    await #expect(throws: LedgerError.unknownTransaction("nope")) {
      try await editor.update(id: TransactionID("nope"), to: draft())
    }
    await #expect(throws: LedgerError.unknownTransaction("nope")) {
      try await editor.delete(id: TransactionID("nope"))
    }
    #expect(await !editor.canUndo)
  }

  @Test("deleting removes the entry and returns it")
  func delete() async throws {
    let original = Transaction.fixture(id: "gone")
    let (editor, repository) = makeEditor([original])
    #expect(try await editor.delete(id: original.id) == original)
    #expect(await repository.all.isEmpty)
  }

  @Test("undoing an add removes the entry; redo brings back the same entry")
  func undoAdd() async throws {
    let (editor, repository) = makeEditor()
    let entry = try await editor.add(draft())
    #expect(try await editor.undo() == .added(entry))
    #expect(await repository.all.isEmpty)
    #expect(await !editor.canUndo)
    #expect(await editor.canRedo)
    #expect(try await editor.redo() == .added(entry))
    #expect(await repository.all == [entry])
    #expect(await editor.canUndo)
    #expect(await !editor.canRedo)
  }

  @Test("undoing a cross-month edit moves the entry back; redo moves it again")
  func undoCrossMonthEdit() async throws {
    let original = Transaction.fixture(id: "move", day: "2025-11-30", amount: 12_000)
    let (editor, repository) = makeEditor([original])
    let (_, after) = try await editor.update(
      id: original.id, to: draft("2026-01-02", .expense, 13_000))
    let november = Fixtures.day("2025-11-01")...Fixtures.day("2025-11-30")
    let january = Fixtures.day("2026-01-01")...Fixtures.day("2026-01-31")
    #expect(try await repository.transactions(in: november).isEmpty)
    #expect(try await repository.transactions(in: january) == [after])

    let undone = try await editor.undo()
    #expect(undone == .edited(before: original, after: after))
    #expect(undone?.months == [Fixtures.month("2025-11"), Fixtures.month("2026-01")])
    #expect(try await repository.transactions(in: november) == [original])
    #expect(try await repository.transactions(in: january).isEmpty)
    #expect(await repository.all == [original])

    #expect(try await editor.redo() == .edited(before: original, after: after))
    #expect(await repository.all == [after])
  }

  @Test("undoing a delete brings the entry back with its original id and stamps")
  func undoDelete() async throws {
    let created = Date(timeIntervalSince1970: 1_600_000_000)
    var original = Transaction.fixture(id: "keepme", memo: "receipt", created: created)
    original.updatedAt = Date(timeIntervalSince1970: 1_650_000_000)
    let (editor, repository) = makeEditor([original])
    try await editor.delete(id: original.id)
    #expect(await repository.all.isEmpty)

    #expect(try await editor.undo() == .deleted(original))
    let restored = try #require(try await repository.transaction(withID: TransactionID("keepme")))
    #expect(restored == original)
    #expect(restored.createdAt == created)
    #expect(restored.updatedAt == Date(timeIntervalSince1970: 1_650_000_000))

    #expect(try await editor.redo() == .deleted(original))
    #expect(await repository.all.isEmpty)
  }

  @Test("several steps undo in reverse order and redo in order")
  func severalSteps() async throws {
    let (editor, repository) = makeEditor()
    let a = try await editor.add(draft("2025-11-01", .income, 100))
    let b = try await editor.add(draft("2025-11-02", .expense, 200))
    let (aBefore, aAfter) = try await editor.update(id: a.id, to: draft("2025-10-31", .income, 150))
    let removed = try await editor.delete(id: b.id)
    #expect(aBefore == a)
    #expect(removed == b)
    let finalState = await repository.all
    #expect(finalState == [aAfter])

    #expect(try await editor.undo() == .deleted(b))
    #expect(await repository.all == [aAfter, b])
    #expect(try await editor.undo() == .edited(before: a, after: aAfter))
    #expect(await repository.all == [a, b])
    #expect(try await editor.undo() == .added(b))
    #expect(await repository.all == [a])
    #expect(try await editor.undo() == .added(a))
    #expect(await repository.all.isEmpty)
    #expect(try await editor.undo() == nil)

    #expect(try await editor.redo() == .added(a))
    #expect(try await editor.redo() == .added(b))
    #expect(try await editor.redo() == .edited(before: a, after: aAfter))
    #expect(try await editor.redo() == .deleted(b))
    #expect(try await editor.redo() == nil)
    #expect(await repository.all == finalState)
  }

  @Test("a new change after an undo clears the redo steps")
  func newChangeClearsRedo() async throws {
    let (editor, repository) = makeEditor()
    let first = try await editor.add(draft(category: "first"))
    _ = try await editor.undo()
    #expect(await editor.canRedo)
    let second = try await editor.add(draft(category: "second"))
    #expect(await !editor.canRedo)
    #expect(try await editor.redo() == nil)
    #expect(await repository.all == [second])
    #expect(try await editor.undo() == .added(second))
    #expect(try await editor.undo() == nil)
    #expect(await repository.all.isEmpty)
    #expect(first.id != second.id)
  }

  @Test("undo and redo with nothing to do return nil and change nothing")
  func nothingToDo() async throws {
    let existing = Transaction.fixture()
    let (editor, repository) = makeEditor([existing])
    let revision = await repository.latestRevision()
    #expect(try await editor.undo() == nil)
    #expect(try await editor.redo() == nil)
    #expect(await !editor.canUndo)
    #expect(await !editor.canRedo)
    #expect(await repository.all == [existing])
    #expect(await repository.latestRevision() == revision)
  }

  @Test("a failing write leaves the ledger and the history unchanged")
  func failingWrite() async throws {
    let (editor, repository) = makeEditor()
    let entry = try await editor.add(draft())

    await repository.failNextWrite(with: DiskFull())
    await #expect(throws: DiskFull.self) { try await editor.add(draft(category: "lost")) }
    #expect(await repository.all == [entry])
    #expect(await editor.canUndo)
    #expect(await !editor.canRedo)

    await repository.failNextWrite(with: DiskFull())
    await #expect(throws: DiskFull.self) {
      try await editor.update(id: entry.id, to: draft("2025-12-01"))
    }
    #expect(await repository.all == [entry])

    await repository.failNextWrite(with: DiskFull())
    await #expect(throws: DiskFull.self) { try await editor.delete(id: entry.id) }
    #expect(await repository.all == [entry])

    // The only step is still the add: undo reverts it, then there is nothing left.
    await repository.failNextWrite(with: DiskFull())
    await #expect(throws: DiskFull.self) { try await editor.undo() }
    #expect(await repository.all == [entry])
    #expect(await editor.canUndo)
    #expect(await !editor.canRedo)
    #expect(try await editor.undo() == .added(entry))
    #expect(try await editor.undo() == nil)

    await repository.failNextWrite(with: DiskFull())
    await #expect(throws: DiskFull.self) { try await editor.redo() }
    #expect(await repository.all.isEmpty)
    #expect(await editor.canRedo)
    #expect(try await editor.redo() == .added(entry))
    #expect(await repository.all == [entry])
  }

  @Test(
    "an undo step whose entry another writer deleted is reported and dropped; the step before it still undoes"
  )
  func undoAfterOtherWriterDeleted() async throws {
    let (editor, repository) = makeEditor()
    let a = try await editor.add(try draft("2025-11-03"))
    let b = try await editor.add(try draft("2025-11-04"))
    try await repository.delete(id: b.id)
    await #expect(throws: LedgerError.editNoLongerApplies(.added(b), current: nil)) {
      try await editor.undo()
    }
    #expect(await !editor.canRedo)
    #expect(try await editor.undo() == .added(a))
    #expect(await repository.all.isEmpty)
  }

  @Test(
    "undoing an edit that another writer changed again writes nothing and reports the entry as stored"
  )
  func undoAfterOtherWriterEdited() async throws {
    let (editor, repository) = makeEditor()
    let entry = try await editor.add(try draft("2025-11-03"))
    let (_, edited) = try await editor.update(entry, to: try draft("2025-11-05"))
    var theirs = edited
    theirs.memo = "changed in another window"
    try await repository.update(theirs)
    await #expect(
      throws: LedgerError.editNoLongerApplies(
        .edited(before: entry, after: edited), current: theirs)
    ) {
      try await editor.undo()
    }
    #expect(await repository.all == [theirs])
  }

  @Test(
    "an edit based on an entry that changed since it was read writes nothing and shows the stored entry"
  )
  func staleEdit() async throws {
    let (editor, repository) = makeEditor()
    let entry = try await editor.add(try draft("2025-11-03"))
    var theirs = entry
    theirs.memo = "theirs"
    try await repository.update(theirs)
    await #expect(throws: LedgerError.staleTransaction(expected: entry, current: theirs)) {
      try await editor.update(entry, to: try draft("2025-11-09"))
    }
    await #expect(throws: LedgerError.staleTransaction(expected: entry, current: theirs)) {
      try await editor.delete(entry)
    }
    #expect(await repository.all == [theirs])
  }

  @Test("each edit knows the months whose totals it changes")
  func editMonths() {
    let november = Transaction.fixture(day: "2025-11-03")
    let december = Transaction.fixture(day: "2025-12-01")
    #expect(LedgerEdit.added(november).months == [Fixtures.month("2025-11")])
    #expect(LedgerEdit.deleted(december).months == [Fixtures.month("2025-12")])
    #expect(
      LedgerEdit.edited(before: november, after: december).months
        == [Fixtures.month("2025-11"), Fixtures.month("2025-12")])
    #expect(
      LedgerEdit.edited(before: november, after: november).months == [Fixtures.month("2025-11")])
  }
}
