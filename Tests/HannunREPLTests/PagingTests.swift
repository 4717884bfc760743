import HannunDomain
import HannunPresentation
import HannunTestSupport
import Testing

@testable import HannunREPL

/// Screens taller than the terminal (a year, a year's report, help) are shown a page at a time at
/// a terminal, and whole on a pipe; at 40 columns a report keeps every figure.
@MainActor
@Suite("REPL session: long screens page")
struct PagingTests {
  /// A household's 2025: salary, rent, and spending in ten categories every month.
  static let year: [Transaction] = (1...12).flatMap { month -> [Transaction] in
    let prefix = "2025-" + (month < 10 ? "0" : "") + String(month) + "-"
    let categories = ["식비", "카페", "교통", "생활", "의료", "통신", "보험", "문화", "경조사", "아주 긴 분류 이름 생활비"]
    return [
      .fixture(
        id: "s\(month)", day: prefix + "25", kind: .income, amount: 3_200_000, category: "급여"),
      .fixture(id: "r\(month)", day: prefix + "01", amount: 650_000, category: "월세"),
    ]
      + categories.enumerated().map { index, category in
        .fixture(
          id: "c\(month)x\(index)", day: prefix + "1\(index)",
          amount: Int64(12_345 * (index + 1) * month), category: category)
      }
  }

  private struct Run {
    let transcript: String
    let reader: ScriptedLineReader
    let calendar: CalendarViewModel
  }

  private func run(
    _ lines: [ScriptedLineReader.Response], _ language: DisplayLanguage, _ columns: Int,
    _ rows: Int, interactive: Bool = true
  ) async -> Run {
    let clock = LedgerClock.fixed(at: Fixtures.day("2025-11-10"))
    let repository = InMemoryTransactionRepository(Self.year)
    let calendar = CalendarViewModel(
      repository: repository, clock: clock, currency: .krw, language: language)
    let coordinator = AppCoordinator(
      calendar: calendar,
      editor: LedgerEditor(repository: repository, clock: clock, makeID: Fixtures.sequentialIDs()),
      repository: repository, clock: clock, currency: .krw)
    await calendar.start()
    var transcript = ""
    let reader = ScriptedLineReader(lines)
    let session = REPLSession(
      coordinator: coordinator, reader: reader, theme: .plain, interactive: interactive,
      columns: { columns }, rows: { rows }, write: { transcript += $0 })
    _ = await session.run()
    return Run(transcript: transcript, reader: reader, calendar: calendar)
  }

  /// The pages of the last screen drawn: what follows the last clear, split where a page's
  /// prompt was wiped, each page's lines.
  private func pages(_ transcript: String) -> [[Substring]] {
    let screen = transcript.components(separatedBy: "\u{1B}[H\u{1B}[2J").last ?? ""
    return screen.components(separatedBy: "\u{1B}[1A\u{1B}[2K").map {
      $0.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { $0 }
    }
  }

  private func yearText(_ run: Run, _ columns: Int) async throws -> [String] {
    let report = try await run.calendar.report(of: YearMonth.months(ofYear: 2025))
    return YearRenderer(
      theme: .plain, width: columns, language: run.calendar.language, money: run.calendar.money,
      firstWeekday: run.calendar.firstWeekday
    ).lines(report, today: run.calendar.today)
  }

