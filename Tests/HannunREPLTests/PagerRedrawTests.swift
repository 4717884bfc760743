import HannunDomain
import HannunPresentation
import HannunTestSupport
import Testing

@testable import HannunREPL

/// The two-window ledger's stored version, as a file store's `stat` sees it: the other window's
/// writes queued so far have landed when it is read.
extension SharedLedger: HannunDomain.SharedLedger {
  func storedVersion() async -> LedgerVersion {
    // Any read lets the queued writes land first.
    _ = try? await ids(startingWith: "")
    return await store.storedVersion()
  }
}

/// A screen shown a page at a time while another window writes the ledger: the page on screen
/// is drawn again as the ledger now is, at the same page (the last, when it got shorter).
@MainActor
@Suite("REPL pager beside another window")
struct PagerRedrawTests {
  /// Sixty expense categories in November, `c01` (₩1,000) to `c60` (₩60,000): the categories
  /// screen is 64 lines, four pages of 19 at 80×20.
  private let ledger = SharedLedger(
    (1...60).map { index in
      let number = index < 10 ? "0\(index)" : "\(index)"
      return Transaction.fixture(
        id: "e\(number)", day: "2025-11-10", amount: Int64(index) * 1_000, category: "c\(number)")
    })

  private func run(_ steps: [TwoWindowStep]) async -> (transcript: String, prompts: [String]) {
    let clock = LedgerClock.fixed(at: Fixtures.day("2025-11-10"))
    let coordinator = AppCoordinator(
      calendar: CalendarViewModel(
        entries: ledger, moods: ledger.store, recurring: ledger.store, clock: clock,
        currency: .krw, language: .english),
      editor: LedgerEditor(
        entries: ledger, moods: ledger.store, clock: clock, makeID: Fixtures.sequentialIDs()),
      stores: LedgerStores(
        entries: ledger, budgets: ledger.store, recurring: ledger.store, moods: ledger.store,
        versions: ledger, restoring: ledger.store),
      clock: clock, currency: .krw)
    await coordinator.calendar.start()
    let reader = TwoWindowReader(steps, ledger: ledger)
    var transcript = ""
    let session = REPLSession(
      coordinator: coordinator, reader: reader, theme: .plain, interactive: true,
      columns: { 80 }, rows: { 20 }, write: { transcript += $0 })
    session.changes = LedgerChangeSignal(repository: ledger, versions: ledger)
    _ = await session.run()
    return (transcript, reader.script.prompts.filter { $0.hasPrefix("--") })
  }

  /// What the screen shows after its last clearing.
  private func lastScreen(_ transcript: String) -> String {
    transcript.components(separatedBy: "\u{1B}[2J").last ?? ""
  }

  @Test("a page shown when another window writes is drawn again at the same page")
  func samePage() async {
    let (transcript, prompts) = await run([
      "categories", "",
      .otherWindow {
        await $0.insertUnannounced(
          .fixture(id: "new", day: "2025-11-11", amount: 30_500, category: "newcomer"))
      },
      .answer(.input(.changed(line: ""))), "", "q", "quit",
    ])
    #expect(
      prompts == [
        "-- 19/64 · Enter: more, q: stop -- ", "-- 38/64 · Enter: more, q: stop -- ",
        "-- 38/65 · Enter: more, q: stop -- ", "-- 57/65 · Enter: more, q: stop -- ",
      ])
    // Page 2 again (c45 to c28, and the newcomer between c31 and c30), then page 3.
    let screen = lastScreen(transcript)
    #expect(!screen.contains("c60"), "not the first page again: \(screen)")
    #expect(screen.contains("c45") && screen.contains("newcomer"), "page 2 again: \(screen)")
  }

  @Test("a page past the end of a list that got shorter shows its last page")
  func clamped() async {
    let (transcript, prompts) = await run([
      "categories", "", "",
      .otherWindow { store in
        for index in 10...49 { await store.deleteUnannounced(id: TransactionID("e\(index)")) }
      },
      .answer(.input(.changed(line: ""))), "quit",
    ])
    // 24 lines now: pages of lines 1–19 and 20–24; the third page shown is now the second.
    #expect(
      prompts == [
        "-- 19/64 · Enter: more, q: stop -- ", "-- 38/64 · Enter: more, q: stop -- ",
        "-- 57/64 · Enter: more, q: stop -- ",
      ])
    let screen = lastScreen(transcript)
    #expect(screen.contains("c01") && !screen.contains("c60"), "\(screen)")
  }
}
