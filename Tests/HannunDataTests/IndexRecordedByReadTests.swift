import Foundation
import HannunDomain
import HannunTestSupport
import Testing

@testable import HannunData

// Issue 22, item 3: no cliff on first open, and no cliff that repeats. A read that has to build
// the index records it, so the next process does not build it again; a read of a month or a
// year of a ledger without an index reads only those months' files.

/// A ledger of seven entries in five months of two years, written by the store, whose index is
/// then removed: a ledger that was never indexed, as `Scripts/generate-ledger.py` writes one.
private func unindexedLedger(_ data: URL) async throws {
  let store = try await openStore(data)
  let days = ["2024-03-02", "2024-12-05", "2025-10-02", "2025-11-03", "2025-11-04", "2025-11-20"]
  for (number, day) in days.enumerated() {
    try await store.insert(
      .fixture(id: "e\(number)", day: day, amount: Int64(1_000 * (number + 1))))
  }
  try await store.insert(.fixture(id: "i1", day: "2025-11-25", kind: .income, amount: 90_000))
  try FileManager.default.removeItem(at: indexFolder(data))
}

private func indexFolder(_ data: URL) -> URL { data.appending(path: "ledger/index") }

private func catalogFile(_ data: URL) -> URL { data.appending(path: "ledger/index/catalog.json") }

/// The ledger's own files (everything but `index/` and the lock holder's record), by path.
private func ledgerFiles(_ data: URL) throws -> [String: Data] {
  try snapshot(data).filter { !$0.key.contains("index/") && !$0.key.hasSuffix("lock-holder") }
}

private let everyMonth = Fixtures.month("2000-01")...Fixtures.month("2030-12")
private let november = Fixtures.day("2025-11-01")...Fixtures.day("2025-11-30")

@Suite("JSON file store: an index a read builds is recorded once")
struct IndexRecordedByReadTests {
  @Test("a read that builds the index records it: the next store's reads build nothing")
  func readRecordsIndex() async throws {
    try await withDataDirectory { data in
      try await unindexedLedger(data)
      let files = try ledgerFiles(data)
      let first = try await openStore(data)
      let totals = try await first.categoryTotals(in: everyMonth)
      #expect(await first.indexBuilds == 1)
      #expect(exists(catalogFile(data)), "the built index was not recorded")
      #expect(try ledgerFiles(data) == files, "only index/ is written")

      let next = try await openStore(data)
      #expect(try await next.categoryTotals(in: everyMonth) == totals)
      #expect(try await next.transactions(in: Day.supportedRange).count == 7)
      #expect(try await next.transaction(withID: TransactionID("e3"))?.day.iso == "2025-11-03")
      #expect(try await next.ids(startingWith: "e").count == 6)
      #expect(await next.indexBuilds == 0, "the recorded index was built again")
      #expect(await next.index?.unrecorded == false)
    }
  }

  @Test("while another process holds the lock, the read answers from memory; the next records")
  func lockHeldLeavesRecordToNext() async throws {
    try await withDataDirectory { data in
      try await unindexedLedger(data)
      let ledger = filePath(data.appending(path: "ledger"))
      // Another reader: the writers' lock cannot be taken while it reads.
      let other = try #require(
        try await POSIXFiles.lock(directory: ledger, exclusive: false, waitingAtMost: .seconds(1)))
      let first = try await openStore(data)
      #expect(try await first.transactions(in: Day.supportedRange).count == 7)
      #expect(await first.indexBuilds == 1)
      #expect(!exists(catalogFile(data)), "recorded under another process's lock")
      other.release()

      let second = try await openStore(data)
      #expect(try await second.transactions(in: Day.supportedRange).count == 7)
      #expect(await second.indexBuilds == 1)
      #expect(exists(catalogFile(data)))
      let third = try await openStore(data)
      #expect(try await third.transactions(in: Day.supportedRange).count == 7)
      #expect(await third.indexBuilds == 0)
    }
  }

  @Test("a month file saved by hand: the reader records the index, the next reads patch nothing")
  func handEditRecorded() async throws {
    try await withDataDirectory { data in
      try await unindexedLedger(data)
      _ = try await openStore(data).categoryTotals(in: everyMonth)
      try plant(
        monthJSON(month: "2025-09", records: [recordJSON(id: "s1", date: "2025-09-02")]),
        at: monthFile(data, "2025-09"))
      let files = try ledgerFiles(data)
      let reader = try await openStore(data)
      #expect(try await reader.transactions(in: Day.supportedRange).count == 8)
      #expect(try ledgerFiles(data) == files, "only index/ is written")

      let next = try await openStore(data)
      #expect(try await next.transaction(withID: TransactionID("s1"))?.day.iso == "2025-09-02")
      #expect(try await next.transactions(in: Day.supportedRange).count == 8)
      #expect(await next.indexBuilds == 0)
      #expect(await next.monthFilesDecoded <= 5, "each month once at most, nothing rebuilt")
      #expect(await next.index?.patchedInMemory == false)
    }
  }

  @Test("an id in two months found by a read is recorded as damage and named by the next reads")
  func clashRecorded() async throws {
    try await withDataDirectory { data in
      try await unindexedLedger(data)
      try plant(
        monthJSON(month: "2025-09", records: [recordJSON(id: "e3", date: "2025-09-02")]),
        at: monthFile(data, "2025-09"))
      for _ in 0..<2 {
        let reader = try await openStore(data)
        await #expect(throws: LedgerError.self) {
          _ = try await reader.categoryTotals(in: everyMonth)
        }
        await #expect(throws: LedgerError.self) {
          _ = try await reader.transactions(in: november)
        }
        let march = Fixtures.day("2024-03-01")...Fixtures.day("2024-03-31")
        #expect(try await reader.transactions(in: march).count == 1)
      }
      #expect(exists(catalogFile(data)))
      let last = try await openStore(data)
      await #expect(throws: LedgerError.self) { _ = try await last.transactions(in: november) }
      #expect(await last.indexBuilds == 0)
    }
  }

  @Test("a month or a year of a ledger without an index is read from its months' files alone")
  func shortReadsReadTheirMonths() async throws {
    try await withDataDirectory { data in
      try await unindexedLedger(data)
      let store = try await openStore(data)
      let entries = try await store.transactions(in: november)
      #expect(entries.map(\.id.rawValue).sorted() == ["e3", "e4", "e5", "i1"])
      #expect(await store.monthFilesDecoded == 1)
      #expect(await store.indexBuilds == 0, "a month waited for the whole index")
      let year = try await store.categoryTotals(
        in: Fixtures.month("2025-01")...Fixtures.month("2025-12"))
      #expect(year.map(\.month.iso) == ["2025-10", "2025-11"])
      #expect(await store.monthFilesDecoded == 2, "November from the cache, October read")
      #expect(await store.indexBuilds == 0, "a year waited for the whole index")
      #expect(!exists(catalogFile(data)), "nothing built, nothing recorded")
      // The same answers as from the whole index, which a read of every month builds.
      let all = try await store.categoryTotals(in: everyMonth)
      #expect(all.filter { $0.month.year == 2025 } == year)
      #expect(await store.indexBuilds == 1)
      #expect(try await store.transactions(in: november) == entries)
    }
  }
}
