import HannunDomain
import HannunPresentation
import HannunTestSupport
import Testing

@testable import HannunREPL

@Suite("Command parser: budget")
struct BudgetCommandParserTests {
  private func parse(_ line: String) throws(CommandError) -> Command {
    try CommandParser.parse(line, today: Fixtures.day("2025-11-03"))
  }

  private func problem(_ line: String) -> CommandError? {
    do {
      _ = try parse(line)
      return nil
    } catch {
      return error
    }
  }

  @Test(
    "budget shows, sets and removes, with a category as a word or --category, and --from",
    arguments: [
      ("budget", BudgetRequest.show(nil)),
      ("예산", .show(nil)),
      ("budget 2025-07", .show(Fixtures.month("2025-07"))),
      ("budget set 30만", .set(amountText: "30만", category: nil, from: nil)),
      ("budget set 30만 식비", .set(amountText: "30만", category: "식비", from: nil)),
      ("budget set 식비 30만", .set(amountText: "30만", category: "식비", from: nil)),
      ("budget set food 400,000", .set(amountText: "400,000", category: "food", from: nil)),
      ("budget set 1 2", .set(amountText: "1", category: "2", from: nil)),
      (
        "BUDGET Set 300,000 --category \"eating out\" --from 2025-03",
        .set(amountText: "300,000", category: "eating out", from: "2025-03")
      ),
      (
        "budget change 5만 교통 --from=2025-09",
        .set(amountText: "5만", category: "교통", from: "2025-09")
      ),
      ("budget remove", .remove(category: nil, from: nil)),
      ("budget rm 식비 --from 2025-07", .remove(category: "식비", from: "2025-07")),
      ("budget remove '--odd'", .remove(category: "--odd", from: nil)),
    ])
  func parses(_ line: String, _ request: BudgetRequest) throws {
    #expect(try parse(line) == .budget(request))
  }

  @Test(
    "a budget line off its usage is refused with what is wrong",
    arguments: [
      ("budget set", BudgetArgumentProblem.needsAmount),
      ("budget lunch", .unknownAction("lunch")),
      ("budget 2025-07 more", .extra("more")),
      ("budget set 1 food extra", .extra("extra")),
      ("budget set 1 --limit 3", .unknownOption("--limit")),
      ("budget remove --from", .needsValue("--from")),
      ("budget remove --from 2025-01 --from 2025-02", .twice("--from")),
      ("budget remove food --category food", .twice("--category")),
    ])
  func refused(_ line: String, _ expected: BudgetArgumentProblem) {
    #expect(problem(line) == .invalidArguments(.budget, .budget(expected)))
  }

  @Test("a month to show is checked; a set's month is carried as typed, for the budget form")
  func months() throws {
    #expect(problem("budget 2025-13") == .rejectedDate(.noSuchMonth("2025-13")))
    #expect(
      try parse("budget set 1 --from 11-2025x")
        == .budget(.set(amountText: "1", category: nil, from: "11-2025x")))
  }

  @Test("every problem is said in Korean and English")
  func sentences() {
    let problems: [BudgetArgumentProblem] = [
      .needsAmount, .unknownAction("x"), .extra("x"), .unknownOption("--x"), .needsValue("--from"),
      .twice("--from"),
    ]
    for problem in problems {
      let error = CommandError.invalidArguments(.budget, .budget(problem))
      let korean = error.text(in: KoreanMessages())
      let english = error.text(in: EnglishMessages())
      #expect(korean != english && !korean.isEmpty && !english.isEmpty)
      #expect(korean.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) })
    }
  }

  @Test("help names budget in both languages")
  func help() {
    #expect(HelpText.overview(in: .english).contains("budget (예산)"))
    #expect(HelpText.topic(.budget, in: .korean).contains("budget set 30만 식비"))
    #expect(HelpText.topic(.budget, in: .english).contains("Also: 예산"))
  }
}

/// The session's `budget` commands and the notice after a save, over the in-memory ledger.
@MainActor
@Suite("REPL session: budgets")
struct BudgetSessionTests {
  private func run(_ lines: [String], language: DisplayLanguage = .english) async
    -> (String, InMemoryTransactionRepository)
  {
    let clock = LedgerClock.fixed(at: Fixtures.day("2025-11-10"))
    let repository = InMemoryTransactionRepository([
      .fixture(id: "a1", day: "2025-11-10", amount: 250_000, category: "식비")
    ])
    let calendar = CalendarViewModel(
      repository: repository, clock: clock, currency: .krw, language: language)
    let coordinator = AppCoordinator(
      calendar: calendar,
      editor: LedgerEditor(repository: repository, clock: clock, makeID: Fixtures.sequentialIDs()),
      repository: repository, clock: clock, currency: .krw)
    await calendar.start()
    var transcript = ""
    let session = REPLSession(
      coordinator: coordinator, reader: ScriptedLineReader(lines.map { .line($0) }), theme: .plain,
      interactive: false, write: { transcript += $0 })
    _ = await session.run()
    return (transcript, repository)
  }

