import HannunDomain
import HannunPresentation
import HannunTestSupport
import Testing

@testable import HannunREPL

@MainActor
@Suite("Calendar renderer")
struct CalendarRendererTests {
  private func calendar(
    language: DisplayLanguage = .english, today: String = "2025-11-10",
    entries: [Transaction] = CalendarRendererTests.november
  ) async -> CalendarViewModel {
    let calendar = CalendarViewModel(
      repository: InMemoryTransactionRepository(entries), clock: .fixed(at: Fixtures.day(today)),
      currency: .krw, language: language)
    await calendar.start()
    return calendar
  }

  static let november: [Transaction] = [
    .fixture(
      id: "a1", day: "2025-11-03", kind: .expense, amount: 12_000, category: "food", memo: "lunch"),
    .fixture(id: "a2", day: "2025-11-10", kind: .income, amount: 3_200_000, category: "salary"),
    .fixture(
      id: "a3", day: "2025-11-10", kind: .expense, amount: 4_500, category: "cafe", memo: "latte",
      created: .init(timeIntervalSince1970: 1_800_000_000)),
  ]

  @Test("a known month renders to a fixed text")
  func knownMonth() async {
    let calendar = await calendar()
    let text = CalendarRenderer(theme: .plain).screen(calendar)
    let expected = """
                                  November 2025
      Income ₩3,200,000   Expense ₩16,500   Balance ₩3,183,500

       Sun       Mon       Tue       Wed       Thu       Fri       Sat
                                                                    1


        2         3         4         5         6         7         8

                  -12,000
        9       [10]Today  11        12        13        14        15
                    +3.2M
                   -4,500
       16        17        18        19        20        21        22


       23        24        25        26        27        28        29


       30



      Mon 10 November 2025 Today   Income ₩3,200,000   Expense ₩4,500
        1. Income    +₩3,200,000  salary                                          #a2
        2. Expense        -₩4,500  cafe            latte                           #a3

      """
    #expect(text == expected)
  }

  @Test("Korean titles, weekday names and today label")
  func korean() async {
    let calendar = await calendar(language: .korean)
    let text = CalendarRenderer(theme: .plain).screen(calendar)
    #expect(text.contains("2025년 11월"))
    #expect(text.contains(" 일        월        화        수        목        금        토"))
    #expect(text.contains("[10]오늘"))
    #expect(text.contains("수입 ₩3,200,000   지출 ₩16,500   합계 ₩3,183,500"))
    #expect(text.contains("+320만"))
  }

  @Test("date-only mode draws one line per week")
  func dateOnly() async {
    let calendar = await calendar()
    calendar.setDisplayMode(.dateOnly)
    let grid = CalendarRenderer(theme: .plain).grid(calendar)
    #expect(grid.count == 1 + 6)
    #expect(grid[3] == "  9       [10]Today  11        12        13        14        15")
  }

  @Test("week view draws one row: the selected day's week")
  func weekView() async {
    let calendar = await calendar()
    calendar.showWeek()
    let grid = CalendarRenderer(theme: .plain).grid(calendar)
    #expect(grid.count == 1 + 3)
    #expect(grid[1] == "  9       [10]Today  11        12        13        14        15")
  }

  @Test(
    "colour marks roles: Sunday red, Saturday blue, income green, expense red, selection reversed")
  func colours() async {
    let calendar = await calendar()
    let text = CalendarRenderer(theme: Theme(colorEnabled: true)).screen(calendar)
    #expect(text.contains("\u{1B}[31m  2 \u{1B}[0m"))
    #expect(text.contains("\u{1B}[34m  1 \u{1B}[0m"))
    #expect(text.contains("\u{1B}[32m"))
    #expect(text.contains("\u{1B}[1;4;7m[10]\u{1B}[0m"))
  }

  @Test("ledger text never reaches the terminal raw")
  func escapesControlCharacters() async {
    let hostile = Transaction.fixture(
      id: "x1", day: "2025-11-10", category: "food", memo: "\u{1B}[2Jgone\u{07}")
    let calendar = await calendar(entries: [hostile])
    let text = CalendarRenderer(theme: .plain).screen(calendar)
    #expect(!text.unicodeScalars.contains("\u{1B}"))
    #expect(!text.unicodeScalars.contains("\u{07}"))
    #expect(text.contains("gone"))
  }

  @Test("a load error is shown above the grid")
  func loadError() async {
    let calendar = await calendar()
    #expect(!CalendarRenderer(theme: .plain).screen(calendar).contains("!"))
  }
}
