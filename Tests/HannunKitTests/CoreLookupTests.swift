import HannunDomain
import HannunKit
import HannunPresentation
import HannunTestSupport
import Testing

/// What a frontend looks up through the core instead of its store: an entry as stored now (a
/// conflict, a form sent twice) and the categories an entry form suggests.
@Suite("The core's lookups")
@MainActor
struct CoreLookupTests {
  /// A session over an in-memory ledger holding `backup`, its calendar not started.
  private func makeSession(holding backup: LedgerBackup?) async throws -> LedgerSession {
    let store = InMemoryTransactionRepository()
    if let backup { try await store.restore(backup) }
    return await LedgerSession(
      repository: store, currency: .krw, clock: .fixed(at: Fixtures.day("2025-11-14")),
      startsCalendar: false)
  }

  @Test("the coordinator looks an entry up as stored now, by its whole id only")
  func lookup() async throws {
    let session = try await makeSession(holding: .fixture)
    let coordinator = session.coordinator
    let entry = try #require(try await coordinator.storedEntry(TransactionID("e3")))
    #expect(entry == LedgerBackup.fixture.entries.first { $0.id.rawValue == "e3" })
    // Changed by another window since: the lookup sees the change.
    var changed = entry
    changed.memo = "elsewhere"
    try await session.repository.update(changed)
    #expect(try await coordinator.storedEntry(TransactionID("e3"))?.memo == "elsewhere")
    #expect(try await coordinator.storedEntry(TransactionID("e")) == nil)
    #expect(try await coordinator.storedEntry(TransactionID("zz9")) == nil)
    #expect(coordinator.path.isEmpty)
  }

  @Test("the category list names each category once, the most used first")
  func categoryNames() async throws {
    let session = try await makeSession(holding: nil)
    for (index, (category, kind)) in [
      ("cafe", TransactionKind.expense), ("food", .expense), ("food", .expense),
      ("bonus", .income), ("bonus", .expense), ("apple", .expense),
    ].enumerated() {
      _ = try await session.editor.add(
        TransactionDraft(
          Transaction.fixture(id: "c\(index)", kind: kind, category: category)))
    }
    let list = await session.coordinator.categoryList(of: nil)
    #expect(list.namesByUse == ["bonus", "food", "apple", "cafe"])
  }
}
