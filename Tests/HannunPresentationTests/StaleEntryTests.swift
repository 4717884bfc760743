import HannunDomain
import HannunPresentation
import HannunTestSupport
import Testing

/// Two windows on one ledger: the repository's unannounced and last-writer-wins writes stand in
/// for the other window, whose changes this calendar has not heard of.
@Suite("Another window got to the entry first")
@MainActor
struct StaleEntryTests {
  /// `t1` (lunch, ₩12,000 on 2025-11-03) as another window leaves it.
  private static let theirs: Transaction = {
    var entry = TestLedger.sample[0]
    entry.memo = "lunch with Min"
    entry.amount = Fixtures.amount(15_000)
    return entry
  }()

  /// The started ledger with 2025-11-03 selected, so position 1 is `t1`.
  private func ledgerOnNovember3() async throws -> TestLedger {
    let ledger = await TestLedger.started()
    try await ledger.calendar.selectDay(number: 3)
    return ledger
  }

  // MARK: - Opening

  @Test(
    "the edit form opened after another window changed the entry shows the stored values, not the calendar's",
    arguments: [EntryReference.position(1), .id("t1")])
  func formOpensStoredEntry(reference: EntryReference) async throws {
    let ledger = try await ledgerOnNovember3()
    await ledger.repository.updateUnannounced(Self.theirs)
    #expect(ledger.calendar.selectedEntries.first?.memo == "lunch", "the calendar has not heard")

    let form = try await ledger.coordinator.showEditForm(for: reference)
    #expect(form.editableText(of: .memo) == "lunch with Min")
    #expect(form.editableText(of: .amount) == "15000")

    // Enter through every field: their change survives.
    let edit = try #require(await form.save())
    #expect(edit == .edited(before: Self.theirs, after: withStamp(Self.theirs, ledger)))
    #expect(
      try await ledger.repository.transaction(withID: Self.theirs.id)?.memo == "lunch with Min")
  }

  @Test("an entry the list still shows but another window deleted opens no form and no question")
  func deletedBeforeOpening() async throws {
    let ledger = try await ledgerOnNovember3()
    let listed = TestLedger.sample[0]
    await ledger.repository.deleteUnannounced(id: listed.id)
    await #expect(throws: LedgerError.staleTransaction(expected: listed, current: nil)) {
      try await ledger.coordinator.showEditForm(for: .position(1))
    }
    await #expect(throws: LedgerError.staleTransaction(expected: listed, current: nil)) {
      try await ledger.coordinator.showDeleteConfirmation(for: .position(1))
    }
    #expect(ledger.coordinator.path.isEmpty)
  }

  @Test("the delete question opened after another window changed the entry is about the stored one")
  func questionOpensStoredEntry() async throws {
    let ledger = try await ledgerOnNovember3()
    await ledger.repository.updateUnannounced(Self.theirs)
    let confirmation = try await ledger.coordinator.showDeleteConfirmation(for: .position(1))
    #expect(confirmation.entry == Self.theirs)
    #expect(confirmation.label == "lunch with Min")
    #expect(await confirmation.confirm() == Self.theirs)
    #expect(try await ledger.repository.transaction(withID: Self.theirs.id) == nil)
  }

  // MARK: - While the form is open

  @Test(
    "a change another window makes while the form is open: save reports it with the stored entry and writes nothing"
  )
  func changedWhileFormOpen() async throws {
    let ledger = try await ledgerOnNovember3()
    let form = try await ledger.coordinator.showEditForm(for: .position(1))
    try await ledger.repository.update(Self.theirs)
    let revision = await ledger.repository.latestRevision()

    // The user presses Enter through every field: the form still holds "lunch" and ₩12,000.
    #expect(await form.save() == nil)
    #expect(form.conflict == .changed(Self.theirs))
    #expect(form.conflict?.current == Self.theirs)
    #expect(await ledger.repository.latestRevision() == revision, "nothing was written")
    #expect(try await ledger.repository.transaction(withID: Self.theirs.id) == Self.theirs)
    #expect(ledger.coordinator.form === form, "the form stays open to start again")
    #expect(ledger.coordinator.takeOutcome() == nil)
  }

  @Test(
    "restarting from the stored entry fills every field with it, and saving then keeps both changes"
  )
  func restartFromCurrent() async throws {
    let ledger = try await ledgerOnNovember3()
    let form = try await ledger.coordinator.showEditForm(for: .position(1))
    form.enter("meals", for: .category)
    try await ledger.repository.update(Self.theirs)
    #expect(await form.save() == nil)

    #expect(form.restartFromCurrent())
    #expect(form.conflict == nil)
    #expect(form.saveError == nil)
    #expect(form.editableText(of: .memo) == "lunch with Min")
    #expect(form.editableText(of: .amount) == "15000")
    #expect(
      form.editableText(of: .category) == "food", "the user's own change is typed again, knowingly")
    form.enter("meals", for: .category)
    let edit = try #require(await form.save())
    var both = withStamp(Self.theirs, ledger)
    both.category = "meals"
    #expect(edit == .edited(before: Self.theirs, after: both))
    #expect(try await ledger.repository.transaction(withID: Self.theirs.id) == both)
    #expect(ledger.coordinator.path.isEmpty)
    #expect(ledger.coordinator.takeOutcome() == .saved(edit))
  }

  @Test(
    "a save after another window deleted the entry reports it; there is nothing to restart from")
  func deletedWhileFormOpen() async throws {
    let ledger = try await ledgerOnNovember3()
    let form = try await ledger.coordinator.showEditForm(for: .position(1))
    let revision = await ledger.repository.latestRevision()
    await ledger.repository.deleteUnannounced(id: Self.theirs.id)
    #expect(await form.save() == nil)
    #expect(form.conflict == .deleted(TestLedger.sample[0]))
    #expect(form.conflict?.current == nil)
    #expect(!form.restartFromCurrent())
    #expect(try await ledger.repository.transaction(withID: Self.theirs.id) == nil)
    #expect(await ledger.repository.latestRevision() == revision)
  }

  @Test(
    "deleting from a form whose entry another window changed writes nothing and shows the change")
  func deleteFromStaleForm() async throws {
    let ledger = try await ledgerOnNovember3()
    let form = try await ledger.coordinator.showEditForm(for: .position(1))
    try await ledger.repository.update(Self.theirs)
    #expect(await form.delete() == nil)
    #expect(form.conflict == .changed(Self.theirs))
    #expect(try await ledger.repository.transaction(withID: Self.theirs.id) == Self.theirs)
  }

  @Test("a delete question answered yes after another window changed the entry deletes nothing")
  func deleteQuestionOnChangedEntry() async throws {
    let ledger = try await ledgerOnNovember3()
    let confirmation = try await ledger.coordinator.showDeleteConfirmation(for: .position(1))
    try await ledger.repository.update(Self.theirs)
    let revision = await ledger.repository.latestRevision()
    #expect(await confirmation.confirm() == nil)
    #expect(confirmation.conflict == .changed(Self.theirs))
    #expect(await ledger.repository.latestRevision() == revision)
    #expect(try await ledger.repository.transaction(withID: Self.theirs.id) == Self.theirs)
    #expect(ledger.coordinator.top?.model === confirmation)
    #expect(ledger.coordinator.takeOutcome() == nil)
    confirmation.cancel()
    #expect(ledger.coordinator.path.isEmpty)
    #expect(ledger.coordinator.takeOutcome() == .cancelled)
  }

  // MARK: - Undo

  @Test("undo past an entry another window deleted drops that step, and the next undo goes on")
  func undoPastDeletedStep() async throws {
    let ledger = try await ledgerOnNovember3()
    let first = try #require(await ledger.coordinator.showAddForm().fill(memo: "a").save())
    let second = try #require(await ledger.coordinator.showAddForm().fill(memo: "b").save())
    try await ledger.repository.delete(id: second.entryID)

    await #expect(throws: LedgerError.editNoLongerApplies(second, current: nil)) {
      try await ledger.coordinator.undo()
    }
    #expect(try await ledger.coordinator.undo() == first)
    #expect(try await ledger.repository.transaction(withID: first.entryID) == nil)
    #expect(try await ledger.coordinator.undo() == nil)
  }

  /// `entry` as the editor stamps it when it saves now.
  private func withStamp(_ entry: Transaction, _ ledger: TestLedger) -> Transaction {
    var stamped = entry
    stamped.updatedAt = ledger.now
    return stamped
  }
}

extension TransactionFormViewModel {
  /// Fills an add form with a valid expense with this memo.
  fileprivate func fill(memo: String) -> TransactionFormViewModel {
    enter("1000", for: .amount)
    setCategory("test")
    setMemo(memo)
    return self
  }
}
