import Foundation
import HannunApp
import HannunTestSupport
import Testing

/// `budget set` and `budget remove` report what they did: a damaged month file, even the month
/// the budget starts in, does not turn a saved budget into a failure.
@MainActor
@Suite("hannun budget set and remove beside a damaged month, in process")
struct BudgetSaveStatusTests {
  let folder: TemporaryFolder
  var data: URL { folder.appending("data") }

  init() throws { folder = try TemporaryFolder(prefix: "hannun-budget-status-tests") }

  /// A ledger whose October 2025 file does not parse.
  private func damagedOctober() async throws {
    for date in ["2025-10-03", "2025-11-03"] {
      let run = await hannun(
        ["add", "--expense", "1000", "--category", "food", "--date", date, "--currency", "KRW"],
        data: data)
      #expect(run.status == 0, "\(run)")
    }
    try Data("garbage\n".utf8).write(
      to: data.appending(path: "ledger/2025/2025-10.json"))
  }

  @Test(
    "set and remove from the damaged month save, say so and exit 0",
    arguments: ["en", "ko"])
  func setAndRemoveReportWhatTheyDid(locale: String) async throws {
    try await damagedOctober()
    let set = await hannun(
      ["budget", "set", "50000", "--from", "2025-10", "--locale", locale], data: data)
    #expect(set.status == 0 && set.err.isEmpty, "\(set)")
    #expect(set.out.contains("2025") && !set.out.isEmpty, "\(set)")
    let stored = try String(
      contentsOf: data.appending(path: "ledger/budgets.json"), encoding: .utf8)
    #expect(stored.contains("\"from\" : \"2025-10\""), "\(stored)")

    let removed = await hannun(
      ["budget", "remove", "--from", "2025-10", "--locale", locale], data: data)
    #expect(removed.status == 0 && removed.err.isEmpty, "\(removed)")

    // Looking at the damaged month is a different command, and names the file.
    let shown = await hannun(["budget", "2025-10", "--locale", locale], data: data)
    #expect(shown.status == 1 && shown.err.contains("2025-10.json"), "\(shown)")
  }
}
