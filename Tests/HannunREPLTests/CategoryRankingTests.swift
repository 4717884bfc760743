import HannunDomain
import HannunPresentation
import HannunTestSupport
import Testing

@testable import HannunREPL

/// Tab offers the ledger's categories in the order the web's add form suggests them
/// (``CategoryListViewModel/namesByUse``): most used first, equally used ones by name, whatever
/// day they were last used on.
@Suite("REPL: Tab ranks categories as the category list does")
@MainActor
struct CategoryRankingTests {
  /// Ties where the latest day and the name disagree: `zoo` used last, `apple` first by name.
  static let entries: [Transaction] = [
    .fixture(id: "a", day: "2025-11-01", category: "apple"),
    .fixture(id: "b", day: "2025-11-09", category: "zoo"),
    .fixture(id: "c", day: "2025-11-02", category: "mid"),
    .fixture(id: "d", day: "2025-11-03", category: "mid"),
    .fixture(id: "e", day: "2025-10-20", category: "bus"),
  ]

  @Test("Tab's categories, and those ranked from entries at hand, are namesByUse's")
  func sameOrder() async throws {
    let repository = InMemoryTransactionRepository(Self.entries)
    let clock = LedgerClock.fixed(at: Fixtures.day("2025-11-10"))
    let calendar = CalendarViewModel(
      entries: repository, moods: repository, recurring: repository, clock: clock,
      currency: .krw, language: .english)
    let coordinator = AppCoordinator(
      calendar: calendar, editor: LedgerEditor(repository: repository, clock: clock),
      stores: LedgerStores(repository), clock: clock, currency: .krw)
    await calendar.start()
    let byUse = await coordinator.categoryList(of: nil).namesByUse
    #expect(byUse == ["mid", "apple", "bus", "zoo"])
    #expect(CompletionContext.rankedCategories(Self.entries) == byUse)
    let reader = ScriptedLineReader(["quit"])
    let session = REPLSession(
      coordinator: coordinator, reader: reader, theme: .plain, interactive: false,
      write: { _ in })
    _ = await session.run()
    let offered = try #require(reader.completionContexts.last).categories
    #expect(offered == byUse)
  }
}
