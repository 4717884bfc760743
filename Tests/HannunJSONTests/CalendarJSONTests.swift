import HannunDomain
import HannunJSON
import HannunPresentation
import HannunTestSupport
import Testing

@Suite("The CLI's JSON contract")
@MainActor
struct CalendarJSONTests {
  func calendar(_ entries: [Transaction], currency: Currency = .krw) async -> CalendarViewModel {
    let calendar = CalendarViewModel(
      repository: InMemoryTransactionRepository(entries),
      clock: .fixed(at: Fixtures.day("2025-11-03")), currency: currency, language: .english)
    await calendar.start()
    return calendar
  }

  @Test(
    "day: the selected day's entries in list order, with totals, in the major unit, its mood and plans"
  )
  func day() async {
    let calendar = await calendar(
      [
        .fixture(id: "t1", day: "2025-11-03", amount: 1_250, category: "bus", memo: "a \"b\""),
        .fixture(id: "t2", day: "2025-11-04", amount: 99),
      ], currency: .usd)
    #expect(
      CalendarJSON.day(calendar).serialized()
        == #"{"date":"2025-11-03","transactions":[{"id":"t1","date":"2025-11-03","#
        + #""kind":"expense","amount":12.50,"category":"bus","memo":"a \"b\""}],"#
        + #""income":0.00,"expense":12.50,"mood":null,"moodNote":"","planned":[]}"#)
  }

  @Test("month: the grid, each day's totals and the month's")
  func month() async throws {
    let calendar = await calendar([
      .fixture(id: "t1", day: "2025-11-03", amount: 12_000),
      .fixture(id: "t2", day: "2025-11-10", kind: .income, amount: 3_000_000),
    ])
    let text = CalendarJSON.month(calendar).serialized()
    #expect(text.hasPrefix(#"{"month":"2025-11","firstWeekday":1,"weeks":[[null,null,null,"#))
    #expect(text.contains(#"{"date":"2025-11-03","income":0,"expense":12000,"mood":null}"#))
    #expect(text.hasSuffix(#""income":3000000,"expense":12000,"balance":2988000,"planned":[]}"#))
  }

  @Test("week: seven days and the week's totals")
  func week() async throws {
    let calendar = await calendar([.fixture(id: "t1", day: "2025-11-08", amount: 500)])
    let text = try CalendarJSON.week(calendar).serialized()
    #expect(text.hasPrefix(#"{"days":[{"date":"2025-11-02","#))
    #expect(
      text.hasSuffix(
        #"{"date":"2025-11-08","income":0,"expense":500,"mood":null}],"income":0,"expense":500}"#))
  }
}

@Suite("The report's JSON contract")
struct ReportJSONTests {
  @Test("one object with exactly the contract's keys, amounts exact, shares 0…1, every month")
  func contract() throws {
    let totals = [
      MonthCategoryTotals(
        month: Fixtures.month("2025-01"),
        totals: [
          CategoryTotal(kind: .expense, category: "식비", amount: Money(minorUnits: 1_250), count: 2),
          CategoryTotal(kind: .expense, category: "월세", amount: Money(minorUnits: 3_750), count: 1),
          CategoryTotal(kind: .income, category: "급여", amount: Money(minorUnits: 10_000), count: 1),
        ])
    ]
    let report = try LedgerReport(
      span: Fixtures.month("2025-01")...Fixtures.month("2025-03"), totals: totals, previous: nil)
    let text = ReportJSON.report(report, currency: .usd, messages: EnglishMessages())
      .serialized()
    #expect(
      text
        == #"{"from":"2025-01","to":"2025-03","income":100.00,"expense":50.00,"balance":50.00,"#
        + #""categories":[{"category":"급여","kind":"income","amount":100.00,"share":1,"count":1},"#
        + #"{"category":"월세","kind":"expense","amount":37.50,"share":0.75,"count":1},"#
        + #"{"category":"식비","kind":"expense","amount":12.50,"share":0.25,"count":2}],"#
        + #""months":[{"month":"2025-01","income":100.00,"expense":50.00},"#
        + #"{"month":"2025-02","income":0.00,"expense":0.00},"#
        + #"{"month":"2025-03","income":0.00,"expense":0.00}],"#
        + #""previous":null,"previousProblem":null}"#)
  }

  @Test("the span before: its totals when read, else null and why, in the catalogue's words")
  func previous() throws {
    let november = Fixtures.month("2025-11")
    let october = Fixtures.month("2025-10")
    let spent = [
      MonthCategoryTotals(
        month: october,
        totals: [
          CategoryTotal(kind: .expense, category: "식비", amount: Money(minorUnits: 1_250), count: 1)
        ])
    ]
    let read = try LedgerReport(
      span: november...november, totals: [], previous: (october...october, spent))
    #expect(
      ReportJSON.report(read, currency: .usd, messages: EnglishMessages()).serialized()
        .hasSuffix(
          #""previous":{"from":"2025-10","to":"2025-10","income":0.00,"expense":12.50},"#
            + #""previousProblem":null}"#))
    let lost = LedgerError.unreadableFile(
      path: "/d/ledger/2025/2025-10.json", reason: .missingMonthFile(indexFolder: "/d/ledger/index")
    )
    let unread = try LedgerReport(
      span: november...november, totals: [], unreadablePrevious: october...october, because: lost)
    for messages in [EnglishMessages(), KoreanMessages()] as [any MessageCatalog] {
      let sentence = messages.comparisonUnavailable(against: october...october, because: lost)
      #expect(
        sentence.contains(
          messages.describe(FileProblem.missingMonthFile(indexFolder: "/d/ledger/index"))))
      #expect(
        ReportJSON.report(unread, currency: .usd, messages: messages).serialized()
          .hasSuffix(
            #""previous":null,"previousProblem":"# + JSONValue.string(sentence).serialized() + "}"))
    }
  }
}

@Suite("The mood report's JSON contract")
struct MoodJSONTests {
  @Test("moods in palette order with exact amounts in the major unit, and the days without")
  func report() throws {
    let days = Fixtures.day("2025-11-01")...Fixtures.day("2025-11-04")
    let report = try MoodSpendingReport(
      days: days,
      entries: [
        .fixture(id: "a", day: "2025-11-01", amount: 1_001, category: "bus"),
        .fixture(id: "b", day: "2025-11-02", amount: 250, category: "tea"),
      ],
      moods: [
        Fixtures.day("2025-11-01"): DayMood(.tired), Fixtures.day("2025-11-02"): DayMood(.joy),
      ])
    #expect(
      MoodJSON.report(report, currency: .usd).serialized()
        == #"{"from":"2025-11-01","to":"2025-11-04","moods":["#
        + #"{"mood":"joy","days":1,"expense":2.50,"averageDaily":2.50,"rising":["#
        + #"{"category":"tea","averageOn":2.50,"averageOff":0.00,"rise":2.50}]},"#
        + #"{"mood":"tired","days":1,"expense":10.01,"averageDaily":10.01,"rising":["#
        + #"{"category":"bus","averageOn":10.01,"averageOff":0.00,"rise":10.01}]}],"#
        + #""withoutMood":{"days":2,"expense":0.00,"averageDaily":0.00}}"#)
  }
}
