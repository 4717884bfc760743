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

  @Test(
    "written piece by piece, the document is the same text as the whole, escapes included, and no piece is much over 64 KB"
  )
  func streamed() async throws {
    let memos = [
      "", "plain memo", "a \"quote\" and \\ back", "tab\there", "line\u{2028}sep", "\u{85}next",
      "커피와 빵", "\u{202E}evil", "zero\u{200B}width", "bom\u{FEFF}", "\u{7F}del", "é ü ñ",
    ]
    var entries: [Transaction] = []
    for number in 0..<3_000 {
      entries.append(
        .fixture(
          id: "t\(number)",
          day: ["2025-11-10", "1999-01-09", "2024-12-31", "1583-01-01"][number % 4],
          kind: number % 3 == 0 ? .income : .expense, amount: Int64(1 + number * 37),
          category: number % 2 == 0 ? "식비" : "caf\u{E9} \"x\"", memo: memos[number % memos.count]))
    }
    let search = TransactionSearchViewModel(repository: InMemoryTransactionRepository(entries))
    try await search.search(try TransactionQuery())
    for currency in [Currency.usd, .krw] {
      var pieces: [String] = []
      SearchJSON.write(search, currency: currency) { pieces.append($0) }
      #expect(pieces.joined() == SearchJSON.results(search, currency: currency).serialized())
      #expect(pieces.count > 1)
      #expect(pieces.allSatisfy { $0.utf8.count <= 66_000 })
    }
  }
}
