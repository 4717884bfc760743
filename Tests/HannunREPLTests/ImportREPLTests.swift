import Foundation
import HannunDomain
import HannunPresentation
import HannunTestSupport
import Testing

@testable import HannunREPL

private let today = Fixtures.day("2025-11-10")

@Suite("REPL: import, parsed and explained")
struct ImportCommandParserTests {
  @Test(
    "a path typed with ~ (as Tab completes it) is read from the home folder; others as typed",
    arguments: [
      ("~/내역.csv", "/home/min/내역.csv"), ("~", "/home/min"), ("~/", "/home/min/"),
      ("bank.csv", "bank.csv"), ("/tmp/~/x.csv", "/tmp/~/x.csv"), ("~min/x.csv", "~min/x.csv"),
      ("./~/x.csv", "./~/x.csv"),
    ])
  func homeExpanded(typed: String, read: String) {
    #expect(REPLSession.expandingHome(typed, home: "/home/min") == read)
    #expect(REPLSession.expandingHome(typed, home: "/home/min/") == read)
    #expect(REPLSession.expandingHome(typed, home: nil) == typed)
  }

  private func parse(_ line: String) throws(CommandError) -> Command {
    try CommandParser.parse(line, today: today, shownMonth: Fixtures.month("2025-11"))
  }

  @Test("import takes one file, --dry-run before or after it, quotes for spaces")
  func parsing() throws {
    #expect(try parse("import bank.csv") == .importFile(path: "bank.csv", dryRun: false))
    #expect(try parse("import --dry-run bank.csv") == .importFile(path: "bank.csv", dryRun: true))
    #expect(
      try parse("가져오기 \"my bank.csv\" --dry-run")
        == .importFile(path: "my bank.csv", dryRun: true))
    #expect(throws: CommandError.invalidArguments(.importFile, .missing)) { try parse("import") }
    #expect(throws: CommandError.invalidArguments(.importFile, .extra("b.csv"))) {
      try parse("import a.csv b.csv")
    }
  }

  @Test("help import in both languages within 80 columns; the overview lists it")
  func help() {
    for language in [DisplayLanguage.korean, .english] {
      let text = HelpText.topic(.importFile, in: language)
      #expect(text.contains("import FILE [--dry-run]"))
      for line in text.split(separator: "\n") {
        #expect(TerminalText.displayWidth(String(line)) <= 80, "\(line)")
      }
      #expect(HelpText.overview(in: language).contains("import"))
    }
  }
}

/// The session over a scripted reader, importing and undoing.
@MainActor
@Suite("REPL: importing a file in a session")
struct ImportSessionTests {
  let folder: TemporaryFolder
  private let repository = InMemoryTransactionRepository([
    .fixture(id: "a", day: "2025-11-03", amount: 12_000, category: "식비", memo: "점심, 김밥")
  ])

  init() throws { folder = try TemporaryFolder(prefix: "hannun-import-repl") }

  private func run(_ lines: [ScriptedLineReader.Response], language: DisplayLanguage) async
    -> String
  {
    await runKeepingRoutes(lines, language: language).transcript
  }