  @Test(
    "budget set stores the budget from the shown month, shows the month's budgets and the header")
  func setAndShow() async throws {
    let (transcript, repository) = await run([
      "budget set 30만 식비", "budget set 200만", "today", "month",
    ])
    #expect(
      try await repository.budgetPlan()
        == .fixture([(nil, "2025-11", 2_000_000), ("식비", "2025-11", 300_000)]))
    #expect(transcript.contains("The '식비' budget is ₩300,000 a month from November 2025"))
    #expect(transcript.contains("Budgets: November 2025"))
    #expect(transcript.contains("₩50,000 left"))
    #expect(transcript.contains("Budget ₩1,750,000 left"))
  }

  @Test("an add that goes over a budget says so after saving, in Korean")
  func noticeInKorean() async throws {
    let (transcript, _) = await run(
      ["budget set 30만 식비", "add 지출 6만 식비 장보기"], language: .korean)
    #expect(transcript.contains("2025년 11월 '식비' 예산을 ₩10,000 넘었습니다 (₩310,000 / ₩300,000)"))
  }

  @Test("budget remove from a later month keeps the months before; removing nothing is an error")
  func removeFromLaterMonth() async throws {
    let (transcript, repository) = await run([
      "budget set 30만 식비 --from 2025-01", "budget remove 식비 --from 2025-12",
      "budget remove 교통",
    ])
    let plan = try await repository.budgetPlan()
    #expect(plan.limit(for: .category("식비"), in: Fixtures.month("2025-11"))?.minorUnits == 300_000)
    #expect(plan.limit(for: .category("식비"), in: Fixtures.month("2025-12")) == nil)
    #expect(transcript.contains("error: the category '교통' has no budget from 2025-11 on"))
  }

  @Test("a bad amount or category is refused and nothing is stored")
  func refusedInput() async throws {
    let (transcript, repository) = await run(["budget set 0 식비", "budget set 1만 \"\""])
    #expect(try await repository.budgetPlan() == .empty)
    #expect(transcript.contains("error: '0' is not an amount greater than zero; a budget is a"))
    #expect(transcript.contains("error: the category is missing"))
  }

  @Test("at a terminal, the over-budget notice takes its row from the screen, so nothing scrolls")
  func noticeFitsTheTerminal() async throws {
    let clock = LedgerClock.fixed(at: Fixtures.day("2025-11-10"))
    let repository = InMemoryTransactionRepository(Fixtures.busyNovember)
    await repository.replaceBudgetPlanUnannounced(.fixture([(nil, "2025-01", 1_000)]))
    let calendar = CalendarViewModel(
      repository: repository, clock: clock, currency: .krw, language: .english)
    let coordinator = AppCoordinator(
      calendar: calendar,
      editor: LedgerEditor(repository: repository, clock: clock, makeID: Fixtures.sequentialIDs()),
      repository: repository, clock: clock, currency: .krw)
    await calendar.start()
    for (columns, rows) in [(80, 24), (40, 20)] {
      var transcript = ""
      let session = REPLSession(
        coordinator: coordinator,
        reader: ScriptedLineReader(["add expense 1000 food --date 12", "quit"]), theme: .plain,
        interactive: true, columns: { columns }, rows: { rows }, write: { transcript += $0 })
      _ = await session.run()
      let screen = try #require(transcript.components(separatedBy: "\u{1B}[H\u{1B}[2J").last)
      let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
      #expect(lines.contains { $0.hasPrefix("Over the budget for November 2025") }, "\(screen)")
      #expect(lines.first?.contains("November 2025") == true, "\(screen)")
      #expect(lines.count <= rows - 1, "\(columns)×\(rows): \(screen)")
    }
  }

  @Test("report for a month with budgets ends with them")
  func reportShowsBudgets() async throws {
    let (transcript, _) = await run(["budget set 20만 식비", "report"])
    let report = try #require(transcript.range(of: "Report: November 2025"))
    let tail = transcript[report.upperBound...]
    #expect(tail.contains("Budgets\n  식비  ₩250,000 / ₩200,000"))
    #expect(tail.contains("₩50,000 over"))
  }
}

@Suite("Tab completion: budget")
struct BudgetCompletionTests {
  private let context = CompletionContext(categories: ["식비", "eating out"], entryCount: 0)

  private func complete(_ line: String) -> [String] {
    let word = String(line.reversed().prefix { $0 != " " }.reversed())
    return CommandCompletion.candidates(line: line, word: word, context: context)
  }

  @Test("the action, then categories where a category goes, and the options")
  func completes() {
    #expect(complete("bud") == ["budget"])
    #expect(complete("budget ") == ["set", "remove"])
    #expect(complete("budget r") == ["remove"])
    #expect(complete("budget set ") == [])
    #expect(complete("budget set 30만 ") == ["식비", "eating\\ out"])
    #expect(complete("budget set 30만 식비 ") == [])
    #expect(complete("budget remove e") == ["eating\\ out"])
    #expect(complete("budget remove --c") == ["--category"])
    #expect(complete("budget set 1 --category ") == ["식비", "eating\\ out"])
    #expect(complete("budget remove --from ") == [])
  }
}
