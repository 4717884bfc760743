import Foundation
import HannunDomain
import HannunTestSupport
import Testing

@Suite("Search: the matching rule of a query")
struct TransactionQueryTests {
  private func query(
    _ text: String = "", category: String? = nil, kind: TransactionKind? = nil,
    from: String? = nil, to: String? = nil, min: Int64? = nil, max: Int64? = nil
  ) throws -> TransactionQuery {
    try TransactionQuery(
      text: text, category: category, kind: kind, from: from.map(Fixtures.day),
      to: to.map(Fixtures.day), minimum: min.map(Fixtures.amount),
      maximum: max.map(Fixtures.amount))
  }

  @Test("text is found in the memo or the category, in any case")
  func textInMemoOrCategory() throws {
    let coffee = try query("coffee")
    #expect(coffee.matches(.fixture(memo: "Iced COFFEE")))
    #expect(coffee.matches(.fixture(category: "Coffee")))
    #expect(coffee.matches(.fixture(category: "cafe", memo: "decaf coffee beans")))
    #expect(!coffee.matches(.fixture(category: "cafe", memo: "tea")))
    #expect(try query("  COFFEE ").matches(.fixture(memo: "coffee")), "spaces around are ignored")
    #expect(try query("Ça").matches(.fixture(memo: "çava")), "non-ASCII letters fold too")
    #expect(try query("straße").matches(.fixture(memo: "STRASSE")) == false, "no ß → ss folding")
  }

  @Test("Hangul is matched as typed: syllables inside words, not single jamo")
  func hangulAsTyped() throws {
    #expect(try query("커피").matches(.fixture(memo: "아이스커피 두 잔")))
    #expect(try query("식비").matches(.fixture(category: "식비")))
    #expect(!(try query("ㅋ").matches(.fixture(memo: "커피"))), "a jamo is not its syllable")
    #expect(!(try query("커피").matches(.fixture(memo: "커 피"))))
  }

  @Test("the category option is the whole category, in any case")
  func categoryWhole() throws {
    let food = try query(category: "Food")
    #expect(food.matches(.fixture(category: "food")))
    #expect(!food.matches(.fixture(category: "food court")))
    #expect(try query(category: "  ").category == nil, "a blank category means any")
  }

  @Test("day and amount bounds are included, and kind filters")
  func boundsIncluded() throws {
    let span = try query(from: "2025-11-01", to: "2025-11-30")
    #expect(span.matches(.fixture(day: "2025-11-01")))
    #expect(span.matches(.fixture(day: "2025-11-30")))
    #expect(!span.matches(.fixture(day: "2025-10-31")))
    #expect(!span.matches(.fixture(day: "2025-12-01")))
    let amounts = try query(min: 5_000, max: 12_000)
    #expect(amounts.matches(.fixture(amount: 5_000)))
    #expect(amounts.matches(.fixture(amount: 12_000)))
    #expect(!amounts.matches(.fixture(amount: 4_999)))
    #expect(!amounts.matches(.fixture(amount: 12_001)))
    let income = try query(kind: .income)
    #expect(income.matches(.fixture(kind: .income)))
    #expect(!income.matches(.fixture(kind: .expense)))
    #expect(span.days == Fixtures.day("2025-11-01")...Fixtures.day("2025-11-30"))
    #expect(try query().days == Day.supportedRange)
  }

  @Test("an empty query matches everything; every condition must hold")
  func everyCondition() throws {
    let all = try query()
    #expect(all.isEmpty && all.matches(.fixture()))
    let both = try query("lunch", kind: .expense, min: 10_000)
    #expect(!both.isEmpty)
    #expect(both.matches(.fixture(kind: .expense, amount: 12_000, memo: "lunch")))
    #expect(!both.matches(.fixture(kind: .income, amount: 12_000, memo: "lunch")))
    #expect(!both.matches(.fixture(kind: .expense, amount: 9_000, memo: "lunch")))
  }

  @Test("spans that run backwards are refused as values")
  func backwards() throws {
    #expect(
      throws: TransactionQueryError.daysBackwards(
        from: Fixtures.day("2025-11-02"), to: Fixtures.day("2025-11-01"))
    ) {
      try query(from: "2025-11-02", to: "2025-11-01")
    }
    #expect(
      throws: TransactionQueryError.amountsBackwards(
        minimum: Fixtures.amount(2), maximum: Fixtures.amount(1))
    ) {
      try query(min: 2, max: 1)
    }
    let oneDay = try query(from: "2025-11-01", to: "2025-11-01").days
    #expect(oneDay.lowerBound == oneDay.upperBound)
  }

  @Test("results are ordered newest first: later day, later stamp, then id")
  func newestFirst() {
    let early = Date(timeIntervalSince1970: 1_700_000_000)
    let late = Date(timeIntervalSince1970: 1_700_000_100)
    let entries: [Transaction] = [
      .fixture(id: "a", day: "2025-11-03", created: late),
      .fixture(id: "b", day: "2025-11-04", created: early),
      .fixture(id: "c", day: "2025-11-03", created: early),
      .fixture(id: "d", day: "2025-11-03", created: late),
    ]
    let sorted = entries.sorted(by: TransactionQuery.newestFirst).map(\.id.rawValue)
    #expect(sorted == ["b", "d", "a", "c"])
  }

  @Test("the in-memory store answers exactly the rule's matches, newest first")
  func inMemoryStore() async throws {
    var generator = SplitMix64(seed: 9)
    let words = ["Coffee", "coffee", "커피", "식비", "lunch", "Tea", ""]
    var entries: [Transaction] = []
    for index in 0..<300 {
      let day = try Day(year: 2025, month: Int.random(in: 1...12, using: &generator), day: 1)
      entries.append(
        Transaction(
          id: TransactionID("t\(index)"), day: day,
          kind: Bool.random(using: &generator) ? .income : .expense,
          amount: Fixtures.amount(Int64.random(in: 1...20_000, using: &generator)),
          category: words.randomElement(using: &generator) ?? "x",
          memo: words.randomElement(using: &generator) ?? "",
          createdAt: Date(timeIntervalSince1970: Double(index)),
          updatedAt: Date(timeIntervalSince1970: Double(index))))
    }
    let store = InMemoryTransactionRepository(entries)
    for text in ["coffee", "커피", "", "TEA"] {
      let asked = try query(text, kind: .expense, from: "2025-03-01", min: 5_000)
      let expected = entries.filter(asked.matches).sorted(by: TransactionQuery.newestFirst)
      #expect(try await store.transactions(matching: asked) == expected)
      #expect(!expected.isEmpty)
    }
  }
}
