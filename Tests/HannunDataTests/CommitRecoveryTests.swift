import Foundation
import HannunData
import HannunDomain
import HannunTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Writes a journal as a writer killed right after committing would leave it: the new contents
/// in `pending/`, the journal naming them, nothing applied yet.
private func plantCommittedJournal(_ data: URL, files: [String: String?]) throws {
  let ledger = data.appending(path: "ledger")
  try FileManager.default.createDirectory(
    at: ledger.appending(path: "pending"), withIntermediateDirectories: true)
  var changes: [String] = []
  for (index, (path, contents)) in files.sorted(by: { $0.key < $1.key }).enumerated() {
    if let contents {
      let pending = "pending/p\(index).json"
      try Data(contents.utf8).write(to: ledger.appending(path: pending))
      changes.append(#"{"path":"\#(path)","pending":"\#(pending)"}"#)
    } else {
      changes.append(#"{"path":"\#(path)"}"#)
    }
  }
  let journal = #"{"schemaVersion":1,"changes":[\#(changes.joined(separator: ","))]}"#
  try Data(journal.utf8).write(to: ledger.appending(path: "journal.json"))
}

@Suite("JSON file store: commits, recovery and the index")
struct CommitRecoveryTests {
  @Test("a move committed but not applied is finished by the next reader: the entry is stored once")
  func readerFinishesCommittedMove() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      try await store.insert(.fixture(id: "m1", day: "2025-11-03"))
      try await store.insert(.fixture(id: "k1", day: "2025-11-04"))
      // The move of m1 to 2026-01-15, committed: November without it, January with it.
      let moved = recordJSON(id: "m1", date: "2026-01-15")
      try plantCommittedJournal(
        data,
        files: [
          "2025/2025-11.json": monthJSON(records: [recordJSON(id: "k1", date: "2025-11-04")]),
          "2026/2026-01.json": monthJSON(month: "2026-01", records: [moved]),
          "index/catalog.json": "{}",
        ])

      let reader = try await openStore(data)
      let all = try await reader.transactions(in: Day.range("2025-11-01", "2026-01-31"))
      #expect(all.map(\.id.rawValue).sorted() == ["k1", "m1"])
      #expect(try await reader.transaction(withID: TransactionID("m1"))?.day.iso == "2026-01-15")
      #expect(!exists(data.appending(path: "ledger/journal.json")))
      #expect(
        try FileManager.default.contentsOfDirectory(
          atPath: filePath(data.appending(path: "ledger/pending"))
        ).isEmpty)
      // The index was damaged ("{}") by the planted catalog: it is rebuilt, and writes work.
      try await reader.insert(.fixture(id: "n1", day: "2026-01-16"))
      #expect(try await reader.transaction(withID: TransactionID("m1"))?.day.iso == "2026-01-15")
    }
  }

  @Test("a journal applied halfway (one file renamed, one still pending) is finished, not doubled")
  func halfAppliedJournal() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      try await store.insert(.fixture(id: "m1", day: "2025-11-03"))
      try plantCommittedJournal(
        data,
        files: [
          "2025/2025-11.json": nil,
          "2026/2026-01.json": monthJSON(
            month: "2026-01", records: [recordJSON(id: "m1", date: "2026-01-15")]),
          // Every commit that removes a month file records the index without it: a catalog
          // still listing a removed month would name the month as lost.
          "index/catalog.json": "{}",
        ])
      // As if the writer died after applying the January file but before removing November's.
      try FileManager.default.createDirectory(
        at: data.appending(path: "ledger/2026"), withIntermediateDirectories: true)
      try FileManager.default.moveItem(
        at: data.appending(path: "ledger/pending/p1.json"), to: monthFile(data, "2026-01"))

      let reader = try await openStore(data)
      let all = try await reader.transactions(in: Day.range("2025-11-01", "2026-01-31"))
      #expect(all.map(\.day.iso) == ["2026-01-15"])
      #expect(!exists(monthFile(data, "2025-11")))
    }
  }

  @Test(
    "pending files of a write that never committed are removed by the next writer and never read")
  func uncommittedLeftovers() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      try await store.insert(.fixture(id: "a1", day: "2025-11-03"))
      let pending = data.appending(path: "ledger/pending/dead.json")
      try Data("half a month".utf8).write(to: pending)
      let oldStyle = data.appending(path: "ledger/2025/.2025-11.json.deadbeef.tmp")
      try Data("a copy of a month".utf8).write(to: oldStyle)
      let rootTemporary = data.appending(path: "ledger/.journal.json.0123.tmp")
      try Data("{".utf8).write(to: rootTemporary)

      #expect(try await store.transactions(in: Fixtures.month("2025-11").dayRange).count == 1)
      try await store.insert(.fixture(id: "a2", day: "2025-12-03"))
      #expect(!exists(pending))
      #expect(!exists(oldStyle))
      #expect(!exists(rootTemporary))
    }
  }

  @Test("a damaged journal is named and nothing is guessed")
  func damagedJournal() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      try await store.insert(.fixture(id: "a1", day: "2025-11-03"))
      let journal = data.appending(path: "ledger/journal.json")
      try Data(
        #"{"schemaVersion":1,"changes":[{"path":"../../escape","pending":"pending/x"}]}"#.utf8
      )
      .write(to: journal)
      await expectUnreadable(journal, reasonContaining: "not a file of the ledger") {
        _ = try await openStore(data)
      }
      await expectUnreadable(journal) {
        _ = try await store.transactions(in: Fixtures.month("2025-11").dayRange)
      }
      #expect(exists(journal))
    }
  }

  @Test("an edit based on an entry a second store changed since writes nothing and shows it")
  func staleEditFromSecondStore() async throws {
    try await withDataDirectory { data in
      let first = try await openStore(data)
      let second = try await openStore(data)
      let original = Transaction.fixture(id: "s1", day: "2025-11-03", memo: "lunch")
      try await first.insert(original)
      let seen = try #require(try await first.transaction(withID: original.id))

      var theirs = seen
      theirs.memo = "lunch with Min"
      try await second.update(seen, to: theirs)

      var mine = seen
      mine.amount = Fixtures.amount(1)
      mine.day = Fixtures.day("2026-01-02")
      await #expect(throws: LedgerError.staleTransaction(expected: seen, current: theirs)) {
        try await first.update(seen, to: mine)
      }
      await #expect(throws: LedgerError.staleTransaction(expected: seen, current: theirs)) {
        try await first.delete(seen)
      }
      try await second.delete(theirs)
      await #expect(throws: LedgerError.staleTransaction(expected: theirs, current: nil)) {
        try await first.update(theirs, to: mine)
      }
      #expect(try await first.transactions(in: Day.range("2025-11-01", "2026-01-31")).isEmpty)
    }
  }

  @Test("writers on a data directory that does not exist yet take turns from the first write")
  func concurrentFirstWrites() async throws {
    for trial in 0..<5 {
      try await withDataDirectory { data in
        var stores: [JSONFileTransactionStore] = []
        for _ in 0..<4 { stores.append(try await openStore(data)) }
        try await withThrowingTaskGroup(of: Void.self) { group in
          for (number, store) in stores.enumerated() {
            group.addTask {
              try await store.insert(.fixture(id: "w\(trial)x\(number)", day: "2025-11-03"))
            }
          }
          try await group.waitForAll()
        }
        let stored = try await openStore(data).transactions(in: Fixtures.month("2025-11").dayRange)
        #expect(stored.count == 4, "trial \(trial)")
      }
    }
  }

  @Test("a FIFO where a month file belongs is refused at once, and other months still work")
  func fifoInPlaceOfMonth() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      try await store.insert(.fixture(id: "a1", day: "2025-12-03"))
      let october = monthFile(data, "2025-10")
      try FileManager.default.createDirectory(
        at: october.deletingLastPathComponent(), withIntermediateDirectories: true)
      #expect(mkfifo(filePath(october), 0o600) == 0)

      await expectUnreadable(october, reasonContaining: "not a regular file") {
        _ = try await store.transactions(
          in: Fixtures.month("2025-11").dayRange.lowerBound...Fixtures.day("2025-11-30"))
        _ = try await store.transactions(in: Fixtures.month("2025-10").dayRange)
      }
      try await store.insert(.fixture(id: "a2", day: "2027-01-03"))
      #expect(try await store.transaction(withID: TransactionID("a2"))?.day.iso == "2027-01-03")
      await expectUnreadable(october) {
        try await store.insert(.fixture(id: "a3", day: "2025-10-03"))
      }
    }
  }

  @Test("a ledger with month files and no meta.json is refused, naming it; nothing is written")
  func missingMetadata() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      try await store.insert(.fixture(id: "a1", day: "2025-11-03"))
      try FileManager.default.removeItem(at: metadataFile(data))
      let before = try snapshot(data)
      await expectUnreadable(metadataFile(data), reasonContaining: "missing") {
        _ = try await openStore(data, defaultCurrency: .usd)
      }
      await expectUnreadable(metadataFile(data), reasonContaining: "missing") {
        try await store.insert(.fixture(id: "a2", day: "2025-11-04"))
      }
      #expect(try snapshot(data) == before)
    }
  }

  @Test(
    "category totals from the index equal a recomputation from the entries, before and after writes"
  )
  func categoryTotalsMatchEntries() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      var random = SplitMix64(seed: 7)
      let categories = ["식비", "food", "rent", "급여"]
      for number in 0..<120 {
        let month = 1 + Int(random.next() % 12)
        let day = 1 + Int(random.next() % 28)
        try await store.insert(
          .fixture(
            id: "c\(number)", day: String(format: "2025-%02d-%02d", month, day),
            kind: random.next() % 3 == 0 ? .income : .expense,
            amount: Int64(1 + random.next() % 100_000),
            category: categories[Int(random.next() % 4)]))
      }
      try await store.update(.fixture(id: "c1", day: "2026-02-01", amount: 5, category: "new"))
      try await store.delete(id: TransactionID("c2"))
      let range = Fixtures.month("2024-01")...Fixtures.month("2026-12")
      let fromIndex = try await store.categoryTotals(in: range)
      #expect(fromIndex == (try await store.categoryTotalsComputed(in: range)))
      let cold = try await openStore(data)
      #expect(try await cold.categoryTotals(in: range) == fromIndex)
      #expect(fromIndex.count == 13)

      // A month file changed behind the index's back (an older Hannun, an editor) is recomputed.
      try plant(
        monthJSON(month: "2025-06", records: [recordJSON(id: "hand", date: "2025-06-01")]),
        at: monthFile(data, "2025-06"))
      let afterHandEdit = try await openStore(data)
      #expect(
        try await afterHandEdit.categoryTotals(in: range)
          == (try await afterHandEdit.categoryTotalsComputed(in: range)))
      #expect(try await afterHandEdit.transaction(withID: TransactionID("hand")) != nil)
    }
  }

  @Test("a ledger written before the index existed is indexed by its first write, without any step")
  func indexBuiltForOlderLedger() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      for number in 0..<30 {
        try await store.insert(.fixture(id: "o\(number)", day: "2025-\(10 + number % 3)-03"))
      }
      try FileManager.default.removeItem(at: data.appending(path: "ledger/index"))
      let older = try await openStore(data)
      #expect(try await older.transaction(withID: TransactionID("o7")) != nil)
      await #expect(throws: LedgerError.duplicateTransaction(TransactionID("o7"))) {
        try await older.insert(.fixture(id: "o7", day: "2025-12-24"))
      }
      try await older.insert(.fixture(id: "p1", day: "2025-12-24"))
      #expect(exists(data.appending(path: "ledger/index/catalog.json")))
      #expect(try await openStore(data).ids(startingWith: "o").count == 30)
    }
  }
}

