import Foundation
import HannunDomain
import HannunInMemoryStore
import HannunKit
import HannunPresentation
import HannunTestSupport
import Testing

/// The reads many views of one ledger share (issue 18: the web's month data, moved beside the
/// stores so any frontend can use it): read once a version, forgotten on any write.
@Suite("Reads shared by the devices of one ledger")
struct LedgerReadCacheTests {
  static let entries = [
    Transaction.fixture(id: "r1", day: "2025-10-14", amount: 4_500, category: "cafe"),
    Transaction.fixture(id: "r2", day: "2025-11-03", amount: 12_000, category: "food"),
  ]

  @Test("a month one device read is not read again for another, until a write")
  @MainActor
  func sharedUntilAWrite() async throws {
    let store = InMemoryTransactionRepository(Self.entries)
    let session = await LedgerSession(
      repository: store, currency: .krw, clock: .fixed(at: Fixtures.day("2025-11-14")),
      startsCalendar: false)
    let cache = LedgerReadCache(session.stores)
    let phone = session.device(sharing: cache)
    let laptop = session.device(sharing: cache)
    await phone.calendar.select(day: Fixtures.day("2025-10-14"))
    let reads = await cache.monthReads
    await laptop.calendar.select(day: Fixtures.day("2025-10-20"))
    #expect(await cache.monthReads == reads)
    #expect(laptop.calendar.monthExpense == Money(minorUnits: 4_500))
    // A write through any device forgets what was kept: the next read is the ledger's.
    try await phone.stores.entries.insert(
      Transaction.fixture(id: "r3", day: "2025-10-20", amount: 1_000, category: "bus"))
    await laptop.calendar.refresh()
    #expect(await cache.monthReads > reads)
    #expect(laptop.calendar.monthExpense == Money(minorUnits: 5_500))
  }

  @Test("a write that passes the cache by (another store, another process) is seen once looked for")
  func writeElsewhereSeen() async throws {
    let store = InMemoryTransactionRepository(Self.entries)
    let cache = LedgerReadCache(LedgerStores(store))
    let october = Fixtures.month("2025-10")
    let before = try await cache.transactions(in: october.firstDay...october.lastDay)
    #expect(before.map(\.id.rawValue) == ["r1"])
    try await store.insert(
      Transaction.fixture(id: "r4", day: "2025-10-01", amount: 2_000, category: "bus"))
    // Until the version is looked at again (once a screen), what was kept is answered.
    #expect(try await cache.transactions(in: october.firstDay...october.lastDay) == before)
    await cache.currentVersion()
    let after = try await cache.transactions(in: october.firstDay...october.lastDay)
    #expect(Set(after.map(\.id.rawValue)) == ["r1", "r4"])
    // A span of part of a month is the month's entries of those days, as the store gives them.
    let day = Fixtures.day("2025-10-14")
    #expect(try await cache.transactions(in: day...day).map(\.id.rawValue) == ["r1"])
  }
}
