import HannunDomain
import HannunJSON
import HannunTestSupport
import Testing

@Suite("The categories JSON contract")
struct CategoryJSONTests {
  private let entries: [Transaction] = [
    .fixture(id: "a", day: "2025-11-03", amount: 1_250, category: "식비"),
    .fixture(id: "b", day: "2025-11-04", amount: 99, category: "식비"),
    .fixture(id: "c", day: "2025-11-05", kind: .income, amount: 300_000, category: "pay \"x\""),
    .fixture(id: "d", day: "2025-10-05", amount: 5, category: "old"),
  ]

  @Test("a month: from, to, totals and every category with kind, exact amount and count")
  func month() async throws {
    let november = Fixtures.month("2025-11")
    let list = try await CategoryList.load(
      november...november, from: InMemoryTransactionRepository(entries))
    #expect(
      CategoryJSON.list(list, currency: .usd).serialized()
        == #"{"from":"2025-11","to":"2025-11","income":3000.00,"expense":13.49,"categories":["#
        + #"{"category":"pay \"x\"","kind":"income","amount":3000.00,"count":1},"#
        + #"{"category":"식비","kind":"expense","amount":13.49,"count":2}]}"#)
  }

  @Test("all time has null bounds; KRW amounts have no decimals")
  func allTime() async throws {
    let list = try await CategoryList.load(nil, from: InMemoryTransactionRepository(entries))
    let text = CategoryJSON.list(list, currency: .krw).serialized()
    #expect(text.hasPrefix(#"{"from":null,"to":null,"income":300000,"expense":1354,"#))
    #expect(text.hasSuffix(#"{"category":"old","kind":"expense","amount":5,"count":1}]}"#))
  }

  @Test(
    "a rename: names, whether it merged, how many entries, budgets and rules, and which months")
  func rename() {
    let a = Transaction.fixture(id: "a", day: "2025-11-03", category: "식당")
    let b = Transaction.fixture(id: "b", day: "2024-02-03", category: "식당")
    var a2 = a
    a2.category = "식비"
    var b2 = b
    b2.category = "식비"
    let batch = LedgerBatch(
      purpose: .renameCategory(from: "식당", to: "식비", merged: true),
      changes: [.update(a, to: a2), .update(b, to: b2)])
    #expect(
      CategoryJSON.rename(batch).serialized()
        == #"{"from":"식당","to":"식비","merged":true,"count":2,"budgets":0,"rules":0,"months":["2024-02","2025-11"]}"#
    )
    let scope = BudgetScope.category("식당")
    let limit = BudgetChange(
      scope: scope, from: Fixtures.month("2025-01"), limit: Fixtures.amount(1))
    let rule = RecurringRule.fixture(category: "식당")
    var carried = batch
    carried.budgets = BudgetEdit(scopes: [scope: .init(before: [limit], after: [])])
    carried.recurring = RecurringEdit(
      rules: [.init(before: rule, after: .fixture(category: "식비"))])
    #expect(
      CategoryJSON.rename(carried).serialized().contains(#""count":2,"budgets":1,"rules":1,"#))
  }
}
