import HannunDomain
import HannunPresentation
import HannunTestSupport
import Testing

@testable import HannunREPL

/// The promises of ``CalendarRenderer`` at every size from 40 columns and 20 rows up: no line
/// wider than the terminal, no screen taller than its rows less the prompt's, and nothing that
/// must be seen — title, weekday header, every week — left out to make room.
@MainActor
@Suite("Screens fit the terminal")
struct ScreenFitTests {
  /// Calendars that stress the layout, in `language`.
  private func scenarios(_ language: DisplayLanguage) async -> [(String, CalendarViewModel)] {
    let busy = await Screens.calendar(language: language)
    let everyDay = await Screens.calendar(Screens.everyDayBusy, language: language)
    let empty = await Screens.calendar([], language: language)
    let crowded = await Screens.calendar(ScreenFitTests.crowdedDay, language: language)
    let week = await Screens.calendar(Screens.everyDayBusy, language: language)
    week.showWeek()
    let dateOnly = await Screens.calendar(language: language)
    dateOnly.setDisplayMode(.dateOnly)
    let december = await Screens.calendar(language: language, today: "2025-12-31")
    return [
      ("busy", busy), ("every day", everyDay), ("empty", empty), ("crowded", crowded),
      ("week", week), ("date only", dateOnly), ("December", december),
    ]
  }

  /// Forty entries on today, the 10th: the largest amounts there are, long and hostile text.
  static let crowdedDay: [Transaction] = (1...40).map { number in
    .fixture(
      id: "crowd\(number)xyz", day: "2025-11-10", kind: number % 3 == 0 ? .income : .expense,
      amount: number == 1 ? Amount.maximumMinorUnits : Int64(number) * 987_654,
      category: number % 2 == 0 ? "아주 긴 분류 이름 🏷️ 생활비" : "x\u{1B}[2J\u{202E}",
      memo: String(repeating: "메모👨‍👩‍👧e\u{301} ", count: number % 7))
  }

