import HannunDomain
import HannunPresentation
import HannunTestSupport
import Testing

/// The search results on screen follow the ledger as the other screens do: another window's
/// write, or a file changed by hand, reloads the top route (`AppCoordinator.reloadTop()`), and
/// the results were left as they were before.
@MainActor
@Suite("Search results follow the ledger")
struct SearchFollowsLedgerTests {
  @Test("another window's entry appears in the results, and the page asked for is kept")
  func reloads() async throws {
    let ledger = await TestLedger.started()
    let search = ledger.coordinator.showSearch()
    try await search.search(try TransactionQuery())
    let before = search.results.count
    search.fit(pageSize: 1)
    search.show(page: 2)
    // Another window: a matching entry, written to the shared repository behind this session.
    try await ledger.repository.insert(
      .fixture(id: "w1", day: "2025-11-20", amount: 5_500, category: "cafe", memo: "coffee beans"))
    await ledger.coordinator.reloadTop()
    #expect(search.results.count == before + 1, "\(search.results.map(\.memo))")
    #expect(search.results.contains { $0.id.rawValue == "w1" })
    #expect(search.totals.expense.minorUnits >= 5_500)
    #expect(search.paging.number == 2, "the page asked for stays")
    #expect(search.query == (try TransactionQuery()))
  }

  @Test("a reload that cannot read keeps the results and says why, as a search does")
  func failedReload() async throws {
    let repository = ReadFailingTransactionRepository([
      .fixture(id: "a", day: "2025-11-03", amount: 4_500, memo: "coffee")
    ])
    let search = TransactionSearchViewModel(repository: repository)
    try await search.search(try TransactionQuery(text: "coffee"))
    let failure = LedgerError.unreadableFile(
      path: "ledger/2025/2025-11.json", reason: .notRegularFile)
    await repository.failReads(with: failure)
    await search.reload()
    #expect(search.error == .ledger(failure))
    #expect(search.results.map(\.id.rawValue) == ["a"])
  }
}