  @Test(
    "year at 80×24 and 40×20: a page at a time, each within the terminal less the prompt's row, together the whole year",
    arguments: [(80, 24), (40, 20)])
  func yearPages(columns: Int, rows: Int) async throws {
    for language in DisplayLanguage.allCases {
      let run = await run(
        ["year"] + Array(repeating: "", count: 10) + ["quit"], language, columns, rows)
      // The last screen is the calendar again (Enter redraws); the year is the one before.
      let screens = run.transcript.components(separatedBy: "\u{1B}[H\u{1B}[2J")
      let yearScreen = try #require(
        screens.first { $0.contains("2025") && $0.contains("\u{1B}[1A") })
      let pages = pages(yearScreen)
      let whole = try await yearText(run, columns)
      #expect(whole.count > rows, "the year is taller than the terminal")
      let report = try await run.calendar.report(of: YearMonth.months(ofYear: 2025))
      for total in [report.income, report.expense, report.balance] {
        let figure = run.calendar.money.string(total)
        #expect(whole.contains { $0.contains(figure) }, "\(figure) whole at \(columns)")
      }
      #expect(pages.count == (whole.count + rows - 2) / (rows - 1), "\(language)")
      #expect(pages.allSatisfy { $0.count <= rows - 1 }, "\(pages.map(\.count))")
      #expect(pages.flatMap { $0 }.map(String.init) == whole, "\(language)")
      let more = SessionText(language: language, money: run.calendar.money)
      #expect(run.reader.prompts.contains(more.morePrompt(shown: rows - 1, of: whole.count)))
      #expect(
        run.reader.prompts.allSatisfy { TerminalText.displayWidth($0) < columns },
        "the prompt stays on its row: \(run.reader.prompts)")
    }
  }

  @Test("q stops paging: the rest is not written and the next prompt reads a command")
  func quitStops() async throws {
    let run = await run(["year", "q", "quit"], .korean, 80, 24)
    let pages = pages(run.transcript)
    #expect(
      pages.count == 1 && pages[0].count == 23, "the rest is not written: \(pages.map(\.count))")
    let whole = try await yearText(run, 80)
    #expect(run.reader.prompts.count == 3)
    #expect(run.reader.prompts[1].hasPrefix("-- 23/\(whole.count)줄"))
  }

  @Test("report year at 40×20 pages, and keeps every figure: nothing is cut with …")
  func reportYearAtForty() async throws {
    for language in DisplayLanguage.allCases {
      let run = await run(
        ["report year"] + Array(repeating: "", count: 10) + ["quit"], language, 40, 20)
      let screens = run.transcript.components(separatedBy: "\u{1B}[H\u{1B}[2J")
      let screen = try #require(screens.first { $0.contains("\u{1B}[1A") }, "it pages")
      let pages = pages(screen)
      #expect(pages.count > 1)
      let lines = pages.flatMap { $0 }
      #expect(pages.allSatisfy { $0.count <= 19 }, "\(pages.map(\.count))")
      #expect(lines.allSatisfy { TerminalText.displayWidth(String($0)) <= 40 }, "\(lines)")
      // A long category name may be cut; a figure never is.
      #expect(!lines.contains { $0.contains(/[0-9₩%+-]…/) }, "\(lines)")
      let report = try await run.calendar.report(of: YearMonth.months(ofYear: 2025))
      let text = lines.joined(separator: "\n")
      for amount in [report.income, report.expense, report.balance] {
        #expect(text.contains(run.calendar.money.string(amount)), "\(amount) in \(text)")
      }
    }
  }

  @Test("a month's report at 40 columns keeps the balance and both changes, cut nowhere")
  func monthReportAtForty() async throws {
    for language in DisplayLanguage.allCases {
      let run = await run(["quit"], language, 40, 20)
      let november = Fixtures.month("2025-11")
      let report = try await run.calendar.report(of: november...november)
      let lines = ReportRenderer(
        theme: .plain, width: 40, language: language, money: run.calendar.money
      ).lines(report)
      let text = lines.joined(separator: "\n")
      #expect(lines.allSatisfy { TerminalText.displayWidth($0) <= 40 }, "\(text)")
      #expect(!text.contains(/[0-9₩%+-]…/), "\(text)")
      #expect(text.contains(run.calendar.money.string(report.balance)), "\(text)")
      #expect(text.contains(language == .korean ? "지출 +" : "expense +"), "\(text)")
    }
  }

  @Test("help at 40×20 pages too")
  func helpPages() async {
    let run = await run(["help"] + Array(repeating: "", count: 10) + ["quit"], .korean, 40, 20)
    #expect(run.reader.prompts.contains { $0.hasPrefix("-- 19/") }, "\(run.reader.prompts)")
  }

  @Test("on a pipe nothing pages: the whole year is written and no prompt asks")
  func pipedWhole() async throws {
    let run = await run(["year", "quit"], .english, 80, 24, interactive: false)
    let whole = try await yearText(run, 80)
    #expect(run.transcript.contains(whole.joined(separator: "\n")))
    #expect(!run.transcript.contains("\u{1B}[1A"))
    #expect(run.reader.prompts.allSatisfy { !$0.hasPrefix("--") })
  }
}
