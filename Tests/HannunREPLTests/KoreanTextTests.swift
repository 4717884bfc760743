import HannunDomain
import HannunPresentation
import HannunTestSupport
import Testing

@testable import HannunREPL

/// Everything the REPL says about commands, in Korean as well as English.
@Suite("The REPL's own text in Korean")
struct KoreanTextTests {
  static let problems: [CommandError] =
    [
      .unknownCommand("zz"), .unknownHelpTopic("zz"), .unterminatedQuote("\""),
      .rejectedDate(.malformedDate("soon")), .rejectedField(.badKind("gift")),
    ]
    + [
      (CommandVerb.next, ArgumentProblem.unexpected("x")), (.go, .extra("x")), (.go, .missing),
      (.go, .notAMonth("x")), (.day, .missing), (.day, .notADay("x")),
      (.day, .notADayNumber("40")), (.add, .notADay("x")), (.add, .notADayNumber("40")),
      (.mode, .missing), (.mode, .notAMode("x")), (.firstWeekday, .missing), (.edit, .missing),
      (.delete, .missing), (.add, .dateNeedsValue), (.add, .unknownOption("--x")),
      (.add, .dateTwice), (.add, .needsKind), (.add, .needsAmount), (.add, .needsCategory),
    ].map { CommandError.invalidArguments($0.0, $0.1) }

  private static func hasHangul(_ text: String) -> Bool {
    text.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }
  }

  @Test("every command error has a Korean and an English sentence", arguments: problems)
  func commandErrors(error: CommandError) {
    let korean = error.text(in: KoreanMessages())
    let english = error.text(in: EnglishMessages())
    #expect(Self.hasHangul(korean), "\(korean)")
    #expect(!english.isEmpty && english != korean)
  }

  @Test("Korean help explains every command in Korean, and help COMMAND too")
  func help() {
    let overview = HelpText.overview(in: .korean)
    #expect(overview.hasPrefix("명령"))
    for group in ["달력", "기록", "살펴보기", "가계", "기타", "다음 달"] {
      #expect(overview.contains(group), "\(group)")
    }
    for verb in CommandVerb.allCases {
      let summary = HelpText.summary(verb, .korean)
      #expect(Self.hasHangul(summary), "\(verb)")
      #expect(HelpText.topic(verb, in: .korean).contains(summary))
    }
    #expect(HelpText.topic(.add, in: .korean).contains("3만5천"))
    #expect(HelpText.topic(.delete, in: .korean).contains("줄임: del, rm"))
  }
}

@Suite("list: the selected day's entries page by page")
struct ListCommandTests {
  @Test("list, list 2 and l parse; anything else is refused with a reason in both languages")
  func parsing() throws {
    let today = try Day(iso: "2025-11-14")
    #expect(
      try CommandParser.parse("list", today: today, shownMonth: today.yearMonth) == .list(page: 1))
    #expect(
      try CommandParser.parse("list 2", today: today, shownMonth: today.yearMonth) == .list(page: 2)
    )
    #expect(
      try CommandParser.parse("l 3", today: today, shownMonth: today.yearMonth) == .list(page: 3))
    for bad in ["list 0", "list x", "list -1", "list 1 2"] {
      #expect(throws: CommandError.self) {
        try CommandParser.parse(bad, today: today, shownMonth: today.yearMonth)
      }
    }
    let error = CommandError.invalidArguments(.list, .notAPage("x"))
    #expect(error.text(in: KoreanMessages()).contains("쪽 번호가 아닙니다"))
    #expect(error.text(in: EnglishMessages()).contains("is not a page"))
  }
}

@Suite("report in the REPL")
struct ReportCommandREPLTests {
  @Test("report and report year parse; anything else is refused in both languages")
  func parsing() throws {
    let today = try Day(iso: "2025-11-14")
    #expect(try CommandParser.parse("report", today: today) == .report(.shownMonth))
    #expect(try CommandParser.parse("report year", today: today) == .report(.shownYear))
    #expect(try CommandParser.parse("report 해", today: today) == .report(.shownYear))
    // A year or a month alone is that year or month (`report 2024` was refused).
    #expect(try CommandParser.parse("report 2024", today: today) == .report(.year(2024)))
    #expect(
      try CommandParser.parse("report 2024-02", today: today)
        == .report(.month(try YearMonth(iso: "2024-02"))))
    #expect(try CommandParser.parse("report mood 2024", today: today) == .moodReport(.year(2024)))
    #expect(throws: CommandError.self) { try CommandParser.parse("report 2024-13", today: today) }
    #expect(throws: CommandError.self) { try CommandParser.parse("report 0000", today: today) }
    #expect(throws: CommandError.invalidArguments(.report, .notAReportSpan("x"))) {
      try CommandParser.parse("report x", today: today)
    }
    let error = CommandError.invalidArguments(.report, .notAReportSpan("x"))
    #expect(error.text(in: KoreanMessages()).contains("보이는 달"))
  }

  @MainActor
  @Test(
    "the report of the shown month is drawn in place of the calendar, in the calendar's language")
  func session() async throws {
    let repository = InMemoryTransactionRepository([
      .fixture(id: "a", day: "2025-11-03", amount: 12_000, category: "식비"),
      .fixture(id: "b", day: "2025-03-03", amount: 5_000, category: "여행"),
    ])
    let clock = LedgerClock.fixed(at: try Day(iso: "2025-11-14"))
    let calendar = CalendarViewModel(
      repository: repository, clock: clock, currency: .krw, language: .korean)
    let coordinator = AppCoordinator(
      calendar: calendar, editor: LedgerEditor(repository: repository, clock: clock),
      repository: repository, clock: clock, currency: .krw)
    await calendar.start()
    var transcript = ""
    let session = REPLSession(
      coordinator: coordinator, reader: ScriptedLineReader(["report", "report year", "quit"]),
      theme: .plain, interactive: false, write: { transcript += $0 })
    _ = await session.run()
    #expect(transcript.contains("2025년 11월 보고서"), "\(transcript)")
    #expect(transcript.contains("2025년 보고서"))
    #expect(transcript.contains("여행"), "the year covers March too")
  }
}
