import HannunDomain
import HannunPresentation
import HannunTestSupport
import Testing

@testable import HannunREPL

/// The REPL keeps no screens of its own: each screen command puts a route on the coordinator's
/// path, the REPL draws the top route, and the next command that is not about that screen
/// removes it.
@MainActor
@Suite("REPL: screens are the coordinator's routes")
struct ScreenRouteREPLTests {
  static let entries: [Transaction] = [
    .fixture(id: "k1", day: "2025-11-03", amount: 4_500, category: "cafe", memo: "coffee"),
    .fixture(id: "k2", day: "2025-11-10", amount: 12_000, category: "food", memo: "coffee cake"),
    .fixture(id: "k3", day: "2025-11-10", kind: .income, amount: 300_000, category: "pay"),
  ]

  /// Runs `lines` piped and returns the coordinator as the last line left it.
  private func run(_ lines: [ScriptedLineReader.Response]) async -> (AppCoordinator, String) {
    let clock = LedgerClock.fixed(at: Fixtures.day("2025-11-10"))
    let repository = InMemoryTransactionRepository(Self.entries)
    let calendar = CalendarViewModel(
      repository: repository, clock: clock, currency: .krw, language: .english)
    let coordinator = AppCoordinator(
      calendar: calendar,
      editor: LedgerEditor(repository: repository, clock: clock, makeID: Fixtures.sequentialIDs()),
      repository: repository, clock: clock, currency: .krw)
    await calendar.start()
    var transcript = ""
    let session = REPLSession(
      coordinator: coordinator, reader: ScriptedLineReader(lines + ["quit"]), theme: .plain,
      interactive: false, write: { transcript += $0 })
    _ = await session.run()
    return (coordinator, transcript)
  }

  @Test("each screen command leaves its route on top until the next command")
  func screensAreRoutes() async {
    let cases: [(String, Route.Kind)] = [
      ("list", .entryPage), ("report", .report(.totals)), ("report year", .report(.totals)),
      ("year", .year), ("budget", .budgets), ("find coffee", .search),
      ("categories", .categories),
    ]
    for (line, kind) in cases {
      let (coordinator, _) = await run([.line(line)])
      #expect(coordinator.path.map(\.kind) == [kind], "\(line)")
      let (after, _) = await run([.line(line), "next"])
      #expect(after.path.isEmpty, "\(line), then next")
    }
  }

  @Test("list N turns the page on screen; another screen replaces the one shown")
  func continuesOrReplaces() async {
    let (paged, _) = await run(["find coffee", "list 2", "list 1"])
    #expect(paged.path.map(\.kind) == [.search])
    let (replaced, transcript) = await run(["find coffee", "report", "year"])
    #expect(replaced.path.map(\.kind) == [.year])
    #expect(transcript.contains("2 found"))
    let (again, _) = await run(["find coffee", "find cake"])
    #expect(again.path.map(\.kind) == [.search])
    #expect(again.search.results.map(\.id.rawValue) == ["k2"])
  }

  @Test("a command that fails leaves the screen shown, and opens none of its own")
  func failures() async {
    let (coordinator, transcript) = await run(["report", "budget set lots", "open 9"])
    #expect(transcript.contains("error:"))
    #expect(coordinator.path.map(\.kind) == [.report(.totals)])
  }

  @Test("open N and edit N on the results leave them; the calendar shows again")
  func leavingResults() async {
    let (opened, _) = await run(["find coffee", "open 2"])
    #expect(opened.path.isEmpty)
    #expect(opened.calendar.selectedDay == Fixtures.day("2025-11-03"))
    let (edited, transcript) = await run(["find coffee", "edit 1", "", "13000", "", "", ""])
    #expect(edited.path.isEmpty)
    #expect(transcript.contains("→ Expense ₩13,000 food"), "\(transcript)")
  }
}
