import HannunDomain
import HannunKit
import HannunPresentation
import HannunTestSupport
import Testing

/// The four defects an outside developer met building a budget watcher on the products alone,
/// each driven through the public API as that developer would.
@Suite("What an outside developer builds on the products")
@MainActor
struct OutsideDeveloperTests {
  static let clock = LedgerClock.fixed(at: Fixtures.day("2025-11-10"))

  static func session(
    _ entries: [Transaction] = [], startsCalendar: Bool = true
  ) async -> (LedgerSession, InMemoryTransactionRepository) {
    let repository = InMemoryTransactionRepository(entries)
    let session = await LedgerSession(
      repository: repository, currency: .krw, clock: clock,
      makeID: Fixtures.sequentialIDs(prefix: "o"), startsCalendar: startsCalendar)
    return (session, repository)
  }

  @Test("a calendar that was never started settles at once after a write, and undo returns")
  func settleWithoutStart() async throws {
    let (session, repository) = await Self.session(startsCalendar: false)
    let form = session.coordinator.showAddForm()
    form.enter("5000", for: .amount)
    form.enter("food", for: .category)
    #expect(await form.save() != nil)
    // Before: settle() waited for a change feed nobody listened to, and never returned.
    await session.calendar.settle()
    #expect(try await session.coordinator.undo() != nil)
    #expect(
      try await repository.transactions(in: Fixtures.day("2025-11-01")...Fixtures.day("2025-11-30"))
        .isEmpty)
  }

  @Test("setting a mood through the coordinator makes it undoable there")
  func moodIsUndoable() async throws {
    let (session, _) = await Self.session()
    #expect(!session.coordinator.canUndo)
    try await session.coordinator.setMood(DayMood(.joy), on: Fixtures.day("2025-11-10"))
    #expect(session.coordinator.canUndo)
    #expect(try await session.coordinator.undo() != nil)
    #expect(!session.coordinator.canUndo)
    #expect(session.coordinator.canRedo)
  }

  @Test("a confirmed delete the store refuses keeps its question open with the reason")
  func failedDeleteStaysOpen() async throws {
    let entry = Transaction.fixture(
      id: "d1", day: "2025-11-10", kind: .expense, amount: 9_000, category: "food")
    let (session, repository) = await Self.session([entry])
    let coordinator = session.coordinator
    let question = try await coordinator.showDeleteConfirmation(for: .position(1))
    // Another window changes the entry after the question was asked.
    let otherWindow = LedgerEditor(repository: repository, clock: Self.clock)
    let (_, changed) = try await otherWindow.update(
      entry,
      to: TransactionDraft(
        day: entry.day, kind: .expense, amount: try Amount(minorUnits: 9_500),
        category: "food", memo: ""))
    #expect(await question.confirm() == nil)
    #expect(coordinator.top?.model === question)
    #expect(coordinator.takeOutcome() == nil)
    #expect(question.conflict == .changed(changed))
    #expect(question.error != nil)
    // Leaving it is the user's choice, and then it is a cancel.
    question.cancel()
    #expect(coordinator.path.isEmpty)
    #expect(coordinator.takeOutcome() == .cancelled)
  }

  @Test("a refused amount keeps its own reason when the form is saved")
  func refusedAmountKeepsReason() async throws {
    let (session, _) = await Self.session()
    let form = session.coordinator.showAddForm()
    let refused = form.enter("-5", for: .amount)
    #expect(refused == .amount(.notPositive("-5")))
    form.enter("food", for: .category)
    #expect(await form.save() == nil)
    #expect(form.errors[.amount] == refused)
  }
}
