import HannunDomain
import HannunPresentation
import HannunTestSupport
import Testing

@testable import HannunREPL

@Suite("REPL find and open: parsing")
struct SearchCommandParserTests {
  private let today = Fixtures.day("2025-11-03")

  private func parse(_ line: String) throws(CommandError) -> Command {
    try CommandParser.parse(line, today: today, shownMonth: Fixtures.month("2025-10"))
  }

  @Test("words are the text; options take a value, spaced or after =")
  func options() throws {
    var expected = SearchRequest()
    expected.text = "iced coffee"
    expected.category = "카페"
    expected.kind = .expense
    expected.from = Fixtures.day("2025-10-03")
    expected.to = Fixtures.day("2025-11-02")
    expected.minimumText = "3천"
    expected.maximumText = "₩12,000"
    let line =
      "find iced --category 카페 --kind=지출 coffee --from 3일 --to 어제 --min 3천 --max=₩12,000"
    #expect(try parse(line) == .find(expected))
    #expect(try parse("search") == .find(SearchRequest()))
    #expect(
      try parse("f \"--kind\" -- --min")
        == {
          var quoted = SearchRequest()
          quoted.text = "--kind --min"
          return .find(quoted)
        }())
    #expect(try parse("open 3") == .open(result: 3))
    #expect(try parse("o 12") == .open(result: 12))
  }

  @Test("bad options, values and numbers are refused with what is accepted")
  func refusals() {
    func message(_ line: String) -> String {
      do {
        _ = try parse(line)
        return ""
      } catch {
        return error.description
      }
    }
    #expect(message("find --sort date").contains("find has no option '--sort'"))
    #expect(message("find --kind").hasPrefix("--kind needs a value"))
    #expect(message("find --kind x").contains("'x'"))
    #expect(message("find --min 1 --min 2") == "find takes --min only once")
    #expect(message("find --from 2025-13-01").contains("2025-13-01"))
    #expect(message("open x").hasPrefix("'x' is not a result number"))
    #expect(message("open") != "")
    var korean = ""
    do {
      _ = try parse("find --bogus")
    } catch {
      korean = error.text(in: KoreanMessages())
    }
    #expect(korean.hasPrefix("find에는 '--bogus' 옵션이 없습니다"))
  }

  @Test("the request becomes a query with amounts in the ledger's currency")
  func query() throws {
    var request = SearchRequest()
    request.text = " lunch "
    request.minimumText = "1.5만"
    request.maximumText = "$3"
    #expect(throws: AmountInputError.self) { try request.query(currency: .krw) }
    request.maximumText = "2만"
    let query = try request.query(currency: .krw)
    #expect(query.text == "lunch")
    #expect(query.minimum == Fixtures.amount(15_000) && query.maximum == Fixtures.amount(20_000))
    request.maximumText = "1만"
    #expect(throws: TransactionQueryError.self) { try request.query(currency: .krw) }
  }
}

@MainActor
@Suite("REPL find and open: rendering and the session")
struct SearchSessionTests {
  static let entries: [Transaction] = [
    .fixture(
      id: "k1", day: "2025-11-03", amount: 4_500, category: "카페", memo: "Iced coffee 아이스 커피"),
    .fixture(
      id: "k2", day: "2025-09-21", amount: 12_000, category: "식비", memo: "점심 Coffee \u{202E}!"),
    .fixture(id: "k3", day: "2024-02-29", kind: .income, amount: 3_200_000, category: "급여"),
    .fixture(id: "k4", day: "2025-11-10", amount: 8_000, category: "coffee beans"),
  ]

  private func searched(_ text: String, language: DisplayLanguage = .korean) async throws
    -> TransactionSearchViewModel
  {
    let search = TransactionSearchViewModel(
      repository: InMemoryTransactionRepository(Self.entries))
    try await search.search(try TransactionQuery(text: text))
    return search
  }

  @Test("results fit 80 and 40 columns, Hangul counted two, ledger text escaped")
  func fits() async throws {
    let search = try await searched("coffee")
    for language in [DisplayLanguage.korean, .english] {
      for width in [80, 60, 40] {
        let renderer = SearchRenderer(
          theme: .plain, width: width, language: language, money: MoneyFormatter(currency: .krw))
        let lines = renderer.page(search, number: 1, rows: nil).lines
        #expect(lines.count == 6, "\(lines)")
        for line in lines {
          #expect(TerminalText.displayWidth(line) <= width, "\(width): \(line)")
          #expect(!line.contains("\u{202E}"), "escaped: \(line)")
        }
      }
    }
    let korean = SearchRenderer(
      theme: .plain, width: 80, language: .korean, money: MoneyFormatter(currency: .krw)
    ).page(search, number: 1, rows: nil).lines
    #expect(korean[0] == "찾기 \"coffee\"")
    #expect(korean[1] == "3건   수입 ₩0   지출 ₩24,500")
    #expect(korean[2].hasPrefix("  1. 2025-11-10  지출  -₩8,000  coffee beans"))
    #expect(korean[3].hasPrefix("  2. 2025-11-03  지출  -₩4,500  카페"))
    #expect(korean[4].contains("점심 Coffee <U+202E>!"))
  }

