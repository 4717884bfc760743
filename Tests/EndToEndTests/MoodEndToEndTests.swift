import Foundation
import Testing

/// The mood diary through the built binary: the REPL on a pipe sets and undoes moods, the file
/// is there for another process, and the one-shot commands read it.
@Suite("Mood diary, end to end")
struct MoodEndToEndTests {
  @Test("moods set in the REPL show in mode emotion, as tags on TERM=linux, and in month --json")
  func replAndCLI() async throws {
    try await withSandbox { sandbox in
      _ = try await sandbox.add("expense", "12000", date: "2025-11-03")
      let script =
        "go 2025-11-03\nmood 기쁨 월급날\nmood 4 tired\nmood 5 sad\nundo\nmode emotion\nmonth\n"
      let repl = try await sandbox.succeed(["repl", "--locale", "en"], stdin: script)
      #expect(repl.out.contains("Mood of 2025-11-03: 😊 joy (월급날)"), "\(repl)")
      #expect(repl.out.contains("Undid: mood of 2025-11-05: 😢 sad"), "\(repl)")
      #expect(repl.out.contains("            😊         😴\n"), "\(repl)")
      let linux = try await sandbox.succeed(
        ["repl", "--locale", "en"], stdin: "go 2025-11-03\nmode emotion\nmonth\n",
        environment: ["TERM": "linux"])
      #expect(linux.out.contains("            joy        tired\n"), "\(linux)")
      #expect(!linux.out.contains("😊"), "\(linux)")
      let month = try await sandbox.month("2025-11")
      let moods = objects(month["days"]).map { $0["mood"] as? String }
      #expect(moods[2] == "joy" && moods[3] == "tired" && moods[4] == nil, "\(moods)")
      #expect(objects(month["days"]).allSatisfy { $0.keys.contains("mood") })
      let file = sandbox.data.appendingPathComponent("ledger/moods.json")
      let stored = try String(decoding: Data(contentsOf: file), as: UTF8.self)
      #expect(stored.contains(#"{ "day" : "2025-11-03", "mood" : "joy", "note" : "월급날" }"#))
      let report = try await sandbox.succeed(["report", "--by-mood", "2025-11", "--json"])
      #expect(report.out.contains(#""mood":"joy","days":1,"expense":12000"#), "\(report)")
    }
  }
}
