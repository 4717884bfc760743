import HannunDomain
import HannunTestSupport
import Testing

@Suite("Category list: counts and totals of a period from per-month totals")
struct CategoryListTests {
  private let entries = [
    Transaction.fixture(id: "a", day: "2025-10-02", amount: 8_000, category: "식비"),
    Transaction.fixture(id: "b", day: "2025-11-03", amount: 12_000, category: "식비"),
    Transaction.fixture(id: "c", day: "2025-11-04", amount: 20_000, category: "rent"),
    Transaction.fixture(id: "d", day: "2025-11-25", kind: .income, amount: 3_000, category: "pay"),
    Transaction.fixture(id: "e", day: "2025-11-26", kind: .income, amount: 300, category: "식비"),
    Transaction.fixture(id: "f", day: "2024-01-05", amount: 1_000, category: "old"),
  ]

  @Test("income first, then the largest amount first within each kind, then by name")
  func order() async throws {
    let repository = InMemoryTransactionRepository(entries)
    let november = Fixtures.month("2025-11")
    let list = try await CategoryList.load(november...november, from: repository)
    #expect(
      list.categories.map {
        "\($0.kind.rawValue) \($0.category) \($0.amount.minorUnits) \($0.count)"
      }
        == ["income pay 3000 1", "income 식비 300 1", "expense rent 20000 1", "expense 식비 12000 1"])
    #expect(list.summary.income.minorUnits == 3_300 && list.summary.expense.minorUnits == 32_000)
    #expect(list.span == november...november)
  }

  @Test("all time and a range sum every month they cover; an empty period lists nothing")
  func periods() async throws {
    let repository = InMemoryTransactionRepository(entries)
    let all = try await CategoryList.load(nil, from: repository)
    #expect(all.span == nil)
    #expect(all.categories.first { $0.category == "식비" && $0.kind == .expense }?.count == 2)
    #expect(all.summary.expense.minorUnits == 41_000)
    let range = try await CategoryList.load(
      Fixtures.month("2025-10")...Fixtures.month("2025-10"), from: repository)
    #expect(range.categories.map(\.category) == ["식비"])
    let empty = try await CategoryList.load(
      Fixtures.month("2030-01")...Fixtures.month("2030-12"), from: repository)
    #expect(empty.categories.isEmpty && empty.summary == .empty)
  }

  @Test("the sums are those of the entries, checked against a plain recount")
  func recount() async throws {
    var entries: [Transaction] = []
    var generator = SystemRandomNumberGenerator()
    for index in 0..<300 {
      let month = Int.random(in: 1...12, using: &generator)
      entries.append(
        .fixture(
          id: "r\(index)", day: String(format: "2025-%02d-%02d", month, Int.random(in: 1...28)),
          kind: Bool.random() ? .income : .expense, amount: Int64.random(in: 1...1_000_000),
          category: ["a", "b", "식비", "c d"].randomElement() ?? "a"))
    }
    let list = try await CategoryList.load(nil, from: InMemoryTransactionRepository(entries))
    for total in list.categories {
      let matching = entries.filter { $0.kind == total.kind && $0.category == total.category }
      #expect(total.count == matching.count)
      #expect(total.amount.minorUnits == matching.reduce(0) { $0 + $1.amount.minorUnits })
    }
    #expect(list.categories.reduce(0) { $0 + $1.count } == entries.count)
  }
}
