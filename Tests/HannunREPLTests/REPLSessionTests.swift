import HannunDomain
import HannunPresentation
import HannunTestSupport
import Testing

@testable import HannunREPL

/// The session over a scripted reader: what a person types, what the ledger ends up holding, and
/// what the transcript says.
@MainActor
@Suite("REPL session")
struct REPLSessionTests {
  private let repository: InMemoryTransactionRepository
  private let coordinator: AppCoordinator

  init() {
    let clock = LedgerClock.fixed(at: Fixtures.day("2025-11-10"))
    repository = InMemoryTransactionRepository([
      .fixture(
        id: "a1", day: "2025-11-10", kind: .expense, amount: 12_000, category: "food", memo: "lunch"
      )
    ])
    let calendar = CalendarViewModel(
      repository: repository, clock: clock, currency: .krw, language: .english)
    coordinator = AppCoordinator(
      calendar: calendar,
      editor: LedgerEditor(repository: repository, clock: clock, makeID: Fixtures.sequentialIDs()),
      repository: repository, clock: clock, currency: .krw)
  }

  /// Runs a session with `responses` and returns the transcript and the reader.
  private func run(_ responses: [ScriptedLineReader.Response], interactive: Bool = false) async
    -> (String, ScriptedLineReader)
  {
    await coordinator.calendar.start()
    let reader = ScriptedLineReader(responses)
    var transcript = ""
    let session = REPLSession(
      coordinator: coordinator, reader: reader, theme: .plain, interactive: interactive,
      write: { transcript += $0 })
    let status = await session.run()
    // A script ends with 1 when any of its commands was refused (its error shown), else 0.
    let refused = !interactive && transcript.contains("error: ")
    #expect(status == (refused ? 1 : 0), "\(transcript)")
    return (transcript, reader)
  }

  @Test(
    "edit N opens the entry as another window left it, so Enter through the form keeps that change")
  func editOpensStoredEntry() async throws {
    var theirs = try #require(await repository.all.first)
    theirs.memo = "lunch with Min"
    await repository.updateUnannounced(theirs)  // the calendar still lists "lunch"
    let (transcript, _) = await run(["edit 1", "", "", "", "", "", "quit"])
    let stored = try #require(await repository.all.first)
    #expect(stored.memo == "lunch with Min", "\(transcript)")
    #expect(transcript.contains("lunch with Min"), "\(transcript)")
  }

  @Test("an edit of an entry another window deleted is reported, nothing written")
  func editOfDeletedEntry() async throws {
    let entry = try #require(await repository.all.first)
    await coordinator.calendar.start()
    let form = try await coordinator.showEditForm(for: .position(1))
    await repository.deleteUnannounced(id: entry.id)
    #expect(await form.save() == nil)
    let text = SessionText(language: .korean, money: coordinator.calendar.money)
    let message = text.conflict(try #require(form.conflict), .saving)
    #expect(message.hasPrefix("다른 창에서 이 내역이 삭제되어 저장하지 않았습니다"), "\(message)")
    #expect(await repository.all.isEmpty)
  }

  @Test(
    "undo after another window deleted the last added entry reports it and then undoes the one before"
  )
  func undoPastDeletedStep() async throws {
    _ = await run(["add expense 5000 cafe latte", "add expense 7000 taxi", "quit"])
    let taxi = try #require(await repository.all.first { $0.category == "taxi" })
    await repository.deleteUnannounced(id: taxi.id)
    let (transcript, _) = await run(["undo", "undo", "quit"])
    #expect(transcript.contains("Cannot undo Added Expense ₩7,000 taxi"), "\(transcript)")
    #expect(transcript.contains("Undid: added Expense ₩5,000 cafe (latte)"), "\(transcript)")
    #expect(await repository.all.map(\.category) == ["food"])
  }

  @Test(
    "piped, the calendar is printed once at the start; then each command says only its own words")
  func pipedCalendarOnce() async {
    let (transcript, _) = await run(
      ["n", "p", "day 3", "add expense 4500 cafe", "n", "quit"])
    let titles = transcript.split(separator: "\n").filter {
      $0.hasSuffix("2025") && $0.hasPrefix("   ")
    }
    #expect(titles.count == 1, "\(transcript)")
    #expect(transcript.contains("Added Expense ₩4,500 cafe on 2025-11-03"), "\(transcript)")
    #expect(transcript.split(separator: "\n").count < 40, "\(transcript)")
  }

  @Test("next and prev page through months and the screen follows; piped, month shows it")
  func paging() async {
    let (transcript, _) = await run(["n", "month", "p", "month", "quit"])
    let titles = transcript.split(separator: "\n").filter {
      $0.hasSuffix("2025") && $0.hasPrefix("   ")
    }
    #expect(
      titles.map { $0.trimmingCharacters(in: .whitespaces) } == [
        "November 2025", "December 2025", "November 2025",
      ])
  }

