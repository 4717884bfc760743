import Foundation
import HannunData
import HannunDomain
import HannunTestSupport
import Testing

@Suite("JSON file store: two writers at once")
struct ConcurrentWriterTests {
  @Test("two stores on one ledger (as in two windows) writing the same month lose nothing")
  func twoWritersSameMonth() async throws {
    try await withDataDirectory { data in
      let first = try await openStore(data)
      let second = try await openStore(data)
      try await first.insert(.fixture(id: "seed", day: "2025-11-01"))
      try await withThrowingTaskGroup(of: Void.self) { group in
        for (name, store) in [("a", first), ("b", second)] {
          group.addTask {
            for index in 0..<40 {
              try await store.insert(
                .fixture(id: "\(name)\(index)", day: "2025-11-\(10 + index % 20)"))
            }
          }
        }
        try await group.waitForAll()
      }
      let reader = try await openStore(data)
      let stored = try await reader.transactions(in: Fixtures.month("2025-11").dayRange)
      #expect(stored.count == 81)
      #expect(Set(stored.map(\.id)).count == 81)
    }
  }

  @Test("a failed write on a ledger that does not exist yet creates nothing, lock included")
  func noLockFileForNothing() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      await #expect(throws: LedgerError.unknownTransaction("nope")) {
        try await store.delete(id: TransactionID("nope"))
      }
      #expect(!FileManager.default.fileExists(atPath: data.path))
    }
  }
}
