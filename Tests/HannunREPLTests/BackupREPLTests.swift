import Foundation
import HannunDomain
import HannunExchange
import HannunPresentation
import HannunTestSupport
import Testing

@testable import HannunREPL

/// `import` of a Hannun backup in the REPL: refused, pointing to `hannun import`.
@MainActor
@Suite("REPL: a backup is not imported into the open ledger")
struct BackupREPLTests {
  let folder: TemporaryFolder

  init() throws { folder = try TemporaryFolder(prefix: "hannun-backup-repl") }

  private func run(
    _ line: String, language: DisplayLanguage, into repository: InMemoryTransactionRepository
  ) async
    -> String
  {
    let clock = LedgerClock.fixed(at: Fixtures.day("2025-11-10"))
    let calendar = CalendarViewModel(
      repository: repository, clock: clock, currency: .krw, language: language)
    let coordinator = AppCoordinator(
      calendar: calendar, editor: LedgerEditor(repository: repository, clock: clock),
      repository: repository, clock: clock, currency: .krw)
    await calendar.start()
    var transcript = ""
    let session = REPLSession(
      coordinator: coordinator, reader: ScriptedLineReader([.line(line), "quit"]), theme: .plain,
      interactive: false, write: { transcript += $0 })
    _ = await session.run()
    return transcript
  }

  @Test("whatever its name, a backup is refused in both languages and nothing is added")
  func refused() async throws {
    var path = folder.appending("ledger.csv").path(percentEncoded: false)
    while path.hasSuffix("/") { path.removeLast() }
    try Data(try BackupExport.text(.fixture).utf8).write(to: URL(fileURLWithPath: path))
    let repository = InMemoryTransactionRepository()
    let english = await run("import \"\(path)\"", language: .english, into: repository)
    #expect(english.contains("is a Hannun backup"), "\(english)")
    #expect(english.contains("hannun import \(path) --data NEW-FOLDER"), "\(english)")
    let korean = await run("가져오기 \"\(path)\" --dry-run", language: .korean, into: repository)
    #expect(korean.contains("한눈 백업입니다") && korean.contains("--data 새폴더"), "\(korean)")
    #expect(await repository.all.isEmpty)
  }

  @Test("help import says where a backup goes, within 80 columns")
  func help() {
    for language in DisplayLanguage.allCases {
      let text = HelpText.topic(.importFile, in: language)
      #expect(text.contains("--data"), "\(language)")
      #expect(
        text.split(separator: "\n").allSatisfy { TerminalText.displayWidth(String($0)) <= 80 })
    }
  }
}
