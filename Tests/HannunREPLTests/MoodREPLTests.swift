import Foundation
import HannunDomain
import HannunPresentation
import HannunTestSupport
import Testing

@testable import HannunREPL

/// A calendar over a repository with a mood on every day of November 2025, cycling through the
/// palette, and some entries.
@MainActor
private func moodyCalendar(_ language: DisplayLanguage, everyDay: Bool = true) async
  -> (CalendarViewModel, InMemoryTransactionRepository)
{
  let repository = InMemoryTransactionRepository(Fixtures.busyNovember)
  for number in 1...30 where everyDay || number == 3 {
    let day = Fixtures.month("2025-11").days[number - 1]
    await repository.replaceMoodUnannounced(
      DayMood(Mood.allCases[number % Mood.allCases.count]), on: day)
  }
  let calendar = CalendarViewModel(
    repository: repository, clock: .fixed(at: Fixtures.day("2025-11-10")), currency: .krw,
    language: language)
  await calendar.start()
  calendar.setDisplayMode(.emotion)
  return (calendar, repository)
}

@MainActor
@Suite("The mood diary in the REPL")
struct MoodREPLTests {
  private func lines(_ calendar: CalendarViewModel, _ columns: Int, emoji: Bool, rows: Int? = nil)
    -> [String]
  {
    var theme = Theme.plain
    theme.emoji = emoji
    return CalendarRenderer(theme: theme, size: TerminalSize(columns: columns, rows: rows))
      .screenLines(calendar)
  }

  /// `line` cut into cells of `widths` display columns (a character never straddles two: the
  /// test fails if one would).
  private func cells(_ line: String, _ widths: [Int]) -> [String]? {
    var cells: [String] = []
    var characters = Substring(line)
    for width in widths {
      var cell = ""
      while TerminalText.displayWidth(cell) < width, let next = characters.first {
        cell.append(next)
        characters = characters.dropFirst()
      }
      guard TerminalText.displayWidth(cell) <= width else { return nil }
      cells.append(cell)
    }
    return characters.isEmpty ? cells : nil
  }

