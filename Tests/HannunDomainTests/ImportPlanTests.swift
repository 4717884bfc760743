import Foundation
import HannunDomain
import HannunTestSupport
import Testing

private let today = Fixtures.day("2025-11-20")

private func draft(
  _ day: String, _ amount: Int64, memo: String = "", kind: TransactionKind = .expense
)
  throws -> TransactionDraft
{
  try TransactionDraft(
    day: Fixtures.day(day), kind: kind, amount: Fixtures.amount(amount), category: "x", memo: memo)
}

@Suite("Import plans and batches")
struct ImportPlanTests {
  @Test("rows matching stored entries by day, kind, amount and memo are skipped, one for one")
  func duplicates() async throws {
    let repository = InMemoryTransactionRepository([
      .fixture(id: "a", day: "2025-11-03", amount: 4_500, category: "other", memo: "coffee")
    ])
    let editor = LedgerEditor(repository: repository, clock: .fixed(at: today))
    let drafts = [
      try draft("2025-11-03", 4_500, memo: "coffee"),
      try draft("2025-11-03", 4_500, memo: "coffee"),
      try draft("2025-11-03", 4_500, memo: "coffee", kind: .income),
      try draft("2025-11-04", 4_500, memo: "coffee"),
    ]
    let plan = try await editor.planImport(drafts)
    #expect(plan.duplicates == 1)
    #expect(Array(plan.additions) == Array(drafts.dropFirst()))
  }

  @Test("an import is one write and one undo step; undo removes every entry it added")
  func oneUndoStep() async throws {
    let repository = InMemoryTransactionRepository([])
    let editor = LedgerEditor(repository: repository, clock: .fixed(at: today))
    let plan = try await editor.planImport([
      try draft("2025-10-31", 1_000), try draft("2025-11-01", 2_000, kind: .income),
    ])
    let added = try await editor.importEntries(plan)
    #expect(added.skipped == 0 && added.count == 2)
    #expect(added.months.count == 2)
    let all = Fixtures.day("2025-10-01")...Fixtures.day("2025-11-30")
    #expect(try await repository.transactions(in: all).count == 2)
    let again = try await editor.planImport(Array(plan.additions))
    #expect(again.additions.isEmpty && again.duplicates == 2)
    _ = try await editor.undo()
    #expect(try await repository.transactions(in: all).isEmpty)
    #expect(await !editor.canUndo)
  }

  @Test(
    "an import decides what is already there when it commits: the same rows imported by another window between its plan and its write are not added again"
  )
  func racedImport() async throws {
    let repository = InterferingTransactionRepository([
      .fixture(id: "a", day: "2025-11-03", amount: 4_500, memo: "coffee")
    ])
    let editor = LedgerEditor(
      entries: repository, moods: InMemoryTransactionRepository(), clock: .fixed(at: today),
      makeID: Fixtures.sequentialIDs())
    let drafts = [
      try draft("2025-11-03", 4_500, memo: "coffee"),
      try draft("2025-11-03", 4_500, memo: "coffee"),
      try draft("2025-11-04", 12_000, memo: "lunch"), try draft("2025-11-05", 3_000),
    ]
    let plan = try await editor.planImport(drafts)
    #expect(plan.additions.count == 3 && plan.duplicates == 1)
    // The other window imports the same file between this plan and its write.
    await repository.beforeNextBatch { store in
      for (number, row) in plan.additions.enumerated() {
        await store.insertUnannounced(
          .fixture(
            id: "theirs\(number)", day: row.day.iso, amount: row.amount.minorUnits,
            memo: row.memo))
      }
    }
    let added = try await editor.importEntries(plan)
    #expect(added.count == 0, "every row is in the ledger when the import commits")
    #expect(added.skipped == 4)
    #expect(await repository.store.all.count == 4, "one stored coffee and the other window's 3")
    #expect(await !editor.canUndo, "an import that added nothing is no undo step")
  }

  @Test("rows another window imported only in part are added for the part that is missing")
  func racedPartly() async throws {
    let repository = InterferingTransactionRepository([])
    let editor = LedgerEditor(
      entries: repository, moods: InMemoryTransactionRepository(), clock: .fixed(at: today),
      makeID: Fixtures.sequentialIDs())
    let drafts = [try draft("2025-11-03", 4_500, memo: "coffee"), try draft("2025-11-04", 9_000)]
    let plan = try await editor.planImport(drafts)
    await repository.beforeNextBatch { store in
      await store.insertUnannounced(
        .fixture(id: "theirs", day: "2025-11-03", amount: 4_500, memo: "coffee"))
    }
    let added = try await editor.importEntries(plan)
    #expect(added.skipped == 1)
    #expect(added.count == 1)
    #expect(await repository.store.all.map(\.amount.minorUnits).sorted() == [4_500, 9_000])
  }

