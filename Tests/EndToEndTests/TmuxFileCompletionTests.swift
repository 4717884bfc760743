import Foundation
import Testing

@Suite(
  "REPL in a terminal (tmux): file names",
  .enabled(if: Tmux.path != nil, "tmux is not installed (CI installs it: .ci/run)"))
struct TmuxFileCompletionTests {
  @Test("Tab completes import's file name; the completed file imports")
  func importFileName() async throws {
    try await withSandbox { sandbox in
      _ = try await sandbox.add("expense", "1000", category: "x", date: "2025-01-02")
      let folder = sandbox.root.appending(path: "statements")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data("date,memo,amount,category\n2025-01-03,점심,-12000,식비\n".utf8).write(
        to: folder.appending(path: "bank-2025-01.csv"))
      try Data().write(to: folder.appending(path: "notes.txt"))
      var prefix = folder.path(percentEncoded: false)
      while prefix.hasSuffix("/") { prefix.removeLast() }
      try await Tmux.run(sandbox: sandbox, environment: ["LANG": "en_US.UTF-8"], arguments: []) {
        pane in
        _ = try await pane.waitFor("the prompt") {
          $0.split(separator: "\n").contains { $0.hasSuffix(">") }
        }
        try await pane.type("import \(prefix)/ba")
        try await pane.send(keys: "Tab")
        _ = try await pane.waitFor("Tab completing the file name") {
          $0.contains("bank-2025-01.csv")
        }
        try await pane.send(keys: "Enter")
        _ = try await pane.waitFor("the import") { $0.contains("mported 1 entry") }
      }
      let day = try await sandbox.day("2025-01-03")
      let entries = objects(day["transactions"])
      #expect(entries.map { $0["category"] as? String } == ["식비"], "\(day)")
    }
  }
}
