import HannunDomain
import HannunTestSupport
import Testing

@Suite("Budget plans: which limit applies to which month")
struct BudgetPlanTests {
  private func limit(_ plan: BudgetPlan, _ scope: BudgetScope, _ month: String) -> Int64? {
    plan.limit(for: scope, in: Fixtures.month(month))?.minorUnits
  }

  @Test("a budget that changes mid-year applies its old limit before the change, the new after")
  func changeMidYear() {
    var plan = BudgetPlan.empty
    plan.set(Fixtures.amount(300_000), for: .category("식비"), from: Fixtures.month("2025-01"))
    plan.set(Fixtures.amount(400_000), for: .category("식비"), from: Fixtures.month("2025-07"))
    let limits = (1...12).map { month in
      limit(plan, .category("식비"), "2025-\(month < 10 ? "0" : "")\(month)")
    }
    #expect(limits == Array(repeating: 300_000, count: 6) + Array(repeating: 400_000, count: 6))
    #expect(limit(plan, .category("식비"), "2024-12") == nil)
    #expect(limit(plan, .category("식비"), "2031-05") == 400_000)
    #expect(limit(plan, .total, "2025-08") == nil)
  }

  @Test("setting from an earlier month keeps a later change")
  func setBeforeLaterChange() {
    var plan = BudgetPlan.fixture([("식비", "2025-06", 500_000)])
    plan.set(Fixtures.amount(200_000), for: .category("식비"), from: Fixtures.month("2025-03"))
    #expect(limit(plan, .category("식비"), "2025-04") == 200_000)
    #expect(limit(plan, .category("식비"), "2025-06") == 500_000)
  }

  @Test("removing from a month on leaves the months before and drops later changes")
  func removeFromMonthOn() throws {
    var plan = BudgetPlan.fixture([
      (nil, "2025-01", 2_000_000), ("식비", "2025-01", 300_000), ("식비", "2025-10", 350_000),
    ])
    try plan.remove(.category("식비"), from: Fixtures.month("2025-07"))
    #expect(limit(plan, .category("식비"), "2025-06") == 300_000)
    #expect(limit(plan, .category("식비"), "2025-07") == nil)
    #expect(limit(plan, .category("식비"), "2025-11") == nil)
    #expect(limit(plan, .total, "2025-11") == 2_000_000)
  }

  @Test("removing where there is no budget then or later is refused")
  func removeNothing() {
    var plan = BudgetPlan.fixture([("식비", "2025-01", 300_000), ("식비", "2025-05", nil)])
    #expect(throws: LedgerError.noBudget(.category("식비"), from: Fixtures.month("2025-06"))) {
      try plan.remove(.category("식비"), from: Fixtures.month("2025-06"))
    }
    #expect(throws: LedgerError.noBudget(.total, from: Fixtures.month("2025-01"))) {
      try plan.remove(.total, from: Fixtures.month("2025-01"))
    }
  }

  @Test("removing before a budget starts removes the later budget")
  func removeBeforeStart() throws {
    var plan = BudgetPlan.fixture([("교통", "2025-06", 100_000)])
    try plan.remove(.category("교통"), from: Fixtures.month("2025-03"))
    #expect(plan.isEmpty)
  }

  @Test("changes that change nothing are dropped, so equal budgets are equal plans")
  func simplified() throws {
    var plan = BudgetPlan.empty
    plan.set(Fixtures.amount(100), for: .total, from: Fixtures.month("2025-01"))
    plan.set(Fixtures.amount(100), for: .total, from: Fixtures.month("2025-04"))
    #expect(plan == .fixture([(nil, "2025-01", 100)]))
    plan.set(Fixtures.amount(100), for: .total, from: Fixtures.month("2025-01"))
    #expect(plan.changes.count == 1)
  }

  @Test("the limits of a month list the whole ledger first, then categories by name")
  func limitsInMonth() {
    let plan = BudgetPlan.fixture([
      ("식비", "2025-01", 300_000), ("교통", "2025-01", 100_000), (nil, "2025-03", 2_000_000),
      ("교통", "2025-02", nil),
    ])
    let january = plan.limits(in: Fixtures.month("2025-01"))
    #expect(january.map(\.scope) == [.category("교통"), .category("식비")])
    let march = plan.limits(in: Fixtures.month("2025-03"))
    #expect(march.map(\.scope) == [.total, .category("식비")])
    #expect(march.map(\.limit.minorUnits) == [2_000_000, 300_000])
  }

  @Test("a typed category becomes a checked scope; none is the whole ledger")
  func scopeFromText() throws {
    #expect(try BudgetScope(category: nil) == .total)
    #expect(try BudgetScope(category: "  식비 ") == .category("식비"))
    #expect(throws: FieldInputError.emptyCategory) { try BudgetScope(category: "  ") }
  }
}

