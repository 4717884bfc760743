import Foundation
import HannunDomain
import HannunTestSupport
import Testing

@testable import HannunData

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// Issue 19, the read side: a ledger damaged so that reading it as it is would give a wrong
// answer — an entry counted twice, a month's entries left out — is named as damage by every
// read of many entries, never read as it is; a passing problem is not remembered.

/// Every read of many entries the store offers, over the days of 2025 (or every day), each as
/// one throwing call: ranges short and long, totals, searches and a backup snapshot.
private func everyRead(_ store: JSONFileTransactionStore) -> [(String, () async throws -> Void)] {
  let year = Fixtures.day("2025-01-01")...Fixtures.day("2025-12-31")
  let months = Fixtures.month("2025-01")...Fixtures.month("2025-12")
  return [
    ("a year's entries", { _ = try await store.transactions(in: year) }),
    ("every entry", { _ = try await store.transactions(in: Day.supportedRange) }),
    ("totals", { _ = try await store.categoryTotals(in: months) }),
    ("a search", { _ = try await store.transactions(matching: TransactionQuery(kind: .expense)) }),
    (
      "a search for text no entry has",
      { _ = try await store.transactions(matching: TransactionQuery(text: "zebra")) }
    ),
    (
      "a backup",
      {
        _ = try await LedgerBackup.snapshot(
          of: store, currency: .krw, days: Day.supportedRange)
      }
    ),
  ]
}

/// Expects `body` to fail naming both `first` and `second`: one as the file, the other as where
/// the same id is also stored.
private func expectClash(
  _ first: URL, _ second: URL, _ what: String,
  sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> Void
) async {
  do {
    try await body()
    Issue.record(
      "\(what): expected the id in two files to be named", sourceLocation: sourceLocation)
  } catch LedgerError.unreadableFile(let path, .duplicateID(let id, let other)) {
    #expect(id == TransactionID("x1"), sourceLocation: sourceLocation)
    #expect(
      Set([path, other]) == Set([filePath(first), filePath(second)]), "\(what)",
      sourceLocation: sourceLocation)
  } catch {
    Issue.record("\(what): got \(error)", sourceLocation: sourceLocation)
  }
}

@Suite("JSON file store: damaged ledgers are named, never read as they are")
struct DamagedLedgerTests {
  // MARK: 3. One id in two month files

  @Test("an id copied into another month file by hand is refused by every read, naming both")
  func idInTwoMonthFiles() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      try await store.insert(.fixture(id: "x1", day: "2025-10-03", amount: 12_000))
      try await store.insert(.fixture(id: "k1", day: "2025-12-03", amount: 1_000))
      let october = monthFile(data, "2025-10")
      let november = monthFile(data, "2025-11")
      try plant(monthJSON(records: [recordJSON(id: "x1")]), at: november)

