import HannunDomain
import HannunPresentation
import HannunTestSupport
import Testing

@MainActor
@Suite("Search view-model: results, totals and numbered results")
struct TransactionSearchViewModelTests {
  static let entries: [Transaction] = [
    .fixture(id: "a", day: "2025-11-03", amount: 4_500, category: "카페", memo: "Coffee"),
    .fixture(id: "b", day: "2025-11-10", kind: .income, amount: 10_000, memo: "coffee refund"),
    .fixture(id: "c", day: "2025-10-01", amount: 3_000, memo: "tea"),
    .fixture(id: "d", day: "2024-02-29", amount: 2_000, memo: "COFFEE"),
  ]

  @Test("a search shows the matches newest first with their income and expense")
  func resultsAndTotals() async throws {
    let search = TransactionSearchViewModel(
      repository: InMemoryTransactionRepository(Self.entries))
    #expect(search.query == nil && search.results.isEmpty)
    let query = try TransactionQuery(text: "coffee")
    try await search.search(query)
    #expect(search.query == query)
    #expect(search.results.map(\.id.rawValue) == ["b", "a", "d"])
    #expect(
      search.totals
        == DaySummary(income: Money(minorUnits: 10_000), expense: Money(minorUnits: 6_500)))
    try await search.search(try TransactionQuery(text: "nothing like it"))
    #expect(search.results.isEmpty && search.totals == .empty)
  }

  @Test("result N counts from 1 in the order shown; other numbers are refused as values")
  func numberedResults() async throws {
    let search = TransactionSearchViewModel(
      repository: InMemoryTransactionRepository(Self.entries))
    #expect(throws: SearchResultError.noSearch) { try search.result(number: 1) }
    try await search.search(try TransactionQuery(text: "coffee"))
    #expect(try search.result(number: 1).id.rawValue == "b")
    #expect(try search.result(number: 3).id.rawValue == "d")
    #expect(throws: SearchResultError.noSuchResult(4, count: 3)) { try search.result(number: 4) }
    #expect(throws: SearchResultError.noSuchResult(0, count: 3)) { try search.result(number: 0) }
  }

  @Test("a failed read keeps the results before it and says why")
  func failedRead() async throws {
    let repository = ReadFailingTransactionRepository(Self.entries)
    let search = TransactionSearchViewModel(repository: repository)
    try await search.search(try TransactionQuery(text: "tea"))
    let failure = LedgerError.unreadableFile(
      path: "ledger/2025/2025-10.json", reason: .notRegularFile)
    await repository.failReads(with: failure)
    await #expect(throws: LedgerError.self) { try await search.search(try TransactionQuery()) }
    #expect(search.error == .ledger(failure))
    #expect(search.results.map(\.id.rawValue) == ["c"])
  }

  @Test("totals that do not fit are an overflow, not a wrap")
  func overflow() async throws {
    let huge = Amount.maximumMinorUnits
    // 10,000 × 999,999,999,999,999 is past Int64.max (about 9.2 × 10^18).
    let entries = (0..<10_000).map {
      Transaction.fixture(id: "h\($0)", day: "2025-11-0\($0 % 9 + 1)", amount: huge, memo: "big")
    }
    let search = TransactionSearchViewModel(repository: InMemoryTransactionRepository(entries))
    await #expect(throws: LedgerError.totalOverflow) {
      try await search.search(try TransactionQuery(text: "big"))
    }
  }

  @Test("the coordinator's search reads its ledger")
  func fromCoordinator() async throws {
    let ledger = await TestLedger.started(entries: Self.entries)
    let search = ledger.coordinator.makeSearch()
    try await search.search(try TransactionQuery(kind: .income))
    #expect(search.results.map(\.id.rawValue) == ["b"])
  }

  @Test("search errors are said in Korean and English")
  func messages() throws {
    let backwards = TransactionQueryError.daysBackwards(
      from: Fixtures.day("2025-11-02"), to: Fixtures.day("2025-11-01"))
    #expect(
      DisplayLanguage.korean.messages.describe(any: backwards)
        == "--from 2025-11-02이(가) --to 2025-11-01보다 늦습니다. 앞의 날을 --from에 적으세요")
    #expect(DisplayLanguage.english.messages.describe(any: backwards).contains("comes after"))
    let amounts = TransactionQueryError.amountsBackwards(
      minimum: Fixtures.amount(2), maximum: Fixtures.amount(1))
    #expect(DisplayLanguage.korean.messages.describe(any: amounts).contains("--min이 --max보다"))
    #expect(
      DisplayLanguage.english.messages.describe(any: SearchResultError.noSuchResult(5, count: 2))
        == "there is no result 5: the search found 2 (1-2)")
    #expect(
      DisplayLanguage.korean.messages.describe(any: SearchResultError.noSearch).contains("find"))
  }
}
