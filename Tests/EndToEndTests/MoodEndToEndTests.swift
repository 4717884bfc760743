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

  @Test("the first write of a new ledger by mood, import or the REPL's mood says its currency once")
  func newLedgerNotice() async throws {
    let korean = "새 가계부를 KRW(으)로 만들었습니다 (로캘 ko_KR에 따라). 다른 통화로 쓰려면 "
    try await withSandbox { sandbox in
      let first = try await sandbox.run(["mood", "2025-11-03", "joy", "--locale", "ko"])
      #expect(first.status == 0 && first.err.hasPrefix(korean), "\(first)")
      #expect(first.err.filter { $0 == "\n" }.count == 1, "\(first)")
      let second = try await sandbox.run(["mood", "2025-11-04", "sad", "--locale", "ko"])
      #expect(second.status == 0 && second.err.isEmpty, "\(second)")
    }
    try await withSandbox { sandbox in
      let csv = sandbox.root.appendingPathComponent("bank.csv")
      try Data("date,memo,amount\n2025-11-03,coffee,-4.50\n".utf8).write(to: csv)
      let first = try await sandbox.run(["import", csv.path, "--locale", "en"])
      #expect(
        first.status == 0
          && first.err.hasPrefix("Started a new ledger in USD (chosen from the locale en_US)"),
        "\(first)")
      let second = try await sandbox.run(["mood", "2025-11-04", "sad", "--locale", "en"])
      #expect(second.status == 0 && second.err.isEmpty, "\(second)")
    }
    try await withSandbox { sandbox in
      let repl = try await sandbox.run(
        ["repl", "--locale", "ko"], stdin: "today\nmood 3 joy\nmood 4 sad\n")
      #expect(repl.status == 0 && repl.err.isEmpty, "\(repl)")
      let said = repl.out.components(separatedBy: "\n").filter {
        $0.hasPrefix("새 가계부를 KRW(으)로 만들었습니다")
      }
      #expect(said.count == 1, "\(repl)")
    }
  }
}
