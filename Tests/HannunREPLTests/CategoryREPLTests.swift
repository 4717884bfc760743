import HannunDomain
import HannunPresentation
import HannunTestSupport
import Testing

@testable import HannunREPL

private let today = Fixtures.day("2025-11-10")

@Suite("REPL: categories and category rename, parsed")
struct CategoryCommandParserTests {
  private func parse(_ line: String) throws(CommandError) -> Command {
    try CommandParser.parse(line, today: today, shownMonth: Fixtures.month("2025-11"))
  }

  @Test("categories takes the shown month, year, all or a month")
  func periods() throws {
    #expect(try parse("categories") == .categories(.shownMonth))
    #expect(try parse("cats year") == .categories(.shownYear))
    #expect(try parse("categories 전체") == .categories(.allTime))
    #expect(try parse("CATEGORIES all") == .categories(.allTime))
    #expect(try parse("categories 2024-02") == .categories(.month(Fixtures.month("2024-02"))))
    #expect(try parse("categories 2024") == .categories(.year(2024)))
    // Full-width digits, as a Korean input method types them, as days take them.
    #expect(try parse("categories ２０２４-０２") == .categories(.month(Fixtures.month("2024-02"))))
    #expect(try parse("categories ２０２４") == .categories(.year(2024)))
    #expect(try parse("go ２０２４－０２") == .go(Fixtures.month("2024-02")))
    #expect(try parse("report ２０２４") == .report(.year(2024)))
    #expect(
      PromptPeriod.year(2024).span(shown: Fixtures.month("2025-11"))
        == (try YearMonth.months(ofYear: 2024)))
    let shown = Fixtures.month("2025-11")
    let year = try YearMonth.months(ofYear: 2025)
    #expect(PromptPeriod.shownYear.span(shown: shown) == year)
    #expect(PromptPeriod.allTime.span(shown: shown) == nil)
    #expect(PromptPeriod.shownMonth.span(shown: shown) == shown...shown)
  }

  @Test("category rename takes two names; quotes keep spaces")
  func rename() throws {
    #expect(try parse("category rename 식당 식비") == .renameCategory(from: "식당", to: "식비"))
    #expect(
      try parse("cat merge \"eating out\" 'food & drink'")
        == .renameCategory(from: "eating out", to: "food & drink"))
  }

  @Test("bad arguments say what is accepted, in both languages")
  func badArguments() {
    let cases: [(String, CommandError)] = [
      ("categories weekly", .invalidArguments(.categories, .notACategoryPeriod("weekly"))),
      ("categories all year", .invalidArguments(.categories, .extra("year"))),
      ("category", .invalidArguments(.category, .notACategoryAction(""))),
      ("category rename 식당", .invalidArguments(.category, .notACategoryAction("rename 식당"))),
      ("category delete a b", .invalidArguments(.category, .notACategoryAction("delete a b"))),
    ]
    for (line, expected) in cases {
      #expect(throws: expected, "\(line)") { try parse(line) }
      let english = expected.text(in: EnglishMessages())
      let korean = expected.text(in: KoreanMessages())
      #expect(!english.isEmpty && !korean.isEmpty && english != korean)
      #expect(english.contains("category") || english.contains("categories"))
    }
    #expect(
      CommandError.invalidArguments(.category, .notACategoryAction("")).text(in: KoreanMessages())
        .contains("category rename 옛이름 새이름"))
    #expect(throws: CommandError.rejectedDate(.noSuchMonth("2025-13"))) {
      try parse("categories 2025-13")
    }
  }

  @Test("help explains both commands in both languages within 80 columns")
  func help() {
    for verb in [CommandVerb.categories, .category] {
      for language in [DisplayLanguage.korean, .english] {
        let text = HelpText.topic(verb, in: language)
        #expect(text.contains("category rename"))
        for line in text.split(separator: "\n") {
          #expect(TerminalText.displayWidth(String(line)) <= 80, "\(line)")
        }
      }
    }
    #expect(HelpText.overview(in: .english).contains("categories, category (cat)"))
  }
}

@Suite("REPL: the category list, drawn")
struct CategoryListRendererTests {
  private func makeList() throws -> CategoryList {
    let november = Fixtures.month("2025-11")
    let totals = MonthCategoryTotals(
      month: november,
      totals: [
        CategoryTotal(
          kind: .expense, category: "식비", amount: Money(minorUnits: 450_000), count: 12),
        CategoryTotal(
          kind: .expense, category: "아주 긴 분류 이름이 여기 있습니다 정말로 깁니다",
          amount: Money(minorUnits: 999_999_999_999), count: 1),
        CategoryTotal(
          kind: .income, category: "salary", amount: Money(minorUnits: 3_000_000), count: 1),
        CategoryTotal(
          kind: .expense, category: "evil\u{202E}name\u{1B}[2J", amount: Money(minorUnits: 5),
          count: 2),
      ])
    // Built from totals already summed, as the repository gives them.
    return try CategoryList(span: november...november, totals: [totals])
  }