      for reader in [store, try await openStore(data)] {
        for (what, read) in everyRead(reader) {
          await expectClash(october, november, what, read)
        }
        // Either month alone meets the id twice too: neither file is its one home.
        let oneMonth = Fixtures.day("2025-10-01")...Fixtures.day("2025-10-31")
        await expectClash(october, november, "October") {
          _ = try await reader.transactions(in: oneMonth)
        }
        await expectClash(october, november, "November") {
          _ = try await reader.transactions(
            in: Fixtures.day("2025-11-02")...Fixtures.day("2025-11-04"))
        }
        // A month without the id still reads.
        let december = try await reader.transactions(
          in: Fixtures.day("2025-12-01")...Fixtures.day("2025-12-31"))
        #expect(december.map(\.id.rawValue) == ["k1"])
      }
    }
  }

  @Test("an id added by editing a month file in place, no folder changed, is named as well")
  func idAddedInPlace() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      try await store.insert(.fixture(id: "x1", day: "2025-10-03"))
      try await store.insert(.fixture(id: "n1", day: "2025-11-05"))
      _ = try await openStore(data).transactions(in: Day.supportedRange)
      let november = monthFile(data, "2025-11")
      // Written over the same file (same inode): only the file's own signature changes.
      let handle = try FileHandle(forWritingTo: november)
      try handle.truncate(atOffset: 0)
      try handle.write(contentsOf: Data(monthJSON(records: [recordJSON(id: "x1")]).utf8))
      try handle.close()

      // (October alone reads as it is: an edit in place changes no folder, so only a read of
      // the edited month, or of every month, compares its file with the index.)
      for reader in [store, try await openStore(data)] {
        for (what, read) in everyRead(reader) {
          await expectClash(monthFile(data, "2025-10"), november, what, read)
        }
      }
    }
  }

  @Test("once one copy is removed by hand, both months read again")
  func clashResolved() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      try await store.insert(.fixture(id: "x1", day: "2025-10-03"))
      try await store.insert(.fixture(id: "n1", day: "2025-11-05"))
      let november = monthFile(data, "2025-11")
      let original = try Data(contentsOf: november)
      try plant(
        monthJSON(records: [recordJSON(id: "x1"), recordJSON(id: "n1", date: "2025-11-05")]),
        at: november)
      // A write elsewhere records the index with both months refused.
      try await openStore(data).insert(.fixture(id: "d1", day: "2025-12-03"))
      await expectClash(monthFile(data, "2025-10"), november, "before") {
        _ = try await openStore(data).transactions(in: Day.supportedRange)
      }
      try original.write(to: november)
      let all = try await openStore(data).transactions(in: Day.supportedRange)
      #expect(all.map(\.id.rawValue).sorted() == ["d1", "n1", "x1"])
      try await openStore(data).insert(.fixture(id: "o2", day: "2025-10-04"))
    }
  }

  @Test("an entry moved by hand to another month file is one entry, for a reader and a writer")
  func entryMovedByHand() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      try await store.insert(.fixture(id: "x1", day: "2025-10-03"))
      try await store.insert(.fixture(id: "o1", day: "2025-10-04"))
      try await store.insert(.fixture(id: "k1", day: "2025-12-03"))
      // x1 taken out of October and put in November, each file saved anew.
      try monthJSON(month: "2025-10", records: [recordJSON(id: "o1", date: "2025-10-04")])
        .write(to: monthFile(data, "2025-10"), atomically: true, encoding: .utf8)
      try plant(monthJSON(records: [recordJSON(id: "x1")]), at: monthFile(data, "2025-11"))

      let reader = try await openStore(data)
      let all = try await reader.transactions(in: Day.supportedRange)
      #expect(all.map(\.id.rawValue).sorted() == ["k1", "o1", "x1"])
      #expect(try await reader.transaction(withID: TransactionID("x1"))?.day.iso == "2025-11-03")
      let totals = try await reader.categoryTotals(
        in: Fixtures.month("2025-01")...Fixtures.month("2025-12"))
      #expect(totals.map(\.month.iso) == ["2025-10", "2025-11", "2025-12"])
      // The same store writes next: it checks every file rather than use what the read patched.
      await #expect(throws: LedgerError.duplicateTransaction(TransactionID("x1"))) {
        try await reader.insert(.fixture(id: "x1", day: "2025-12-05"))
      }
      try await reader.insert(.fixture(id: "n2", day: "2025-11-06"))
      #expect(try await openStore(data).transaction(withID: TransactionID("x1")) != nil)
    }
  }

  // MARK: 5. A missing month

  @Test("a month file deleted while the index lists it is named by its reads and every write")
  func deletedMonthFile() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      try await store.insert(.fixture(id: "o1", day: "2025-10-03"))
      try await store.insert(.fixture(id: "n1", day: "2025-11-05"))
      try await store.insert(.fixture(id: "s1", day: "2025-12-07"))
      let november = monthFile(data, "2025-11")
      try FileManager.default.removeItem(at: november)

      for reader in [store, try await openStore(data)] {
        let before = try snapshot(data)
        for (_, read) in everyRead(reader) {
          await expectUnreadable(november, reasonContaining: "index lists it", read)
        }
        await expectUnreadable(november) {
          _ = try await reader.transactions(
            in: Fixtures.day("2025-11-01")...Fixtures.day("2025-11-30"))
        }
        await expectUnreadable(november) {
          _ = try await reader.transaction(withID: TransactionID("n1"))
        }
        // The months beside it are whole: they read as they are.
        let october = try await reader.transactions(
          in: Fixtures.day("2025-10-01")...Fixtures.day("2025-10-31"))
        #expect(october.map(\.id.rawValue) == ["o1"])
        let december = try await reader.transactions(
          in: Fixtures.day("2025-12-01")...Fixtures.day("2025-12-31"))
        #expect(december.map(\.id.rawValue) == ["s1"])
        #expect(
          try await reader.transaction(withID: TransactionID("o1"))?.day
            == Fixtures.day("2025-10-03"))
        // A write that looks at 2025 would record the index without November, accepting the
        // loss: it is refused. (A write to another year does not look at 2025's folder, and
        // carries the catalog's record of November along: CatalogOtherYearDamageTests.)
        await expectUnreadable(november) {
          try await reader.insert(.fixture(id: "d1", day: "2025-12-03"))
        }
        #expect(try snapshot(data) == before, "nothing is written")
      }

      // The same ledger copied elsewhere (new inode numbers: a backup, a new machine) with its
      // loss: the months beside it still read, November is still named.
      try await withDataDirectory { copy in
        try FileManager.default.copyItem(at: data, to: copy)
        let reader = try await openStore(copy)
        let copiedNovember = monthFile(copy, "2025-11")
        let october = try await reader.transactions(
          in: Fixtures.day("2025-10-01")...Fixtures.day("2025-10-31"))
        #expect(october.map(\.id.rawValue) == ["o1"])
        await expectUnreadable(copiedNovember) {
          _ = try await reader.transactions(in: Day.supportedRange)
        }
        await expectUnreadable(copiedNovember) {
          _ = try await reader.transaction(withID: TransactionID("n1"))
        }
      }
    }
  }

  @Test("a year folder replaced by a file is named by every read and write")
  func yearFolderReplacedByFile() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      try await store.insert(.fixture(id: "o1", day: "2024-10-03"))
      try await store.insert(.fixture(id: "n1", day: "2025-11-05"))
      let year = data.appending(path: "ledger/2025")
      try FileManager.default.removeItem(at: year)
      try Data("not a folder".utf8).write(to: year)

      for reader in [store, try await openStore(data)] {
        for (_, read) in everyRead(reader) {
          await expectUnreadable(year, reasonContaining: "not a directory") { try await read() }
        }
        await expectUnreadable(year) {
          _ = try await reader.transactions(
            in: Fixtures.day("2025-11-01")...Fixtures.day("2025-11-30"))
        }
        await expectUnreadable(year) {
          try await reader.insert(.fixture(id: "d1", day: "2024-12-03"))
        }
      }
    }
  }

  // MARK: 19. A symbolic link for a year folder

  @Test("a year folder that is a symbolic link is refused, and nothing is written through it")
  func symlinkedYearFolder() async throws {
    try await withTemporaryDirectory { base in
      let data = base.appending(path: "data")
      let outside = base.appending(path: "outside")
      try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
      let store = try await openStore(data)
      try await store.insert(.fixture(id: "o1", day: "2025-10-03"))
      let link = data.appending(path: "ledger/2026")
      try FileManager.default.createSymbolicLink(at: link, withDestinationURL: outside)

      for writer in [store, try await openStore(data)] {
        await expectUnreadable(link, reasonContaining: "symbolic link") {
          try await writer.insert(.fixture(id: "j1", day: "2026-01-05"))
        }
        await expectUnreadable(link, reasonContaining: "symbolic link") {
          _ = try await writer.transactions(
            in: Fixtures.day("2026-01-01")...Fixtures.day("2026-01-31"))
        }
      }
      #expect(try FileManager.default.contentsOfDirectory(atPath: filePath(outside)).isEmpty)
    }
  }

  // MARK: 19. Readers write nothing

  @Test("a reader that finds the index out of date writes only index/, never the ledger's files")
  func readersWriteOnlyTheIndex() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      try await store.insert(.fixture(id: "o1", day: "2025-10-03"))
      try await store.insert(.fixture(id: "n1", day: "2025-11-05"))
      #expect(exists(data.appending(path: "ledger/index/listing.json")))
      // A month written by hand: the index no longer describes the files.
      try plant(
        monthJSON(month: "2025-09", records: [recordJSON(id: "s1", date: "2025-09-02")]),
        at: monthFile(data, "2025-09"))
      try Data("damaged".utf8).write(to: data.appending(path: "ledger/index/listing.json"))
      let ledgerFiles = { try snapshot(data).filter { !$0.key.contains("index/") } }
      let before = try ledgerFiles()
      let reader = try await openStore(data)
      _ = try await reader.transaction(withID: TransactionID("s1"))
      _ = try await reader.ids(startingWith: "s")
      _ = try await reader.transactions(in: Day.supportedRange)
      _ = try await reader.categoryTotals(in: Fixtures.month("2025-01")...Fixtures.month("2025-12"))
      #expect(try ledgerFiles() == before)
      // The index it had to bring up to date is recorded: the next reader trusts it as it is.
      let next = try await openStore(data)
      #expect(try await next.transactions(in: Day.supportedRange).count == 3)
      #expect(await next.indexBuilds == 0)
      #expect(await next.index?.patchedInMemory == false)
    }
  }

  // MARK: 7. A passing problem is not remembered

  @Test("a month the index recorded as unreadable for a passing reason is read again")
  func passingProblemRetried() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      try await store.insert(.fixture(id: "o1", day: "2025-10-03"))
      try await store.insert(.fixture(id: "n1", day: "2025-11-05"))
      // The catalog as a write left it when November could not be opened (permissions, an I/O
      // error) while the index was rebuilt: the month's signature with a system error, or the
      // tag earlier versions wrote for it.
      let catalog = data.appending(path: "ledger/index/catalog.json")
      for problem in [#""\u0000system 13 Permission denied""#, #""\u0000other""#] {
        let text = try String(contentsOf: catalog, encoding: .utf8)
        let damaged = text.replacingOccurrences(
          of: "]", with: "],\"problems\":{\"2025-11\":\(problem)}", options: [],
          range: text.range(of: "]"))
        try Data(damaged.utf8).write(to: catalog)
        let reader = try await openStore(data)
        let november = try await reader.transactions(
          in: Fixtures.day("2025-11-01")...Fixtures.day("2025-11-30"))
        #expect(november.map(\.id.rawValue).contains("n1"))
        #expect(try await openStore(data).transaction(withID: TransactionID("n1")) != nil)
        try await openStore(data).insert(.fixture(id: "n\(problem.count)", day: "2025-11-06"))
      }
    }
  }

  @Test("an index built while a month failed for a passing reason does not describe the files")
  func passingProblemNotTrusted() throws {
    let october = Fixtures.month("2025-10")
    let november = Fixtures.month("2025-11")
    let signature = FileSignature(
      device: 1, inode: 2, size: 3, modifiedSeconds: 4, modifiedNanoseconds: 5)
    let files = [october: signature, november: signature]
    for problem: FileProblem in [
      .system(.permissionDenied, systemText: "Permission denied"),
      .system(.inputOutput, systemText: "I/O"), .system(.other(code: 75), systemText: "Overflow"),
    ] {
      let built = LedgerIndex.build(
        from: files, pathOf: { $0.iso },
        read: { month throws(LedgerError) in
          if month == november { throw .unreadableFile(path: month.iso, reason: problem) }
          return ([], nil)
        })
      #expect(!built.describes(files))
      let read = try #require(LedgerIndex.catalog(built.encodedCatalog(), pathOf: { $0.iso }))
      #expect(!read.describes(files))
      #expect(read.months[november]?.problem == .unreadableFile(path: "2025-11", reason: problem))
    }
    let lasting = LedgerIndex.build(
      from: files, pathOf: { $0.iso },
      read: { month throws(LedgerError) in
        if month == november {
          throw .unreadableFile(path: "x", reason: .invalidContent(.described("bad")))
        }
        return ([], nil)
      })
    #expect(lasting.describes(files))
  }

  // MARK: 19. A total too large names its month

  @Test("totals too large to compute name the month that holds them")
  func monthTotalOverflow() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      try await store.insert(.fixture(id: "o1", day: "2025-10-03"))
      // 9,300 entries of the largest amount: more than 2^63 - 1 minor units in all.
      let records = (0..<9_300).map { recordJSON(id: "b\($0)", amountMinor: "999999999999999") }
      try plant(monthJSON(records: records), at: monthFile(data, "2025-11"))
      for reader in [store, try await openStore(data)] {
        await #expect(throws: LedgerError.monthTotalOverflow(Fixtures.month("2025-11"))) {
          _ = try await reader.categoryTotals(
            in: Fixtures.month("2025-01")...Fixtures.month("2025-12"))
        }
      }
    }
  }
}
