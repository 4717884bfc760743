import HannunDomain
import HannunPresentation
import HannunTestSupport
import Synchronization
import Testing

@testable import HannunREPL

/// The ledger two windows share: the session's window reads and writes it through this
/// repository, and another window's writes wait in a queue until the session next touches the
/// ledger, so each lands exactly between two of the session's lines (inside an open form,
/// between two commands). They are unannounced, as another process's writes are: the session's
/// calendar does not hear of them.
final class SharedLedger: TransactionRepository {
  /// What both windows see.
  let store: InMemoryTransactionRepository
  private let otherWindow = Mutex<[@Sendable (InMemoryTransactionRepository) async -> Void]>([])

  init(_ entries: [Transaction]) {
    store = InMemoryTransactionRepository(entries)
  }

  /// Queues a write of the other window; it happens before this window's next read or write.
  func otherWindowWrites(_ write: @escaping @Sendable (InMemoryTransactionRepository) async -> Void)
  {
    otherWindow.withLock { $0.append(write) }
  }

  private func catchUp() async {
    let writes = otherWindow.withLock { queued in
      defer { queued = [] }
      return queued
    }
    for write in writes { await write(store) }
  }

  func transactions(in days: ClosedRange<Day>) async throws -> [Transaction] {
    await catchUp()
    return try await store.transactions(in: days)
  }

  func transactions(matching query: TransactionQuery) async throws -> [Transaction] {
    await catchUp()
    return try await store.transactions(matching: query)
  }

  func transaction(withID id: TransactionID) async throws -> Transaction? {
    await catchUp()
    return try await store.transaction(withID: id)
  }

  func ids(startingWith prefix: String) async throws -> [TransactionID] {
    await catchUp()
    return try await store.ids(startingWith: prefix)
  }

  func insert(_ transaction: Transaction) async throws {
    await catchUp()
    try await store.insert(transaction)
  }

  func update(_ current: Transaction, to updated: Transaction) async throws {
    await catchUp()
    try await store.update(current, to: updated)
  }

  func delete(_ entry: Transaction) async throws {
    await catchUp()
    try await store.delete(entry)
  }

  func commit<Result: Sendable>(
    _ resolve: @Sendable (any LedgerSnapshot) throws -> (write: LedgerWrite, result: Result)
  ) async throws -> Result {
    await catchUp()
    return try await store.commit(resolve)
  }

  func apply(_ changes: [EntryChange]) async throws {
    await catchUp()
    try await store.apply(changes)
  }

  func categoryTotals(in months: ClosedRange<YearMonth>) async throws -> [MonthCategoryTotals] {
    await catchUp()
    return try await store.categoryTotals(in: months)
  }

  func subscribe() async -> (revision: UInt64, changes: AsyncStream<LedgerChange>) {
    await store.subscribe()
  }

  func latestRevision() async -> UInt64 { await store.latestRevision() }
}

/// One step of a two-window script: an answer typed in the session, or a write another window
/// makes at that moment.
enum TwoWindowStep: ExpressibleByStringLiteral {
  case answer(ScriptedLineReader.Response)
  case otherWindow(@Sendable (InMemoryTransactionRepository) async -> Void)

  init(stringLiteral value: String) {
    self = .answer(.line(value))
  }
}

/// A scripted reader that hands the other window's writes to the shared ledger as it reaches
/// them in the script.
final class TwoWindowReader: LineReader {
  private var steps: [TwoWindowStep]
  private let ledger: SharedLedger
  let script: ScriptedLineReader

  init(_ steps: [TwoWindowStep], ledger: SharedLedger) {
    self.steps = steps
    self.ledger = ledger
    script = ScriptedLineReader(
      steps.compactMap {
        if case .answer(let response) = $0 { return response }
        return nil
      })
  }

  func read(prompt: String, prefill: String) -> LineInput {
    while case .otherWindow(let write)? = steps.first {
      steps.removeFirst()
      ledger.otherWindowWrites(write)
    }
    if !steps.isEmpty { steps.removeFirst() }
    return script.read(prompt: prompt, prefill: prefill)
  }

  func addHistory(_ line: String) { script.addHistory(line) }
}

