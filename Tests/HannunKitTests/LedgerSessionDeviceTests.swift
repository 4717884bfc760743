import Foundation
import HannunDomain
import HannunKit
import HannunPresentation
import HannunTestSupport
import Testing

/// A session for one more device (``LedgerSession/device(language:makeID:)``), as a server gives
/// each browser: the same ledger and change signal, its own editor and undo history.
@MainActor
@Suite("A device's session")
struct LedgerSessionDeviceTests {
  @Test("a device shares the stores and the change signal, and undoes only its own writes")
  func sharesLedgerNotHistory() async throws {
    let repository = InMemoryTransactionRepository()
    let root = await LedgerSession(
      repository: repository, currency: .krw, clock: .fixed(at: Fixtures.day("2025-11-14")),
      makeID: Fixtures.sequentialIDs(prefix: "s"), startsCalendar: false)
    let first = root.device(language: .korean)
    let second = root.device(makeID: Fixtures.sequentialIDs(prefix: "t"))
    #expect(first.changes === root.changes && second.changes === root.changes)
    #expect(first.language == .korean && second.language == root.language)
    #expect(first.isStarted == false)
    let form = first.coordinator.showAddForm()
    #expect(form.enter("1000", for: .amount) == nil)
    #expect(form.enter("food", for: .category) == nil)
    #expect(await form.save() != nil)
    let added = try await repository.transaction(withID: TransactionID("s1"))
    #expect(added?.amount.minorUnits == 1_000)
    #expect(first.coordinator.canUndo)
    #expect(!second.coordinator.canUndo)
    #expect(try await second.coordinator.undo() == nil)
    #expect(try await repository.transaction(withID: TransactionID("s1")) != nil)
    #expect(try await first.coordinator.undo() != nil)
    #expect(try await repository.transaction(withID: TransactionID("s1")) == nil)
  }
}