@Suite("JSON file store: fields a newer Hannun wrote")
struct UnknownFieldTests {
  @Test("unknown fields of a record and of the month survive an add, an edit and a move")
  func unknownFieldsKept() async throws {
    try await withDataDirectory { data in
      let record = recordJSON(id: "r1").replacing(
        #""id":"r1""#, with: #""id":"r1","receipt":{"shop":"GS25","items":[1,2.5,"김밥"]}"#)
      let text = monthJSON(records: [record]).replacing(
        #""schemaVersion":1"#, with: #""schemaVersion":1,"note":"from a newer Hannun""#)
      try plant(text, at: monthFile(data, "2025-11"))
      let store = try await openStore(data)
      try await store.insert(.fixture(id: "r2", day: "2025-11-04"))
      var month = try jsonObject(monthFile(data, "2025-11"))
      #expect(month["note"] as? String == "from a newer Hannun")
      var records = try #require(month["transactions"] as? [[String: Any]])
      let kept = try #require(records.first { $0["id"] as? String == "r1" })
      #expect((kept["receipt"] as? [String: Any])?["shop"] as? String == "GS25")

      let current = try #require(try await store.transaction(withID: TransactionID("r1")))
      var edited = current
      edited.memo = "edited"
      try await store.update(current, to: edited)
      month = try jsonObject(monthFile(data, "2025-11"))
      records = try #require(month["transactions"] as? [[String: Any]])
      #expect(records.first { $0["id"] as? String == "r1" }?["receipt"] != nil)

      var moved = edited
      moved.day = Fixtures.day("2026-02-01")
      try await store.update(edited, to: moved)
      let february = try jsonObject(monthFile(data, "2026-02"))
      let movedRecords = try #require(february["transactions"] as? [[String: Any]])
      #expect(movedRecords.first?["receipt"] != nil)
    }
  }
}

@Suite("JSON file store: a long-running store and hand edits")
struct LongRunningStoreTests {
  @Test("an entry added by hand, in place, to a month file is found by id in a store already open")
  func handEditInPlaceFoundByID() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      try await store.insert(.fixture(id: "a1", day: "2025-11-03"))
      #expect(try await store.transaction(withID: TransactionID("a1")) != nil)
      #expect(try await store.transaction(withID: TransactionID("a1")) != nil)

      // Rewrite the file in place (same inode, same folder), as some editors do.
      let file = monthFile(data, "2025-11")
      let text = monthJSON(records: [
        recordJSON(id: "a1"), recordJSON(id: "hand", date: "2025-11-04"),
      ])
      let handle = try FileHandle(forWritingTo: file)
      try handle.truncate(atOffset: 0)
      try handle.write(contentsOf: Data(text.utf8))
      try handle.close()

      #expect(try await store.transaction(withID: TransactionID("hand"))?.day.iso == "2025-11-04")
      await #expect(throws: LedgerError.duplicateTransaction(TransactionID("hand"))) {
        try await store.insert(.fixture(id: "hand", day: "2025-12-01"))
      }
    }
  }
}

