import HannunDomain
import HannunJSON
import HannunPresentation
import HannunTestSupport
import Testing

@Suite("find --json")
@MainActor
struct SearchJSONTests {
  @Test("the matches newest first, each exactly as in day --json, with their totals")
  func shape() async throws {
    let entries: [Transaction] = [
      .fixture(id: "t1", day: "2025-11-03", amount: 1_250, category: "bus", memo: "a \"b\""),
      .fixture(id: "t2", day: "2025-11-04", kind: .income, amount: 99, memo: "bus refund"),
      .fixture(id: "t3", day: "2025-11-05", amount: 5, category: "food"),
    ]
    let search = TransactionSearchViewModel(repository: InMemoryTransactionRepository(entries))
    try await search.search(try TransactionQuery(text: "BUS"))
    let calendar = CalendarViewModel(
      repository: InMemoryTransactionRepository(entries),
      clock: .fixed(at: Fixtures.day("2025-11-03")), currency: .usd, language: .english)
    await calendar.start()
    let dayEntry = CalendarJSON.day(calendar).serialized()
    let first =
      #"{"id":"t1","date":"2025-11-03","kind":"expense","amount":12.50,"#
      + #""category":"bus","memo":"a \"b\""}"#
    #expect(dayEntry.contains(first))
    #expect(
      SearchJSON.results(search, currency: .usd).serialized()
        == #"{"transactions":[{"id":"t2","date":"2025-11-04","kind":"income","amount":0.99,"#
        + #""category":"food","memo":"bus refund"},"# + first + #"],"#
        + #""income":0.99,"expense":12.50}"#)
  }

  @Test("no match is an empty list and zero totals")
  func empty() async throws {
    let search = TransactionSearchViewModel(repository: InMemoryTransactionRepository([]))
    try await search.search(try TransactionQuery(text: "x"))
    #expect(
      SearchJSON.results(search, currency: .krw).serialized()
        == #"{"transactions":[],"income":0,"expense":0}"#)
  }
}