  @Test("the one-line add records the entry on the selected day and undo takes it back")
  func oneLineAddAndUndo() async {
    let (transcript, _) = await run(["add income 3만5천 gift \"from Mom\"", "undo", "redo", "q"])
    #expect(transcript.contains("Added Income ₩35,000 gift (from Mom) on 2025-11-10 #t1"))
    #expect(transcript.contains("Undid: added Income ₩35,000 gift (from Mom) on 2025-11-10 #t1"))
    #expect(transcript.contains("Redid: added"))
    let stored = await repository.all
    #expect(stored.map(\.id.rawValue) == ["a1", "t1"])
  }

  @Test(
    "the form walks each field; Enter keeps the default; a bad value asks again with the reason")
  func formWalk() async throws {
    let (transcript, reader) = await run(
      ["add", "", "12a", "4,500", "cafe", "latte", "", "quit"], interactive: true)
    #expect(transcript.contains("error: '12a' is not an amount"))
    #expect(reader.prompts.contains("Kind (income/expense) [expense]: "))
    #expect(reader.prompts.contains("Date (YYYY-MM-DD) [2025-11-10]: "))
    #expect(reader.prompts.filter { $0 == "Amount: " }.count == 2)
    #expect(reader.prefills.contains("12a"))
    let added = try #require(await repository.transaction(withID: TransactionID("t1")))
    #expect(added.kind == .expense)
    #expect(added.amount.minorUnits == 4_500)
    #expect(added.memo == "latte")
    #expect(added.day == Fixtures.day("2025-11-10"))
  }

  @Test("each form field offers its own words to Tab: the ledger's categories in the category")
  func formFieldCompletion() async throws {
    let (_, reader) = await run(
      ["add", "expense", "4500", "food", "", "", "quit"], interactive: true)
    let fields = reader.completionContexts.map(\.formField)
    #expect(fields == [nil, .kind, .amount, .category, .memo, .date, nil], "\(fields)")
    let category = try #require(reader.completionContexts.first { $0.formField == .category })
    #expect(category.categories == ["food"])
  }

  @Test("an amount the KRW ledger refuses is answered with the ledger's own forms, not dollars")
  func amountFormsOfTheLedger() async {
    let (transcript, _) = await run(["add expense 12a food", "add", "", "abc", .endOfInput])
    let message = "for example 12000, 12,000, ₩12,000, 12,000원, 3만5천 or 1.5만"
    #expect(transcript.components(separatedBy: message).count == 3, "\(transcript)")
    #expect(!transcript.contains("$12.50"), "\(transcript)")
  }

  @Test("Ctrl-C in the form leaves it with nothing written")
  func formInterrupted() async {
    let (transcript, _) = await run(
      ["add", "income", "5000", .interrupt, "quit"], interactive: true)
    #expect(transcript.contains("Cancelled; nothing was changed."))
    #expect(await repository.all.count == 1)
    #expect(coordinator.path.isEmpty)
  }

  @Test("cancel in the form leaves it with nothing written")
  func formCancelled() async {
    let (_, _) = await run(["add", "cancel", "quit"])
    #expect(await repository.all.count == 1)
    #expect(coordinator.path.isEmpty)
  }

