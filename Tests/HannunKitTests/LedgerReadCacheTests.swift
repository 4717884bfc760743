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

  @Test("a long span read a month at a time (an export) is read so from the ledger, not whole")
  func monthByMonthPassesThrough() async throws {
    let store = ReadFailingTransactionRepository(Self.entries)
    let other = InMemoryTransactionRepository()
    let cache = LedgerReadCache(
      LedgerStores(
        entries: store, budgets: other, recurring: other, moods: other, versions: other,
        restoring: other))
    let days = Fixtures.day("2020-01-01")...Fixtures.day("2025-12-31")
    let months = MonthsSeen()
    try await cache.transactions(in: days) { entries in months.add(entries) }
    #expect(months.ids == [["r1"], ["r2"]])
    // Before, the cache took the protocol's default, which reads the whole span at once: a web
    // download of a million entries held all of them (172 MiB for a CSV export).
    #expect(await store.monthByMonthReads == [days])
    #expect(await store.rangeQueries.isEmpty)
  }
}

/// The entries a month-by-month read handed over, a list a month.
private final class MonthsSeen: @unchecked Sendable {
  private let lock = NSLock()
  private var seen: [[String]] = []

  func add(_ entries: [Transaction]) { lock.withLock { seen.append(entries.map(\.id.rawValue)) } }

  var ids: [[String]] { lock.withLock { seen } }
}
