import HannunDomain
import HannunPresentation
import HannunTestSupport
import Testing

@testable import HannunREPL

/// A screen over the calendar (a report, the year, the categories, a month's budgets) is read
/// again when another process changes the ledger. When that read fails — a month file deleted by
/// hand, replaced by a link — the screen names why, as its first read would have; it never falls
/// back to the calendar as though nothing had happened.
@MainActor
@Suite("REPL: a screen that can no longer be read after another window's change")
struct FailedScreenReloadTests {
  private static let lost = LedgerError.unreadableFile(
    path: "/data/ledger/2025/2025-10.json",
    reason: .missingMonthFile(indexFolder: "/data/ledger/index"))

  /// Opens the screen `open` makes, lets every read fail as a lost month file makes them, reads
  /// the screen again as the REPL does after another window's write, and draws.
  private func drawAfterLoss(
    language: DisplayLanguage = .english,
    _ open: (AppCoordinator) async -> Void
  ) async -> (AppCoordinator, String) {
    let clock = LedgerClock.fixed(at: Fixtures.day("2025-11-10"))
    let repository = ReadFailingTransactionRepository([
      .fixture(id: "k1", day: "2025-10-03", amount: 4_500, category: "cafe", memo: "coffee"),
      .fixture(id: "k2", day: "2025-11-10", amount: 12_000, category: "food", memo: "lunch"),
    ])
    let store = await repository.store
    let coordinator = await startedCoordinator(
      entries: repository, store: store, clock: clock, language: language)
    await open(coordinator)
    await repository.failReads(with: Self.lost)
    await coordinator.reloadTop()
    var transcript = ""
    let session = REPLSession(
      coordinator: coordinator, reader: ScriptedLineReader([]), theme: .plain,
      interactive: false, write: { transcript += $0 })
    session.draw()
    return (coordinator, transcript)
  }

  @Test("the year, a report, the categories and a month's budgets name the lost month")
  func namesTheLoss() async {
    let screens: [(String, (AppCoordinator) async -> Void)] = [
      ("year", { await $0.showYear(2025).load() }),
      (
        "report",
        { await $0.showReport(of: Fixtures.month("2025-10")...Fixtures.month("2025-11")).load() }
      ),
      ("categories", { await $0.showCategories(of: nil).load() }),
      ("budgets", { await $0.showBudgets($0.budgets, of: Fixtures.month("2025-10")).load() }),
    ]
    for (name, open) in screens {
      let (coordinator, transcript) = await drawAfterLoss(open)
      #expect(coordinator.top?.isScreen == true, "\(name)")
      #expect(transcript.contains("2025-10.json"), "\(name): \(transcript)")
      #expect(transcript.contains("lost"), "\(name): \(transcript)")
      // Not the calendar, whose November would read as if nothing were wrong.
      #expect(!transcript.contains("November 2025"), "\(name): \(transcript)")
    }
  }

  @Test("the recurring rules and the due list name a rules file that can no longer be read")
  func rulesAndDue() async throws {
    let linked = LedgerError.unreadableFile(
      path: "/data/ledger/recurring.json", reason: .symbolicLinkFile)
    for open in ["rules", "due"] {
      let clock = LedgerClock.fixed(at: Fixtures.day("2025-11-10"))
      let store = InMemoryTransactionRepository()
      let recurring = ReadFailingRecurringRepository(store)
      let coordinator = await startedCoordinator(
        entries: store, store: store, recurring: recurring, clock: clock)
      _ = try await coordinator.recurring.add(
        .fixture(.monthly(day: 5), amount: 50_000, category: "phone", from: "2025-10-01"))
      if open == "rules" {
        _ = try await coordinator.showRecurringRules()
      } else {
        _ = try await coordinator.showDueList()
      }
      await recurring.failReads(with: linked)
      await coordinator.reloadTop()
      var transcript = ""
      let session = REPLSession(
        coordinator: coordinator, reader: ScriptedLineReader([]), theme: .plain,
        interactive: false, write: { transcript += $0 })
      session.draw()
      // Before, the rules as first read stayed on screen, the failure unsaid.
      #expect(transcript.contains("recurring.json"), "\(open): \(transcript)")
      #expect(transcript.contains("symbolic link"), "\(open): \(transcript)")
      #expect(!transcript.contains("phone"), "\(open): \(transcript)")
    }
  }

  @Test("in Korean, the screen names the loss in Korean")
  func korean() async {
    let (_, transcript) = await drawAfterLoss(language: .korean) {
      await $0.showYear(2025).load()
    }
    #expect(transcript.contains("2025-10.json"), "\(transcript)")
    #expect(transcript.contains("사라진"), "\(transcript)")
    #expect(!transcript.contains("error"), "\(transcript)")
  }
}
