import Foundation
import Testing

/// Long screens in a real terminal: `year` is taller than 24 rows (and than 20), so it is shown a
/// page at a time with a prompt on the last row; Enter or Space shows the next page, `q` stops,
/// each at one key.
@Suite(
  "Paging in a terminal (tmux)",
  .enabled(if: Tmux.path != nil, "tmux is not installed (CI installs it: .ci/run)"),
  .serialized)
struct TmuxPagingTests {
  @Test(
    "year at 80×24 and 40×20: the top first, Enter or Space for the next page, q alone back to the prompt",
    arguments: [(80, 24), (40, 20)])
  func yearPages(columns: Int, rows: Int) async throws {
    try await withSandbox { sandbox in
      let today = SeoulToday()
      let pane = try await Tmux(
        sandbox: sandbox, environment: ["LANG": "ko_KR.UTF-8"], arguments: [],
        columns: columns, rows: rows)
      do {
        _ = try await pane.waitFor("the prompt") { $0.contains(today.month + ">") }
        try await pane.type("year")
        try await pane.send(keys: "Enter")
        let first = try await pane.waitFor("the first page") { $0.contains("-- \(rows - 1)/") }
        #expect(first.contains("\(today.year)년") && first.contains("1월"), "\(first)")
        // Space alone shows the next page, and q alone stops: one key each, as in `more`.
        try await pane.send(keys: "Space")
        let second = try await pane.waitFor("the second page") {
          $0.contains("-- \(2 * (rows - 1))/")
        }
        #expect(!second.contains("-- \(rows - 1)/"), "the prompt's line is wiped: \(second)")
        try await pane.type("q")
        _ = try await pane.waitFor("the command prompt after q") {
          $0.split(separator: "\n").last?.hasPrefix(today.month + ">") == true
        }
        // The next command is read as a line again, not a key at a time.
        try await pane.type("day 3")
        try await pane.send(keys: "Enter")
        _ = try await pane.waitFor("the day after the pager") { $0.contains(" 3일 (") }
      } catch {
        await pane.close()
        throw error
      }
      await pane.close()
    }
  }
}

/// `help` in a narrow terminal: the overview is laid out for the width, not broken by it.
@Suite(
  "help in a narrow terminal (tmux)",
  .enabled(if: Tmux.path != nil, "tmux is not installed (CI installs it: .ci/run)"),
  .serialized)
struct TmuxNarrowHelpTests {
  @Test(
    "help at 40×20, Korean and English: no command is broken across lines, lists are indented",
    arguments: ["ko_KR.UTF-8", "en_US.UTF-8"])
  func helpAtForty(language: String) async throws {
    try await withSandbox { sandbox in
      let today = SeoulToday()
      let pane = try await Tmux(
        sandbox: sandbox, environment: ["LANG": language], arguments: [], columns: 40, rows: 20)
      do {
        _ = try await pane.waitFor("the prompt") { $0.contains(today.month + ">") }
        try await pane.type("help")
        try await pane.send(keys: "Enter")
        let first = try await pane.waitFor("the first page") { $0.contains("-- 19/") }
        try await pane.send(keys: "Enter")
        let second = try await pane.waitFor("the prompt after help") {
          $0.split(separator: "\n").last?.hasPrefix(today.month + ">") == true
        }
        let screens = first + "\n" + second
        let lines = screens.split(separator: "\n").map(String.init)
        let items = [
          "go YYYY-MM (g)", "firstweekday 1-7 (fw)", "delete N (del, rm)", "report [year]",
          "recurring (rec)", "due (confirm, skip, change)", "quit (q)",
        ]
        let broken = items.filter { item in !lines.contains { $0.contains(item) } }
        #expect(broken.isEmpty, "broken across lines: \(broken) in \(screens)")
        // Each command list's line is indented under its group's name.
        let flush = lines.filter {
          ($0.contains(" (n),") || $0.contains("undo,")) && !$0.hasPrefix("  ")
        }
        #expect(flush.isEmpty, "not indented: \(flush) in \(screens)")
      } catch {
        await pane.close()
        throw error
      }
      await pane.close()
    }
  }
}