  @Test("edit pre-fills every field on the line, and keeping them changes only what was edited")
  func editPrefilled() async throws {
    let (_, reader) = await run(
      ["edit 1", .keepPrefill, "9000", .keepPrefill, .keepPrefill, "2025-12-01", "quit"],
      interactive: true)
    #expect(
      Array(reader.prefills.dropFirst().prefix(5)) == [
        "expense", "12000", "food", "lunch", "2025-11-10",
      ])
    let edited = try #require(await repository.transaction(withID: TransactionID("a1")))
    #expect(edited.amount.minorUnits == 9_000)
    #expect(edited.memo == "lunch")
    #expect(edited.day == Fixtures.day("2025-12-01"))
    #expect(coordinator.calendar.selectedDay == Fixtures.day("2025-12-01"))
    #expect(coordinator.calendar.selectedEntries.map(\.id.rawValue) == ["a1"])
  }

  @Test(
    "cancel typed after a pre-filled value, or Ctrl-C on one, leaves the edit with nothing written",
    arguments: [
      // The kind starts as "expense" on the line; the user types cancel after it.
      [ScriptedLineReader.Response.line("expensecancel")],
      [.line("expense cancel")],
      [.line("expenseCANCEL ")],
      // The amount, pre-filled, after the kind was kept.
      [.keepPrefill, .line("12000cancel")],
      [.interrupt],
      [.keepPrefill, .keepPrefill, .interrupt],
    ])
  func editCancelledOnPrefill(_ answers: [ScriptedLineReader.Response]) async throws {
    let (transcript, reader) = await run(["edit 1"] + answers + ["quit"], interactive: true)
    #expect(transcript.contains("Cancelled; nothing was changed."), "\(transcript)")
    #expect(!transcript.contains("is not"), "no refusal: \(transcript)")
    #expect(reader.prompts.last == "2025-11> ", "back at the command prompt: \(reader.prompts)")
    let stored = try #require(await repository.transaction(withID: TransactionID("a1")))
    #expect(stored.amount.minorUnits == 12_000 && stored.kind == .expense)
    #expect(coordinator.path.isEmpty)
  }

  @Test("a value that only contains the word cancel is kept as typed")
  func cancelInsideValue() async throws {
    let (_, _) = await run(
      [
        "edit 1", .keepPrefill, .keepPrefill, .keepPrefill, "cancelled plans", .keepPrefill,
        "quit",
      ], interactive: true)
    let stored = try #require(await repository.transaction(withID: TransactionID("a1")))
    #expect(stored.memo == "cancelled plans")
  }

  @Test("delete asks first; only yes deletes, and undo brings the entry back with its id")
  func deleteConfirmation() async {
    let (transcript, reader) = await run(
      ["delete 1", "n", "delete 1", "yes", "undo", "quit"], interactive: true)
    #expect(reader.prompts.contains("Delete \"lunch ₩12,000\"? [y/N] "))
    #expect(transcript.contains("Kept; nothing was deleted."))
    #expect(transcript.contains("Deleted Expense ₩12,000 food (lunch) on 2025-11-10 #a1"))
    #expect(transcript.contains("Undid: deleted"))
    #expect(await repository.all.map(\.id.rawValue) == ["a1"])
  }

  @Test("an unknown or malformed command says why and changes nothing")
  func badCommands() async {
    let (transcript, _) = await run([
      "frobnicate", "go 2025-13", "day 31", "edit 7", "add expense 100 food --date 31", "quit",
    ])
    #expect(transcript.contains("error: unknown command 'frobnicate'"))
    #expect(transcript.contains("error: '2025-13' has no such month"))
    #expect(transcript.contains("error: 2025-11-31 does not exist"))
    #expect(transcript.contains("error: there is no entry 7"))
    #expect(coordinator.path.isEmpty)
    #expect(coordinator.calendar.currentMonth == Fixtures.month("2025-11"))
    #expect(await repository.all.count == 1)
  }

  @Test("commands are remembered for Up-arrow history; form answers are not")
  func history() async {
    let (_, reader) = await run(
      ["n", "add", "income", "100", "pay", "", "", "quit"], interactive: true)
    #expect(reader.history == ["n", "add", "quit"])
  }

  @Test("a piped session prints no prompt and no screen clearing")
  func scripted() async {
    let (transcript, reader) = await run(["n", "quit"])
    #expect(reader.prompts.allSatisfy { $0.isEmpty })
    #expect(!transcript.contains("\u{1B}"))
  }

  @Test("the picker jumps to the chosen month")
  func picker() async {
    _ = await run(["pick", "2024-13", "2024-02", "quit"])
    #expect(coordinator.calendar.currentMonth == Fixtures.month("2024-02"))
  }

  @Test("the end of input ends the session like quit")
  func endOfInput() async {
    let (_, reader) = await run(["n"])
    #expect(reader.pending.isEmpty)
  }
}

@MainActor
@Suite("REPL session in Korean")
struct KoreanREPLSessionTests {
  @Test("the form, the delete question and the session's messages speak Korean")
  func korean() async {
    let clock = LedgerClock.fixed(at: Fixtures.day("2025-11-10"))
    let repository = InMemoryTransactionRepository()
    let calendar = CalendarViewModel(
      repository: repository, clock: clock, currency: .krw, language: .korean)
    let coordinator = AppCoordinator(
      calendar: calendar,
      editor: LedgerEditor(repository: repository, clock: clock, makeID: Fixtures.sequentialIDs()),
      repository: repository, clock: clock, currency: .krw)
    await calendar.start()
    let reader = ScriptedLineReader([
      "add", "지출", "3만5천", "식비", "점심", "", "delete 1", "y", "undo", "quit",
    ])
    var transcript = ""
    let session = REPLSession(
      coordinator: coordinator, reader: reader, theme: .plain, interactive: true,
      write: { transcript += $0 })
    _ = await session.run()
    #expect(reader.prompts.contains("종류 (수입/지출) [지출]: "))
    #expect(reader.prompts.contains("금액: "))
    #expect(reader.prompts.contains("\"점심 ₩35,000\"을(를) 삭제할까요? [y/N] "))
    #expect(transcript.contains("추가 지출 ₩35,000 식비 (점심) · 2025-11-10 #t1"))
    #expect(transcript.contains("되돌림: 삭제 지출 ₩35,000 식비 (점심) · 2025-11-10 #t1"))
    #expect(await repository.all.map(\.id.rawValue) == ["t1"])
  }
}

@Suite("Yes or no at the delete question")
struct DeleteReplyTests {
  @Test("only an explicit yes deletes", arguments: ["y", "Y", "yes", " yes ", "예", "네", "ㅇ"])
  func yes(reply: String) {
    #expect(SessionText.isYes(reply))
  }

  @Test("anything else keeps the entry", arguments: ["n", "no", "", "yess", "nope", "아니오", "1"])
  func notYes(reply: String) {
    #expect(!SessionText.isYes(reply))
  }
}
