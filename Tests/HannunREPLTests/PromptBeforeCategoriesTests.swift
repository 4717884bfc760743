import HannunDomain
import HannunPresentation
import HannunTestSupport
import Testing

@testable import HannunREPL

@Suite("REPL: the prompt does not wait for Tab's categories")
@MainActor
struct PromptBeforeCategoriesTests {
  @Test(
    "a reader that completes at Tab is asked for a line while the ledger's categories are read")
  func promptFirst() async throws {
    let today = Fixtures.day("2025-11-10")
    let repository = ReadFailingTransactionRepository([
      .fixture(id: "c1", day: "2025-11-03", amount: 4_500, category: "cafe"),
      .fixture(id: "c2", day: "2025-10-03", amount: 9_000, category: "food"),
      .fixture(id: "c3", day: "2025-09-03", amount: 9_000, category: "food"),
    ])
    await repository.holdCategoryTotals()
    let store = await repository.store
    let clock = LedgerClock.fixed(at: today)
    let coordinator = await startedCoordinator(
      entries: repository, store: store, clock: clock)
    let reader = ScriptedLineReader(["quit"])
    reader.completesAtTab = true
    let session = REPLSession(
      coordinator: coordinator, reader: reader, theme: .plain, interactive: false,
      write: { _ in })
    let running = Task { await session.run() }
    // Before: the session read every month's category totals before its first prompt, which
    // are held until released below, so it never asked; the bound only tells that from a prompt
    // that is slow because the machine is busy.
    let clockNow = ContinuousClock()
    let deadline = clockNow.now + .seconds(60)
    while reader.requests.isEmpty, clockNow.now < deadline {
      try await Task.sleep(for: .milliseconds(5))
    }
    #expect(!reader.requests.isEmpty, "the prompt waited for the category totals")
    let pending = reader.pendingCategories
    await repository.releaseCategoryTotals()
    _ = await running.value
    let categories = try #require(pending, "no categories were left to read at Tab")
    // Tab waits for them: the whole ledger's, most used first.
    #expect(categories.wait(seconds: 10) == ["food", "cafe"])
  }
}
