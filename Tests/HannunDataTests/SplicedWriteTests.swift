import Foundation
import HannunDomain
import HannunTestSupport
import Testing

@testable import HannunData

/// Writes that splice a month file instead of re-encoding it must leave exactly what the whole
/// re-encoding would: the same bytes, the same totals, the same entries.
@Suite("Spliced writes")
struct SplicedWriteTests {
  @Test(
    "random adds, edits, moves and deletes leave canonical files, true totals and every entry",
    arguments: [1 as UInt64, 2, 3])
  func randomWrites(seed: UInt64) async throws {
    try await withDataDirectory { data in
      var random = SplitMix64(seed: seed)
      let store = try await openStore(data)
      var model: [TransactionID: Transaction] = [:]
      let months = ["2025-10", "2025-11", "2025-12"]
      let categories = ["food", "rent", "식비", "salary"]
      func randomEntry(id: TransactionID, created stamp: Date? = nil) -> Transaction {
        let month = months[Int.random(in: 0..<months.count, using: &random)]
        let day = String(format: "%02d", Int.random(in: 1...28, using: &random))
        // Few distinct stamps, so that entries often tie on day and stamp and fall to the id.
        let created = Date(
          timeIntervalSince1970: 1_700_000_000 + Double(Int.random(in: 0...3, using: &random)))
        return .fixture(
          id: id.rawValue, day: "\(month)-\(day)",
          kind: Bool.random(using: &random) ? .expense : .income,
          amount: Int64.random(in: 1...90_000, using: &random),
          category: categories[Int.random(in: 0..<categories.count, using: &random)],
          memo: Bool.random(using: &random) ? "" : "메모 \"\(model.count)\"",
          created: stamp ?? created)
      }
      for step in 0..<160 {
        let existing = model.keys.sorted()
        let choice = existing.count < 5 ? 0 : Int.random(in: 0..<4, using: &random)
        switch choice {
        case 0, 1:
          let entry = randomEntry(id: TransactionID(String(format: "e%03d", step)))
          try await store.insert(entry)
          model[entry.id] = entry
        case 2:
          let id = existing[Int.random(in: 0..<existing.count, using: &random)]
          let current = try #require(model[id])
          let updated = randomEntry(id: id, created: current.createdAt)
          try await store.update(current, to: updated)
          model[id] = updated
        default:
          let id = existing[Int.random(in: 0..<existing.count, using: &random)]
          try await store.delete(try #require(model[id]))
          model[id] = nil
        }
      }
      // Every month file is byte for byte what re-encoding its entries in list order gives.
      for month in months {
        let url = monthFile(data, month)
        guard exists(url) else { continue }
        let bytes = try Data(contentsOf: url)
        let document = try MonthDocument(
          decoding: bytes, month: try YearMonth(iso: month), path: url.path)
        #expect(document.encoded() == bytes, "\(month) is not in canonical form")
      }
      // A new store, reading files and index from disk, sees the model.
      let fresh = try await openStore(data)
      let stored = try await fresh.transactions(
        in: Fixtures.day("2025-10-01")...Fixtures.day("2025-12-31"))
      #expect(Dictionary(uniqueKeysWithValues: stored.map { ($0.id, $0) }) == model)
      let range = try YearMonth(iso: "2025-10")...YearMonth(iso: "2025-12")
      let totals = try await fresh.categoryTotals(in: range)
      let expected = try months.map(YearMonth.init(iso:)).compactMap {
        month -> MonthCategoryTotals? in
        let entries = model.values.filter { $0.day.yearMonth == month }
        return entries.isEmpty ? nil : try MonthCategoryTotals(month: month, transactions: entries)
      }
      #expect(totals == expected)
    }
  }

  @Test("records a newer Hannun wrote keep their bytes when their month is spliced")
  func unknownFieldsKept() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      try await store.insert(.fixture(id: "a1", day: "2025-11-03"))
      // A newer Hannun's record, in this version's layout, with a field this one does not know.
      let url = monthFile(data, "2025-11")
      var text = try String(contentsOf: url, encoding: .utf8)
      let newer = #""tags":["점심"],"updatedAt""#
      text = text.replacingOccurrences(of: #""updatedAt""#, with: newer)
      try plant(text, at: url)
      // The next writer rebuilds its index from the file it has not seen, then splices.
      let writer = try await openStore(data)
      try await writer.insert(.fixture(id: "b2", day: "2025-11-01"))
      try await writer.update(
        .fixture(id: "b2", day: "2025-11-01"), to: .fixture(id: "b2", day: "2025-11-09", amount: 5))
      let after = try String(contentsOf: url, encoding: .utf8)
      #expect(after.contains(newer))
      #expect(after.components(separatedBy: "\"id\"").count == 3)
      let fresh = try await openStore(data)
      #expect(
        try await fresh.transaction(withID: TransactionID("a1"))
          == .fixture(id: "a1", day: "2025-11-03"))
    }
  }

  @Test("a stale edit or delete found by the spliced path writes nothing and names the entry now")
  func staleIsRefused() async throws {
    try await withDataDirectory { data in
      let first = try await openStore(data)
      let original = Transaction.fixture(id: "s1", day: "2025-11-03", amount: 100)
      try await first.insert(original)
      try await first.insert(.fixture(id: "s2", day: "2025-11-04"))
      let second = try await openStore(data)
      let changed = Transaction.fixture(id: "s1", day: "2025-11-03", amount: 200)
      try await second.update(original, to: changed)
      let before = try snapshot(data)
      await #expect(throws: LedgerError.staleTransaction(expected: original, current: changed)) {
        try await first.update(original, to: .fixture(id: "s1", day: "2025-12-03", amount: 300))
      }
      await #expect(throws: LedgerError.staleTransaction(expected: original, current: changed)) {
        try await first.delete(original)
      }
      #expect(try snapshot(data) == before)
    }
  }
  @Test("a month a read mapped is read again for a write when another store changed it since")
  func mappedMonthIsReadAgainAfterAnotherWrite() async throws {
    try await withDataDirectory { data in
      let first = try await openStore(data)
      let mine = Transaction.fixture(id: "m1", day: "2025-11-03", amount: 100)
      let theirs = Transaction.fixture(id: "t1", day: "2025-11-05", amount: 700)
      try await first.insert(mine)
      try await first.insert(theirs)
      // The first store reads its entry, and so maps November, as an edit does before saving.
      #expect(try await first.transaction(withID: mine.id) == mine)
      let second = try await openStore(data)
      let theirsNow = Transaction.fixture(id: "t1", day: "2025-11-05", amount: 900)
      try await second.update(theirs, to: theirsNow)
      // The first store's move splices November as it is now: the other change stays.
      let moved = Transaction.fixture(id: "m1", day: "2026-01-15", amount: 100)
      try await first.update(mine, to: moved)
      let fresh = try await openStore(data)
      let november = try await fresh.transactions(
        in: Fixtures.day("2025-11-01")...Fixtures.day("2025-11-30"))
      #expect(november == [theirsNow])
      #expect(try await fresh.transaction(withID: mine.id) == moved)
    }
  }

  @Test("after a write, the recorded listing is every folder as it is now")
  func listingAfterWriteIsCurrent() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      func check() async throws {
        // `listing.json` with the folders the change log's writes saw since.
        let recorded = try #require(await store.recordedListingWithLog())
        #expect(recorded == (await store.currentListingStamp(years: recorded.years)))
      }
      try await store.insert(.fixture(id: "a1", day: "2024-11-03"))
      try await store.insert(.fixture(id: "b1", day: "2025-11-03"))
      try await store.insert(.fixture(id: "c1", day: "2023-02-03"))
      try await check()
      // A move between years, into a year that has no folder yet.
      try await store.update(
        .fixture(id: "a1", day: "2024-11-03"), to: .fixture(id: "a1", day: "2026-01-15"))
      try await check()
      // The last entry of a year removed; an entry moved within its month.
      try await store.delete(.fixture(id: "c1", day: "2023-02-03"))
      try await check()
      try await store.update(
        .fixture(id: "b1", day: "2025-11-03"), to: .fixture(id: "b1", day: "2025-11-20"))
      try await check()
      // The next store trusts that listing, and finds every entry.
      let next = try await openStore(data)
      #expect(
        try await next.transaction(withID: TransactionID("a1"))?.day == Fixtures.day("2026-01-15"))
      #expect(try await next.transaction(withID: TransactionID("c1")) == nil)
    }
  }
}