  /// Runs a session and gives its transcript and the routes left open when it quit.
  private func runKeepingRoutes(
    _ lines: [ScriptedLineReader.Response], language: DisplayLanguage, columns: Int? = nil
  ) async -> (transcript: String, routes: [Route.Kind]) {
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
      interactive: false, columns: { columns }, write: { transcript += $0 })
    _ = await session.run()
    return (transcript, coordinator.path.map(\.kind))
  }

  private func statement() throws -> String {
    let url = folder.appending("bank.csv")
    try Data(
      "거래일자,적요,출금,입금\n2025.11.03 14:22,\"점심, 김밥\",12000,\n2025.11.04,월급,,3000000\n".utf8
    ).write(to: url)
    return url.path(percentEncoded: false)
  }

  @Test("a dry run writes nothing; the import skips what is there; undo takes it all back")
  func importAndUndo() async throws {
    let path = try statement()
    let original = await repository.all
    let transcript = await run(
      [.line("import \"\(path)\" --dry-run"), .line("import \"\(path)\""), "undo"],
      language: .korean)
    #expect(transcript.contains("미리 보기: 1건을 더합니다. 이미 있는 1건은 건너뜁니다"), "\(transcript)")
    #expect(transcript.contains("2025-11-04 수입 ₩3,000,000 미분류 월급"), "\(transcript)")
    #expect(transcript.contains("내역 1건을 가져옴 (이미 있는 1건은 건너뜀)."), "\(transcript)")
    #expect(transcript.contains("되돌림: 내역 1건을 가져옴"), "\(transcript)")
    #expect(await repository.all == original)
  }

  @Test(
    "a dry run is the coordinator's import preview, drawn from its route until the next command")
  func dryRunIsTheRoute() async throws {
    let path = try statement()
    let original = await repository.all
    let shown = await runKeepingRoutes(
      [.line("import \"\(path)\" --dry-run")], language: .english)
    #expect(shown.routes == [.importPreview], "\(shown.transcript)")
    #expect(
      shown.transcript.contains("Dry run: would add 1 entry, skip 1 already there"),
      "\(shown.transcript)")
    #expect(shown.transcript.contains("2025-11  1  income ₩3,000,000"), "\(shown.transcript)")
    // The next command leaves the preview, with nothing written; the calendar comes back.
    let left = await runKeepingRoutes(
      [.line("import \"\(path)\" --dry-run"), "month"], language: .english)
    #expect(left.routes.isEmpty, "\(left.transcript)")
    #expect(await repository.all == original)
  }

  @Test("at 40 columns a preview row that wraps goes on under its indent, not at the edge")
  func wrappedRowKeepsIndent() async throws {
    let url = folder.appending("long.csv")
    try Data(
      "거래일자,적요,출금,입금\n2025.11.03,동네 마트에서 장보기 두부 계란 우유 대파 김,48200,\n".utf8
    ).write(to: url)
    let shown = await runKeepingRoutes(
      [.line("import \"\(url.path(percentEncoded: false))\" --dry-run")], language: .korean,
      columns: 40)
    let lines = shown.transcript.split(separator: "\n", omittingEmptySubsequences: false)
    let first = try #require(
      lines.firstIndex { $0.hasPrefix("  2025-11-03 지출 ₩48,200") }, "\(shown.transcript)")
    #expect(!lines[first].contains("대파"), "the row wraps at 40 columns: \(shown.transcript)")
    let rest = lines[(first + 1)...].prefix { $0.hasPrefix("    ") }
    #expect(
      rest.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        .hasSuffix("대파 김"),
      "the row's continuation is indented under it:\n\(shown.transcript)")
    for line in lines[first...].prefix(rest.count + 1) {
      #expect(TerminalText.displayWidth(String(line)) <= 40, "\(line)")
    }
  }

  @Test("a journal's dry run draws the transactions its reader refused, with the reasons")
  func dryRunShowsRefused() async throws {
    let url = folder.appending("book.journal")
    try Data(
      """
      2025-11-05 lunch
          expenses:food  9000 KRW
          assets:cash

      2025-11-06 transfer
          assets:bank  100000 KRW
          assets:cash

      """.utf8
    ).write(to: url)
    let shown = await runKeepingRoutes(
      [.line("import \"\(url.path(percentEncoded: false))\" --dry-run")], language: .korean)
    #expect(shown.routes == [.importPreview])
    #expect(shown.transcript.contains("2025-11-05 지출 ₩9,000 food lunch"), "\(shown.transcript)")
    #expect(shown.transcript.contains("가져오지 않은 거래 1건"), "\(shown.transcript)")
    #expect(shown.transcript.contains("번째 줄: 2025-11-06 transfer — "), "\(shown.transcript)")
  }

  @Test("a bad row is refused with its line and column, in English, and nothing changes")
  func badRow() async throws {
    let url = folder.appending("bad.csv")
    try Data("date,amount\n2025-11-05,-100\n2025-11-06,lots\n".utf8).write(to: url)
    let original = await repository.all
    let transcript = await run(
      [.line("import \"\(url.path(percentEncoded: false))\""), "undo"], language: .english)
    #expect(
      transcript.contains("error: line 3, column 'amount': 'lots' is not an amount"),
      "\(transcript)")
    #expect(transcript.contains("nothing was imported"), "\(transcript)")
    #expect(await repository.all == original)
  }
}
