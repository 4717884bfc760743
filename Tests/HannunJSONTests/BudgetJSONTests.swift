import HannunDomain
import HannunJSON
import HannunTestSupport
import Testing

@Suite("The budget JSON contract")
struct BudgetJSONTests {
  @Test("month, total (or null) and categories with limit, spent and remaining, exactly")
  func contract() throws {
    let month = Fixtures.month("2025-11")
    let entries: [Transaction] = [
      .fixture(id: "a", day: "2025-11-03", amount: 31_050, category: "식비"),
      .fixture(id: "b", day: "2025-11-04", amount: 1_000, category: "\"quoted\""),
    ]
    let totals = try MonthCategoryTotals(month: month, transactions: entries)
    let status = try BudgetStatus(
      month: month,
      plan: .fixture([
        (nil, "2025-01", 100_000), ("식비", "2025-01", 30_000), ("\"quoted\"", "2025-11", 5_000),
      ]),
      totals: totals)
    #expect(
      BudgetJSON.budget(status, currency: .usd).serialized()
        == #"{"month":"2025-11","total":{"limit":1000.00,"spent":320.50,"remaining":679.50},"#
        + #""categories":[{"category":"\"quoted\"","limit":50.00,"spent":10.00,"remaining":40.00},"#
        + #"{"category":"식비","limit":300.00,"spent":310.50,"remaining":-10.50}]}"#)
    let none = try BudgetStatus(month: month, plan: .empty, totals: totals)
    #expect(
      BudgetJSON.budget(none, currency: .krw).serialized()
        == #"{"month":"2025-11","total":null,"categories":[]}"#)
  }
}
