import HannunDomain
import HannunPresentation
import HannunTestSupport
import Testing

@Suite("Delete confirmation")
@MainActor
struct DeleteConfirmationTests {
  private func confirmation(
    for entry: Transaction, currency: Currency = .krw
  ) -> (DeleteConfirmationViewModel, InMemoryTransactionRepository, FinishLog) {
    let repository = InMemoryTransactionRepository([entry])
    let editor = LedgerEditor(repository: repository, clock: .fixed(at: day("2025-11-14")))
    let confirmation = DeleteConfirmationViewModel(
      entry: entry, editor: editor, money: MoneyFormatter(currency: currency))
    let log = FinishLog()
    confirmation.didFinish = { log.finished.append($0) }
    return (confirmation, repository, log)
  }

  @Test("the question names the memo, or the category when there is no memo")
  func label() {
    #expect(confirmation(for: .fixture(memo: "lunch")).0.label == "lunch")
    let noMemo = Transaction.fixture(kind: .income, amount: 1_234_567, category: "salary")
    #expect(confirmation(for: noMemo).0.label == "salary")
  }

  @Test("confirming deletes the entry")
  func confirmDeletes() async {
    let entry = Transaction.fixture(memo: "lunch")
    let (confirmation, repository, log) = confirmation(for: entry)
    #expect(await confirmation.confirm() == entry)
    #expect(await repository.all.isEmpty)
    #expect(log.finished == [entry])
    #expect(confirmation.error == nil)
  }

  @Test("cancelling keeps the entry and writes nothing")
  func cancelKeeps() async {
    let entry = Transaction.fixture(memo: "lunch")
    let (confirmation, repository, log) = confirmation(for: entry)
    confirmation.cancel()
    #expect(await repository.all == [entry])
    #expect(await repository.latestRevision() == 0)
    #expect(log.finished == [nil])
  }

  @Test("an entry already gone is reported, not deleted twice")
  func alreadyGone() async throws {
    let entry = Transaction.fixture(memo: "lunch")
    let (confirmation, repository, log) = confirmation(for: entry)
    try await repository.delete(id: entry.id)
    #expect(await confirmation.confirm() == nil)
    #expect(confirmation.conflict == .deleted(entry))
    // The question stays open with the reason; it was not answered.
    #expect(log.finished == [])
  }

  @Test("an entry another window changed after the question is kept, and the change shown")
  func changedSinceAsked() async throws {
    let entry = Transaction.fixture(memo: "lunch")
    let (confirmation, repository, log) = confirmation(for: entry)
    var theirs = entry
    theirs.memo = "lunch with Min"
    try await repository.update(theirs)
    #expect(await confirmation.confirm() == nil)
    #expect(confirmation.conflict == .changed(theirs))
    #expect(await repository.all == [theirs])
    #expect(log.finished == [])
  }

  // MARK: - Through the coordinator

  @Test("the delete question names the memo and amount; n keeps the entry")
  func deleteAnsweredNo() async throws {
    let ledger = await TestLedger.started()
    try await ledger.calendar.selectDay(number: 3)
    let confirmation = try await ledger.coordinator.showDeleteConfirmation(for: .position(1))
    #expect(ledger.coordinator.path.map(\.kind) == [.deleteConfirmation(TransactionID("t1"))])
    #expect(ledger.coordinator.deleteConfirmation === confirmation)
    #expect(confirmation.label == "lunch")

    let revision = await ledger.repository.latestRevision()
    confirmation.cancel()
    #expect(ledger.coordinator.path.isEmpty)
    #expect(ledger.coordinator.deleteConfirmation == nil)
    #expect(ledger.coordinator.takeOutcome() == .cancelled)
    #expect(await ledger.repository.latestRevision() == revision)
    #expect(await ledger.repository.all.count == 8)
  }

  @Test("confirming deletes the entry and the calendar drops it")
  func deleteConfirmed() async throws {
    let ledger = await TestLedger.started()
    try await ledger.calendar.selectDay(number: 3)
    let confirmation = try await ledger.coordinator.showDeleteConfirmation(for: .position(1))
    let removed = try #require(await confirmation.confirm())
    #expect(removed.id == TransactionID("t1"))
    #expect(ledger.coordinator.path.isEmpty)
    #expect(ledger.coordinator.takeOutcome() == .deleted(removed))
    await ledger.settle()
    #expect(ledger.calendar.monthExpense == money(4_500))
    #expect(ledger.calendar.selectedEntries.map(\.id.rawValue) == ["a2"])
    #expect(await ledger.repository.all.count == 7)
  }

  @Test("the question falls back to the category when there is no memo")
  func deleteQuestionWithoutMemo() async throws {
    let ledger = await TestLedger.started(currency: .krw)
    let confirmation = try await ledger.coordinator.showDeleteConfirmation(for: .id("t4"))
    #expect(confirmation.label == "salary")
  }

  @Test("a delete the store refuses keeps the entry and says why")
  func deleteRefused() async throws {
    let ledger = await TestLedger.started()
    let confirmation = try await ledger.coordinator.showDeleteConfirmation(for: .position(1))
    await ledger.repository.failNextWrite(
      with: LedgerError.unwritableFile(
        path: "/ledger", reason: .invalidContent(.described("disk full"))))
    #expect(await confirmation.confirm() == nil)
    #expect(
      confirmation.error
        == .ledger(
          .unwritableFile(path: "/ledger", reason: .invalidContent(.described("disk full")))))
    // Still asking: the frontend shows the reason, and the user confirms again or cancels.
    #expect(ledger.coordinator.top?.model === confirmation)
    #expect(await ledger.repository.all.count == 8)
    #expect(await confirmation.confirm() != nil)
    #expect(confirmation.error == nil)
    #expect(ledger.coordinator.path.isEmpty)
    #expect(await ledger.repository.all.count == 7)
  }
}

/// What a view-model reported when it finished.
@MainActor
private final class FinishLog {
  var finished: [Transaction?] = []
}

@Suite("Deleting without a question")
@MainActor
struct DirectDeleteTests {
  @Test("a frontend that asked in its own way deletes through the coordinator, undoably")
  func directDelete() async throws {
    let ledger = await TestLedger.started()
    let removed = try await ledger.coordinator.delete(.id("t1"))
    #expect(removed.id == TransactionID("t1"))
    #expect(ledger.coordinator.path.isEmpty)
    #expect(ledger.coordinator.canUndo)
    #expect(await ledger.repository.all.count == 7)
    _ = try await ledger.coordinator.undo()
    #expect(await ledger.repository.all.count == 8)
  }
}