@Suite("JSON file store: the listing a writer records for the next process")
struct RecordedListingTests {
  /// Rewrites a month file in place (same inode, same folder), as some editors do: no folder
  /// changes, so only the file's own signature tells.
  private func editInPlace(_ file: URL, _ text: String) throws {
    let handle = try FileHandle(forWritingTo: file)
    try handle.truncate(atOffset: 0)
    try handle.write(contentsOf: Data(text.utf8))
    try handle.close()
  }

  private func categories(_ store: JSONFileTransactionStore, _ month: String) async throws
    -> Set<String>
  {
    let range = Fixtures.month(month)...Fixtures.month(month)
    return Set(try await store.categoryTotals(in: range).flatMap(\.totals).map(\.category))
  }

  @Test("a write records the folders it saw, and a new process's write trusts them")
  func recordedAfterWrite() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      try await store.insert(.fixture(id: "a1", day: "2025-11-03"))
      let listing = data.appending(path: "ledger/index/listing.json")
      let first = try Data(contentsOf: listing)
      let text = try #require(String(data: first, encoding: .utf8))
      #expect(text.contains("\"ledger ") && text.contains("\"2025 ") && text.contains("\"catalog "))

      let cold = try await openStore(data)
      try await cold.insert(.fixture(id: "b1", day: "2026-01-03"))
      // In `listing.json`, or in the line the write appended to the index's change log.
      let log = try? String(
        contentsOf: data.appending(path: "ledger/index/changes.log"), encoding: .utf8)
      #expect(
        try Data(contentsOf: listing) != first || log?.contains("\"f 2026 ") == true,
        "the second write records the new folder")
      #expect(try await openStore(data).transaction(withID: TransactionID("a1")) != nil)
      #expect(try await openStore(data).transaction(withID: TransactionID("b1")) != nil)
    }
  }

  @Test("a month edited in place by hand behind a recorded listing is seen by totals and writes")
  func handEditBehindRecordedListing() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      try await store.insert(.fixture(id: "a1", day: "2025-11-03"))
      try await store.insert(.fixture(id: "b1", day: "2025-12-03"))
      try editInPlace(
        monthFile(data, "2025-11"),
        monthJSON(records: [
          recordJSON(id: "a1"), recordJSON(id: "hand", date: "2025-11-04", category: "byhand"),
        ]))

      // A write elsewhere trusts the recorded folders and leaves November alone ...
      try await openStore(data).insert(.fixture(id: "c1", day: "2025-12-05"))
      // ... yet totals check every file, and a lookup that misses checks them too.
      #expect(try await categories(openStore(data), "2025-11") == ["food", "byhand"])
      let found = try await openStore(data).transaction(withID: TransactionID("hand"))
      #expect(found?.category == "byhand")

      // A write to November compares its file with the catalog and sees the hand edit.
      try await openStore(data).insert(.fixture(id: "d1", day: "2025-11-20"))
      let stored = try await openStore(data).transactions(
        in: Fixtures.day("2025-11-01")...Fixtures.day("2025-11-30"))
      #expect(Set(stored.map(\.id.rawValue)) == ["a1", "hand", "d1"])
      // The index that write recorded knows the hand-made entry too.
      #expect(try await openStore(data).transaction(withID: TransactionID("hand")) != nil)
      #expect(try await categories(openStore(data), "2025-11") == ["food", "byhand"])
    }
  }

  @Test("a write to a month edited in place by hand indexes what the hand added")
  func writeToHandEditedMonth() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      try await store.insert(.fixture(id: "a1", day: "2025-11-03"))
      try editInPlace(
        monthFile(data, "2025-11"),
        monthJSON(records: [
          recordJSON(id: "a1"), recordJSON(id: "hand", date: "2025-11-04", category: "byhand"),
        ]))
      // No read in between: the write alone must notice November is not what the catalog says.
      try await openStore(data).insert(.fixture(id: "d1", day: "2025-11-20"))
      #expect(try await openStore(data).transaction(withID: TransactionID("hand")) != nil)
      #expect(try await categories(openStore(data), "2025-11") == ["food", "byhand"])
    }
  }

  @Test("a damaged or stale listing only costs a check of every file")
  func damagedListing() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      try await store.insert(.fixture(id: "a1", day: "2025-11-03"))
      let listing = data.appending(path: "ledger/index/listing.json")
      let junks = ["", "{", "{\"schemaVersion\":1,\"folders\":[\"ledger 1 2 3 4 5\"]}", "\u{0}"]
      for (number, junk) in junks.enumerated() {
        try Data(junk.utf8).write(to: listing)
        let cold = try await openStore(data)
        #expect(try await cold.transaction(withID: TransactionID("a1")) != nil, "\(junk)")
        try await cold.insert(.fixture(id: "x\(number)", day: "2025-11-04"))
      }
    }
  }
}

