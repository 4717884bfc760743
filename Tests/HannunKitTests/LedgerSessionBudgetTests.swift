import Foundation
import HannunDomain
import HannunKit
import HannunPresentation
import HannunTestSupport
import Testing

@Suite("A session's budgets")
@MainActor
struct LedgerSessionBudgetTests {
  @Test("a session in memory has budgets, read on start, and its calendar shows them")
  func inMemory() async throws {
    let repository = InMemoryTransactionRepository([
      .fixture(id: "t1", day: "2025-11-03", amount: 12_000, category: "food")
    ])
    await repository.replaceBudgetPlanUnannounced(.fixture([("food", "2025-01", 10_000)]))
    let session = await LedgerSession(
      repository: repository, currency: .krw, clock: .fixed(at: Fixtures.day("2025-11-10")))
    let budgets = session.budgets
    #expect(budgets.plan == .fixture([("food", "2025-01", 10_000)]))
    #expect(session.calendar.budgetStatus?.categories.first?.remaining.minorUnits == -2_000)
  }

  @Test("a session on a data directory keeps its budgets in ledger/budgets.json")
  func onFiles() async throws {
    let folder = try TemporaryFolder(prefix: "hannun-kit-budgets")
    let options = LedgerSession.Options(
      dataPath: folder.appending("data").path, localeIdentifier: "ko_KR",
      clock: .fixed(at: Fixtures.day("2025-11-14")), environment: [:],
      currentDirectory: folder.url.path)
    let first = try await LedgerSession.open(options)
    try await first.budgets.set(
      Fixtures.amount(300_000), for: .category("식비"), from: Fixtures.month("2025-11"))
    #expect(folder.contains("data/ledger/budgets.json"))
    let second = try await LedgerSession.open(options)
    #expect(
      second.budgets.plan.limit(for: .category("식비"), in: Fixtures.month("2025-12"))
        == Fixtures.amount(300_000))
  }

  @Test(
    "a session given its budgets as a separate part reads, shows, warns and writes through it")
  func budgetsFromAnotherPart() async throws {
    let entries = InMemoryTransactionRepository([
      .fixture(id: "t1", day: "2025-11-03", amount: 12_000, category: "food")
    ])
    let remote = RemoteBudgets(.fixture([("food", "2025-01", 10_000)]))
    var stores = LedgerStores(entries)
    stores.budgets = remote
    let session = await LedgerSession(
      stores: stores, currency: .krw, clock: .fixed(at: Fixtures.day("2025-11-10")),
      makeID: Fixtures.sequentialIDs(prefix: "p"))
    // Read from the part it was given, and shown in the calendar's header.
    #expect(session.budgets.plan == .fixture([("food", "2025-01", 10_000)]))
    #expect(session.calendar.budgetStatus?.categories.first?.remaining.minorUnits == -2_000)
    #expect(await remote.reads >= 1)
    // A save through the form is warned about from the part's budgets.
    let form = session.coordinator.showAddForm()
    form.enter("3000", for: .amount)
    form.enter("food", for: .category)
    let saved = try #require(await form.save())
    let notice = try #require(await session.budgets.notice(after: saved))
    #expect(notice.overruns.first?.scope == .category("food"))
    // A budget set through the session is kept by the part, not by the entries' store.
    try await session.budgets.set(
      Fixtures.amount(50_000), for: .category("food"), from: Fixtures.month("2025-12"))
    #expect(
      await remote.plan.limit(for: .category("food"), in: Fixtures.month("2025-12"))
        == Fixtures.amount(50_000))
    #expect(try await entries.budgetPlan() == .empty)
  }

  @Test("a session's moods, rules and backups use the parts it was given")
  func otherPartsAreUsed() async throws {
    let entries = InMemoryTransactionRepository()
    let diary = InMemoryTransactionRepository()
    let remote = RemoteBudgets(.fixture([(nil, "2025-11", 1_000_000)]))
    var stores = LedgerStores(entries)
    stores.moods = diary
    stores.budgets = remote
    let day = Fixtures.day("2025-11-10")
    let session = await LedgerSession(stores: stores, currency: .krw, clock: .fixed(at: day))
    try await session.coordinator.setMood(DayMood(.joy), on: day)
    #expect(try await diary.moods(in: day...day)[day]?.mood == .joy)
    #expect(try await entries.moods(in: day...day).isEmpty)
    let backup = try await LedgerBackup.snapshot(
      of: session.stores, currency: .krw, days: day...day)
    #expect(backup.budgets == .fixture([(nil, "2025-11", 1_000_000)]))
    #expect(backup.moods[day]?.mood == .joy)
  }
}
