import Foundation
import HannunData
import HannunDomain
import HannunTestSupport
import Testing

/// Three months and a bystander, as a store holds them.
private func seeded(_ data: URL) async throws -> (JSONFileTransactionStore, [Transaction]) {
  let store = try await openStore(data)
  let entries: [Transaction] = [
    .fixture(id: "a", day: "2025-10-02", amount: 8_000, category: "식당"),
    .fixture(id: "b", day: "2025-11-03", amount: 12_000, category: "식당"),
    .fixture(id: "c", day: "2026-01-04", kind: .income, amount: 500, category: "식당"),
    .fixture(id: "d", day: "2025-11-05", amount: 4_500, category: "cafe"),
  ]
  for entry in entries { try await store.insert(entry) }
  return (store, entries)
}

private func renamed(_ entry: Transaction, _ category: String) -> Transaction {
  var copy = entry
  copy.category = category
  return copy
}

@Suite("JSON file store: batches of changes in one commit")
struct BatchWriteTests {
  @Test("a batch over three months and two years is one commit and one change of every month")
  func batchAcrossMonths() async throws {
    try await withDataDirectory { data in
      let (store, entries) = try await seeded(data)
      let (revision, changes) = await store.subscribe()
      var iterator = changes.makeAsyncIterator()
      var moved = entries[3]
      moved.day = Fixtures.day("2025-12-24")
      let added = Transaction.fixture(id: "n", day: "2027-03-01", category: "new")
      try await store.apply(
        entries.prefix(3).map { .update($0, to: renamed($0, "외식")) }
          + [.update(entries[3], to: moved), .insert(added)])
      let change = await iterator.next()
      #expect(
        change?.months
          == Set(["2025-10", "2025-11", "2025-12", "2026-01", "2027-03"].map(Fixtures.month)))
      #expect(change?.revision == revision + 1)
      #expect(await store.latestRevision() == revision + 1)

      // A new store reads the files (and the index) the commit left.
      let reopened = try await openStore(data)
      let all = try await reopened.transactions(
        in: Fixtures.day("2025-01-01")...Fixtures.day("2027-12-31"))
      #expect(all.filter { $0.category == "외식" }.map(\.id.rawValue).sorted() == ["a", "b", "c"])
      #expect(try await reopened.transaction(withID: TransactionID("d")) == moved)
      #expect(try await reopened.transaction(withID: TransactionID("n")) == added)
      let totals = try await reopened.categoryTotals(in: YearMonth.supportedRange)
      #expect(!totals.contains { $0.totals.contains { $0.category == "식당" } })
    }
  }

  @Test("one stale, missing or taken entry in a batch leaves every file byte-for-byte unchanged")
  func staleBatchWritesNothing() async throws {
    try await withDataDirectory { data in
      let (store, entries) = try await seeded(data)
      let before = try snapshot(data)
      var stale = entries[2]
      stale.memo = "not what is stored"
      let good = entries.prefix(2).map { EntryChange.update($0, to: renamed($0, "x")) }
      await #expect(throws: LedgerError.staleTransaction(expected: stale, current: entries[2])) {
        try await store.apply(good + [.update(stale, to: renamed(stale, "x"))])
      }
      let ghost = Transaction.fixture(id: "ghost", day: "2025-11-09")
      await #expect(throws: LedgerError.staleTransaction(expected: ghost, current: nil)) {
        try await store.apply(good + [.delete(ghost)])
      }
      await #expect(throws: LedgerError.duplicateTransaction(TransactionID("d"))) {
        try await store.apply(good + [.insert(.fixture(id: "d", day: "2030-01-01"))])
      }
      #expect(try snapshot(data) == before)
      #expect(await store.latestRevision() == UInt64(entries.count))
      // Another store changed an entry after this batch was planned: the stale-entry rule.
      try await openStore(data).update(renamed(entries[1], "elsewhere"))
      let changed = try snapshot(data)
      await #expect(throws: LedgerError.self) {
        try await store.apply(entries.prefix(3).map { .update($0, to: renamed($0, "x")) })
      }
      #expect(try snapshot(data) == changed)
      #expect(before != changed)
    }
  }

  @Test("a batch that meets a damaged month file changes no month at all")
  func damagedMonthWritesNothing() async throws {
    try await withDataDirectory { data in
      let (_, entries) = try await seeded(data)
      try plant("not json {", at: monthFile(data, "2026-01"))
      let before = try snapshot(data)
      await #expect(throws: LedgerError.self) {
        try await openStore(data).apply(
          entries.prefix(3).map { .update($0, to: renamed($0, "외식")) })
      }
      #expect(try snapshot(data) == before)
    }
  }

  @Test("changes apply in order: a moved entry moves again, a deleted id can be inserted")
  func sequentialSemantics() async throws {
    try await withDataDirectory { data in
      let (store, entries) = try await seeded(data)
      var first = entries[0]
      first.day = Fixtures.day("2025-12-01")
      var second = first
      second.day = Fixtures.day("2026-02-01")
      let replacement = Transaction.fixture(id: "d", day: "2026-03-03", category: "again")
      try await store.apply([
        .update(entries[0], to: first), .update(first, to: second), .delete(entries[3]),
        .insert(replacement),
      ])
      let reopened = try await openStore(data)
      #expect(try await reopened.transaction(withID: TransactionID("a")) == second)
      #expect(try await reopened.transaction(withID: TransactionID("d")) == replacement)
      #expect(!exists(monthFile(data, "2025-10")), "a month left empty loses its file")
      #expect(!exists(monthFile(data, "2025-12")), "the stop on the way is not written")
      let november = try await reopened.transactions(in: Fixtures.month("2025-11").dayRange)
      #expect(november.map(\.id.rawValue) == ["b"])
    }
  }

  @Test("fields a newer Hannun wrote stay with a renamed entry")
  func unknownFieldsKept() async throws {
    try await withDataDirectory { data in
      let record = recordJSON(id: "r1").replacing(
        #""id":"r1""#, with: #""id":"r1","receipt":{"shop":"GS25"}"#)
      try plant(monthJSON(records: [record]), at: monthFile(data, "2025-11"))
      let store = try await openStore(data)
      let current = try #require(try await store.transaction(withID: TransactionID("r1")))
      try await store.apply([.update(current, to: renamed(current, "renamed"))])
      let month = try jsonObject(monthFile(data, "2025-11"))
      let records = try #require(month["transactions"] as? [[String: Any]])
      #expect(records.first?["category"] as? String == "renamed")
      #expect((records.first?["receipt"] as? [String: Any])?["shop"] as? String == "GS25")
    }
  }

  @Test("an empty batch writes and publishes nothing")
  func emptyBatch() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      try await store.apply([])
      #expect(!exists(data))
      #expect(await store.latestRevision() == 0)
    }
  }
}
