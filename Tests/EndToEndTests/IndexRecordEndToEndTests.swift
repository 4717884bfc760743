import Foundation
import Testing

// Issue 22, item 3, against the built binary: a ledger without an index (as
// `Scripts/generate-ledger.py` writes one, or with `ledger/index/` removed) has it built once,
// by the first command that reads every month, and every command after uses the recorded one.

/// The inode and modification time of the index's catalog, or `nil` when there is none.
private func catalogStamp(_ sandbox: Sandbox) -> String? {
  let path = sandbox.data.appendingPathComponent("ledger/index/catalog.json").path
  guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else {
    return nil
  }
  return "\(attributes[.systemFileNumber] ?? "-") \(attributes[.modificationDate] ?? "-")"
}

@Suite("An index a read builds is recorded, end to end")
struct IndexRecordEndToEndTests {
  @Test("two reads of every month on a ledger without an index: the first builds and records it")
  func twoReadsBuildOnce() async throws {
    try await withSandbox { sandbox in
      _ = try await sandbox.add("expense", "4500", category: "식비", date: "2024-10-03")
      _ = try await sandbox.add("expense", "12000", category: "교통", date: "2025-11-05")
      _ = try await sandbox.add("income", "300000", category: "급여", date: "2025-11-25")
      try FileManager.default.removeItem(
        at: sandbox.data.appendingPathComponent("ledger/index"))

      // Two years: more than a read without an index answers from its months alone.
      let history = ["--from", "2024-01", "--to", "2025-12"]
      let first = try await sandbox.succeed(["report", "--json"] + history)
      #expect(first.out.contains("300000"))
      let recorded = try #require(catalogStamp(sandbox), "the first read recorded no index")
      let second = try await sandbox.succeed(["report", "--json"] + history)
      #expect(second.out == first.out)
      #expect(catalogStamp(sandbox) == recorded, "the second read built the index again")
      let categories = try await sandbox.succeed(["categories", "--json"] + history)
      #expect(categories.out.contains("교통"))
      #expect(catalogStamp(sandbox) == recorded)
    }
  }

  @Test("a month of a ledger without an index is shown without building the index")
  func monthWithoutIndex() async throws {
    try await withSandbox { sandbox in
      _ = try await sandbox.add("expense", "4500", category: "식비", date: "2024-10-03")
      _ = try await sandbox.add("expense", "12000", category: "교통", date: "2025-11-05")
      try FileManager.default.removeItem(
        at: sandbox.data.appendingPathComponent("ledger/index"))
      for _ in 0..<2 {
        let month = try await sandbox.month("2025-11")
        #expect(decimal(month["expense"]) == 12000, "\(month)")
        #expect(catalogStamp(sandbox) == nil, "a month built the whole index")
      }
    }
  }
}
