import Foundation
import Testing

@Suite("hannun export --format json / import of a backup, the built binary")
struct CLIBackupTests {
  @Test("a backup restored into a new folder shows the same months, budgets, rules and moods")
  func roundTrip() async throws {
    try await withSandbox { sandbox in
      _ = try await sandbox.add(
        "expense", "12000", category: "식비", memo: #"점심 "김밥""#, date: "2024-12-31")
      _ = try await sandbox.add("income", "3500000", category: "월급", date: "2025-01-25")
      _ = try await sandbox.add("expense", "4500", category: "카페", date: "2025-07-02")
      _ = try await sandbox.succeed(["budget", "set", "500000", "--from", "2025-01"])
      _ = try await sandbox.succeed([
        "budget", "set", "300000", "--category", "식비", "--from", "2025-07",
      ])
      _ = try await sandbox.succeed([
        "recurring", "add", "650000", "--monthly", "25", "--category", "월세", "--from", "2025-01-01",
      ])
      // Rent confirmed in January takes the month over its ₩500,000 budget: it says so.
      let confirmed = try await sandbox.run(["confirm", "r1", "2025-01-25"])
      #expect(confirmed.status == 0 && confirmed.err.contains("500,000"), "\(confirmed)")
      _ = try await sandbox.succeed(["skip", "r1", "2025-02-25"])
      _ = try await sandbox.succeed(["mood", "2025-07-02", "calm", "--note", "비 오는 날"])
      let backup = sandbox.root.appending(path: "ledger-backup.json").path
      _ = try await sandbox.succeed(["export", "--format", "json", "--output", backup])
      #expect(try DirectorySnapshot.mode(backup) & 0o777 == 0o600)

      let copy = sandbox.root.appending(path: "copy").path
      let restored = try await sandbox.run(
        ["import", backup, "--data", copy, "--locale", "en"], passData: false)
      #expect(restored.status == 0, "\(restored)")
      #expect(restored.out.contains("4 entries in 3 months"), "\(restored)")
      for view in [
        ["month", "2024-12", "--json"], ["month", "2025-01", "--json"],
        ["month", "2025-07", "--json"], ["budget", "2025-07", "--json"],
        ["recurring", "list", "--json"], ["mood", "2025-07-02"],
      ] {
        let original = try await sandbox.succeed(view)
        let copied = try await sandbox.run(view + ["--data", copy], passData: false)
        #expect(copied.status == 0 && copied.out == original.out, "\(view): \(copied)")
      }
      let again = try await sandbox.run(
        ["export", "--format", "json", "--data", copy], passData: false)
      #expect(again.out == (try String(contentsOfFile: backup, encoding: .utf8)))

      // The ledger it came from is not empty: refused, exit status 2, nothing written.
      let before = try sandbox.snapshot()
      let refused = try await sandbox.run(["import", backup, "--locale", "ko"])
      #expect(refused.status == 2 && refused.err.contains("--data"), "\(refused)")
      #expect(try sandbox.snapshot() == before)
    }
  }
}
