import HannunDomain
import HannunPresentation
import HannunTestSupport
import Testing

/// What a calendar's header totals: the month in month shape, the selected week in week shape.
@MainActor
@Suite("Shown totals")
struct ShownTotalsTests {
  @Test("in month shape, the shown totals are the month's")
  func month() async throws {
    let calendar = await TestLedger.started().calendar
    let totals = try calendar.shownTotals()
    #expect(totals.income == calendar.monthIncome)
    #expect(totals.expense == calendar.monthExpense)
    #expect(totals.balance == calendar.monthBalance)
    #expect(
      totals
        == PeriodTotals(income: money(3_050_000), expense: money(16_500), balance: money(3_033_500))
    )
  }

  @Test("in week shape, the shown totals are the selected week's, as its cells add up")
  func week() async throws {
    let calendar = await TestLedger.started().calendar
    calendar.showWeek()
    #expect(
      try calendar.shownTotals()
        == PeriodTotals(income: .zero, expense: money(4_500), balance: money(-4_500)))
    let cells = calendar.weeks[0]
    let cellIncome = cells.map(\.income.minorUnits).reduce(0, +)
    let cellExpense = cells.map(\.expense.minorUnits).reduce(0, +)
    #expect(try calendar.shownTotals().income == money(cellIncome))
    #expect(try calendar.shownTotals().expense == money(cellExpense))
    await calendar.select(day: day("2025-11-03"))
    #expect(
      try calendar.weekTotals()
        == PeriodTotals(income: money(50_000), expense: money(12_000), balance: money(38_000)))
  }

  @Test("a week across two months counts the days of both")
  func weekAcrossMonths() async throws {
    let calendar = await TestLedger.started().calendar
    calendar.showWeek()
    await calendar.select(day: day("2025-11-01"))
    #expect(
      try calendar.shownTotals()
        == PeriodTotals(income: .zero, expense: money(8_000), balance: money(-8_000)))
    await calendar.select(day: day("2025-11-30"))
    #expect(try calendar.shownTotals().expense == money(20_000), "December the 1st is in it")
  }

  @Test("a week whose totals do not fit in 64 bits says so instead of wrapping")
  func overflow() async {
    let calendar = await TestLedger.withOverflowingWeek()
    #expect(throws: Never.self) { try calendar.shownTotals() }
    calendar.showWeek()
    #expect(throws: LedgerError.totalOverflow) { try calendar.shownTotals() }
  }
}
