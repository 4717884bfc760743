import Foundation
import Testing

/// A screen shown a page at a time follows another window's writes as the calendar does: the
/// page on screen is drawn again, at the same page, without a key.
@Suite(
  "A pager page beside another window (tmux)",
  .enabled(if: Tmux.path != nil, "tmux is not installed (CI installs it: .ci/run)"),
  .serialized)
struct TmuxPagerFollowsLedgerTests {
  @Test("another window's write redraws the categories page on screen, at its page")
  func categoriesPageRedraws() async throws {
    try await withSandbox { sandbox in
      let today = SeoulToday()
      // Thirty categories: the list is taller than 24 rows.
      for index in 1...30 {
        _ = try await sandbox.add(
          "expense", String(index * 100), category: "c\(index)", date: today.iso)
      }
      try await Tmux.run(sandbox: sandbox, environment: ["LANG": "ko_KR.UTF-8"], arguments: []) {
        pane in
        _ = try await pane.waitFor("the prompt") { $0.contains(today.month + ">") }
        try await pane.type("categories")
        try await pane.send(keys: "Enter")
        let first = try await pane.waitFor("the first page") { $0.contains("-- 23/34줄") }
        #expect(!first.contains("바깥"), "\(first)")
        // The largest category, so it lands on the page on screen.
        _ = try await sandbox.add("expense", "9999999", category: "바깥", date: today.iso)
        let redrawn = try await pane.waitFor("the page drawn again", timeout: .seconds(15)) {
          $0.contains("바깥") && $0.contains("-- 23/35줄")
        }
        #expect(redrawn.contains("c30"), "still the first page: \(redrawn)")
        // The pager still answers one key at a time.
        try await pane.type("q")
        _ = try await pane.waitFor("the command prompt after q") {
          $0.split(separator: "\n").last?.hasPrefix(today.month + ">") == true
        }
      }
    }
  }
}
