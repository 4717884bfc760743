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

  @Test(
    "a move's journal hashes only what its two month files held, once each, from the bytes it mapped"
  )
  func moveHashesEachFileOnce() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      for day in 1...20 {
        try await store.insert(.fixture(id: "n\(day)", day: "2025-11-\(10 + day % 9)"))
        try await store.insert(.fixture(id: "f\(day)", day: "2024-02-\(10 + day % 9)"))
      }
      func size(_ month: String) throws -> Int {
        try Data(contentsOf: data.appending(path: "ledger/\(month.prefix(4))/\(month).json")).count
      }
      let held = try size("2025-11") + size("2024-02")
      let log = FileOperationLog()
      try await FileOperations.$log.withValue(log) {
        try await store.update(
          .fixture(id: "n1", day: "2025-11-11"), to: .fixture(id: "n1", day: "2024-02-20"))
      }
      // Each new month file was hashed once, for the change log and the journal alike (not
      // counted here, as the log's checksum is not the journal's); what the two files held was
      // hashed from the bytes the write had mapped.
      #expect(log.checksummedBytes == held)
      let reopened = try await openStore(data)
      #expect(try await reopened.transaction(withID: TransactionID("n1"))?.day.iso == "2024-02-20")
      let november = Fixtures.day("2025-11-01")...Fixtures.day("2025-11-30")
      #expect(try await reopened.transactions(in: november).count == 19)
    }
  }
}