  @Test("every line fits 80 and 40 columns, Hangul counted double", arguments: [80, 40])
  func fits(width: Int) throws {
    let list = try makeList()
    for language in [DisplayLanguage.korean, .english] {
      let lines = CategoryListRenderer(
        theme: .plain, width: width, language: language, money: MoneyFormatter(currency: .krw)
      ).lines(list)
      for line in lines {
        #expect(TerminalText.displayWidth(line) <= width, "\(width): \(line)")
      }
      // The totals are whole: on one line when they fit, else income and expense on two.
      let money = MoneyFormatter(currency: .krw)
      let text = lines.joined(separator: "\n")
      #expect(text.contains(money.plain(list.summary.income)), "\(text)")
      #expect(text.contains(money.plain(list.summary.expense)), "\(text)")
      #expect(lines.count == 9 || (width < 60 && lines.count == 10), "\(lines)")
    }
  }

  @Test("income first, largest first; ledger text escaped; the Korean page reads as expected")
  func korean() throws {
    let list = try makeList()
    let text = CategoryListRenderer(
      theme: .plain, width: 80, language: .korean, money: MoneyFormatter(currency: .krw)
    ).text(list)
    #expect(!text.contains("\u{1B}") && !text.contains("\u{202E}"))
    let lines = text.split(separator: "\n").map(String.init)
    #expect(lines[0] == "분류 · 2025년 11월")
    #expect(lines[1] == "수입 ₩3,000,000   지출 ₩1,000,000,450,004")
    #expect(lines[3] == "수입" && lines[4].hasPrefix("  salary"))
    #expect(lines[5] == "지출")
    #expect(lines[6].hasPrefix("  아주 긴 분류"))
    #expect(lines[7].hasPrefix("  식비") && lines[7].hasSuffix("12건          ₩450,000"))
    #expect(lines[8].contains("<U+202E>"))
  }

  @Test("an empty period says so, and all time is named")
  func empty() throws {
    let empty = try CategoryList(span: nil, totals: [])
    let english = CategoryListRenderer(
      theme: .plain, language: .english, money: MoneyFormatter(currency: .krw)
    ).text(empty)
    #expect(english == "Categories · all time\nNo entries in this period.\n")
  }
}

/// The session over a scripted reader, renaming and undoing.
@MainActor
@Suite("REPL: renaming a category in a session")
struct CategorySessionTests {
  private let repository = InMemoryTransactionRepository([
    .fixture(id: "a", day: "2025-11-10", amount: 12_000, category: "식당", memo: "lunch"),
    .fixture(id: "b", day: "2025-10-02", amount: 8_000, category: "식당"),
    .fixture(id: "c", day: "2025-11-11", amount: 30_000, category: "식비"),
  ])

  private func run(_ lines: [ScriptedLineReader.Response], language: DisplayLanguage) async
    -> String
  {
    let clock = LedgerClock.fixed(at: today)
    let calendar = CalendarViewModel(
      repository: repository, clock: clock, currency: .krw, language: language)
    let coordinator = AppCoordinator(
      calendar: calendar, editor: LedgerEditor(repository: repository, clock: clock),
      repository: repository, clock: clock, currency: .krw)
    await calendar.start()
    var transcript = ""
    let session = REPLSession(
      coordinator: coordinator, reader: ScriptedLineReader(lines + ["quit"]), theme: .plain,
      interactive: false, write: { transcript += $0 })
    _ = await session.run()
    return transcript
  }

  @Test("a merge says so; undo reverts all of it in one step, redo makes it again")
  func mergeUndoRedo() async throws {
    let original = await repository.all
    let transcript = await run(
      ["category rename 식당 식비", "categories all", "undo", "categories all", "redo"],
      language: .english)
    #expect(transcript.contains("Merged 2 entries of 식당 into 식비"), "\(transcript)")
    #expect(transcript.contains("Undid: merged 2 entries of 식당 into 식비"), "\(transcript)")
    #expect(transcript.contains("Redid: merged 2 entries of 식당 into 식비"), "\(transcript)")
    let lists = transcript.components(separatedBy: "Categories · all time").dropFirst()
    #expect(lists.count == 2)
    let rows = lists.map { $0.split(separator: "\n").filter { $0.hasPrefix("  ") } }
    #expect(rows.first?.contains { $0.hasPrefix("  식당") } == false, "only 식비 is left: \(rows)")
    #expect(rows.last?.contains { $0.hasPrefix("  식당") } == true, "식당 is back: \(rows)")
    #expect(await repository.all.allSatisfy { $0.category == "식비" })
    #expect(await repository.all.count == original.count)
  }

