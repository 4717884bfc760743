import HannunDomain
import HannunPresentation
import HannunTestSupport
import Testing

@testable import HannunREPL

/// The session's side of the line editor: calendar keys, resizes, completion words and the
/// refused answer offered for replacing.
@MainActor
@Suite("REPL session keys")
struct REPLSessionKeysTests {
  private let repository: InMemoryTransactionRepository
  private let coordinator: AppCoordinator

  init() {
    let clock = LedgerClock.fixed(at: Fixtures.day("2025-11-10"))
    repository = InMemoryTransactionRepository([
      .fixture(id: "a1", day: "2025-11-10", category: "점심"),
      .fixture(id: "a2", day: "2025-11-10", category: "카페"),
      .fixture(id: "a3", day: "2025-11-03", category: "점심"),
    ])
    let calendar = CalendarViewModel(
      repository: repository, clock: clock, currency: .krw, language: .english)
    coordinator = AppCoordinator(
      calendar: calendar,
      editor: LedgerEditor(repository: repository, clock: clock, makeID: Fixtures.sequentialIDs()),
      repository: repository, clock: clock, currency: .krw)
  }

  private func run(_ responses: [ScriptedLineReader.Response]) async
    -> (String, ScriptedLineReader)
  {
    await coordinator.calendar.start()
    let reader = ScriptedLineReader(responses)
    var transcript = ""
    let session = REPLSession(
      coordinator: coordinator, reader: reader, theme: .plain, interactive: true,
      write: { transcript += $0 })
    _ = await session.run()
    return (transcript, reader)
  }

  @Test("a calendar key moves the calendar and redraws; what was typed is offered again")
  func keys() async {
    let (transcript, reader) = await run([
      .key(.next, line: "add ex"), .key(.previous), .key(.previous), .key(.today), "quit",
    ])
    let titles = ["December 2025", "November 2025", "October 2025", "November 2025"]
    var rest = Substring(transcript)
    for title in titles {
      guard let found = rest.range(of: title) else {
        Issue.record("\(title) not drawn in order: \(transcript)")
        return
      }
      rest = rest[found.upperBound...]
    }
    #expect(reader.prefills == ["", "add ex", "", "", ""])
    #expect(reader.history == ["quit"], "keys are not history")
  }

  @Test("a resize redraws the screen and reads again with the line as it was")
  func resize() async {
    let (transcript, reader) = await run([.resized(line: "add expense 5"), "quit"])
    let clears = transcript.components(separatedBy: "\u{1B}[2J").count - 1
    #expect(clears == 2, "drawn at the start and after the resize")
    #expect(reader.prefills == ["", "add expense 5"])
  }

  @Test("a changed ledger redraws the screen and reads again with the line as it was")
  func changed() async {
    let (transcript, reader) = await run([.input(.changed(line: "add expense 5")), "quit"])
    let clears = transcript.components(separatedBy: "\u{1B}[2J").count - 1
    #expect(clears == 2, "drawn at the start and after the change")
    #expect(reader.prefills == ["", "add expense 5"])
  }

  @Test("Tab gets the calendar's categories, most used first, and the selected day's count")
  func completionContext() async {
    let (_, reader) = await run(["day 3", "quit"])
    #expect(
      reader.completionContexts == [
        CompletionContext(categories: ["점심", "카페"], entryCount: 2),
        CompletionContext(categories: ["점심", "카페"], entryCount: 1),
      ])
  }

  @Test("in a form, keys and resizes ask the same field again; a refused answer is selected")
  func formKeys() async throws {
    let (_, reader) = await run([
      "add", "", "12a", .key(.next, line: "12a"), .resized(line: "12a"), "4500", "cafe", "",
      "", "quit",
    ])
    let amounts = reader.requests.filter { $0.prompt == "Amount: " }
    #expect(
      amounts == [
        .init(prompt: "Amount: ", prefill: ""),
        .init(prompt: "Amount: ", prefill: "12a", replacingPrefill: true),
        .init(prompt: "Amount: ", prefill: "12a", replacingPrefill: true),
        .init(prompt: "Amount: ", prefill: "12a", replacingPrefill: true),
      ])
    #expect(coordinator.calendar.currentMonth == Fixtures.month("2025-11"), "the form stayed")
    let added = try #require(await repository.transaction(withID: TransactionID("t1")))
    #expect(added.amount.minorUnits == 4_500)
  }
}
