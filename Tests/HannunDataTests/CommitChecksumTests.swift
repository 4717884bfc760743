import Foundation
import HannunDomain
import HannunTestSupport
import Testing

@testable import HannunData

/// Issue 22 item 4: a write that changes one file of the ledger commits without a journal, so
/// the journal's checksums of the files it prepares (a pass over each byte of a month file of
/// 833 entries, and of the catalog) are not taken; a write through the journal still records
/// them.
@Suite("Commit checksums: taken only for a journal")
struct CommitChecksumTests {
  @Test("an add, an edit and a delete take no journal checksum; a move records one of each file")
  func checksumsOnlyForAJournal() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      try await store.insert(.fixture(id: "a1", day: "2025-11-03", amount: 1_000))
      try await store.insert(.fixture(id: "b1", day: "2024-02-05", amount: 2_000))
      func checksummed(_ body: () async throws -> Void) async throws -> Int {
        let log = FileOperationLog()
        try await FileOperations.$log.withValue(log) { try await body() }
        return log.checksummedBytes
      }
      #expect(
        try await checksummed { try await store.insert(.fixture(id: "c1", day: "2025-11-04")) } == 0
      )
      #expect(
        try await checksummed {
          try await store.update(
            .fixture(id: "a1", day: "2025-11-03", amount: 1_000),
            to: .fixture(id: "a1", day: "2025-11-03", amount: 1_500))
        } == 0)
      #expect(
        try await checksummed { try await store.delete(.fixture(id: "c1", day: "2025-11-04")) } == 0
      )
      // A move changes two month files: its journal records each prepared file's checksum, and
      // recovery still checks them (CommitRecoveryTests).
      let moved = try await checksummed {
        try await store.update(
          .fixture(id: "a1", day: "2025-11-03", amount: 1_500),
          to: .fixture(id: "a1", day: "2024-02-06", amount: 1_500))
      }
      #expect(moved > 0)
      #expect(
        try await openStore(data).transaction(withID: TransactionID("a1"))?.day.iso == "2024-02-06")
    }
  }
}
