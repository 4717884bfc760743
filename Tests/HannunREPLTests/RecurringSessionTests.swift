import HannunDomain
import HannunPresentation
import HannunTestSupport
import Testing

@testable import HannunREPL

/// Recurring rules at the prompt: the offer on start, the commands, and how planned amounts look.
@MainActor
@Suite("REPL session: recurring entries")
struct RecurringSessionTests {
  private let repository = InMemoryTransactionRepository()
  private let clock = LedgerClock.fixed(at: Fixtures.day("2025-11-26"))
  private let rent = RecurringRule.fixture(.monthly(day: 25), memo: "집", from: "2025-10-01")
  private let salary = RecurringRule.fixture(
    id: 2, .lastBusinessDay, kind: .income, amount: 3_200_000, category: "급여",
    from: "2025-11-01")

  private func run(
    _ responses: [ScriptedLineReader.Response], interactive: Bool, columns: Int? = nil,
    rows: Int? = nil, freshPlan: Bool = true
  ) async -> String {
    if freshPlan { await repository.replacePlanUnannounced(.fixture([rent, salary])) }
    let calendar = CalendarViewModel(
      repository: repository, clock: clock, currency: .krw, language: .korean)
    let coordinator = AppCoordinator(
      calendar: calendar,
      editor: LedgerEditor(repository: repository, clock: clock, makeID: Fixtures.sequentialIDs()),
      repository: repository, clock: clock, currency: .krw,
      makeID: Fixtures.sequentialIDs(prefix: "c"))
    await calendar.start()
    var transcript = ""
    let session = REPLSession(
      coordinator: coordinator, reader: ScriptedLineReader(responses), theme: .plain,
      interactive: interactive, columns: { columns }, rows: rows.map { rows in { rows } },
      write: { transcript += $0 })
    _ = await session.run()
    return transcript
  }

  @Test("on start, the due list is offered; a confirms all of it, once")
  func offerConfirmAll() async throws {
    let transcript = await run(["a", "quit"], interactive: true)
    #expect(transcript.contains("확정을 기다리는 반복 항목 2건"), "\(transcript)")
    #expect(transcript.contains("반복 항목 2건을 확정했습니다"), "\(transcript)")
    #expect(await repository.all.map(\.day.iso) == ["2025-10-25", "2025-11-25"])
    #expect(try await repository.recurringPlan().due(asOf: clock.today).isEmpty)
  }

