import Foundation
import HannunData
import HannunDomain
import HannunKit
import HannunPresentation
import HannunREPL
import HannunTestSupport
import Testing

/// How many times a REPL command takes the file store's lock (issue 18, item 5): the REPL reads
/// the ledger again only when another process wrote it, so a page turn costs at most two lock
/// acquisitions and an `add` at most four; another process's write still shows at the next
/// prompt.
@MainActor
@Suite("REPL lock acquisitions over a file store")
struct REPLLockCountTests {
  /// A REPL session over `store`, as `hannun` composes it, that runs `lines` and returns what it
  /// wrote and how many lock acquisitions the whole run took.
  private func run(_ lines: [String], on store: JSONFileTransactionStore) async -> (
    output: String, locks: Int
  ) {
    let ledger = await LedgerSession(
      repository: store, currency: .krw, clock: .fixed(at: Fixtures.day("2025-11-14")),
      language: .english, startsCalendar: false)
    ledger.calendar.setReadsAhead(true)
    await ledger.start()
    let before = await store.lockAcquisitions
    var output = ""
    let session = REPLSession(
      coordinator: ledger.coordinator, reader: ScriptedLineReader(lines: lines), theme: .plain,
      interactive: false, write: { output += $0 })
    session.changes = ledger.changes
    _ = await session.run()
    return (output, await store.lockAcquisitions - before)
  }

  private func seeded(_ folder: TemporaryFolder) async throws -> JSONFileTransactionStore {
    let store = try await JSONFileTransactionStore.open(
      directory: folder.appending("data"), requestedCurrency: .krw, defaultCurrency: .krw)
    try await store.insert(Transaction.fixture(id: "s1", day: "2025-11-14", amount: 1_000))
    try await store.insert(Transaction.fixture(id: "s2", day: "2025-12-03", amount: 2_000))
    return store
  }

  @Test("a page turn takes at most two lock acquisitions, an add at most four")
  func counts() async throws {
    let folder = try TemporaryFolder(prefix: "hannun-repl-locks")
    let store = try await seeded(folder)
    // Each run's start (loading, drawing, the first prompt) is the same; the difference is the
    // command and the prompt after it.
    // Piped, the REPL draws the calendar once and then on `month`: every run ends with it.
    let start = await run(["month"], on: store).locks
    let turn = await run(["n", "month"], on: store)
    #expect(turn.output.contains("December 2025"))
    #expect(turn.locks - start <= 2, "a page turn took \(turn.locks - start)")
    let add = await run(["add expense 5000 food lunch", "month"], on: store)
    #expect(add.output.contains("lunch"))
    #expect(add.locks - start <= 4, "an add took \(add.locks - start)")
    // With a budget on the category, the notice after the add reads the month's totals too.
    let food = try BudgetScope(category: "food")
    var plan = BudgetPlan.empty
    plan.set(Fixtures.amount(3_000), for: food, from: Fixtures.month("2025-11"))
    let budgets = try await store.changeBudgets(BudgetEdit(from: .empty, to: plan, scopes: [food]))
    #expect(!budgets.limits(in: Fixtures.month("2025-11")).isEmpty)
    let budgeted = await run(["month"], on: store).locks
    let over = await run(["add expense 5000 food dinner", "month"], on: store)
    #expect(over.output.contains("dinner"))
    #expect(over.locks - budgeted <= 4, "an add under a budget took \(over.locks - budgeted)")
  }

  @Test("another process's write shows after the next command")
  func outsideWrite() async throws {
    let folder = try TemporaryFolder(prefix: "hannun-repl-outside")
    let store = try await seeded(folder)
    let other = try await JSONFileTransactionStore.open(
      directory: folder.appending("data"), requestedCurrency: .krw, defaultCurrency: .krw)
    let ledger = await LedgerSession(
      repository: store, currency: .krw, clock: .fixed(at: Fixtures.day("2025-11-14")),
      language: .english)
    var output = ""
    // Before `p`, another process adds a November entry of ₩777,000, which this process's
    // change feed never announces. Piped, the REPL draws the calendar on `month`.
    let reader = OtherWindowReader(["n", "month", "p", "month"]) { index in
      guard index == 2 else { return }
      let entry = Transaction.fixture(id: "o1", day: "2025-11-20", amount: 777_000)
      let done = DispatchSemaphore(value: 0)
      Task.detached {
        try? await other.insert(entry)
        done.signal()
      }
      done.wait()
    }
    let session = REPLSession(
      coordinator: ledger.coordinator, reader: reader, theme: .plain, interactive: false,
      write: { output += $0 })
    session.changes = ledger.changes
    _ = await session.run()
    // The first screen shows November before the write; "p" back to November (still held by
    // the calendar since the start) shows it after.
    let before = output.components(separatedBy: "December 2025").first ?? ""
    let after = output.components(separatedBy: "December 2025").last ?? ""
    #expect(before.contains("November 2025") && !before.contains("777,000"))
    #expect(after.contains("November 2025") && after.contains("777,000"))
  }
}

extension REPLLockCountTests {
  @Test("a budget another process set while the prompt waited is warned about after an add")
  func outsideBudget() async throws {
    let folder = try TemporaryFolder(prefix: "hannun-repl-outside-budget")
    let store = try await seeded(folder)
    let other = try await JSONFileTransactionStore.open(
      directory: folder.appending("data"), requestedCurrency: .krw, defaultCurrency: .krw)
    let ledger = await LedgerSession(
      repository: store, currency: .krw, clock: .fixed(at: Fixtures.day("2025-11-14")),
      language: .english)
    let food = try BudgetScope(category: "food")
    var plan = BudgetPlan.empty
    plan.set(Fixtures.amount(3_000), for: food, from: Fixtures.month("2025-11"))
    let edit = BudgetEdit(from: .empty, to: plan, scopes: [food])
    var output = ""
    let reader = OtherWindowReader(["add expense 5000 food dinner"]) { _ in
      let done = DispatchSemaphore(value: 0)
      Task.detached {
        _ = try? await other.changeBudgets(edit)
        done.signal()
      }
      done.wait()
    }
    let session = REPLSession(
      coordinator: ledger.coordinator, reader: reader, theme: .plain, interactive: false,
      write: { output += $0 })
    session.changes = ledger.changes
    _ = await session.run()
    #expect(output.contains("dinner"))
    #expect(output.contains("Over the 'food' budget"), "no over-budget notice in: \(output)")
  }
}

/// Types `lines` in order and runs `before(index)` before answering each; then ends the input.
private final class OtherWindowReader: LineReader {
  private var lines: [String]
  private var index = 0
  private let before: (Int) -> Void

  init(_ lines: [String], before: @escaping (Int) -> Void) {
    self.lines = lines
    self.before = before
  }

  func read(prompt: String, prefill: String) -> LineInput {
    guard index < lines.count else { return .endOfInput }
    before(index)
    index += 1
    return .line(lines[index - 1])
  }

  func addHistory(_ line: String) {}
}
