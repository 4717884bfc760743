import Foundation
import HannunData
import HannunDomain
import HannunTestSupport
import Testing

@Suite("JSON file store: reading and writing entries")
struct JSONFileTransactionStoreTests {
  @Test("an entry written by one store reads back equal, stamps included, from a new store")
  func roundTrip() async throws {
    try await withDataDirectory { data in
      let lunch = Transaction(
        id: TransactionID("a1b2c3"), day: Fixtures.day("2025-11-03"), kind: .expense,
        amount: Fixtures.amount(8_500), category: "식비", memo: "점심 김밥 \"두 줄\" / 편의점",
        createdAt: Date(timeIntervalSince1970: 1_700_000_000.123),
        updatedAt: Date(timeIntervalSince1970: 1_700_000_500.5))
      let salary = Transaction.fixture(
        id: "s1", day: "2025-11-25", kind: .income, amount: 3_000_000, category: "salary")
      let writer = try await openStore(data)
      try await writer.insert(lunch)
      try await writer.insert(salary)

      let reader = try await openStore(data)
      let month = Fixtures.month("2025-11").dayRange
      #expect(try await reader.transactions(in: month) == [lunch, salary])
      #expect(try await reader.transaction(withID: lunch.id) == lunch)
      #expect(try await reader.transaction(withID: salary.id) == salary)
      #expect(try await writer.transactions(in: month) == [lunch, salary])
    }
  }

  @Test("stamps are kept to the millisecond, the same for the writer and a later reader")
  func stampsToTheMillisecond() async throws {
    try await withDataDirectory { data in
      let fine = Date(timeIntervalSince1970: 1_700_000_000.123_456)
      let store = try await openStore(data)
      try await store.insert(.fixture(id: "t1", created: fine))

      let written = try #require(try await store.transaction(withID: TransactionID("t1")))
      let reread = try #require(try await openStore(data).transaction(withID: TransactionID("t1")))
      #expect(written == reread)
      #expect(written.createdAt == Date(timeIntervalSince1970: 1_700_000_000.123))
      #expect(abs(written.createdAt.timeIntervalSince(fine)) < 0.001)

      let early = Transaction.fixture(id: "t2", created: Date(timeIntervalSince1970: -1.25))
      try await store.insert(early)
      #expect(try await openStore(data).transaction(withID: early.id) == early)
    }
  }