/// The REPL and another window (another `hannun`, or a script) writing the same ledger. The other
/// window writes unannounced, as another process does: this session's calendar has not heard.
@MainActor
@Suite("REPL session beside another window")
struct TwoWindowSessionTests {
  private let ledger: SharedLedger
  private let coordinator: AppCoordinator
  /// What both windows see.
  private var repository: InMemoryTransactionRepository { ledger.store }
  /// `a1` (lunch, ₩12,000 today) as the other window leaves it.
  private let theirs: Transaction
  private static let lunch = Transaction.fixture(
    id: "a1", day: "2025-11-10", kind: .expense, amount: 12_000, category: "food", memo: "lunch")

  init() {
    let clock = LedgerClock.fixed(at: Fixtures.day("2025-11-10"))
    ledger = SharedLedger([Self.lunch])
    var theirs = Self.lunch
    theirs.memo = "lunch with Min"
    theirs.amount = Fixtures.amount(15_000)
    self.theirs = theirs
    coordinator = Self.coordinator(ledger, clock, language: .english)
  }

  private static func coordinator(
    _ repository: SharedLedger, _ clock: LedgerClock, language: DisplayLanguage
  ) -> AppCoordinator {
    AppCoordinator(
      calendar: CalendarViewModel(
        entries: repository, moods: repository.store, recurring: repository.store, clock: clock,
        currency: .krw, language: language),
      editor: LedgerEditor(
        entries: repository, moods: repository.store, clock: clock,
        makeID: Fixtures.sequentialIDs()),
      stores: LedgerStores(
        entries: repository, budgets: repository.store, recurring: repository.store,
        moods: repository.store, versions: repository.store, restoring: repository.store),
      clock: clock, currency: .krw)
  }

  /// Runs a session and returns its transcript and reader.
  private func run(
    _ steps: [TwoWindowStep], interactive: Bool = false, coordinator: AppCoordinator? = nil
  ) async -> (String, TwoWindowReader) {
    let coordinator = coordinator ?? self.coordinator
    await coordinator.calendar.start()
    let reader = TwoWindowReader(steps, ledger: ledger)
    var transcript = ""
    let session = REPLSession(
      coordinator: coordinator, reader: reader, theme: .plain, interactive: interactive,
      write: { transcript += $0 })
    let status = await session.run()
    // A script ends with 1 when any of its commands was refused (its error shown), else 0.
    let refused = !interactive && (transcript.contains("error: ") || transcript.contains("오류: "))
    #expect(status == (refused ? 1 : 0), "\(transcript)")
    return (transcript, reader)
  }

  /// The other window's change to lunch.
  private var theyChangeLunch: TwoWindowStep {
    .otherWindow { [theirs] in await $0.updateUnannounced(theirs) }
  }

  /// The other window deletes lunch.
  private var theyDeleteLunch: TwoWindowStep {
    .otherWindow { await $0.deleteUnannounced(id: Self.lunch.id) }
  }

  // MARK: - The lost update

