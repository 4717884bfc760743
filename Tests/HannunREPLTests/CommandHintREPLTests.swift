import HannunDomain
import HannunPresentation
import HannunTestSupport
import Testing

@testable import HannunREPL

/// A shared sentence that points to a command names the REPL's command at its prompt, and the
/// one-shot command line's everywhere else.
@MainActor
@Suite("Typed command hints: each frontend says the command its own way")
struct CommandHintREPLTests {
  private func run(_ lines: [String], language: DisplayLanguage, rules: Bool = true) async
    -> String
  {
    let repository = InMemoryTransactionRepository()
    let clock = LedgerClock.fixed(at: Fixtures.day("2025-11-26"))
    if rules {
      await repository.replacePlanUnannounced(
        .fixture([RecurringRule.fixture(.monthly(day: 25), memo: "집", from: "2025-10-01")]))
    }
    let calendar = CalendarViewModel(
      repository: repository, clock: clock, currency: .krw, language: language)
    let coordinator = AppCoordinator(
      calendar: calendar, editor: LedgerEditor(repository: repository, clock: clock),
      repository: repository, clock: clock, currency: .krw,
      makeID: Fixtures.sequentialIDs(prefix: "c"))
    await calendar.start()
    var transcript = ""
    let session = REPLSession(
      coordinator: coordinator, reader: ScriptedLineReader(lines: lines + ["quit"]),
      theme: .plain, interactive: false, write: { transcript += $0 })
    _ = await session.run()
    return transcript
  }

  @Test("the REPL's unknown-rule and wrong-day refusals name recurring and due, not hannun …")
  func repl() async {
    let english = await run(
      ["confirm r9 2025-11-25", "confirm r1 2025-11-24", "category rename 없음 x"], language: .english
    )
    #expect(english.contains("no recurring rule 'r9'; recurring shows the rules"), "\(english)")
    #expect(english.contains("does not fall on 2025-11-24; due or go YYYY-MM shows"), "\(english)")
    #expect(!english.contains("hannun "), "\(english)")
    #expect(english.contains("'없음'; categories all lists them"), "\(english)")
    let korean = await run(["confirm r9 2025-11-25"], language: .korean)
    #expect(korean.contains("'r9' 규칙이 없습니다. recurring로 규칙을 확인하세요"), "\(korean)")
    #expect(!korean.contains("hannun "), "\(korean)")
  }

  @Test(
    "a schedule the REPL refuses is shown in the REPL's own form, without the command line's --")
  func schedule() async {
    let english = await run(["recurring add monthly 40 expense 5000 rent"], language: .english)
    #expect(
      english.contains(
        "'40' is not a schedule: use monthly 25, last-business-day, yearly 03-15 or weekly fri"),
      "\(english)")
    #expect(!english.contains("--monthly"), "\(english)")
  }

  @Test("with no rules, the REPL's recurring says recurring add, not hannun recurring add")
  func noRules() async {
    let korean = await run(["recurring"], language: .korean, rules: false)
    #expect(korean.contains("반복 규칙이 없습니다. recurring add로 추가하세요"), "\(korean)")
    #expect(!korean.contains("hannun "), "\(korean)")
    let english = await run(["recurring"], language: .english, rules: false)
    #expect(english.contains("No recurring rules; add one with recurring add"), "\(english)")
  }

  @Test("at 40 columns the no-rules line breaks at a space, never inside the command")
  func noRulesAtForty() {
    for language in [DisplayLanguage.korean, .english] {
      let renderer = RecurringRenderer(
        theme: Theme(colorEnabled: false), width: 40, language: language,
        money: MoneyFormatter(currency: .krw))
      let lines = renderer.ruleLines([])
      #expect(lines.allSatisfy { TerminalText.displayWidth($0) <= 40 }, "\(lines)")
      #expect(lines.joined(separator: " ") == language.screens.noRecurringRules(.repl))
    }
  }

  @Test("the catalogue names the command line's commands by default, the REPL's when asked")
  func styles() throws {
    let month = try YearMonth(year: 2025, month: 7)
    let rule = RecurringRuleID(number: 1)
    let overlap = CategoryRenameError.budgetsOverlap(from: "식당", to: "식비", month: month)
    for language in [DisplayLanguage.korean, .english] {
      let cli = language.messages
      let repl = language.messages(hints: .repl)
      #expect(cli.describe(recurring: .unknownRule("r9")).contains("hannun recurring list"))
      #expect(
        cli.describe(CategoryRenameError.unknownCategory("x")).contains("hannun categories --all"))
      #expect(cli.describe(recurring: .staleRule(rule)).contains("hannun recurring list"))
      #expect(
        cli.describe(overlap).contains("(hannun budget remove --category 식당 --from 2025-07)"))
      for text in [
        repl.describe(recurring: .unknownRule("r9")), repl.describe(recurring: .staleRule(rule)),
        repl.describe(recurring: .notAnOccurrence(rule, Fixtures.day("2025-11-24"))),
        repl.describe(overlap), repl.describe(CategoryRenameError.unknownCategory("x")),
      ] {
        #expect(!text.contains("hannun"), "\(text)")
      }
      #expect(repl.describe(overlap).contains("(budget remove 식당 --from 2025-07)"))
    }
  }
}
