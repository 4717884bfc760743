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
}
