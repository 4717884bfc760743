import Foundation
import HannunDomain
import HannunPresentation
import HannunTestSupport
import Testing

/// The screens above the calendar as routes: each opened by the coordinator, driven through its
/// view-model's intents, read as typed state, and popped when left.
@Suite("Screen routes")
@MainActor
struct ScreenRouteTests {
  private func budgets(_ ledger: TestLedger) -> BudgetViewModel {
    BudgetViewModel(
      repository: ledger.repository, entries: ledger.repository, calendar: ledger.calendar)
  }

  // MARK: - Report

  @Test("a month's report, moved a month and a year at a time, with the month's budgets")
  func report() async throws {
    let ledger = await TestLedger.started()
    let budgets = budgets(ledger)
    try await budgets.set(Fixtures.amount(10_000), for: .category("food"), from: month("2025-01"))
    let report = ledger.coordinator.showReport(
      of: month("2025-11")...month("2025-11"), budgets: budgets)
    #expect(ledger.coordinator.path.map(\.kind) == [.report(.totals)])
    #expect(report.report == nil, "nothing is read before load")
    await report.load()
    #expect(report.period == .month(month("2025-11")))
    #expect(report.report?.expense == money(16_500))
    #expect(report.report?.income == money(3_050_000))
    #expect(report.budgets?.categories.map(\.remaining.minorUnits) == [-2_000])

    try await report.previous()
    #expect(report.period == .month(month("2025-10")))
    #expect(report.report?.expense == money(8_000))
    #expect(report.budgets?.categories.map(\.spent.minorUnits) == [8_000])

    await report.show(month("2025-01")...month("2025-12"))
    #expect(report.period == .year(2025))
    #expect(report.budgets == nil, "budgets go with one month only")
    #expect(report.report?.months.count == 12)
    try await report.next()
    #expect(report.period == .year(2026))
    #expect(report.report?.income == money(100_000))

    await report.show(month("2025-10")...month("2025-12"))
    #expect(report.period == .range(month("2025-10")...month("2025-12")))
    try await report.next()
    #expect(report.span == month("2026-01")...month("2026-03"))
    report.close()
    #expect(ledger.coordinator.path.isEmpty)
    #expect(ledger.coordinator.takeOutcome() == .closed)
  }

  @Test("a report cannot move past the supported months; it stays where it was")
  func reportAtTheEdge() async throws {
    let ledger = await TestLedger.started()
    let last = YearMonth.supportedRange.upperBound
    let report = ledger.coordinator.showReport(of: last...last)
    await #expect(throws: DateInputError.self) { try await report.next() }
    #expect(report.span == last...last)
  }

  @Test("a report by mood counts what was spent on days of each mood")
  func moodReport() async throws {
    let ledger = await TestLedger.started()
    try await ledger.coordinator.setMood(DayMood(.joy), on: day("2025-11-03"))
    let report = ledger.coordinator.showReport(
      of: month("2025-11")...month("2025-11"), subject: .moods)
    #expect(ledger.coordinator.top?.kind == .report(.moods))
    await report.load()
    #expect(report.loadFailure == nil)
    let spending = try #require(report.moodSpending)
    #expect(spending.moods.map(\.mood) == [.joy])
    #expect(spending.to == day("2025-11-14"), "days after today are not counted")
    #expect(report.report == nil)
  }

  // MARK: - Year

  @Test("the year view loads twelve months and moves a year at a time")
  func year() async throws {
    let ledger = await TestLedger.started()
    let year = ledger.coordinator.showYear(2025)
    #expect(ledger.coordinator.path.map(\.kind) == [.year])
    await year.load()
    #expect(year.report?.months.count == 12)
    #expect(year.report?.expense == money(51_500))
    #expect(year.today == day("2025-11-14"))
    try await year.nextYear()
    #expect(year.year == 2026)
    #expect(year.report?.income == money(100_000))
    try await year.previousYear()
    try await year.previousYear()
    #expect(year.year == 2024)
    #expect(year.report?.expense == .zero)
    await #expect(throws: DateInputError.self) { try await year.show(year: 99_999) }
    #expect(year.year == 2024)
    year.close()
    #expect(ledger.coordinator.path.isEmpty)
  }

  // MARK: - Budgets