  @Test("month totals add income and expense apart; an overflow is a typed error")
  func monthTotals() throws {
    let plan = ImportPlan(
      additions: [
        try draft("2025-11-03", 1_000), try draft("2025-11-04", 500, kind: .income),
        try draft("2025-10-01", 7),
      ], duplicates: 0)
    let totals = try plan.monthTotals()
    #expect(totals.map(\.month.iso) == ["2025-10", "2025-11"])
    #expect(totals.map(\.expense) == [7, 1_000])
    #expect(totals.map(\.income) == [0, 500])
    let huge = Amount.maximumMinorUnits
    // Int64 holds about 9,223 of the largest amounts.
    let big = ImportPlan(
      additions: Array(repeating: try draft("2025-11-03", huge), count: 9_300), duplicates: 0)
    #expect(throws: LedgerError.totalOverflow) { try big.monthTotals() }
  }

  @Test(
    "a plan reads the ledger one month at a time, never a whole statement's span; its additions come months in order, the rows' file order within each"
  )
  func planReadsMonthByMonth() async throws {
    let repository = InMemoryTransactionRepository([
      .fixture(id: "a", day: "2025-03-03", amount: 4_500, memo: "coffee"),
      .fixture(id: "b", day: "2025-11-04", amount: 9_000, memo: "lunch"),
    ])
    let editor = LedgerEditor(repository: repository, clock: .fixed(at: today))
    // A statement out of date order: newest first, as some banks export.
    let drafts = [
      try draft("2025-11-04", 9_000, memo: "lunch"), try draft("2025-11-01", 1_000),
      try draft("2025-03-03", 4_500, memo: "coffee"), try draft("2025-01-31", 2_000),
      try draft("2025-03-03", 4_500, memo: "coffee"),
    ]
    let plan = try await editor.planImport(drafts)
    #expect(plan.duplicates == 2)
    #expect(Array(plan.additions) == [drafts[3], drafts[4], drafts[1]])
    let queries = await repository.rangeQueries
    #expect(queries.count == 3)
    #expect(queries.allSatisfy { $0.lowerBound.yearMonth == $0.upperBound.yearMonth })
  }

  @Test(
    "an import's undo step keeps its ids, not its entries: undo removes them, and redo stores the same entries again"
  )
  func undoByIDs() async throws {
    let repository = InMemoryTransactionRepository([
      .fixture(id: "kept", day: "2025-11-02", amount: 700, memo: "tea")
    ])
    let editor = LedgerEditor(
      repository: repository, clock: .fixed(at: today), makeID: Fixtures.sequentialIDs())
    let plan = try await editor.planImport([
      try draft("2025-11-03", 4_500, memo: "coffee"), try draft("2025-10-04", 9_000),
    ])
    let added = try await editor.importEntries(plan)
    #expect(added.ids.values.map(\.count).reduce(0, +) == 2)
    guard case .imported(let recorded) = await editor.nextUndo else {
      Issue.record("the import is not the next undo step")
      return
    }
    #expect(recorded == added)
    let all = Fixtures.day("2025-10-01")...Fixtures.day("2025-11-30")
    let stored = try await repository.transactions(in: all)
    #expect(try await editor.undo() == .imported(added))
    #expect(try await repository.transactions(in: all).map(\.id.rawValue) == ["kept"])
    guard case .batch(let restoring) = await editor.nextRedo else {
      Issue.record("the undone import is not redone as a batch")
      return
    }
    #expect(restoring.purpose == .importEntries(skipped: 0))
    _ = try await editor.redo()
    #expect(try await repository.transactions(in: all) == stored, "the same ids and stamps")
    _ = try await editor.undo()
    #expect(try await repository.transactions(in: all).map(\.id.rawValue) == ["kept"])
  }

  /// A ledger into which an editor imported `rows` and undid it, and another window then
  /// imported `elsewhere`.
  private func undoneImport(
    _ rows: [TransactionDraft], thenElsewhere elsewhere: [TransactionDraft]
  ) async throws -> (LedgerEditor, InMemoryTransactionRepository, ImportedEntries) {
    let repository = InMemoryTransactionRepository([])
    let editor = LedgerEditor(
      repository: repository, clock: .fixed(at: today), makeID: Fixtures.sequentialIDs())
    let other = LedgerEditor(repository: repository, clock: .fixed(at: today))
    let added = try await editor.importEntries(try await editor.planImport(rows))
    _ = try await editor.undo()
    _ = try await other.importEntries(try await other.planImport(elsewhere))
    return (editor, repository, added)
  }

  @Test(
    "an undone import redone after another window imported the same rows adds only what is missing"
  )
  func redoAfterOtherImport() async throws {
    let rows = [
      try draft("2025-11-03", 4_500, memo: "coffee"), try draft("2025-11-04", 9_000),
      try draft("2025-10-30", 3_000_000, memo: "salary"),
    ]
    // Another window imports two of the same rows meanwhile.
    let (editor, repository, added) = try await undoneImport(
      rows, thenElsewhere: Array(rows.prefix(2)))
    let redone = try await editor.redo()
    let all = Fixtures.day("2025-10-01")...Fixtures.day("2025-11-30")
    let stored = try await repository.transactions(in: all)
    #expect(stored.count == 3, "each row once, not twice")
    guard case .imported(let again) = redone else {
      Issue.record("the redo is not reported as an import: \(String(describing: redone))")
      return
    }
    #expect(again.count == 1 && again.skipped == 2)
    // The row added again keeps its id and stamp, and undo takes away only it.
    let salary = try #require(added.ids[Fixtures.month("2025-10")]?.first)
    #expect(Array(again.orderedIDs) == [salary])
    #expect(stored.contains { $0.id == salary && $0.createdAt == added.stamp })
    #expect(try await editor.undo() == .imported(again))
    #expect(try await repository.transactions(in: all).count == 2)
  }

