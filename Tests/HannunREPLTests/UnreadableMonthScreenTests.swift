import HannunDomain
import HannunPresentation
import HannunTestSupport
import Testing

@testable import HannunREPL

/// The calendar screen of a month whose file is lost: its totals read as unavailable, never as
/// ₩0, while the month beside it keeps its own.
@MainActor
@Suite("Calendar screen of an unreadable month")
struct UnreadableMonthScreenTests {
  /// ₩5,000 on 3 October (lost) and ₩7,000 on 1 November; today is 14 November.
  private func calendar(_ language: DisplayLanguage) async -> CalendarViewModel {
    let repository = ReadFailingTransactionRepository([
      .fixture(id: "o1", day: "2025-10-03", amount: 5_000, category: "food"),
      .fixture(id: "n1", day: "2025-11-01", amount: 7_000, category: "bus"),
    ])
    await repository.failReads(
      of: Fixtures.month("2025-10"),
      with: LedgerError.unreadableFile(
        path: "/d/ledger/2025/2025-10.json",
        reason: .missingMonthFile(indexFolder: "/d/ledger/index")))
    let calendar = CalendarViewModel(
      entries: repository, moods: InMemoryTransactionRepository(),
      recurring: InMemoryTransactionRepository(), clock: .fixed(at: Fixtures.day("2025-11-14")),
      currency: .krw, language: language)
    await calendar.start()
    return calendar
  }

  private static func unavailable(_ language: DisplayLanguage) -> String {
    language == .korean ? "합계를 알 수 없음" : "Totals unavailable"
  }

  @Test(
    "the lost month's header, cells and day say their totals are unavailable, at 80×24 and 40×20",
    arguments: [DisplayLanguage.english, .korean])
  func lostMonth(language: DisplayLanguage) async throws {
    let calendar = await calendar(language)
    try await calendar.showPrevious()
    await calendar.select(day: Fixtures.day("2025-10-03"))
    for (columns, rows) in [(80, 24), (40, 20)] {
      let lines = Screens.lines(calendar, columns, rows)
      let text = lines.joined(separator: "\n")
      #expect(!text.contains("₩0"), "\(columns)×\(rows):\n\(text)")
      #expect(!text.contains(language.noEntriesLabel), "\(columns)×\(rows):\n\(text)")
      #expect(text.contains(Self.unavailable(language)), "\(columns)×\(rows):\n\(text)")
      // The day's list says so whole, not cut short with …, at either size.
      #expect(text.contains(language.entriesUnavailableLabel), "\(columns)×\(rows):\n\(text)")
      #expect(lines.allSatisfy { TerminalText.displayWidth($0) <= columns })
      // Where weeks have amount lines, each day of the lost month is marked.
      let marks = lines.map { $0.filter { $0 == "?" }.count }.reduce(0, +)
      #expect(columns < 80 || marks == 31, "\(columns)×\(rows):\n\(text)")
    }
    let day = CalendarRenderer(theme: .plain).dayList(calendar)
    #expect(!day.contains("₩0") && day.contains(Self.unavailable(language)), "\(day)")
  }

  @Test("November beside the lost October keeps its totals; a week across both is unavailable")
  func neighbourAndWeek() async throws {
    let calendar = await calendar(.english)
    let november = Screens.text(calendar, 80, 24)
    #expect(november.contains("Income ₩0   Expense ₩7,000   Balance -₩7,000"), "\(november)")
    #expect(!november.contains("?"), "\(november)")
    await calendar.select(day: Fixtures.day("2025-11-01"))
    calendar.showWeek()
    await calendar.settle()
    let week = Screens.text(calendar, 80, 24)
    #expect(week.contains("Totals unavailable"), "\(week)")
    #expect(week.contains("-7,000"), "November's day keeps its amount: \(week)")
    #expect(week.contains("Expense ₩7,000"), "the selected day is November's: \(week)")
  }
}