  @Test("a page holds what the rows allow and names the next; text output has no hint")
  func pages() async throws {
    let search = try await searched("")
    let renderer = SearchRenderer(
      theme: .plain, width: 80, language: .english, money: MoneyFormatter(currency: .krw))
    let first = renderer.page(search, number: 1, rows: 5)
    #expect(first.count == 2 && first.lines.count == 5)
    #expect(first.lines.last == "  … 2 more (list 2)")
    let second = renderer.page(search, number: 9, rows: 5)
    #expect(second.number == 2)
    #expect(second.lines[2].hasPrefix("  3. 2025-09-21"))
    #expect(second.lines.last == "  open N: show its day · edit N: change it")
    let text = renderer.text(search)
    #expect(text.split(separator: "\n").count == 6 && !text.contains("open N"))
    let none = try await searched("nothing")
    #expect(
      renderer.text(none)
        == "Search \"nothing\"\n0 found   Income ₩0   Expense ₩0\n  Nothing found.\n")
  }

  private func session(_ lines: [ScriptedLineReader.Response]) async -> (
    String, InMemoryTransactionRepository, CalendarViewModel
  ) {
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
      coordinator: coordinator, reader: ScriptedLineReader(lines), theme: .plain,
      interactive: false, write: { transcript += $0 })
    _ = await session.run()
    return (transcript, repository, calendar)
  }

  @Test("open N selects the result's day and the calendar moves there")
  func openResult() async {
    let (transcript, _, calendar) = await session(["find coffee", "open 3", "month", "quit"])
    #expect(transcript.contains("3 found   Income ₩0   Expense ₩24,500"), "\(transcript)")
    #expect(calendar.selectedDay == Fixtures.day("2025-09-21"))
    #expect(calendar.currentMonth == Fixtures.month("2025-09"))
    #expect(transcript.contains("September 2025"))
  }

  @Test("while the results are on screen, edit N and delete N take the result's number")
  func editAndDeleteResults() async throws {
    let (transcript, repository, _) = await session([
      "find --kind expense --min 8000", "edit 2", "", "13000", "", "", "", "find coffee",
      "delete 3", "y", "delete 1", "quit",
    ])
    let stored = await repository.all
    // edit 2 of the first results is k2 (k4 is newer); delete 3 of the second is k2 again.
    #expect(transcript.contains("Changed Expense ₩12,000 식비"), "\(transcript)")
    #expect(transcript.contains("→ Expense ₩13,000 식비"))
    #expect(stored.map(\.id.rawValue).sorted() == ["k1", "k3", "k4"])
    #expect(stored.first { $0.id.rawValue == "k4" }?.amount == Fixtures.amount(8_000))
    // After the delete the calendar is on screen: delete 1 is the selected day's, now empty.
    #expect(transcript.contains("error: the selected day has no entries"))
  }

  @Test("list N pages the results while they are on screen; errors are said")
  func listAndErrors() async {
    let (transcript, _, _) = await session([
      "open 1", "find --from 2025-11-02 --to 2025-11-01", "find 커피", "open 2", "list 1", "quit",
    ])
    #expect(transcript.contains("error: nothing was searched for yet"), "\(transcript)")
    #expect(transcript.contains("error: --from 2025-11-02 comes after --to 2025-11-01"))
    #expect(transcript.contains("1 found"))
    #expect(transcript.contains("error: there is no result 2: the search found 1 (1-1)"))
  }
}

@Suite("REPL find: Tab completion")
struct SearchCompletionTests {
  private let context = CompletionContext(categories: ["식비", "coffee beans", "카페"], entryCount: 0)

  private func candidates(_ line: String, _ word: String) -> [String] {
    CommandCompletion.candidates(line: line, word: word, context: context)
  }

  @Test("options, categories, kinds and date words; nothing for the text")
  func completion() {
    #expect(
      candidates("find --", "--") == ["--category", "--kind", "--from", "--to", "--min", "--max"])
    #expect(candidates("find coffee --m", "--m") == ["--min", "--max"])
    #expect(candidates("find --category ", "") == ["식비", "coffee\\ beans", "카페"])
    #expect(candidates("find --category coffee\\ b", "coffee\\ b") == ["coffee\\ beans"])
    #expect(candidates("find --category co", "co") == ["coffee\\ beans"])
    #expect(candidates("find --kind 지", "지") == ["지출"])
    #expect(candidates("f --from y", "y") == ["yesterday"])
    #expect(candidates("find --min ", "").isEmpty)
    #expect(candidates("find co", "co").isEmpty)
    #expect(candidates("find -- --", "--").isEmpty)
    #expect(candidates("fi", "fi") == ["firstweekday", "find"])
  }
}