  @Test(
    "an undone import redone when every row is there again adds nothing and leaves no step to undo"
  )
  func redoNothingMissing() async throws {
    let rows = [try draft("2025-11-03", 4_500, memo: "coffee")]
    let (editor, repository, _) = try await undoneImport(rows, thenElsewhere: rows)
    guard case .imported(let again) = try await editor.redo() else {
      Issue.record("the redo is not reported as an import")
      return
    }
    #expect(again.count == 0 && again.skipped == 1)
    let (canUndo, canRedo) = (await editor.canUndo, await editor.canRedo)
    #expect(!canUndo && !canRedo)
    let all = Fixtures.day("2025-11-01")...Fixtures.day("2025-11-30")
    #expect(try await repository.transactions(in: all).count == 1)
  }

  @Test(
    "an import whose entry another window edited or deleted is not undone: nothing is removed and the step is dropped"
  )
  func undoAfterChange() async throws {
    for deleting in [false, true] {
      let repository = InMemoryTransactionRepository([])
      let editor = LedgerEditor(
        repository: repository, clock: .fixed(at: today), makeID: Fixtures.sequentialIDs())
      let other = LedgerEditor(
        repository: repository, clock: .fixed(at: Fixtures.day("2025-11-21")))
      let plan = try await editor.planImport([
        try draft("2025-11-03", 4_500, memo: "coffee"), try draft("2025-11-04", 9_000),
      ])
      let added = try await editor.importEntries(plan)
      let id = try #require(added.ids[Fixtures.month("2025-11")]?.last)
      if deleting {
        try await other.delete(id: id)
      } else {
        try await other.update(id: id, to: try draft("2025-11-04", 9_500))
      }
      await #expect(throws: LedgerError.self) { try await editor.undo() }
      let all = Fixtures.day("2025-11-01")...Fixtures.day("2025-11-30")
      #expect(try await repository.transactions(in: all).count == (deleting ? 1 : 2))
      #expect(await !editor.canUndo)
      #expect(await !editor.canRedo)
    }
  }

  @Test(
    "packed rows read back as the drafts they were, months in order and file order within each, whatever order the months came in"
  )
  func packedRows() throws {
    let drafts = [
      try draft("2025-11-04", 9_000, memo: "lunch"), try draft("2024-01-31", 2_000),
      try draft("2025-11-01", 1_000, kind: .income), try draft("2025-03-03", 4_500, memo: "커피"),
      try draft("2024-01-02", 7),
    ]
    var rows = ImportRows(drafts)
    #expect(rows.count == 5 && !rows.isEmpty)
    #expect(rows.months.map(\.iso) == ["2024-01", "2025-03", "2025-11"])
    #expect(Array(rows) == [drafts[1], drafts[4], drafts[3], drafts[0], drafts[2]])
    #expect(rows == ImportRows(Array(rows)), "equal to its drafts packed again")
    #expect(rows.hashValue == ImportRows(Array(rows)).hashValue)
    var grown = ImportRows()
    grown.append(contentsOf: [drafts[0], drafts[2]], of: Fixtures.month("2025-11"))
    grown.append(contentsOf: [drafts[1], drafts[4]], of: Fixtures.month("2024-01"))
    #expect(Array(grown) == [drafts[1], drafts[4], drafts[0], drafts[2]])
    #expect(rows.take(Fixtures.month("2025-11")) == [drafts[0], drafts[2]])
    #expect(rows.count == 3 && rows.months.map(\.iso) == ["2024-01", "2025-03"])
  }

  @Test(
    "a new id drawn the same as one the ledger holds does not refuse the import: its rows are given new ids and every one is added"
  )
  func idDrawnTwice() async throws {
    let held = Transaction.fixture(id: "t1", day: "2025-11-03", amount: 4_500, memo: "coffee")
    let repository = InMemoryTransactionRepository([held])
    // The first id drawn is the held entry's.
    let editor = LedgerEditor(
      repository: repository, clock: .fixed(at: today), makeID: Fixtures.sequentialIDs())
    let plan = try await editor.planImport([
      try draft("2025-11-04", 1_000), try draft("2025-11-05", 2_000, kind: .income),
    ])
    let added = try await editor.importEntries(plan)
    #expect(added.count == 2 && added.skipped == 0)
    let all = Fixtures.day("2025-11-01")...Fixtures.day("2025-11-30")
    let stored = try await repository.transactions(in: all)
    #expect(stored.count == 3)
    #expect(stored.first { $0.id == held.id } == held, "the held entry is as it was")
    #expect(Set(stored.map(\.id)).count == 3)
    _ = try await editor.undo()
    #expect(try await repository.transactions(in: all) == [held], "one undo step takes both back")
  }
}