/// The index's files are not flushed one by one; after a power cut one may be older than the
/// catalog it was committed with. The catalog records each one's signature, and a file that is not
/// the recorded one is never used.
@Suite("JSON file store: index files the catalog does not vouch for")
struct UnvouchedIndexFileTests {
  /// Puts back an earlier copy of a file, as a power cut that lost its rename would.
  private func restore(_ bytes: Data, to url: URL) throws {
    try FileManager.default.removeItem(at: url)
    try bytes.write(to: url)
  }

  @Test("an id shard older than the catalog is rebuilt, so the newest entry is still found")
  func staleShard() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      try await store.insert(.fixture(id: "aa1", day: "2025-11-03"))
      let shard = data.appending(path: "ledger/index/ids/aa.json")
      let older = try Data(contentsOf: shard)
      try await store.insert(.fixture(id: "aa2", day: "2025-11-04"))
      try restore(older, to: shard)

      let catalog = try String(
        contentsOf: data.appending(path: "ledger/index/catalog.json"), encoding: .utf8)
      #expect(catalog.contains("\"index/ids/aa.json\""), "the catalog records the shard")
      #expect(try await openStore(data).transaction(withID: TransactionID("aa2")) != nil)
      #expect(try await openStore(data).transaction(withID: TransactionID("aa1")) != nil)
    }
  }

  @Test("a totals year older than the catalog is not used: totals equal the entries")
  func staleTotals() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      try await store.insert(.fixture(id: "t1", day: "2025-11-03", category: "food"))
      let totals = data.appending(path: "ledger/index/totals/2025.json")
      let older = try Data(contentsOf: totals)
      try await store.insert(.fixture(id: "t2", day: "2025-11-04", category: "rent"))
      try restore(older, to: totals)

      let range = Fixtures.month("2025-11")...Fixtures.month("2025-11")
      let answered = try await openStore(data).categoryTotals(in: range)
      let entries = try await openStore(data).transactions(
        in: Fixtures.day("2025-11-01")...Fixtures.day("2025-11-30"))
      let recomputed = try MonthCategoryTotals(
        month: Fixtures.month("2025-11"), transactions: entries)
      #expect(answered == [recomputed])
      #expect(Set(answered.flatMap(\.totals).map(\.category)) == ["food", "rent"])
    }
  }
}