  @Test("no line is wider than the terminal and no screen taller, from 40 to 160 columns")
  func fits() async {
    for language in DisplayLanguage.allCases {
      for (name, calendar) in await scenarios(language) {
        for columns in 40...160 {
          // The smallest height, the commonest, no limit, and one more that moves with the width.
          for rows in [20, 24, 21 + columns % 30, nil] as [Int?] {
            let lines = Screens.lines(calendar, columns, rows)
            let reserved = CalendarRenderer(
              theme: .plain, size: TerminalSize(columns: columns, rows: rows)
            ).reservedRows
            let label = "\(name) \(language) \(columns)×\(rows.map(String.init) ?? "∞")"
            let widest = lines.map(TerminalText.displayWidth).max() ?? 0
            #expect(
              widest <= columns,
              "\(label): \(lines.filter { TerminalText.displayWidth($0) > columns })")
            if let rows {
              #expect(lines.count <= rows - reserved, "\(label)")
            }
            #expect(showsEverythingThatMatters(lines, calendar, columns, rows), "\(label)")
          }
        }
      }
    }
  }

  /// The title first, the weekday header and every week's day numbers, and the selected day's
  /// heading; when entries are left out, a last line naming the command that lists them.
  private func showsEverythingThatMatters(
    _ lines: [String], _ calendar: CalendarViewModel, _ columns: Int, _ rows: Int?
  ) -> Bool {
    let renderer = CalendarRenderer(theme: .plain, size: TerminalSize(columns: columns, rows: rows))
    let numbers = renderer.grid(calendar, amounts: .none)
    let heading = renderer.dayHeading(calendar)
    let entries = calendar.selectedEntries.count
    let listed = lines.filter { $0.range(of: #"^ +\d+\. "#, options: .regularExpression) != nil }
    return lines.first?.contains(calendar.title) == true && numbers.allSatisfy(lines.contains)
      && lines.contains(heading)
      && (listed.count == entries
        || lines.last?.hasSuffix("(\(CalendarRenderer.listCommand))") == true)
  }

  @Test("the rows left free hold the prompt and an 80-column message as the terminal wraps it")
  func reserve() {
    for (columns, reserved) in [(40, 3), (60, 3), (79, 3), (80, 2), (120, 2), (160, 2)] {
      let size = TerminalSize(columns: columns, rows: 24)
      #expect(CalendarRenderer(theme: .plain, size: size).reservedRows == reserved, "\(columns)")
    }
  }

  @Test("in colour, the same widths: styles take no columns")
  func fitsInColour() async {
    for language in DisplayLanguage.allCases {
      for (name, calendar) in await scenarios(language) {
        for columns in stride(from: 40, through: 160, by: 9) {
          let size = TerminalSize(columns: columns, rows: 24)
          let lines = CalendarRenderer(theme: Theme(colorEnabled: true), size: size)
            .screenLines(calendar)
          #expect(
            lines.allSatisfy { TerminalText.visibleWidth($0) <= columns }, "\(name) \(columns)")
        }
      }
    }
  }

  @Test("list pages show every entry once, numbered as on the screen, each page within the size")
  func pages() async {
    for language in DisplayLanguage.allCases {
      let calendar = await Screens.calendar(ScreenFitTests.crowdedDay, language: language)
      for (columns, rows) in [(80, 24), (40, 20), (120, 40), (57, 31)] {
        let renderer = CalendarRenderer(
          theme: .plain, size: TerminalSize(columns: columns, rows: rows))
        let first = renderer.entryPage(calendar, page: 1)
        var positions: [Int] = []
        for number in 1...first.count {
          let page = renderer.entryPage(calendar, page: number)
          #expect(page.number == number && page.count == first.count)
          #expect(page.lines.count <= rows - renderer.reservedRows)
          #expect(page.lines.allSatisfy { TerminalText.displayWidth($0) <= columns })
          #expect(page.lines[0] == renderer.dayHeading(calendar))
          positions += page.lines.compactMap { line in
            line.firstMatch(of: #/^ +(\d+)\. /#).flatMap { Int($0.1) }
          }
          let hint = "(\(CalendarRenderer.listCommand) \(number + 1))"
          #expect(page.lines.last?.hasSuffix(hint) == (number < first.count))
        }
        #expect(positions == Array(1...40), "\(columns)×\(rows)")
      }
    }
  }

  @Test("pages asked for out of range give the first or the last; a quiet day has one page")
  func pageBounds() async {
    let calendar = await Screens.calendar(ScreenFitTests.crowdedDay, language: .korean)
    let renderer = CalendarRenderer(theme: .plain, size: TerminalSize(columns: 80, rows: 24))
    let last = renderer.entryPage(calendar, page: 99)
    #expect(last.number == last.count && last.count == 2)
    #expect(last.lines.last?.contains("(list") == false)
    #expect(renderer.entryPage(calendar, page: -1).number == 1)
    #expect(renderer.entryPage(calendar, page: 1).lines.last == "  …외 20건 (list 2)")
    await calendar.select(day: Fixtures.day("2025-11-11"))
    let quiet = renderer.entryPage(calendar, page: 1)
    #expect(quiet.count == 1 && quiet.lines == [renderer.dayHeading(calendar), "  내역 없음"])
    let unlimited = CalendarRenderer(theme: .plain).entryPage(calendar, page: 2)
    #expect(unlimited.count == 1)
  }

  @Test(
    "every amount a cell may show reads back, through AmountParser, as the value it stands for, or is marked ≈"
  )
  func cellAmountsParse() throws {
    let parser = AmountParser(currency: .krw)
    let money = MoneyFormatter(currency: .krw)
    let amounts: [Int64] = [
      1, 999, 1_250, 4_500, 9_999, 12_345, 16_500, 99_450, 128_000, 999_999, 3_200_000,
      12_345_678, 123_456_789, 4_500_000_000, 2_000_000_000_000, Amount.maximumMinorUnits,
    ]
    for language in DisplayLanguage.allCases {
      for amount in amounts {
        for kind in TransactionKind.allCases {
          let cell = CellAmount(
            kind: kind, amount: Money(minorUnits: amount), isPlanned: false, hasMore: false,
            hasHiddenPlanned: false)
          for precision in ShortPrecision.allCases {
            for text in cell.texts(precision: precision, money: money, language: language) {
              #expect(text.hasPrefix("-") == (kind == .expense), "\(text)")
              let unsigned = String(text.drop { $0 == "+" || $0 == "-" })
              let exact = !unsigned.hasPrefix(MoneyFormatter.approximateMark)
              let digits = exact ? unsigned : String(unsigned.dropFirst())
              let rounded = try #require(precision.rounded(Money(minorUnits: amount)))
              #expect(exact == (rounded.minorUnits == amount), "\(text) for \(amount)")
              // A day's total may exceed what one entry may hold; the parser refuses those.
              guard rounded.minorUnits <= Amount.maximumMinorUnits else { continue }
              #expect(try parser.parse(digits).minorUnits == rounded.minorUnits, "\(text)")
            }
          }
        }
      }
    }
  }
}
