import Foundation
import Testing

@Suite("Recurring entries, end to end")
struct RecurringEndToEndTests {
  /// A ledger with rent on the 31st (so the month's last day) from January to June 2025.
  private func rent(_ sandbox: Sandbox) async throws {
    _ = try await sandbox.succeed([
      "recurring", "add", "--monthly", "31", "650000", "--category", "월세", "--memo", "집",
      "--from", "2025-01-01", "--until", "2025-06-30", "--currency", "KRW",
    ])
  }

  @Test("two processes confirming the same occurrence at once post it once")
  func doubleConfirmation() async throws {
    try await withSandbox { sandbox in
      try await rent(sandbox)
      for date in ["2025-01-31", "2025-02-28", "2025-03-31"] {
        async let first = sandbox.run(["confirm", "r1", date])
        async let second = sandbox.run(["confirm", "r1", date])
        let results = try await [first, second]
        #expect(results.filter { $0.status == 0 }.count == 1, "\(results)")
        let refused = try #require(results.first { $0.status != 0 })
        #expect(refused.status == 1 && refused.err.contains("already confirmed"), "\(refused)")
        let day = try await sandbox.day(date)
        #expect(objects(day["transactions"]).count == 1, "\(date): \(day)")
      }
    }
  }

  @Test("two processes confirming everything due at once post each occurrence once")
  func doubleConfirmAll() async throws {
    try await withSandbox { sandbox in
      try await rent(sandbox)
      async let first = sandbox.run(["confirm", "--all"])
      async let second = sandbox.run(["confirm", "--all"])
      let results = try await [first, second]
      #expect(results.allSatisfy { $0.status == 0 }, "\(results)")
      let ids = results.flatMap { $0.out.split(separator: "\n") }
      #expect(ids.count == 6, "\(results)")
      for month in ["2025-01", "2025-02", "2025-03", "2025-04", "2025-05", "2025-06"] {
        let shown = try await sandbox.month(month)
        #expect(decimal(shown["expense"]) == 650_000, "\(month): \(shown)")
        #expect(objects(shown["planned"]).isEmpty, "\(month): \(shown)")
      }
      let due = try await sandbox.succeed(["due", "--json"]).object()
      #expect(objects(due["due"]).isEmpty)
    }
  }

  @Test("month --json lists planned occurrences; showing and listing what is due write nothing")
  func readingNeverWrites() async throws {
    try await withSandbox { sandbox in
      try await rent(sandbox)
      _ = try await sandbox.succeed(["skip", "r1", "2025-03-31"])
      _ = try await sandbox.succeed(["change", "r1", "2025-04-30", "--amount", "700000"])
      let before = try sandbox.snapshot()
      let february = try await sandbox.month("2025-02")
      #expect(
        objects(february["planned"]).map { $0["date"] as? String } == ["2025-02-28"],
        "\(february)")
      #expect(decimal(february["expense"]) == 0)
      #expect(objects(try await sandbox.month("2025-03")["planned"]).isEmpty)
      let april = objects(try await sandbox.month("2025-04")["planned"])
      #expect(decimal(april.first?["amount"]) == 700_000 && april.first?["rule"] as? String == "r1")
      _ = try await sandbox.succeed(["due"])
      _ = try await sandbox.succeed(["due", "--json"])
      _ = try await sandbox.succeed(["recurring", "list", "--json"])
      _ = try await sandbox.succeed(["month", "2025-02"])
      #expect(try sandbox.snapshot() == before)
    }
  }
}