  @Test("undo right after a rename gives back every entry exactly as it was")
  func undoRestoresEntries() async throws {
    let original = await repository.all
    let transcript = await run(["category rename 식당 외식", "undo"], language: .korean)
    #expect(transcript.contains("분류 이름 바꿈 식당 → 외식 (2건)"), "\(transcript)")
    #expect(transcript.contains("되돌림: 분류 이름 바꿈 식당 → 외식 (2건)"), "\(transcript)")
    #expect(await repository.all == original)
  }

  @Test("refused renames are explained in Korean and nothing changes")
  func refusedInKorean() async throws {
    let original = await repository.all
    let transcript = await run(
      ["category rename 없음 x", "category rename 식비 식비", "category rename 식당 \"\"", "undo"],
      language: .korean)
    #expect(transcript.contains("오류: '없음' 분류를 쓰는 내역이 없습니다"), "\(transcript)")
    #expect(transcript.contains("오류: 새 이름이 지금 이름 '식비'와(과) 같습니다"), "\(transcript)")
    #expect(transcript.contains("오류: 분류"), "\(transcript)")
    #expect(transcript.contains("되돌릴 것이 없습니다"), "\(transcript)")
    #expect(await repository.all == original)
  }
}

@Suite("REPL: Tab completion for categories and category rename")
struct CategoryCompletionTests {
  private let context = CompletionContext(
    categories: ["식당", "식비", "eating out", "evil\u{202E}txt"], entryCount: 0)

  private func complete(_ line: String) -> [String] {
    let word = line.split(separator: " ", omittingEmptySubsequences: false).last ?? ""
    return CommandCompletion.candidates(line: line, word: String(word), context: context)
  }

  @Test("periods, the action, then the ledger's categories escaped as the parser reads them")
  func completions() {
    #expect(complete("categories ") == ["year", "all"])
    #expect(complete("category ") == ["rename"])
    #expect(complete("category rename 식") == ["식당", "식비"])
    #expect(complete("category rename 식당 e") == ["eating\\ out"])
    #expect(complete("category rename 식당 식비 ").isEmpty)
    #expect(!complete("category rename ").contains { $0.hasPrefix("evil") })
  }
}

@Suite("REPL: a rename step another window made impossible")
struct CategoryStepDroppedTests {
  private let batch: LedgerBatch = {
    let entry = Transaction.fixture(id: "a", day: "2025-11-10", category: "식당")
    var renamed = entry
    renamed.category = "식비"
    return LedgerBatch(
      purpose: .renameCategory(from: "식당", to: "식비", merged: true),
      changes: [.update(entry, to: renamed)])
  }()

  @Test("the message names the rename and the entry as it is now, in both languages")
  func messages() {
    let current = Transaction.fixture(id: "a", day: "2025-11-10", category: "식비", memo: "theirs")
    let money = MoneyFormatter(currency: .krw)
    let english = SessionText(language: .english, money: money)
    let korean = SessionText(language: .korean, money: money)
    let undo = english.stepDropped(.batch(batch), current: current, undoing: true)
    #expect(undo.hasPrefix("Cannot undo Merged 1 entry of 식당 into 식비: another window changed"))
    #expect(undo.contains("(theirs)") && undo.contains("nothing was changed"), "\(undo)")
    let redo = english.stepDropped(.batch(batch), current: nil, undoing: false)
    #expect(redo.contains("deleted one of its entries") && redo.contains("Redo again"), "\(redo)")
    let koreanUndo = korean.stepDropped(.batch(batch), current: current, undoing: true)
    #expect(koreanUndo.hasPrefix("되돌릴 수 없어 이 단계를 건너뜁니다: 분류 합침 식당 → 식비 (1건)."))
    #expect(koreanUndo.contains("그 내역 하나가 바뀌었습니다"), "\(koreanUndo)")
  }

  @Test("a rename that moved a budget or rule says those may have changed, in both languages")
  func carriedMessages() {
    var carried = batch
    let scope = BudgetScope.category("식당")
    let limit = BudgetChange(
      scope: scope, from: Fixtures.month("2025-01"), limit: Fixtures.amount(1))
    carried.budgets = BudgetEdit(scopes: [scope: .init(before: [limit], after: [])])
    let money = MoneyFormatter(currency: .krw)
    let english = SessionText(language: .english, money: money)
      .stepDropped(.batch(carried), current: nil, undoing: true)
    #expect(english.contains("or changed a budget or rule it moved"), "\(english)")
    #expect(english.contains("(1 entry with 1 budget)") || english.contains("with 1 budget"))
    let korean = SessionText(language: .korean, money: money)
      .stepDropped(.batch(carried), current: nil, undoing: true)
    #expect(korean.contains("예산이나 반복 규칙이 바뀌었습니다"), "\(korean)")
    #expect(korean.contains("(1건, 예산 1개)"), "\(korean)")
  }
}