  @Test(
    "regression (lost update): a change made in another window while the form is open survives Enter through every field"
  )
  func lostUpdateWhileFormOpen() async throws {
    let (transcript, _) = await run(
      ["edit 1", "", "", theyChangeLunch, "", "", "", "cancel", "quit"])
    #expect(
      transcript.contains(
        "error: Not saved: another window changed this entry. It is now: "
          + "Expense ₩15,000 food (lunch with Min) on 2025-11-10 #a1"), "\(transcript)")
    #expect(await repository.all == [theirs], "the other window's change survived")
    #expect(coordinator.path.isEmpty)
    #expect(transcript.contains("Nothing to cancel"), "a script goes on with its next line")
  }

  @Test(
    "at a terminal the form walks again from the entry as it is now; Enter keeps their values and saves"
  )
  func restartAtTerminal() async throws {
    let keep = TwoWindowStep.answer(.keepPrefill)
    let (transcript, reader) = await run(
      [
        "edit 1", keep, keep, theyChangeLunch, "meals", keep, keep,
        keep, keep, "meals", keep, keep, "quit",
      ], interactive: true)
    let conflict = try #require(
      transcript.range(of: "error: Not saved: another window changed this entry. It is now: "))
    let restart = try #require(
      transcript.range(of: "Edit it again from there: Enter keeps each value, cancel leaves."))
    #expect(conflict.upperBound < restart.lowerBound)
    #expect(
      Array(reader.script.prefills[6...10]) == [
        "expense", "15000", "food", "lunch with Min", "2025-11-10",
      ])
    let stored = try #require(try await repository.transaction(withID: Self.lunch.id))
    #expect(stored.memo == "lunch with Min" && stored.amount == theirs.amount)
    #expect(stored.category == "meals")
    #expect(transcript.contains("Changed Expense ₩15,000 food (lunch with Min)"))
  }

  @Test(
    "at a terminal an entry deleted while the form was open closes the form, and the message outlives the redraw"
  )
  func deletedWhileFormOpenAtTerminal() async throws {
    let keep = TwoWindowStep.answer(.keepPrefill)
    let (transcript, _) = await run(
      ["edit 1", keep, keep, theyDeleteLunch, keep, keep, keep, "quit"], interactive: true)
    let lastScreen = try #require(transcript.components(separatedBy: "\u{1B}[2J").last)
    #expect(
      lastScreen.contains(
        "error: Not saved: another window deleted this entry: "
          + "Expense ₩12,000 food (lunch) on 2025-11-10 #a1"), "\(transcript)")
    #expect(await repository.all.isEmpty)
    #expect(coordinator.path.isEmpty)
  }

  @Test("edit N of an entry another window deleted since the list was drawn opens nothing")
  func editOfEntryDeletedBeforeOpening() async throws {
    let (transcript, _) = await run([theyDeleteLunch, "edit 1", "quit"])
    #expect(
      transcript.contains(
        "error: Another window deleted this entry: Expense ₩12,000 food (lunch) on 2025-11-10 #a1"),
      "\(transcript)")
    #expect(coordinator.path.isEmpty)
    #expect(await repository.all.isEmpty)
  }

  @Test("delete N answered yes after another window changed the entry deletes nothing")
  func deleteQuestionOnChangedEntry() async throws {
    let (transcript, _) = await run(["delete 1", theyChangeLunch, "y", "quit"])
    #expect(transcript.contains("Delete \"lunch ₩12,000\"? [y/N]"))
    #expect(
      transcript.contains(
        "error: Not deleted: another window changed this entry. It is now: "
          + "Expense ₩15,000 food (lunch with Min) on 2025-11-10 #a1"), "\(transcript)")
    #expect(await repository.all == [theirs])
  }

  // MARK: - Undo and redo

  @Test(
    "regression (stuck undo): after another window deleted B, undo reports B's step as dropped and the next undo undoes A"
  )
  func undoPastDeletedStep() async throws {
    let (transcript, _) = await run([
      "add expense 5000 cafe latte", "add expense 7000 taxi",
      .otherWindow { await $0.deleteUnannounced(id: TransactionID("t2")) },
      "undo", "undo", "undo", "quit",
    ])
    #expect(
      transcript.contains(
        "error: Cannot undo Added Expense ₩7,000 taxi on 2025-11-10 #t2: another window deleted "
          + "it; this step was dropped. Undo again for the step before it."), "\(transcript)")
    #expect(transcript.contains("Undid: added Expense ₩5,000 cafe (latte) on 2025-11-10 #t1"))
    #expect(transcript.contains("Nothing to undo."))
    #expect(await repository.all == [Self.lunch])
  }

  // MARK: - In Korean

  @Test("in Korean: the conflict shows the entry as it is now, and a dropped redo step is named")
  func korean() async throws {
    let clock = LedgerClock.fixed(at: Fixtures.day("2025-11-10"))
    let coordinator = Self.coordinator(ledger, clock, language: .korean)
    var later = theirs
    later.category = "식비"
    let (transcript, _) = await run(
      [
        "edit 1", "", "", theyChangeLunch, "", "", "",
        "edit 1", "", "", "", "점심", "",
        "undo",
        .otherWindow { [later] in await $0.updateUnannounced(later) },
        "redo", "quit",
      ], coordinator: coordinator)
    #expect(
      transcript.contains(
        "오류: 다른 창에서 이 내역이 바뀌어 저장하지 않았습니다. 지금 내역: 지출 ₩15,000 food (lunch with Min) · "
          + "2025-11-10 #a1"), "\(transcript)")
    #expect(
      transcript.contains(
        "오류: 다시 할 수 없어 이 단계를 건너뜁니다: 수정 지출 ₩15,000 food (lunch with Min) · 2025-11-10 #a1 "
          + "→ 지출 ₩15,000 food (점심) · 2025-11-10 #a1. 다른 창에서 바뀐 지금 내역: "
          + "지출 ₩15,000 식비 (lunch with Min) · 2025-11-10 #a1. redo를 다시 하면 그 전 단계로 갑니다."),
      "\(transcript)")
    #expect(await repository.all == [later])
  }
}
