import HannunDomain
import HannunPresentation
import HannunTestSupport
import Testing

@testable import HannunREPL

/// A long screen waits at `-- 19/64 · Enter: more, q: stop --`. A person who starts typing a
/// command there means to leave the pages for it: the letter begins the command line, rather
/// than turning a page (which ate a word's first letters, one page each, and left the rest as an
/// unknown command).
@MainActor
@Suite("REPL pager: typing a command leaves it")
struct PagerTypingTests {
  private func session(_ responses: [ScriptedLineReader.Response]) async -> (
    ScriptedLineReader, String
  ) {
    let repository = InMemoryTransactionRepository(
      (1...60).map { index in
        Transaction.fixture(
          id: "e\(index)", day: "2025-11-10", amount: Int64(index) * 1_000,
          category: "c\(index)")
      })
    let clock = LedgerClock.fixed(at: Fixtures.day("2025-11-10"))
    let coordinator = await startedCoordinator(
      entries: repository, store: repository, clock: clock)
    let reader = ScriptedLineReader(responses)
    var transcript = ""
    let session = REPLSession(
      coordinator: coordinator, reader: reader, theme: .plain, interactive: true,
      columns: { 80 }, rows: { 20 }, write: { transcript += $0 })
    _ = await session.run()
    return (reader, transcript)
  }

  @Test("a letter at a page's prompt stops the pages and starts the command line with it")
  func letterStartsCommand() async {
    let (reader, transcript) = await session(["categories", "n", .keepPrefill, "quit"])
    let pagePrompts = reader.prompts.filter { $0.hasPrefix("--") }
    #expect(pagePrompts.count == 1, "one page, then the command: \(reader.prompts)")
    #expect(reader.prefills.contains("n"), "\(reader.requests)")
    // `n` alone, Enter: the next month.
    #expect(transcript.contains("December 2025"), "\(transcript)")
    #expect(!transcript.contains("unknown command"), "\(transcript)")
  }

  @Test(
    "Enter and Space turn the page; q and its Korean key stop without typing anything",
    arguments: ["", " ", "q", "ㅂ"])
  func pageKeys(answer: String) async {
    let (reader, _) = await session(["categories", .line(answer), "quit"])
    let turned = reader.prompts.filter { $0.hasPrefix("--") }.count > 1
    let blank = answer.allSatisfy { $0 == " " }
    #expect(turned == blank, "\(reader.prompts)")
    let prefilled = reader.prefills.contains { !$0.isEmpty }
    #expect(!prefilled, "\(reader.requests)")
  }
}