  @Test("a month's budgets: see, set, change and remove as intents, and move between months")
  func budgetsScreen() async throws {
    let ledger = await TestLedger.started()
    let budgets = budgets(ledger)
    let screen = ledger.coordinator.showBudgets(budgets, of: month("2025-11"))
    #expect(ledger.coordinator.path.map(\.kind) == [.budgets])
    await screen.load()
    #expect(screen.status?.isEmpty == true)

    try await screen.set(Fixtures.amount(100_000), for: .total)
    #expect(screen.month == month("2025-11"))
    #expect(screen.status?.total?.remaining == money(83_500))
    try await screen.set(Fixtures.amount(50_000), for: .total, from: month("2025-12"))
    #expect(screen.month == month("2025-12"), "a change shows the month it starts")
    #expect(screen.status?.total?.remaining == money(30_000))
    try await screen.previousMonth()
    #expect(screen.status?.total?.limit == Fixtures.amount(100_000), "the change starts later")
    try await screen.set(Fixtures.amount(5_000), for: .category("food"))
    #expect(screen.status?.categories.map(\.isOver) == [true])
    try await screen.remove(.category("food"))
    #expect(screen.status?.categories.isEmpty == true)
    await #expect(throws: LedgerError.noBudget(.category("food"), from: month("2025-11"))) {
      try await screen.remove(.category("food"))
    }
    #expect(try await ledger.repository.budgetPlan() == budgets.plan)
    try await screen.nextMonth()
    #expect(screen.month == month("2025-12"))
    screen.close()
    #expect(ledger.coordinator.path.isEmpty)
  }

  // MARK: - Search

  @Test("search results page through their intents, and open shows the result's day and pops")
  func search() async throws {
    let ledger = await TestLedger.started()
    let search = ledger.coordinator.showSearch()
    #expect(ledger.coordinator.path.map(\.kind) == [.search])
    try await search.search(TransactionQuery(kind: .expense))
    #expect(search.results.map(\.id.rawValue) == ["t6", "t3", "t1", "t5", "t8"])
    search.fit(pageSize: 2)
    #expect(search.paging.count == 3)
    search.nextPage()
    #expect(search.paging.range == 2..<4)
    search.show(page: 9)
    #expect(search.paging.number == 3)
    search.previousPage()
    #expect(search.paging.number == 2)

    // A new search starts on its first page; showing the search again keeps one route.
    try await search.search(TransactionQuery(category: "food"))
    #expect(search.paging.number == 1)
    #expect(ledger.coordinator.showSearch() === search)
    #expect(ledger.coordinator.path.map(\.kind) == [.search])

    let opened = try await search.open(number: 2)
    #expect(opened.id.rawValue == "t5")
    #expect(ledger.calendar.selectedDay == day("2025-10-31"))
    #expect(ledger.coordinator.path.isEmpty)
    #expect(throws: SearchResultError.noSuchResult(7, count: 3)) {
      try search.result(number: 7)
    }
    // The results stay for open N after their route is gone.
    try await ledger.coordinator.search.open(number: 1)
    #expect(ledger.calendar.selectedDay == day("2025-11-03"))
  }

  // MARK: - Categories

  @Test("the categories screen lists a period and renames through the coordinator's editor")
  func categories() async throws {
    let ledger = await TestLedger.started()
    let list = ledger.coordinator.showCategories(of: month("2025-11")...month("2025-11"))
    #expect(ledger.coordinator.path.map(\.kind) == [.categories])
    await list.load()
    #expect(list.categories.map(\.category) == ["salary", "gift", "food", "cafe"])

    let batch = try #require(try await list.rename("cafe", to: "food"))
    #expect(batch.changes.count == 1)
    #expect(list.categories.map(\.category) == ["salary", "gift", "food"])
    #expect(list.categories.last?.count == 2)
    #expect(ledger.coordinator.canUndo, "the rename is a step of the coordinator's history")
    _ = try await ledger.coordinator.undo()
    await list.load()
    #expect(list.categories.map(\.category) == ["salary", "gift", "food", "cafe"])

    await list.show(nil)
    #expect(list.span == nil)
    #expect(list.categories.count == 6)
    list.close()
    #expect(ledger.coordinator.path.isEmpty)

    let alone = CategoryListViewModel(repository: ledger.repository, span: nil)
    #expect(try await alone.rename("food", to: "meals") == nil, "off the path it writes nothing")
  }

  // MARK: - Deep links

  @Test("a deep link builds a path of screens; each is wired and pops itself when left")
  func deepLink() async throws {
    let ledger = await TestLedger.started()
    let year = YearViewModel(year: 2025, repository: ledger.repository, clock: ledger.clock)
    let report = ReportViewModel(
      span: month("2025-11")...month("2025-11"), repository: ledger.repository,
      moods: ledger.repository, clock: ledger.clock)
    let search = TransactionSearchViewModel(repository: ledger.repository)
    ledger.coordinator.path = [.year(year), .report(report), .search(search)]
    await report.load()
    #expect(report.report?.expense == money(16_500))
    try await search.search(TransactionQuery(text: "lunch"))
    try await search.open(number: 1)
    #expect(ledger.calendar.selectedDay == day("2025-11-03"))
    #expect(ledger.coordinator.path.map(\.kind) == [.year, .report(.totals)])
    year.close()
    #expect(ledger.coordinator.path.map(\.kind) == [.report(.totals)])
    #expect(ledger.coordinator.top?.isScreen == true)
    report.close()
    #expect(ledger.coordinator.top == nil)
  }
}
