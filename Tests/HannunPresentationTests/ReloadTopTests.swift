import HannunDomain
import HannunPresentation
import HannunTestSupport
import Testing

/// A frontend that learns another process wrote the ledger while a screen showed it (the REPL's
/// bell) reads the screen on top again through the coordinator: budgets, a report, a year and
/// the categories show the ledger as it is now.
@MainActor
@Suite("The screen on top, read again after another window's write")
struct ReloadTopTests {
  /// An entry another process adds, straight into the store (no view-model hears of it).
  private func theyAdd(_ ledger: TestLedger) async throws {
    try await ledger.repository.insert(
      .fixture(id: "w1", day: "2025-11-20", amount: 30_000, category: "food", memo: "market"))
  }

  @Test("a month's budgets show what was spent since, not what was spent when opened")
  func budgets() async throws {
    let ledger = await TestLedger.started()
    let plan = BudgetViewModel(
      repository: ledger.repository, entries: ledger.repository, calendar: ledger.calendar)
    await plan.refresh()
    try await plan.set(
      Fixtures.amount(100_000), for: .category("food"), from: Fixtures.month("2025-11"))
    let screen = ledger.coordinator.showBudgets(plan, of: Fixtures.month("2025-11"))
    await screen.load()
    #expect(screen.status?.categories.map(\.spent.minorUnits) == [12_000])
    try await theyAdd(ledger)
    #expect(screen.status?.categories.map(\.spent.minorUnits) == [12_000])
    await ledger.coordinator.reloadTop()
    #expect(screen.status?.categories.map(\.spent.minorUnits) == [42_000])
  }

  @Test("a report, a year and the categories are read again; a form is left as typed")
  func otherScreens() async throws {
    let ledger = await TestLedger.started()
    let november = Fixtures.month("2025-11")
    let report = ledger.coordinator.showReport(of: november...november)
    await report.load()
    let before = try #require(report.report).expense.minorUnits
    try await theyAdd(ledger)
    await ledger.coordinator.reloadTop()
    #expect(try #require(report.report).expense.minorUnits == before + 30_000)

    let year = ledger.coordinator.showYear(2025)
    await year.load()
    let yearBefore = try #require(year.report).expense.minorUnits
    try await ledger.repository.insert(
      .fixture(id: "w2", day: "2025-03-02", amount: 1_000, category: "cafe"))
    await ledger.coordinator.reloadTop()
    #expect(try #require(year.report).expense.minorUnits == yearBefore + 1_000)

    let categories = ledger.coordinator.showCategories(of: nil)
    await categories.load()
    #expect(!(categories.list?.categories.contains { $0.category == "books" } ?? true))
    try await ledger.repository.insert(
      .fixture(id: "w3", day: "2025-11-21", amount: 9_000, category: "books"))
    await ledger.coordinator.reloadTop()
    #expect(categories.list?.categories.contains { $0.category == "books" } == true)

    let form = ledger.coordinator.showAddForm()
    form.setKind(.expense)
    await ledger.coordinator.reloadTop()
    #expect(ledger.coordinator.top == .transactionForm(form))
  }
}
