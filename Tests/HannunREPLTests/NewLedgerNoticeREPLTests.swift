import Foundation
import HannunDomain
import HannunPresentation
import HannunTestSupport
import Testing

@testable import HannunREPL

@MainActor
@Suite("REPL: the new-ledger currency notice after every kind of first write")
struct NewLedgerNoticeREPLTests {
  let folder: TemporaryFolder

  init() throws { folder = try TemporaryFolder(prefix: "hannun-notice-repl") }

  /// A session over an empty ledger whose notice waits for the first write; its transcript.
  private func run(_ lines: [String], language: DisplayLanguage, notice: NewLedgerNotice)
    async -> String
  {
    let repository = InMemoryTransactionRepository()
    let clock = LedgerClock.fixed(at: Fixtures.day("2025-11-10"))
    let calendar = CalendarViewModel(
      repository: repository, clock: clock, currency: .krw, language: language)
    let coordinator = AppCoordinator(
      calendar: calendar, editor: LedgerEditor(repository: repository, clock: clock),
      repository: repository, clock: clock, currency: .krw)
    await calendar.start()
    var transcript = ""
    let session = REPLSession(
      coordinator: coordinator, reader: ScriptedLineReader(lines: lines + ["quit"]),
      theme: .plain, interactive: false, write: { transcript += $0 })
    session.newLedgerNotice = await PendingNewLedgerNotice(notice, ledger: repository)
    _ = await session.run()
    return transcript
  }

  @Test(
    "add, budget set, mood and import: the first write says the notice once, after its own line",
    arguments: [DisplayLanguage.korean, .english])
  func once(language: DisplayLanguage) async throws {
    let csv = folder.appending("bank-\(language).csv")
    try Data("date,memo,amount\n2025-11-03,coffee,-3000\n2025-11-04,tea,-4000\n".utf8)
      .write(to: csv)
    let path = csv.path(percentEncoded: false)
    let notice = NewLedgerNotice(currency: .krw, reason: .locale("ko_KR"), ledgerPath: "/d/ledger")
    let sentence = language.messages.newLedger(notice)
    let start =
      language == .korean ? "새 가계부를 KRW(으)로 만들었습니다 (로캘 ko_KR에 따라)" : "Started a new ledger in KRW"
    #expect(sentence.hasPrefix(start))
    let writes: [(first: String, second: String, said: String)] = [
      ("add expense 5000 cafe", "add expense 6000 cafe", "5,000"),
      ("budget set 30만", "budget set 10만 cafe", "300,000"),
      ("mood 3 joy", "mood 4 sad", "2025-11-03"),
      ("import \"\(path)\" --dry-run", "import \"\(path)\"", "2025-11-04"),
    ]
    for (first, second, said) in writes {
      let transcript = await run(["today", first, second], language: language, notice: notice)
      let lines = transcript.split(separator: "\n").map(String.init)
      let at = try #require(lines.firstIndex { $0.hasPrefix(start) }, "\(first): \(transcript)")
      #expect(lines.filter { $0.hasPrefix(start) }.count == 1, "\(first): \(transcript)")
      // The REPL has no currency command: it says to start it again with one.
      #expect(lines[at].contains(" hannun --currency USD"), "\(first): \(transcript)")
      // A dry run writes nothing: the import after it is the first write, said before the notice.
      let imported = language == .korean ? "가져옴" : "mported"
      let written = try #require(
        first.contains("--dry-run")
          ? lines.lastIndex { $0.contains(imported) } : lines.firstIndex { $0.contains(said) },
        "\(first): \(transcript)")
      #expect(at > written, "\(first): \(transcript)")
    }
  }
}
