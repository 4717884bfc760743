import HannunDomain
import HannunPresentation
import HannunTestSupport
import Testing

@testable import HannunREPL

/// The session draws for the terminal's size, asked before every redraw.
@MainActor
@Suite("REPL session: screen size")
struct SessionScreenSizeTests {
  /// Runs `lines` in a session over the busy November and returns its transcript.
  private func transcript(
    _ lines: [ScriptedLineReader.Response], interactive: Bool, columns: @escaping () -> Int?,
    rows: (() -> Int?)?
  ) async -> String {
    let clock = LedgerClock.fixed(at: Fixtures.day("2025-11-10"))
    let repository = InMemoryTransactionRepository(Fixtures.busyNovember)
    let calendar = CalendarViewModel(
      repository: repository, clock: clock, currency: .krw, language: .korean)
    let coordinator = AppCoordinator(
      calendar: calendar,
      editor: LedgerEditor(repository: repository, clock: clock, makeID: Fixtures.sequentialIDs()),
      repository: repository, clock: clock, currency: .krw)
    await calendar.start()
    var transcript = ""
    let session = REPLSession(
      coordinator: coordinator, reader: ScriptedLineReader(lines), theme: .plain,
      interactive: interactive, columns: columns, rows: rows, write: { transcript += $0 })
    _ = await session.run()
    return transcript
  }

  @Test("at a terminal, every redraw fits the size it is asked for, which may change")
  func interactiveFits() async {
    var sizes = [(80, 24), (40, 20), (120, 40), (57, 21), (80, 24)].makeIterator()
    var current = (80, 24)
    let text = await transcript(
      ["n", "p", "day 3", "week", "month", "quit"], interactive: true,
      columns: {
        current = sizes.next() ?? current
        return current.0
      }, rows: { current.1 })
    let screens = text.components(separatedBy: "\u{1B}[H\u{1B}[2J").dropFirst()
    #expect(screens.count == 6)
    for (screen, (columns, rows)) in zip(
      screens, [(80, 24), (40, 20), (120, 40), (57, 21), (80, 24)])
    {
      // The screen, then the hint or a note, all before the next prompt.
      let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
      let drawn = lines.prefix { !$0.hasPrefix("help로") }
      let reserved = columns >= CalendarRenderer.messageColumns ? 2 : 3
      #expect(drawn.count <= rows - reserved, "\(screen)")
      #expect(drawn.allSatisfy { TerminalText.displayWidth(String($0)) <= columns }, "\(screen)")
      #expect(drawn.first?.contains("2025년") == true)
    }
  }

  @Test(
    "below 40×20 a terminal gets one line asking for a larger window; from 40×20 the grid",
    arguments: [(39, 24, true), (80, 19, true), (20, 10, true), (40, 20, false), (80, 24, false)])
  func tooSmall(columns: Int, rows: Int, asked: Bool) async {
    let text = await transcript(
      ["n", "quit"], interactive: true, columns: { columns }, rows: { rows })
    let screens = text.components(separatedBy: "\u{1B}[H\u{1B}[2J").dropFirst()
    #expect(screens.count == 2)
    for screen in screens {
      let first = screen.split(separator: "\n").first.map(String.init) ?? ""
      if asked {
        #expect(first.hasPrefix("창을"), "\(screen)")
        #expect(!screen.contains("2025년"), "no grid: \(screen)")
        #expect(TerminalText.displayWidth(first) <= columns)
      } else {
        #expect(first.contains("2025년"), "\(screen)")
      }
    }
  }

  @Test("piped, the screen is appended, so it has no row limit and lists every entry")
  func pipedListsAll() async {
    let text = await transcript(
      ["quit"], interactive: false, columns: { nil }, rows: { 24 })
    #expect(text.contains("  7. 지출"))
    #expect(!text.contains("…외"))
  }

  @Test("at a terminal without a height, nothing is left out")
  func noHeight() async {
    let text = await transcript(["quit"], interactive: true, columns: { 80 }, rows: { nil })
    #expect(text.contains("  7. 지출"))
  }
}
