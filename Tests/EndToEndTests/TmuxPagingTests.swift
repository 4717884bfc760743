import Foundation
import Testing

/// Long screens in a real terminal: `year` is taller than 24 rows (and than 20), so it is shown a
/// page at a time with a prompt on the last row; Enter shows the next page, `q` stops.
@Suite(
  "Paging in a terminal (tmux)",
  .enabled(if: Tmux.path != nil, "tmux is not installed (CI installs it: .ci/run)"),
  .serialized)
struct TmuxPagingTests {
  @Test(
    "year at 80×24 and 40×20: the top first, Enter for the next page, q back to the prompt",
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
        try await pane.send(keys: "Enter")
        let second = try await pane.waitFor("the second page") {
          $0.contains("-- \(2 * (rows - 1))/")
        }
        #expect(!second.contains("-- \(rows - 1)/"), "the prompt's line is wiped: \(second)")
        try await pane.type("q")
        try await pane.send(keys: "Enter")
        _ = try await pane.waitFor("the command prompt after q") {
          $0.split(separator: "\n").last?.hasPrefix(today.month + ">") == true
        }
      } catch {
        await pane.close()
        throw error
      }
      await pane.close()
    }
  }
}