  @Test("stamps edited by hand in other ISO 8601 forms are read as the same instants")
  func otherStampForms() async throws {
    try await withDataDirectory { data in
      let record = recordJSON(id: "h1")
        .replacing(
          #""createdAt":"2023-11-14T22:13:20.000Z""#,
          with: #""createdAt":"2023-11-15T07:13:20+09:00""#
        )
        .replacing(
          #""updatedAt":"2023-11-14T22:13:20.000Z""#,
          with: #""updatedAt":"1969-12-31T23:59:59.5Z""#)
      try plant(monthJSON(records: [record]), at: monthFile(data, "2025-11"))

      let entry = try #require(try await openStore(data).transaction(withID: TransactionID("h1")))
      #expect(entry.createdAt == Date(timeIntervalSince1970: 1_700_000_000))
      #expect(entry.updatedAt == Date(timeIntervalSince1970: -0.5))
    }
  }

  @Test("a range query returns the entries of every overlapping month in list order")
  func rangeAcrossMonths() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      let entries: [Transaction] = [
        .fixture(id: "oct31", day: "2025-10-31"),
        .fixture(id: "dec01", day: "2025-12-01"),
        .fixture(id: "nov30", day: "2025-11-30"),
        .fixture(
          id: "nov01b", day: "2025-11-01", created: Date(timeIntervalSince1970: 1_700_000_100)),
        .fixture(
          id: "nov01a", day: "2025-11-01", created: Date(timeIntervalSince1970: 1_700_000_100)),
        .fixture(
          id: "nov01", day: "2025-11-01", created: Date(timeIntervalSince1970: 1_700_000_000)),
        .fixture(id: "jan15", day: "2026-01-15"),
        .fixture(id: "far", day: "2030-06-01"),
      ]
      for entry in entries { try await store.insert(entry) }

      let ids = { (list: [Transaction]) in list.map(\.id.rawValue) }
      let middle = try await store.transactions(in: Day.range("2025-11-01", "2025-12-01"))
      #expect(ids(middle) == ["nov01", "nov01a", "nov01b", "nov30", "dec01"])
      let oneDay = try await store.transactions(in: Day.range("2025-10-31", "2025-10-31"))
      #expect(ids(oneDay) == ["oct31"])
      let everything = try await openStore(data).transactions(in: Day.supportedRange)
      #expect(
        ids(everything) == ["oct31", "nov01", "nov01a", "nov01b", "nov30", "dec01", "jan15", "far"])
      let empty = try await store.transactions(in: Day.range("2027-01-01", "2027-12-31"))
      #expect(empty.isEmpty)
    }
  }

  @Test("a range query reads only the month files it overlaps")
  func rangeReadsOnlyItsMonths() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      try await store.insert(.fixture(id: "n1", day: "2025-11-10"))
      try plant("garbage", at: monthFile(data, "2025-10"))
      try plant("garbage", at: monthFile(data, "2025-12"))

      let november = try await openStore(data).transactions(in: Fixtures.month("2025-11").dayRange)
      #expect(november.map(\.id) == [TransactionID("n1")])
    }
  }

  @Test("an update within a month rewrites that month")
  func updateInPlace() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      let original = Transaction.fixture(id: "t1", day: "2025-11-03")
      try await store.insert(original)
      var changed = original
      changed.amount = Fixtures.amount(15_000)
      changed.memo = "dinner"
      changed.day = Fixtures.day("2025-11-20")
      changed.updatedAt = Date(timeIntervalSince1970: 1_700_001_000)
      try await store.update(changed)

      let reread = try await openStore(data).transactions(in: Fixtures.month("2025-11").dayRange)
      #expect(reread == [changed])
    }
  }

  @Test("an update that moves an entry to another month rewrites both month files")
  func updateAcrossMonths() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      let moving = Transaction.fixture(id: "m1", day: "2025-11-03")
      let staying = Transaction.fixture(id: "s1", day: "2025-11-04")
      try await store.insert(moving)
      try await store.insert(staying)
      var moved = moving
      moved.day = Fixtures.day("2025-12-02")
      try await store.update(moved)

      #expect(try storedIDs(monthFile(data, "2025-11")) == ["s1"])
      #expect(try storedIDs(monthFile(data, "2025-12")) == ["m1"])
      let reader = try await openStore(data)
      #expect(try await reader.transactions(in: Fixtures.month("2025-11").dayRange) == [staying])
      #expect(try await reader.transactions(in: Fixtures.month("2025-12").dayRange) == [moved])
      #expect(try await reader.transaction(withID: moved.id) == moved)

      var movedAgain = staying
      movedAgain.day = Fixtures.day("2026-01-05")
      try await store.update(movedAgain)
      #expect(!exists(monthFile(data, "2025-11")), "a month without entries has no file")
      #expect(try storedIDs(monthFile(data, "2026-01")) == ["s1"])
    }
  }

  @Test("delete removes the entry and returns it; a month left empty loses its file")
  func delete() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      let first = Transaction.fixture(id: "t1", day: "2025-11-03")
      let second = Transaction.fixture(id: "t2", day: "2025-11-04")
      try await store.insert(first)
      try await store.insert(second)

      #expect(try await store.delete(id: first.id) == first)
      #expect(try storedIDs(monthFile(data, "2025-11")) == ["t2"])
      #expect(try await openStore(data).transaction(withID: first.id) == nil)

      #expect(try await store.delete(id: second.id) == second)
      #expect(!exists(monthFile(data, "2025-11")))
      #expect(exists(metadataFile(data)))
      #expect(try await openStore(data).transactions(in: Day.supportedRange).isEmpty)
    }
  }

  @Test("duplicate and unknown ids are refused and leave every file byte-for-byte unchanged")
  func idErrorsWriteNothing() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      try await store.insert(.fixture(id: "t1", day: "2025-11-03"))
      try await store.insert(.fixture(id: "t2", day: "2025-12-03"))
      let before = try snapshot(data)

      await #expect(throws: LedgerError.duplicateTransaction(TransactionID("t1"))) {
        try await store.insert(.fixture(id: "t1", day: "2025-12-09", amount: 1))
      }
      await #expect(throws: LedgerError.duplicateTransaction(TransactionID("t2"))) {
        try await openStore(data).insert(.fixture(id: "t2", day: "2025-11-09"))
      }
      await #expect(throws: LedgerError.unknownTransaction("nope")) {
        try await store.update(.fixture(id: "nope", day: "2025-11-03"))
      }
      await #expect(throws: LedgerError.unknownTransaction("nope")) {
        try await store.delete(id: TransactionID("nope"))
      }
      #expect(try snapshot(data) == before)
      #expect(await store.latestRevision() == 2)
    }
  }

  @Test("an entry that breaks the entry rules is refused before anything is written")
  func invalidEntryRefused() async throws {
    try await withTemporaryDirectory { base in
      let data = base.appending(path: "data", directoryHint: .isDirectory)
      let store = try await openStore(data)
      for bad in [
        Transaction.fixture(id: "t1", category: " "), .fixture(id: "", day: "2025-11-03"),
      ] {
        do {
          try await store.insert(bad)
          Issue.record("the entry should have been refused")
        } catch LedgerError.unwritableFile(let path, let reason) {
          #expect(path == filePath(monthFile(data, "2025-11")))
          #expect(text(reason).contains("cannot be stored"))
        }
      }
      #expect(try snapshot(base).isEmpty)
      #expect(await store.latestRevision() == 0)
    }
  }

  @Test("the ledger is ledger/meta.json plus ledger/YYYY/YYYY-MM.json per month")
  func fileLayout() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      try await store.insert(
        .fixture(id: "late", day: "2025-11-03", created: Date(timeIntervalSince1970: 1_700_000_001))
      )
      try await store.insert(
        .fixture(id: "b", day: "2025-11-03", memo: "coffee"))
      try await store.insert(.fixture(id: "a", day: "2025-11-03"))
      try await store.insert(.fixture(id: "first", day: "2025-11-01", kind: .income))

      let names = Set(try snapshot(data).keys).filter { !$0.hasPrefix("ledger/index/") }
      #expect(
        names == [
          "ledger/", "ledger/meta.json", "ledger/2025/", "ledger/2025/2025-11.json",
          "ledger/pending/", "ledger/lock-holder",
        ], "\(names.sorted())")
      let meta = try jsonObject(metadataFile(data))
      #expect(meta["schemaVersion"] as? Int == 1)
      #expect(meta["currency"] as? String == "KRW")
      #expect(meta.count == 2)

      let month = try jsonObject(monthFile(data, "2025-11"))
      #expect(month["schemaVersion"] as? Int == 1)
      #expect(month["month"] as? String == "2025-11")
      let records = try #require(month["transactions"] as? [[String: Any]])
      #expect(records.map { $0["id"] as? String } == ["first", "a", "b", "late"])
      let record = try #require(records.first)
      #expect(record["date"] as? String == "2025-11-01")
      #expect(record["kind"] as? String == "income")
      #expect(record["amountMinor"] as? Int == 12_000)
      #expect(record["category"] as? String == "food")
      #expect(record["memo"] as? String == "")
      #expect(record["createdAt"] as? String == "2023-11-14T22:13:20.000Z")
      #expect(record["updatedAt"] as? String == "2023-11-14T22:13:20.000Z")
      #expect(
        Set(record.keys) == [
          "id", "date", "kind", "amountMinor", "category", "memo", "createdAt", "updatedAt",
        ])
      #expect(records[2]["memo"] as? String == "coffee")
    }
  }

  @Test("files are created owner-only: 0600 for files, 0700 for directories")
  func permissionsAreOwnerOnly() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      try await store.insert(.fixture(id: "t1", day: "2025-11-03"))
      try await store.insert(.fixture(id: "t2", day: "2025-11-04"))

      #expect(try permissions(data) == 0o700)
      #expect(try permissions(data.appending(path: "ledger")) == 0o700)
      #expect(try permissions(data.appending(path: "ledger/2025")) == 0o700)
      #expect(try permissions(metadataFile(data)) == 0o600)
      #expect(try permissions(monthFile(data, "2025-11")) == 0o600)
    }
  }

  @Test("opening and reading a missing directory creates nothing")
  func readingCreatesNothing() async throws {
    try await withTemporaryDirectory { base in
      let missing = base.appending(path: "missing", directoryHint: .isDirectory)
      let store = try await openStore(missing, requested: .usd)
      #expect(store.currency == .usd)
      #expect(try await store.transactions(in: Fixtures.month("2025-11").dayRange).isEmpty)
      #expect(try await store.transactions(in: Day.supportedRange).isEmpty)
      #expect(try await store.transaction(withID: TransactionID("t1")) == nil)
      #expect(try await store.ids(startingWith: "").isEmpty)
      await #expect(throws: LedgerError.unknownTransaction("t1")) {
        try await store.delete(id: TransactionID("t1"))
      }
      await #expect(throws: LedgerError.unknownTransaction("t1")) {
        try await store.update(.fixture(id: "t1"))
      }
      #expect(!exists(missing))
      #expect(try snapshot(base).isEmpty)

      let empty = base.appending(path: "empty", directoryHint: .isDirectory)
      try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: false)
      let other = try await openStore(empty)
      _ = try await other.transactions(in: Day.supportedRange)
      _ = try await other.ids(startingWith: "a")
      #expect(try snapshot(base) == ["empty/": Data()])
    }
  }

  @Test("no temporary files are left behind after writes")
  func noTemporaryFiles() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      for day in ["2025-11-03", "2025-11-04", "2025-12-01"] {
        try await store.insert(.fixture(id: "t\(day)", day: day))
      }
      var moved = Transaction.fixture(id: "t2025-11-03", day: "2026-02-01")
      moved.memo = "moved"
      try await store.update(moved)
      try await store.delete(id: TransactionID("t2025-12-01"))
      await #expect(throws: LedgerError.self) {
        try await store.insert(.fixture(id: "t2025-11-04", day: "2025-11-04"))
      }

      let names = try snapshot(data).keys.map {
        $0.split(separator: "/").last.map(String.init) ?? ""
      }
      #expect(names.allSatisfy { !$0.hasPrefix(".") && !$0.hasSuffix(".tmp") }, "\(names)")
    }
  }

  @Test("ids are found in any month, and unrelated files in the ledger are ignored")
  func idsAcrossMonths() async throws {
    try await withDataDirectory { data in
      let writer = try await openStore(data)
      try await writer.insert(.fixture(id: "abc1", day: "2025-11-03"))
      try await writer.insert(.fixture(id: "abc2", day: "2026-01-03"))
      try await writer.insert(.fixture(id: "xyz", day: "2024-03-03"))
      try plant("half-written", at: data.appending(path: "ledger/2025/.2025-11.json.1f2e.tmp"))
      try plant("notes", at: data.appending(path: "ledger/notes.txt"))
      try plant("notes", at: data.appending(path: "ledger/2025/README.md"))
      try plant("garbage", at: data.appending(path: "ledger/2025/2025-13.json"))
      try plant("garbage", at: data.appending(path: "ledger/backup/2025-11.json"))

      let reader = try await openStore(data)
      #expect(
        try await reader.ids(startingWith: "abc") == [TransactionID("abc1"), TransactionID("abc2")])
      #expect(try await reader.ids(startingWith: "").count == 3)
      #expect(
        try await reader.transaction(withID: TransactionID("xyz"))?.day
          == Fixtures.day("2024-03-03"))
      #expect(try await reader.transaction(withID: TransactionID("abc")) == nil)
      #expect(try await reader.resolve(id: "xy").id == TransactionID("xyz"))
      await #expect(throws: LedgerError.ambiguousTransaction("abc")) {
        try await reader.resolve(id: "abc")
      }
      // A month's file in another year's folder is not unrelated: it is never read, so it is
      // named rather than its entries left out.
      let misplaced = data.appending(path: "ledger/2025/2024-01.json")
      try plant("garbage", at: misplaced)
      let belongs = data.appending(path: "ledger/2024/2024-01.json").path
      await #expect(
        throws: LedgerError.unreadableFile(
          path: misplaced.path, reason: .monthFileInOtherYear(belongsAt: belongs))
      ) {
        _ = try await openStore(data).ids(startingWith: "")
      }
    }
  }

  @Test("a change made by another store on the same directory is seen")
  func anotherStoresWriteIsSeen() async throws {
    try await withDataDirectory { data in
      let first = try await openStore(data)
      let second = try await openStore(data)
      let november = Fixtures.month("2025-11").dayRange
      try await first.insert(.fixture(id: "a1", day: "2025-11-03"))
      #expect(try await first.transactions(in: november).count == 1)
      #expect(try await first.ids(startingWith: "").count == 1)

      try await second.insert(.fixture(id: "b1", day: "2025-11-04"))
      try await second.insert(.fixture(id: "b2", day: "2025-12-04"))
      #expect(try await first.transactions(in: november).map(\.id.rawValue) == ["a1", "b1"])
      #expect(try await first.transaction(withID: TransactionID("b2")) != nil)
      await #expect(throws: LedgerError.duplicateTransaction(TransactionID("b1"))) {
        try await first.insert(.fixture(id: "b1", day: "2025-10-01"))
      }

      try await second.delete(id: TransactionID("a1"))
      #expect(try await first.transaction(withID: TransactionID("a1")) == nil)
      #expect(try await first.ids(startingWith: "").map(\.rawValue) == ["b1", "b2"])
    }
  }

  @Test("each successful write publishes the next revision and the months it changed")
  func changeFeed() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      let (start, changes) = await store.subscribe()
      #expect(start == 0)
      var iterator = changes.makeAsyncIterator()
      // Inserts, updates and deletes change entries only; a mood does not.
      func entries(_ revision: UInt64, _ months: Set<YearMonth>) -> LedgerChange {
        LedgerChange(revision: revision, months: months, entriesOnly: true)
      }

      try await store.insert(.fixture(id: "t1", day: "2025-11-03"))
      #expect(await iterator.next() == entries(1, [Fixtures.month("2025-11")]))

      try await store.update(.fixture(id: "t1", day: "2025-12-03"))
      #expect(
        await iterator.next()
          == entries(2, [Fixtures.month("2025-11"), Fixtures.month("2025-12")]))

      await #expect(throws: LedgerError.self) { try await store.insert(.fixture(id: "t1")) }
      try await store.delete(id: TransactionID("t1"))
      #expect(await iterator.next() == entries(3, [Fixtures.month("2025-12")]))
      #expect(await store.latestRevision() == 3)

      try await store.replaceMood(on: Fixtures.day("2025-12-03"), nil, with: DayMood(.joy))
      #expect(
        await iterator.next() == LedgerChange(revision: 4, months: [Fixtures.month("2025-12")]))
    }
  }
}

/// The ids in a month file, in file order.
private func storedIDs(_ url: URL) throws -> [String] {
  let records = try #require(try jsonObject(url)["transactions"] as? [[String: Any]])
  return records.compactMap { $0["id"] as? String }
}

/// A JSON file's top-level object.
func jsonObject(_ url: URL) throws -> [String: Any] {
  let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
  return try #require(object as? [String: Any])
}
