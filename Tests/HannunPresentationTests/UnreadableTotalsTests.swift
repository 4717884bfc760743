import HannunDomain
import HannunPresentation
import HannunTestSupport
import Testing

/// A month whose file is lost or damaged: its totals are unknown, and nothing on screen may
/// state them as zero; the months beside it keep their real totals.
@MainActor
@Suite("Totals of an unreadable month")
struct UnreadableTotalsTests {
  private static let lost = TestLedger.lostOctober

  /// The sample ledger with ₩3,000 on Saturday 1 November, October lost, November shown.
  private func calendar() async -> CalendarViewModel {
    let entries =
      TestLedger.sample + [
        .fixture(id: "n1", day: "2025-11-01", kind: .expense, amount: 3_000, category: "bus")
      ]
    return await TestLedger.withLostOctober(entries)
  }

  @Test("a month that could not be read has its totals unavailable, in the header, cells and day")
  func lostMonth() async throws {
    let calendar = await calendar()
    try await calendar.showPrevious()
    #expect(calendar.loadFailure == .ledger(Self.lost))
    #expect(calendar.headerTotals == .unavailable)
    let days = calendar.weeks.joined().filter { $0.day != nil }
    #expect(days.count == 31)
    #expect(days.allSatisfy { $0.isUnreadable })
    #expect(calendar.isUnreadable(day("2025-10-31")))
    #expect(calendar.selectedDayIsUnreadable)
    #expect(!DayCell.empty(role: .weekday).isUnreadable)
  }

  @Test("the month beside the lost one keeps its real totals")
  func neighbour() async {
    let calendar = await calendar()
    #expect(
      calendar.headerTotals
        == .known(
          PeriodTotals(income: money(3_050_000), expense: money(19_500), balance: money(3_030_500))
        ))
    #expect(!calendar.weeks.joined().contains { $0.isUnreadable })
    #expect(!calendar.selectedDayIsUnreadable)
  }

  @Test("a week across the lost month: its total is unavailable, November's days keep theirs")
  func weekAcross() async {
    let calendar = await calendar()
    await calendar.select(day: day("2025-11-01"))
    calendar.showWeek()
    await calendar.settle()
    #expect(calendar.headerTotals == .unavailable)
    let cells = calendar.weeks[0]
    #expect(cells.prefix(6).allSatisfy { $0.isUnreadable }, "26 to 31 October")
    #expect(!cells[6].isUnreadable)
    #expect(cells[6].expense == money(3_000))
    #expect(!calendar.selectedDayIsUnreadable)
    // A week of November alone is whole again.
    await calendar.select(day: day("2025-11-03"))
    #expect(
      calendar.headerTotals
        == .known(
          PeriodTotals(income: money(50_000), expense: money(12_000), balance: money(38_000))))
  }

  @Test("totals too large to add up are said so, not taken for unavailable")
  func tooLarge() async {
    let calendar = await TestLedger.withOverflowingWeek()
    calendar.showWeek()
    #expect(calendar.headerTotals == .tooLarge)
  }
}
