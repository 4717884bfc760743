import Foundation
import HannunDomain
import HannunKit
import HannunPresentation
import HannunTestSupport
import Testing

@Suite("A session's budgets")
@MainActor
struct LedgerSessionBudgetTests {
  @Test("a session in memory has budgets, read on start, and its calendar shows them")
  func inMemory() async throws {
    let repository = InMemoryTransactionRepository([
      .fixture(id: "t1", day: "2025-11-03", amount: 12_000, category: "food")
    ])
    await repository.replaceBudgetPlanUnannounced(.fixture([("food", "2025-01", 10_000)]))
    let session = await LedgerSession(
      repository: repository, currency: .krw, clock: .fixed(at: Fixtures.day("2025-11-10")))
    let budgets = try #require(session.budgets)
    #expect(budgets.plan == .fixture([("food", "2025-01", 10_000)]))
    #expect(session.calendar.budgetStatus?.categories.first?.remaining.minorUnits == -2_000)
  }

  @Test("a session on a data directory keeps its budgets in ledger/budgets.json")
  func onFiles() async throws {
    let folder = try TemporaryFolder(prefix: "hannun-kit-budgets")
    let options = LedgerSession.Options(
      dataPath: folder.appending("data").path, localeIdentifier: "ko_KR",
      clock: .fixed(at: Fixtures.day("2025-11-14")), environment: [:],
      currentDirectory: folder.url.path)
    let first = try await LedgerSession.open(options)
    try await #require(first.budgets).set(
      Fixtures.amount(300_000), for: .category("식비"), from: Fixtures.month("2025-11"))
    #expect(folder.contains("data/ledger/budgets.json"))
    let second = try await LedgerSession.open(options)
    #expect(
      second.budgets?.plan.limit(for: .category("식비"), in: Fixtures.month("2025-12"))
        == Fixtures.amount(300_000))
  }

  @Test("a repository without budgets gives a session without them")
  func withoutBudgets() async {
    let session = await LedgerSession(
      repository: ReadFailingTransactionRepository(), currency: .krw,
      clock: .fixed(at: Fixtures.day("2025-11-10")))
    #expect(session.budgets == nil)
    #expect(session.calendar.budgetStatus == nil)
  }
}
