import Foundation
import HannunDomain
import HannunInMemoryStore
import HannunTestSupport
import Testing

@testable import HannunData

@Suite("JSON file store: searches by category from the index's postings")
struct SearchPostingsTests {
  /// Categories that try the postings: Hangul, a case pair that one search finds both of, and
  /// categories of each kind.
  static let categories = ["식비", "교통", "Coffee", "coffee", "rent", "급여"]

  /// A generator of entries, the same for the same seed.
  struct Entries {
    var state: UInt64
    var number = 0

    mutating func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }

    mutating func entry(in month: YearMonth) throws -> Transaction {
      number += 1
      let category = SearchPostingsTests.categories[next(SearchPostingsTests.categories.count)]
      let stamp = Date(timeIntervalSince1970: Double(1_700_000_000 + number))
      return Transaction(
        id: TransactionID("p\(number)x\(next(1_000))"),
        day: try Day(year: month.year, month: month.month, day: 1 + next(28)),
        kind: category == "급여" ? .income : .expense,
        amount: Fixtures.amount(Int64(1_000 * (1 + next(120)))), category: category,
        memo: next(3) == 0 ? "점심 coffee" : "", createdAt: stamp, updatedAt: stamp)
    }
  }

  /// Searches of every kind that a category takes part in, and some without one.
  static func queries() throws -> [TransactionQuery] {
    [
      try TransactionQuery(category: "식비"),
      try TransactionQuery(category: "COFFEE"),
      try TransactionQuery(category: "식비", minimum: Fixtures.amount(30_000)),
      try TransactionQuery(
        category: "식비", minimum: Fixtures.amount(30_000), maximum: Fixtures.amount(100_000)),
      try TransactionQuery(category: "급여", kind: .income),
      try TransactionQuery(category: "교통", kind: .income),
      try TransactionQuery(text: "점심", category: "coffee"),
      try TransactionQuery(
        category: "rent", from: try Day(year: 2021, month: 2, day: 10),
        to: try Day(year: 2021, month: 7, day: 3)),
      try TransactionQuery(category: "없는 분류"),
      try TransactionQuery(kind: .income),
      try TransactionQuery(text: "coffee"),
    ]
  }

  /// Expects every query to answer from the store as from the same entries in memory.
  private func expectAgrees(
    _ data: URL, _ entries: [Transaction], _ step: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let reference = InMemoryTransactionRepository(entries)
    for query in try Self.queries() {
      let expected = try await reference.transactions(matching: query)
      let found = try await openStore(data).transactions(matching: query)
      #expect(found == expected, "\(step): \(query)", sourceLocation: sourceLocation)
    }
  }

  /// The months the index's change log changed since its catalog was written (see
  /// `IndexChangeLog`): their postings are made when the whole index is next committed, and a
  /// search reads them whole meanwhile.
  private func loggedMonths(_ data: URL) throws -> Set<YearMonth> {
    let ledger = data.appending(path: "ledger")
    let catalog = try Data(contentsOf: ledger.appending(path: LedgerLayout.catalogFile))
    var index = try #require(LedgerIndex.catalog(catalog, pathOf: \.iso))
    let log = try? Data(contentsOf: ledger.appending(path: LedgerLayout.changesFile))
    let none = FileSignature(
      device: 0, inode: 0, size: 0, modifiedSeconds: 0, modifiedNanoseconds: 0)
    index.fold(changes: log.map { ([UInt8]($0), none) })
    return index.loggedMonths
  }

  /// Expects the index's postings to describe every month file as it is now, exactly as made
  /// from its bytes, but for the months the change log changed, whose postings must not
  /// describe them (a search then reads them whole).
  private func expectPostingsInStep(
    _ data: URL, _ step: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let ledger = data.appending(path: "ledger")
    let logged = try loggedMonths(data)
    var checked = 0
    for year in try FileManager.default.contentsOfDirectory(atPath: ledger.path)
    where LedgerLayout.year(fromDirectoryName: year) != nil {
      let number = try #require(Int(year))
      let file = ledger.appending(path: LedgerLayout.postingsFile(number))
      let months = try FileManager.default.contentsOfDirectory(
        atPath: ledger.appending(path: year).path
      ).compactMap { LedgerLayout.month(fromFileName: $0, year: number) }
      if !FileManager.default.fileExists(atPath: file.path),
        months.allSatisfy(logged.contains)
      {
        continue
      }
      let stored = try #require(
        PostingsYear.decoded(try Data(contentsOf: file), year: number),
        "\(step): postings of \(year)", sourceLocation: sourceLocation)
      for name in try FileManager.default.contentsOfDirectory(
        atPath: ledger.appending(path: year).path)
      {
        guard let month = LedgerLayout.month(fromFileName: name, year: number) else { continue }
        let path = ledger.appending(path: "\(year)/\(name)").path
        let read = try #require(try POSIXFiles.read(path: path))
        if logged.contains(month) {
          #expect(
            stored[month].map { !$0.signature.matchesStored(read.signature) } ?? true,
            "\(step): postings of \(month.iso) describe a file they were not made from",
            sourceLocation: sourceLocation)
          continue
        }
        let made = try #require(MonthPostings.make(month, read.data, read.signature))
        let posted = try #require(
          stored[month], "\(step): no postings for \(month.iso)", sourceLocation: sourceLocation)
        #expect(
          posted.signature.matchesStored(read.signature)
            && posted.categories.count
              == made.categories.count
            && zip(posted.categories, made.categories).allSatisfy {
              $0.name == $1.name && $0.offsets == $1.offsets
            },
          "\(step): postings of \(month.iso)", sourceLocation: sourceLocation)
        checked += 1
      }
    }
    #expect(checked > 0, sourceLocation: sourceLocation)
  }

  @Test("after every kind of write the postings describe each month file and searches agree")
  func everyWrite() async throws {
    try await withDataDirectory { data in
      var generator = Entries(state: 22)
      let months = try (0..<40).map { try YearMonth(year: 2020 + $0 / 12, month: $0 % 12 + 1) }
      var entries: [Transaction] = []
      for month in months {
        for _ in 0..<6 { entries.append(try generator.entry(in: month)) }
      }
      let store = try await openStore(data)
      try await store.apply(entries.map { .insert($0) })
      try expectPostingsInStep(data, "batch insert")
      try await expectAgrees(data, entries, "batch insert")

      for round in 0..<6 {
        // An add, an edit of amount and category, a move to another year, a delete.
        let added = try generator.entry(in: months[generator.next(months.count)])
        try await store.insert(added)
        entries.append(added)
        let edited = entries[generator.next(entries.count)]
        var changed = edited
        changed.amount = Fixtures.amount(77_000 + Int64(round))
        changed.category = Self.categories[generator.next(Self.categories.count)]
        changed.kind = changed.category == "급여" ? .income : .expense
        try await store.update(edited, to: changed)
        entries[try #require(entries.firstIndex(of: edited))] = changed
        let moving = entries[generator.next(entries.count)]
        var moved = moving
        moved.day = try Day(year: 2023, month: 1 + round, day: 5)
        try await store.update(moving, to: moved)
        entries[try #require(entries.firstIndex(of: moving))] = moved
        let deleted = entries.remove(at: generator.next(entries.count))
        try await store.delete(deleted)
        try expectPostingsInStep(data, "round \(round)")
        try await expectAgrees(data, entries, "round \(round)")
      }

      // A rename of one category into another (a merge), as one batch.
      let renamed = entries.filter { $0.category == "coffee" }
      try await store.apply(
        renamed.map { entry in
          var merged = entry
          merged.category = "Coffee"
          return .update(entry, to: merged)
        })
      entries = entries.map { entry in
        guard entry.category == "coffee" else { return entry }
        var merged = entry
        merged.category = "Coffee"
        return merged
      }
      try expectPostingsInStep(data, "merge")
      try await expectAgrees(data, entries, "merge")

      // An import, month by month through staged files, into old months and a new one.
      let imported = try [months[3], months[17], YearMonth(year: 2019, month: 12)].map { month in
        (month, try (0..<4).map { _ in try generator.entry(in: month) })
      }
      let additions = Dictionary(uniqueKeysWithValues: imported)
      _ = try await store.insertByMonth(Array(additions.keys), keepingEntries: false) { month, _ in
        MonthAdditions(entries: additions[month] ?? [], skipped: 0)
      }
      entries += imported.flatMap(\.1)
      try expectPostingsInStep(data, "import")
      try await expectAgrees(data, entries, "import")

      // A month emptied: its file and its postings go.
      for entry in entries where entry.day.yearMonth == months[39] {
        try await store.delete(entry)
      }
      entries.removeAll { $0.day.yearMonth == months[39] }
      try expectPostingsInStep(data, "month emptied")
      try await expectAgrees(data, entries, "month emptied")
    }
  }

  @Test("an index rebuilt from the month files has postings for every month")
  func rebuilt() async throws {
    try await withDataDirectory { data in
      var generator = Entries(state: 5)
      var entries: [Transaction] = []
      for offset in 0..<14 {
        let month = try YearMonth(year: 2024 + offset / 12, month: offset % 12 + 1)
        for _ in 0..<5 { entries.append(try generator.entry(in: month)) }
      }
      try await openStore(data).apply(entries.map { .insert($0) })
      try FileManager.default.removeItem(at: data.appending(path: "ledger/index"))
      // A write rebuilds the index and records it whole.
      let extra = try generator.entry(in: YearMonth(year: 2024, month: 1))
      try await openStore(data).insert(extra)
      entries.append(extra)
      try expectPostingsInStep(data, "rebuilt")
      try await expectAgrees(data, entries, "rebuilt")
    }
  }

  @Test("damaged, stale or forged postings are not trusted")
  func notTrusted() async throws {
    try await withDataDirectory { data in
      var generator = Entries(state: 9)
      var entries: [Transaction] = []
      for offset in 0..<12 {
        let month = try YearMonth(year: 2022, month: offset + 1)
        for _ in 0..<8 { entries.append(try generator.entry(in: month)) }
      }
      let store = try await openStore(data)
      try await store.apply(entries.map { .insert($0) })
      let postings = data.appending(path: "ledger/" + LedgerLayout.postingsFile(2022))
      let recorded = try Data(contentsOf: postings)
      let months = try #require(PostingsYear.decoded(recorded, year: 2022))

      // Forged: every month's postings hold nothing, under each file's true signature.
      let empty = months.mapValues { month in
        MonthPostings(signature: month.signature, checksum: month.checksum, categories: [])
      }
      try PostingsYear.encoded(empty).write(to: postings)
      try await expectAgrees(data, entries, "forged")

      // Damaged: cut short, and bytes that are not postings.
      try recorded.prefix(recorded.count / 2).write(to: postings)
      try await expectAgrees(data, entries, "cut short")
      try Data("not postings".utf8).write(to: postings)
      try await expectAgrees(data, entries, "garbage")

      // Stale: the postings of before a write put back after it.
      try recorded.write(to: postings)
      let moving = entries[3]
      var moved = moving
      moved.category = "식비"
      moved.amount = Fixtures.amount(55_555)
      try await openStore(data).update(moving, to: moved)
      entries[3] = moved
      try recorded.write(to: postings)
      try await expectAgrees(data, entries, "stale")

      // A month file edited by hand, laid out as Hannun writes it: its postings no longer
      // describe it.
      try await openStore(data).update(moved, to: moving)
      entries[3] = moving
      let file = monthFile(data, moving.day.yearMonth.iso)
      let text = try String(contentsOf: file, encoding: .utf8)
      try plant(text.replacingOccurrences(of: "\"교통\"", with: "\"식비\""), at: file)
      entries = entries.map { entry in
        guard entry.day.yearMonth == moving.day.yearMonth, entry.category == "교통" else {
          return entry
        }
        var edited = entry
        edited.category = "식비"
        return edited
      }
      try await expectAgrees(data, entries, "edited by hand")
    }
  }

  @Test("the search's match with the category compared once a run agrees with the rule")
  func sameMatch() throws {
    var generator = Entries(state: 11)
    let month = try YearMonth(year: 2025, month: 4)
    let entries = try (0..<200).map { _ in try generator.entry(in: month) }
    for query in try Self.queries() {
      let prefilter = SearchPrefilter(query)
      var last: (category: String, same: Bool)?
      for entry in entries {
        #expect(prefilter.matches(entry, query, &last) == query.matches(entry), "\(query)")
      }
    }
  }

  @Test("a month whose postings hold none of the category is not read")
  func monthSkipped() throws {
    var buffer = ScanBuffer()
    let query = try TransactionQuery(category: "식비")
    let month = try YearMonth(year: 2025, month: 1)
    let signature = FileSignature(
      device: 0, inode: 1, size: 10, modifiedSeconds: 0, modifiedNanoseconds: 0, isRegular: true)
    let file: SearchFile = (month, "/nonexistent/2025-01.json", signature)
    let skipped = SearchScan.scan(file, [], SearchPrefilter(query), query, &buffer)
    #expect({ if case .nothing = skipped { true } else { false } }())
    let read = SearchScan.scan(file, nil, SearchPrefilter(query), query, &buffer)
    #expect({ if case .gone = read { true } else { false } }())
  }

  @Test("postings are made only of a file laid out as Hannun writes it, and read back whole")
  func layout() throws {
    let month = try YearMonth(year: 2025, month: 3)
    let signature = FileSignature(
      device: 0, inode: 7, size: 1, modifiedSeconds: 2, modifiedNanoseconds: 3, isRegular: true)
    var generator = Entries(state: 3)
    let entries = try (0..<30).map { _ in try generator.entry(in: month) }
      .sorted(by: Transaction.listOrder)
    let bytes = MonthFileCodec.encode(try StoredMonth(month: month, transactions: entries))
    let postings = try #require(MonthPostings.make(month, bytes, signature))
    #expect(postings.categories.reduce(0) { $0 + $1.offsets.count } == entries.count)
    let text = String(decoding: bytes, as: UTF8.self)
    for category in postings.categories {
      for offset in category.offsets {
        let line = text.utf8.dropFirst(Int(offset)).prefix { $0 != UInt8(ascii: "\n") }
        let name = String(decoding: category.name, as: UTF8.self)
        #expect(String(decoding: line, as: UTF8.self).contains("\"category\":\"\(name)\""))
      }
    }
    let year = PostingsYear.encoded([month: postings])
    #expect(PostingsYear.decoded(year, year: 2025)?[month] == postings)
    #expect(PostingsYear.decoded(year, year: 2024) != nil)
    #expect(PostingsYear.decoded(year.dropLast(), year: 2025) == nil)
    #expect(PostingsYear.decoded(year + Data([0]), year: 2025) == nil)
    // Any other layout has none: spaces, an escape, another first line.
    for other in [
      text.replacingOccurrences(of: "\":", with: "\": "),
      text.replacingOccurrences(of: "점심", with: "\\uc810\\uc2ec"),
      text.replacingOccurrences(of: "\"schemaVersion\":1", with: "\"schemaVersion\": 1"),
      String(text.dropLast(3)),
    ] {
      #expect(MonthPostings.make(month, Data(other.utf8), signature) == nil)
    }
  }
}
