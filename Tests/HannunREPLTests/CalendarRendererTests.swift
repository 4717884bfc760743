import HannunDomain
import HannunPresentation
import HannunTestSupport
import Testing

@testable import HannunREPL

@MainActor
@Suite("Calendar renderer")
struct CalendarRendererTests {
  private func calendar(
    language: DisplayLanguage = .english, entries: [Transaction] = CalendarRendererTests.november
  ) async -> CalendarViewModel {
    await Screens.calendar(entries, language: language)
  }

  static let november: [Transaction] = [
    .fixture(
      id: "a1", day: "2025-11-03", kind: .expense, amount: 12_000, category: "food", memo: "lunch"),
    .fixture(id: "a2", day: "2025-11-10", kind: .income, amount: 3_200_000, category: "salary"),
    .fixture(
      id: "a3", day: "2025-11-10", kind: .expense, amount: 4_500, category: "cafe", memo: "latte",
      created: .init(timeIntervalSince1970: 1_800_000_000)),
  ]

  @Test("without a size, a known month renders to a fixed text 80 columns wide, every entry listed")
  func knownMonth() async {
    let calendar = await calendar()
    let text = CalendarRenderer(theme: .plain).screen(calendar)
    let expected = """
                                      November 2025
      Income ₩3,200,000   Expense ₩16,500   Balance ₩3,183,500

       Sun        Mon        Tue        Wed        Thu        Fri        Sat
                                                                          1


        2          3          4          5          6          7          8

                     -12,000
        9        [10]Today   11         12         13         14         15
                  +3,200,000
                      -4,500
       16         17         18         19         20         21         22


       23         24         25         26         27         28         29


       30



      Mon 10 November 2025 Today   Income ₩3,200,000   Expense ₩4,500
        1. Income  +₩3,200,000  salary         #a2
        2. Expense     -₩4,500  cafe    latte  #a3

      """
    #expect(text == expected)
  }

  @Test("Korean titles, weekday names and today label")
  func korean() async {
    let calendar = await calendar(language: .korean)
    let text = CalendarRenderer(theme: .plain).screen(calendar)
    #expect(text.contains("2025년 11월"))
    #expect(text.contains(" 일         월         화         수         목         금         토"))
    #expect(text.contains("[10]오늘"))
    #expect(text.contains("수입 ₩3,200,000   지출 ₩16,500   합계 ₩3,183,500"))
    #expect(text.contains("+3,200,000"))
  }

  @Test("date-only mode draws one line per week")
  func dateOnly() async {
    let calendar = await calendar()
    calendar.setDisplayMode(.dateOnly)
    let grid = CalendarRenderer(theme: .plain).grid(calendar, amounts: .none)
    #expect(grid.count == 1 + 6)
    #expect(grid[3] == "  9        [10]Today   11         12         13         14         15")
    #expect(CalendarRenderer(theme: .plain).layout(for: calendar).layout.amounts == .none)
  }

  @Test("week view draws one row: the selected day's week")
  func weekView() async {
    let calendar = await calendar()
    calendar.showWeek()
    let grid = CalendarRenderer(theme: .plain).grid(calendar, amounts: .twoLines)
    #expect(grid.count == 1 + 3)
    #expect(grid[1] == "  9        [10]Today   11         12         13         14         15")
  }

  @Test("week view totals the week in its header, not the month")
  func weekTotals() async {
    let calendar = await calendar()
    calendar.showWeek()
    let lines = Screens.lines(calendar, 80, 24)
    #expect(lines[0].contains("November 2025 · week"))
    #expect(lines[1] == "Income ₩3,200,000   Expense ₩4,500   Balance ₩3,195,500")
    await calendar.select(day: Fixtures.day("2025-11-03"))
    #expect(Screens.lines(calendar, 80, 24)[1] == "Income ₩0   Expense ₩12,000   Balance -₩12,000")
  }

  @Test(
    "colour marks roles: Sunday red, Saturday blue, income green, expense red, selection reversed")
  func colours() async {
    let calendar = await calendar()
    let text = CalendarRenderer(theme: Theme(colorEnabled: true)).screen(calendar)
    #expect(text.contains("\u{1B}[31m  2 \u{1B}[0m"))
    #expect(text.contains("\u{1B}[34m  1\u{1B}[0m"))
    #expect(text.contains("\u{1B}[32m"))
    #expect(text.contains("\u{1B}[1;4;7m[10]\u{1B}[0m"))
  }

  @Test("coloured screens have the same visible widths and line counts as plain ones")
  func colourKeepsLayout() async {
    let calendar = await Screens.calendar(language: .korean)
    for (columns, rows) in [(80, 24), (40, 20), (63, 22)] {
      let size = TerminalSize(columns: columns, rows: rows)
      let plain = CalendarRenderer(theme: .plain, size: size).screenLines(calendar)
      let coloured = CalendarRenderer(theme: Theme(colorEnabled: true), size: size)
        .screenLines(calendar)
      #expect(coloured.map(TerminalText.strippingANSI) == plain)
    }
  }

  @Test("ledger text never reaches the terminal raw")
  func escapesControlCharacters() async {
    let hostile = Transaction.fixture(
      id: "x1", day: "2025-11-10", category: "food\u{202E}", memo: "\u{1B}[2Jgone\u{07}")
    let calendar = await calendar(entries: [hostile])
    for size in [TerminalSize.standard, TerminalSize(columns: 40, rows: 20)] {
      let text = CalendarRenderer(theme: .plain, size: size).screen(calendar)
      #expect(!text.unicodeScalars.contains("\u{1B}"))
      #expect(!text.unicodeScalars.contains("\u{07}"))
      #expect(!text.unicodeScalars.contains("\u{202E}"))
      #expect(text.contains("^[[2Jgone^G"))
    }
  }

  @Test("no load error, no error line")
  func loadError() async {
    let calendar = await calendar()
    #expect(!CalendarRenderer(theme: .plain).screen(calendar).contains("!"))
  }
}
