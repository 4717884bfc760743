import HannunDomain
import HannunPresentation
import Testing

/// The four shared sentences that point to a command say it in each frontend's own way: the
/// one-shot command line's `hannun …`, the REPL's command at its prompt, the web's page.
@Suite("Typed hints in the shared screen sentences, said by each frontend")
struct CommandHintStyleTests {
  @Test("in Korean, each of the four names the command line's, the REPL's or the web's way")
  func korean() {
    let words = DisplayLanguage.korean.screens
    #expect(words.noRecurringRules(.commandLine) == "반복 규칙이 없습니다. hannun recurring add로 추가하세요")
    #expect(words.noRecurringRules(.repl) == "반복 규칙이 없습니다. recurring add로 추가하세요")
    #expect(words.noRecurringRules(.web) == "반복 규칙이 없습니다. 반복 항목 페이지에서 추가하세요")
    #expect(
      words.noBudgets(.commandLine) == "이 달에는 예산이 없습니다. 예: hannun budget set 30만 --category 식비")
    #expect(words.noBudgets(.repl) == "이 달에는 예산이 없습니다. 예: budget set 30만 식비")
    #expect(words.noBudgets(.web) == "이 달에는 예산이 없습니다. 예산 페이지에서 정하세요")
    #expect(words.openMonthHint(.commandLine) == "달을 보려면: hannun month YYYY-MM")
    #expect(words.openMonthHint(.repl) == "달을 보려면: go YYYY-MM")
    #expect(words.openMonthHint(.web) == "달을 보려면: 달력 페이지")
    #expect(words.noMoodInSpan(.commandLine) == "이 기간에는 기분을 적은 날이 없습니다. hannun mood 기쁨 처럼 적어 보세요.")
    #expect(words.noMoodInSpan(.repl) == "이 기간에는 기분을 적은 날이 없습니다. mood 기쁨 처럼 적어 보세요.")
    #expect(words.noMoodInSpan(.web) == "이 기간에는 기분을 적은 날이 없습니다. 달력 페이지에서 적어 보세요.")
  }

  @Test("in English, each of the four names the command line's, the REPL's or the web's way")
  func english() {
    let words = DisplayLanguage.english.screens
    #expect(
      words.noRecurringRules(.commandLine)
        == "No recurring rules; add one with hannun recurring add")
    #expect(words.noRecurringRules(.repl) == "No recurring rules; add one with recurring add")
    #expect(words.noRecurringRules(.web) == "No recurring rules; add one on the Recurring page")
    #expect(
      words.noBudgets(.commandLine)
        == "No budgets for this month. For example: hannun budget set 300000 --category food")
    #expect(
      words.noBudgets(.repl) == "No budgets for this month. For example: budget set 300000 food")
    #expect(words.noBudgets(.web) == "No budgets for this month; set one on the Budgets page")
    #expect(words.openMonthHint(.commandLine) == "To open a month: hannun month YYYY-MM")
    #expect(words.openMonthHint(.repl) == "To open a month: go YYYY-MM")
    #expect(words.openMonthHint(.web) == "To open a month: the Calendar page")
    #expect(
      words.noMoodInSpan(.commandLine)
        == "No day of this span has a mood; note one with, for example, hannun mood joy.")
    #expect(
      words.noMoodInSpan(.repl)
        == "No day of this span has a mood; note one with, for example, mood joy.")
    #expect(
      words.noMoodInSpan(.web) == "No day of this span has a mood; note one on the Calendar page.")
  }

  @Test("every hint: only the command line says hannun, the web names a page")
  func everyHint() throws {
    let month = try YearMonth(year: 2025, month: 7)
    let hints: [CommandHint] = [
      .recurringList, .dueList, .removeBudget(category: "식비", from: month), .allCategories,
      .addRecurringRule, .setBudget(amount: "30만", category: "식비"), .openMonth, .noteMood("기쁨"),
    ]
    for hint in hints {
      for language in [DisplayLanguage.korean, .english] {
        #expect(CommandHintStyle.commandLine.say(hint, in: language).hasPrefix("hannun "))
        #expect(!CommandHintStyle.repl.say(hint, in: language).contains("hannun"))
        let web = CommandHintStyle.web.say(hint, in: language)
        #expect(!web.contains("hannun") && (web.hasSuffix(" 페이지") || web.hasSuffix(" page")))
      }
    }
  }

  @Test(
    "the shared refusals that named the command line's flags say each frontend's way, in Korean")
  func refusalsInKorean() throws {
    let day = try Day(year: 2025, month: 11, day: 24)
    let rule = try RecurringRuleID(userInput: "r1")
    func say(_ error: RecurringError, _ hints: CommandHintStyle) -> String {
      KoreanMessages(hints: hints).describe(recurring: error)
    }
    let prefix = "'x'은(는) 반복 일정이 아닙니다. 예: "
    #expect(
      say(.badSchedule("x"), .commandLine)
        == prefix + "매월 25일은 --monthly 25, 월말 평일은 --last-business-day, 매년은 --yearly 03-15, "
        + "매주는 --weekly fri")
    #expect(
      say(.badSchedule("x"), .repl)
        == prefix + "매월 25일은 monthly 25, 월말 평일은 last-business-day, 매년은 yearly 03-15, "
        + "매주는 weekly fri")
    #expect(
      say(.badSchedule("x"), .web)
        == prefix + "매월 25일은 매월 (날짜: 25), 월말 평일은 매월 마지막 평일, 매년은 매년 (월-일: 03-15), "
        + "매주는 매주 (요일: fri, 금)")
    let wrongDay = "r1 규칙은 2025-11-24에 돌아오지 않습니다. "
    #expect(
      say(.notAnOccurrence(rule, day), .commandLine)
        == wrongDay + "hannun due나 hannun month YYYY-MM에서 날짜를 확인하세요")
    #expect(say(.notAnOccurrence(rule, day), .repl) == wrongDay + "due나 go YYYY-MM에서 날짜를 확인하세요")
    #expect(
      say(.notAnOccurrence(rule, day), .web) == wrongDay + "반복 항목 페이지나 달력 페이지에서 날짜를 확인하세요")
    let imports = DisplayLanguage.korean.imports
    let format = "a.dat의 형식을 모릅니다. csv인지 journal인지 적으세요: "
    #expect(imports.cannotGuessFormat("a.dat", hints: .commandLine) == format + "--format")
    #expect(
      imports.cannotGuessFormat("a.dat", hints: .repl) == format + "hannun import FILE --format")
    #expect(imports.cannotGuessFormat("a.dat", hints: .web) == format + "가져오기 페이지의 형식 선택")
    let column = { (hints: CommandHintStyle) in
      imports.missingColumn("date", headers: "거래일자", hints: hints)
    }
    #expect(column(.commandLine).hasSuffix("어느 머리글인지 알려 주세요: --map date=머리글"))
    #expect(column(.repl).hasSuffix("알려 주세요: hannun import FILE --map date=머리글"))
    #expect(column(.web).hasSuffix("알려 주세요: 가져오기 페이지의 열 선택"))
  }

  @Test(
    "the shared refusals that named the command line's flags say each frontend's way, in English")
  func refusalsInEnglish() throws {
    let day = try Day(year: 2025, month: 11, day: 24)
    let rule = try RecurringRuleID(userInput: "r1")
    func say(_ error: RecurringError, _ hints: CommandHintStyle) -> String {
      EnglishMessages(hints: hints).describe(recurring: error)
    }
    #expect(
      say(.badSchedule("x"), .commandLine)
        == "'x' is not a schedule: use --monthly 25, --last-business-day, --yearly 03-15 or "
        + "--weekly fri")
    #expect(
      say(.badSchedule("x"), .repl)
        == "'x' is not a schedule: use monthly 25, last-business-day, yearly 03-15 or weekly fri")
    #expect(
      say(.badSchedule("x"), .web)
        == "'x' is not a schedule: use Monthly (day: 25), Last business day of the month, "
        + "Yearly (month-day: 03-15) or Weekly (weekday: fri)")
    let wrongDay = "rule r1 does not fall on 2025-11-24; "
    #expect(
      say(.notAnOccurrence(rule, day), .commandLine)
        == wrongDay + "hannun due or hannun month YYYY-MM shows its days")
    #expect(
      say(.notAnOccurrence(rule, day), .repl) == wrongDay + "due or go YYYY-MM shows its days")
    #expect(
      say(.notAnOccurrence(rule, day), .web)
        == wrongDay + "the Recurring page or the Calendar page shows its days")
    let imports = DisplayLanguage.english.imports
    let format = "cannot tell the format of a.dat; say csv or journal with "
    #expect(imports.cannotGuessFormat("a.dat", hints: .commandLine) == format + "--format")
    #expect(
      imports.cannotGuessFormat("a.dat", hints: .repl) == format + "hannun import FILE --format")
    #expect(
      imports.cannotGuessFormat("a.dat", hints: .web)
        == format + "the format choice on the Import page")
    let column = "found no date column (Date …); name it with "
    #expect(
      imports.missingColumn("date", headers: "Date", hints: .commandLine)
        == column + "--map date=HEADER")
    #expect(
      imports.missingColumn("date", headers: "Date", hints: .repl)
        == column + "hannun import FILE --map date=HEADER")
    #expect(
      imports.missingColumn("date", headers: "Date", hints: .web)
        == column + "the column choices on the Import page")
  }

  @Test("no shared refusal names a flag when said by the web")
  func webSaysNoFlag() throws {
    let rule = try RecurringRuleID(userInput: "r1")
    let errors: [RecurringError] = [
      .badSchedule("x"), .notAnOccurrence(rule, try Day(year: 2025, month: 11, day: 24)),
      .unknownRule("r9"), .staleRule(rule),
    ]
    for language in [DisplayLanguage.korean, .english] {
      let catalog = language.messages(hints: .web)
      var texts = errors.map { catalog.describe(recurring: $0) }
      texts.append(language.imports.cannotGuessFormat("a.dat", hints: .web))
      texts.append(language.imports.missingColumn("amount", headers: "x", hints: .web))
      for text in texts {
        #expect(!text.contains("--") && !text.contains("hannun"), "\(text)")
      }
    }
  }

  @Test("a new ledger's notice says how to start again in another currency, in each frontend")
  func newLedger() {
    let notice = NewLedgerNotice(
      currency: .krw, reason: .locale("ko_KR"), ledgerPath: "/d/ledger.json")
    let korean =
      "새 가계부를 KRW(으)로 만들었습니다 (로캘 ko_KR에 따라). 다른 통화로 쓰려면 "
      + "/d/ledger.json을(를) 지우고 그 통화로 다시 시작하세요. 예: "
    #expect(KoreanMessages(hints: .commandLine).newLedger(notice) == korean + "--currency USD")
    #expect(KoreanMessages(hints: .repl).newLedger(notice) == korean + "hannun --currency USD")
    #expect(KoreanMessages(hints: .web).newLedger(notice) == korean + "hannun serve --currency USD")
    let english =
      "Started a new ledger in KRW (chosen from the locale ko_KR). To keep it in "
      + "another currency, remove /d/ledger.json and start again in that currency, for example "
      + "with "
    #expect(EnglishMessages(hints: .commandLine).newLedger(notice) == english + "--currency USD.")
    #expect(EnglishMessages(hints: .repl).newLedger(notice) == english + "hannun --currency USD.")
    #expect(
      EnglishMessages(hints: .web).newLedger(notice) == english + "hannun serve --currency USD.")
  }
}