  @Test("mode emotion: a mood line under each week, each emoji one column into its day's cell")
  func emojiGrid() async throws {
    let (calendar, _) = await moodyCalendar(.english)
    let screen = lines(calendar, 80, emoji: true)
    let numbers = try #require(screen.firstIndex { $0.hasPrefix("  2 ") })
    let widths = CalendarRenderer(theme: .plain, size: TerminalSize(columns: 80, rows: nil))
      .cellWidths
    let moodCells = try #require(cells(screen[numbers + 1], widths), "\(screen)")
    // 2025-11-02 (Sunday) … 2025-11-08: moods 2 … 8 of the palette, cycling.
    let expected = (2...8).map { Mood.allCases[$0 % Mood.allCases.count].emoji }
    #expect(moodCells.map { $0.filter { $0 != " " } } == expected, "\(moodCells)")
    #expect(
      moodCells.dropLast().allSatisfy {
        $0.hasPrefix(" ") && TerminalText.displayWidth($0) == widths[0]
      })
  }

  @Test(
    "every line fits and the grid keeps its columns at 80 and 40, with emoji and with tags",
    arguments: [80, 40])
  func fits(_ columns: Int) async {
    for language in DisplayLanguage.allCases {
      let (calendar, _) = await moodyCalendar(language)
      for emoji in [true, false] {
        for rows in [nil, 24] as [Int?] {
          let screen = lines(calendar, columns, emoji: emoji, rows: rows)
          #expect(screen.allSatisfy { TerminalText.displayWidth($0) <= columns }, "\(screen)")
          if let rows { #expect(screen.count <= rows - 2) }
          var theme = Theme.plain
          theme.emoji = emoji
          let renderer = CalendarRenderer(
            theme: theme, size: TerminalSize(columns: columns, rows: nil))
          let widths = renderer.cellWidths
          // The grid: the weekday header, then each week's numbers and its mood line.
          let grid = renderer.grid(calendar, amounts: .moods)
          let moodLines = stride(from: 2, to: grid.count, by: 2).map { grid[$0] }
          #expect(grid.count == 1 + 2 * calendar.weeks.count, "\(grid)")
          // Each day's tag starts one column into its cell, as the day numbers do.
          for line in moodLines {
            let padded = TerminalText.pad(line, toWidth: widths.reduce(0, +))
            let split = cells(padded, widths)
            #expect(split?.allSatisfy { $0.hasPrefix(" ") } == true, "\(line)")
          }
        }
      }
    }
  }

  @Test(
    "without emoji the tag is the mood's name, cut to the cell: anxious, 기쁨; anxi, 기 at 40 columns")
  func asciiTags() async {
    let (english, _) = await moodyCalendar(.english)
    let wide = lines(english, 80, emoji: false).joined(separator: "\n")
    #expect(wide.contains(" anxious "), "\(wide)")
    #expect(!Mood.allCases.contains { wide.contains($0.emoji) })
    let narrow = lines(english, 40, emoji: false).joined(separator: "\n")
    // Cells of 6 columns keep 4 for the tag: anxious becomes anxi, without an ellipsis.
    #expect(narrow.contains(" anxi ") && !narrow.contains("anxio"), "\(narrow)")
    let (korean, _) = await moodyCalendar(.korean)
    let koreanText = lines(korean, 80, emoji: false).joined(separator: "\n")
    #expect(koreanText.contains(" 기쁨 ") || koreanText.hasSuffix(" 기쁨"), "\(koreanText)")
    #expect(lines(korean, 40, emoji: false).joined().contains(" 기"))
  }

  @Test("weeks without a mood get no mood line; other modes show no moods")
  func onlyWhereUsed() async {
    let (calendar, _) = await moodyCalendar(.english, everyDay: false)
    let screen = lines(calendar, 80, emoji: true)
    #expect(screen.filter { $0.contains("😢") }.count == 1, "\(screen)")
    #expect(screen.filter { line in Mood.allCases.contains { line.contains($0.emoji) } }.count == 1)
    calendar.setDisplayMode(.amounts)
    #expect(
      !lines(calendar, 80, emoji: true).joined().contains {
        Mood.allCases.map(\.emoji).joined().contains($0)
      })
  }

  @Test("mood lines parse: a day, a mood by any name, a note, clear")
  func parsing() throws {
    let today = Fixtures.day("2025-11-10")
    func parse(_ line: String) throws -> Command { try CommandParser.parse(line, today: today) }
    #expect(try parse("mood joy") == .mood(.set(day: nil, mood: .joy, note: "")))
    #expect(try parse("기분 기쁨 월급날 보너스") == .mood(.set(day: nil, mood: .joy, note: "월급날 보너스")))
    #expect(try parse("mood 3 😢") == .mood(.set(day: .dayOfShownMonth(3), mood: .sad, note: "")))
    #expect(
      try parse("mood 2025-11-03 Tired \"long day\"")
        == .mood(.set(day: .date(Fixtures.day("2025-11-03")), mood: .tired, note: "long day")))
    #expect(try parse("mood clear") == .mood(.clear(day: nil)))
    #expect(
      try parse("mood yesterday 지우기") == .mood(.clear(day: .date(Fixtures.day("2025-11-09")))))
    #expect(try parse("mode emotion") == .mode(.emotion))
    #expect(try parse("report mood") == .moodReport(.shownMonth))
    #expect(try parse("report 기분 year") == .moodReport(.shownYear))
    #expect(throws: CommandError.moodUsage) { try parse("mood") }
    #expect(throws: CommandError.rejectedMood(.unknownMood("3"))) { try parse("mood 3") }
    #expect(throws: CommandError.rejectedMood(.unknownMood("happy"))) { try parse("mood happy") }
    #expect(throws: CommandError.rejectedMood(.unknownMood("happy"))) { try parse("mood 3 happy") }
    #expect(throws: CommandError.invalidArguments(.mood, .extra("now"))) {
      try parse("mood clear now")
    }
  }

  @Test("errors name the moods in the user's language")
  func errors() {
    let korean = CommandError.rejectedMood(.unknownMood("happy")).text(in: KoreanMessages())
    #expect(korean.contains("기쁨") && korean.contains("'happy'"))
    let english = CommandError.moodUsage.text(in: EnglishMessages())
    #expect(english.contains("mood [DAY] MOOD [NOTE]") && english.contains("excited"))
  }

  @Test("a session sets, undoes and clears moods, one undo step each, walked with entries")
  func session() async throws {
    let repository = InMemoryTransactionRepository()
    let clock = LedgerClock.fixed(at: Fixtures.day("2025-11-10"))
    let calendar = CalendarViewModel(
      repository: repository, clock: clock, currency: .krw, language: .korean)
    let coordinator = AppCoordinator(
      calendar: calendar,
      editor: LedgerEditor(repository: repository, clock: clock, makeID: Fixtures.sequentialIDs()),
      repository: repository, clock: clock, currency: .krw)
    await calendar.start()
    var transcript = ""
    let session = REPLSession(
      coordinator: coordinator,
      reader: ScriptedLineReader(lines: [
        "mood 3 기쁨 월급날", "add expense 5000 카페", "mood 3 tired", "undo", "undo",
        "mode emotion", "mood 3 feliz", "report mood", "quit",
      ]),
      theme: .plain, interactive: false, write: { transcript += $0 })
    // `mood 3 feliz` is refused, so the script ends with 1.
    #expect(await session.run() == 1)
    let day = Fixtures.day("2025-11-03")
    #expect(try await repository.moods(in: day...day) == [day: DayMood(.joy, note: "월급날")])
    #expect(await repository.all.isEmpty)
    #expect(transcript.contains("2025-11-03 기분: 😊 기쁨 (월급날)"), "\(transcript)")
    #expect(transcript.contains("되돌림: 2025-11-03 기분: 😴 피곤"), "\(transcript)")
    #expect(transcript.contains("'feliz'은(는) 기분이 아닙니다"), "\(transcript)")
    #expect(transcript.contains("기분별 지출 · 2025-11-01 – 2025-11-10"), "\(transcript)")
    #expect(transcript.contains("😊 기쁨          1일   하루 ₩0"), "\(transcript)")
  }

  @Test("the mood report fits 40 columns, in both languages, with and without emoji")
  func reportFits() throws {
    let days = Fixtures.day("2025-10-01")...Fixtures.day("2025-10-31")
    let report = try MoodSpendingReport(
      days: days,
      entries: [
        .fixture(id: "a", day: "2025-10-03", amount: 987_654_321, category: "아주 긴 분류 이름 생활비"),
        .fixture(id: "b", day: "2025-10-03", amount: 5_000, category: "x\u{1B}[2J"),
      ],
      moods: [Fixtures.day("2025-10-03"): DayMood(.anxious)])
    for language in DisplayLanguage.allCases {
      for emoji in [true, false] {
        var theme = Theme.plain
        theme.emoji = emoji
        let lines = MoodReportRenderer(
          theme: theme, width: 40, language: language, money: MoneyFormatter(currency: .krw)
        ).lines(report)
        #expect(lines.allSatisfy { TerminalText.displayWidth($0) <= 40 }, "\(lines)")
        #expect(!lines.joined().contains("\u{1B}"), "\(lines)")
        #expect(lines.joined().contains("😰") == emoji)
        // Wrapped, never cut: every figure is there whole.
        #expect(!lines.joined().contains("…"), "\(lines)")
        #expect(lines.joined().contains("+₩987,654,321"), "\(lines)")
      }
    }
  }
}

@Suite("Tab completion of the mood words")
struct MoodCompletionTests {
  @Test("mode completes emotion; mood completes the moods' English names and clear")
  func completion() {
    #expect(CommandCompletion.candidates(line: "mode e", word: "e") == ["emotion"])
    #expect(CommandCompletion.candidates(line: "mood c", word: "c") == ["calm", "clear"])
    #expect(CommandCompletion.candidates(line: "mood a", word: "a") == ["angry", "anxious"])
  }
}