@Suite("Budget status: spent and remaining per month")
struct BudgetStatusTests {
  private let november = Fixtures.month("2025-11")

  private func totals(_ entries: [Transaction]) throws -> MonthCategoryTotals {
    try MonthCategoryTotals(month: november, transactions: entries)
  }

  @Test("spending counts expenses only; remaining is negative when over")
  func spentAndRemaining() throws {
    let plan = BudgetPlan.fixture([(nil, "2025-01", 500_000), ("식비", "2025-01", 300_000)])
    let entries: [Transaction] = [
      .fixture(id: "a", day: "2025-11-03", amount: 250_000, category: "식비"),
      .fixture(id: "b", day: "2025-11-04", amount: 60_000, category: "식비"),
      .fixture(id: "c", day: "2025-11-05", amount: 40_000, category: "교통"),
      .fixture(id: "d", day: "2025-11-25", kind: .income, amount: 3_000_000, category: "급여"),
    ]
    let status = try BudgetStatus(month: november, plan: plan, totals: try totals(entries))
    #expect(status.total?.spent.minorUnits == 350_000)
    #expect(status.total?.remaining.minorUnits == 150_000)
    #expect(status.total?.isOver == false)
    #expect(status.categories.count == 1)
    #expect(status.categories.first?.spent.minorUnits == 310_000)
    #expect(status.categories.first?.remaining.minorUnits == -10_000)
    #expect(status.categories.first?.isOver == true)
  }

  @Test("a month without entries has spent nothing; a month without budgets is empty")
  func emptyMonths() throws {
    let plan = BudgetPlan.fixture([("식비", "2025-11", 300_000)])
    let status = try BudgetStatus(month: november, plan: plan, totals: nil)
    #expect(status.categories.first?.remaining.minorUnits == 300_000)
    let before = try BudgetStatus(month: Fixtures.month("2025-10"), plan: plan, totals: nil)
    #expect(before.isEmpty)
  }

  @Test("the overruns of an entry are its category's and the whole month's, when over")
  func overruns() throws {
    let plan = BudgetPlan.fixture([(nil, "2025-01", 300_000), ("식비", "2025-01", 200_000)])
    let food = Transaction.fixture(id: "a", day: "2025-11-03", amount: 310_000, category: "식비")
    let status = try BudgetStatus(month: november, plan: plan, totals: try totals([food]))
    #expect(status.overruns(countingAgainst: food).map(\.scope) == [.category("식비"), .total])
    let bus = Transaction.fixture(id: "b", day: "2025-11-03", amount: 1_000, category: "교통")
    #expect(status.overruns(countingAgainst: bus).map(\.scope) == [.total])
    let salary = Transaction.fixture(id: "c", kind: .income, amount: 1, category: "식비")
    #expect(status.overruns(countingAgainst: salary).isEmpty)
    let october = Transaction.fixture(id: "d", day: "2025-10-03", category: "식비")
    #expect(status.overruns(countingAgainst: october).isEmpty)
  }

  @Test("a remaining amount that does not fit is an overflow, never a wrap")
  func overflow() throws {
    let huge = CategoryTotal(
      kind: .expense, category: "식비", amount: Money(minorUnits: .min), count: 1)
    let plan = BudgetPlan.fixture([("식비", "2025-01", 1)])
    #expect(throws: LedgerError.totalOverflow) {
      try BudgetStatus(
        month: november, plan: plan,
        totals: MonthCategoryTotals(month: november, totals: [huge]))
    }
  }
}
