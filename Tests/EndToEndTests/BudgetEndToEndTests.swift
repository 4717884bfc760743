import Foundation
import Testing

/// `hannun budget` and the budget in the REPL, run as the built binary.
@Suite("Budgets, end to end")
struct BudgetEndToEndTests {
  @Test("set, change mid-year and remove budgets; --json follows; adds over budget are told")
  func budgetsThroughTheBinary() async throws {
    try await withSandbox { sandbox in
      _ = try await sandbox.add("expense", "250000", category: "식비", date: "2025-03-10")
      _ = try await sandbox.succeed([
        "budget", "set", "30만", "--category", "식비", "--from", "2025-01",
      ])
      _ = try await sandbox.succeed([
        "budget", "set", "40만", "--category", "식비", "--from", "2025-07",
      ])
      _ = try await sandbox.succeed(["budget", "remove", "--category", "식비", "--from", "2025-10"])
      let march = try await sandbox.succeed(["budget", "2025-03", "--json"])
      #expect(
        march.out
          == #"{"month":"2025-03","total":null,"categories":[{"category":"식비","limit":300000,"#
          + #""spent":250000,"remaining":50000}]}"# + "\n")
      let august = try await sandbox.succeed(["budget", "2025-08", "--json"])
      #expect(august.out.contains(#""limit":400000,"spent":0,"remaining":400000"#), "\(august)")
      let october = try await sandbox.succeed(["budget", "2025-10", "--json"])
      #expect(october.out == #"{"month":"2025-10","total":null,"categories":[]}"# + "\n")

      let over = try await sandbox.run(
        ["add", "--expense", "6만", "--category", "식비", "--date", "2025-03-11", "--locale", "ko"])
      #expect(over.status == 0, "\(over)")
      #expect(over.err == "2025년 3월 '식비' 예산을 ₩10,000 넘었습니다 (₩310,000 / ₩300,000)\n")
      let stored = try String(
        decoding: Data(contentsOf: sandbox.data.appendingPathComponent("ledger/budgets.json")),
        as: UTF8.self)
      #expect(stored.contains(#""limitMinor" : null"#))
    }
  }

  @Test("the REPL's budget commands and the header, from a script")
  func scriptedREPL() async throws {
    try await withSandbox { sandbox in
      _ = try await sandbox.add("expense", "250000", category: "식비", date: "2025-11-03")
      let script = """
        go 2025-11
        budget set 200만 --from 2025-11
        budget set 20만 식비
        go 2025-11
        month
        quit

        """
      let result = try await sandbox.run(["--locale", "en"], stdin: script)
      #expect(result.status == 0 && result.err.isEmpty, "\(result)")
      #expect(result.out.contains("The whole budget is ₩2,000,000 a month from November 2025"))
      #expect(result.out.contains("  식비  ₩250,000 /   ₩200,000"), "\(result)")
      #expect(result.out.contains("₩50,000 over"))
      #expect(result.out.contains("Budget ₩1,750,000 left"), "\(result)")
      #expect(!result.stdoutHasESC)
    }
  }

  @Test(
    "six budget writers at once, each for its own category: none is refused and none overwrites another"
  )
  func concurrentWriters() async throws {
    try await withSandbox { sandbox in
      _ = try await sandbox.succeed([
        "budget", "set", "1", "--from", "2025-01", "--currency", "KRW",
      ])
      let results = try await withThrowingTaskGroup(of: (Int, RunResult).self) { group in
        for number in 1...6 {
          group.addTask {
            let result = try await sandbox.run([
              "budget", "set", "\(number * 1000)", "--category", "c\(number)", "--from", "2025-01",
              "--locale", "en",
            ])
            return (number, result)
          }
        }
        var results: [(Int, RunResult)] = []
        for try await result in group { results.append(result) }
        return results
      }
      var stored: Set<String> = []
      for (number, result) in results {
        // Different categories do not conflict: their changes merge under the lock.
        #expect(result.status == 0, "\(result)")
        stored.insert(#"{"category":"c\#(number)","limit":\#(number * 1000),"#)
      }
      #expect(stored.count == 6)
      let shown = try await sandbox.succeed(["budget", "2025-01", "--json"]).out
      for member in stored { #expect(shown.contains(member), "\(shown)") }
      #expect(shown.components(separatedBy: #""category""#).count - 1 == stored.count, "\(shown)")
    }
  }
}