  @Test("confirming due items over a budget warns, on start and with confirm, as add does")
  func confirmOverBudgetWarns() async throws {
    // 월세, the rent rule's category, may have ₩600,000 a month; each rent is ₩650,000.
    await repository.replaceBudgetPlanUnannounced(.fixture([("월세", "2025-10", 600_000)]))
    let started = await run(["a", "quit"], interactive: true)
    #expect(
      started.contains("2025년 10월 '월세' 예산을 ₩50,000 넘었습니다 (₩650,000 / ₩600,000)"), "\(started)")
    #expect(
      started.contains("2025년 11월 '월세' 예산을 ₩50,000 넘었습니다 (₩650,000 / ₩600,000)"), "\(started)")
  }

  @Test("confirm N over a budget warns, as add does")
  func confirmOneOverBudgetWarns() async throws {
    await repository.replaceBudgetPlanUnannounced(.fixture([("월세", "2025-10", 600_000)]))
    // Enter leaves the offer for later; then the command confirms the first due item.
    let confirmed = await run(["", "confirm 1", "quit"], interactive: true)
    #expect(
      confirmed.contains("2025년 10월 '월세' 예산을 ₩50,000 넘었습니다 (₩650,000 / ₩600,000)"),
      "\(confirmed)")
  }

  @Test("on start, numbers confirm those, s and numbers skip them, Enter leaves all for later")
  func offerPickAndSkip() async throws {
    _ = await run(["2", "quit"], interactive: true)
    #expect(await repository.all.map(\.day.iso) == ["2025-11-25"])
    _ = await run(["s 1", "quit"], interactive: true, freshPlan: false)
    #expect(try await repository.recurringPlan().due(asOf: clock.today).isEmpty)
    #expect(await repository.all.count == 1)
  }

  @Test("change says which field it changed and to what, this time only")
  func changeSaysWhat() async throws {
    let transcript = await run(
      ["change 1 amount 70만", "change 2 memo 보너스", "change 1 date 2025-10-27", "quit"],
      interactive: false)
    #expect(
      transcript.contains("r1 2025-10-25을(를) 이번만 바꿨습니다: 금액 ₩700,000"), "\(transcript)")
    #expect(transcript.contains("r1 2025-11-25을(를) 이번만 바꿨습니다: 메모 '보너스'"), "\(transcript)")
    #expect(
      transcript.contains("r1 2025-10-25을(를) 이번만 바꿨습니다: 날짜 2025-10-27"), "\(transcript)")
  }

  @Test("a script is told what is due but never asked, so its lines stay commands")
  func scriptIsNotAsked() async throws {
    let transcript = await run(["due", "confirm 1", "skip 1", "quit"], interactive: false)
    #expect(transcript.contains("확정을 기다리는 반복 항목이 2건 있습니다"), "\(transcript)")
    #expect(transcript.contains("\n1. 2025-10-25  r1  지출 ₩650,000  월세  집"), "\(transcript)")
    #expect(transcript.contains("확정: 2025-10-25 지출 ₩650,000 월세 #c1"), "\(transcript)")
    #expect(transcript.contains("r1 2025-11-25을(를) 이번만 건너뛰었습니다"), "\(transcript)")
    #expect(await repository.all.map(\.id.rawValue) == ["c1"])
  }

  @Test("recurring add, edit and remove change the rules; planned amounts never join the totals")
  func ruleCommands() async throws {
    let transcript = await run(
      [
        "recurring add weekly 금 지출 3만 장보기 \"동네 마트\" --from 2025-11-01",
        "recurring edit r3 amount 4만", "recurring", "recurring remove r2", "quit",
      ], interactive: false)
    let plan = try await repository.recurringPlan()
    #expect(plan.rules.map(\.id.rawValue) == ["r1", "r3"])
    #expect(plan.rules.last?.amount == Fixtures.amount(40_000))
    #expect(plan.rules.last?.memo == "동네 마트")
    #expect(transcript.contains("r3  매주 금요일  지출 ₩40,000  장보기  동네 마트"), "\(transcript)")
    #expect(transcript.contains("수입 ₩0   지출 ₩0   합계 ₩0"), "\(transcript)")
  }

  @Test("planned amounts are marked ~ in the grid and the day's list, with their own totals line")
  func plannedOnScreen() async throws {
    let transcript = await run(["day 28", "month", "quit"], interactive: false)
    #expect(transcript.contains("~ 예정   수입 ₩3,200,000   지출 ₩650,000"), "\(transcript)")
    #expect(transcript.contains("~-650,000"), "\(transcript)")
    #expect(transcript.contains("~+3,200,000"), "\(transcript)")
    #expect(transcript.contains("  ~ 예정  수입  +₩3,200,000  급여  r2"), "\(transcript)")
  }

  @Test("with planned amounts the screen still fits 80×24 and 40×20")
  func fits() async throws {
    for (columns, rows) in [(80, 24), (40, 20)] {
      let transcript = await run(["", "quit"], interactive: true, columns: columns, rows: rows)
      let screens = transcript.components(separatedBy: "\u{1B}[H\u{1B}[2J")
      let last = try #require(screens.last)
      let lines = last.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
      #expect(lines.allSatisfy { TerminalText.displayWidth(String($0)) <= columns }, "\(last)")
      let reserved = 1 + max(1, (80 + columns - 1) / columns)
      #expect(lines.count <= rows - reserved, "\(columns)×\(rows):\n\(last)")
      #expect(last.contains("~"), "\(last)")
    }
  }

  @Test("due and recurring are the coordinator's routes, drawn on top until the next command")
  func listsAreRoutes() async throws {
    await repository.replacePlanUnannounced(.fixture([rent, salary]))
    let calendar = CalendarViewModel(
      repository: repository, clock: clock, currency: .krw, language: .korean)
    let coordinator = AppCoordinator(
      calendar: calendar,
      editor: LedgerEditor(repository: repository, clock: clock, makeID: Fixtures.sequentialIDs()),
      repository: repository, clock: clock, currency: .krw)
    await calendar.start()
    var kinds: [[Route.Kind]] = []
    let session = REPLSession(
      coordinator: coordinator, reader: ScriptedLineReader(["due", "recurring", "today", "quit"]),
      theme: .plain, interactive: false, columns: { nil }, rows: nil,
      write: { _ in kinds.append(coordinator.path.map(\.kind)) })
    _ = await session.run()
    #expect(kinds.contains([.dueList]) && kinds.contains([.recurringRules]), "\(kinds)")
    #expect(coordinator.path.isEmpty)
  }
}
