import Foundation
import HannunDomain
import HannunTestSupport
import Testing

@testable import HannunData

/// A month file as Hannun writes it: its members on the first line, one record a line.
private func writtenMonth(_ records: [String], month: String = "2025-11") -> String {
  "{\"month\":\"\(month)\",\"schemaVersion\":1,\"transactions\":[\n"
    + records.joined(separator: ",\n") + "\n]}\n"
}

@Suite("JSON file store: search by record")
struct SearchRecordTests {
  @Test("a search by kind, days or amount decodes only the records that may match")
  func decodesOnlyCandidates() async throws {
    try await withDataDirectory { data in
      let file = monthFile(data, "2025-11")
      // The second record breaks the rules (amount 0): decoding it fails.
      try plant(
        writtenMonth([
          recordJSON(id: "ok", date: "2025-11-03", amountMinor: "12000", memo: "coffee"),
          recordJSON(id: "bad", date: "2025-11-20", kind: "income", amountMinor: "0"),
        ]), at: file)
      let ids = { (query: TransactionQuery) in
        try await openStore(data).transactions(matching: query).map(\.id.rawValue)
      }
      #expect(try await ids(TransactionQuery(kind: .expense)) == ["ok"])
      #expect(try await ids(TransactionQuery(to: Fixtures.day("2025-11-10"))) == ["ok"])
      #expect(try await ids(TransactionQuery(minimum: Fixtures.amount(1_000))) == ["ok"])
      #expect(try await ids(TransactionQuery(text: "coffee")) == ["ok"])
      // One that may match is decoded, and its damage named.
      await expectUnreadable(file) { _ = try await ids(TransactionQuery(kind: .income)) }
      await expectUnreadable(file) {
        _ = try await ids(TransactionQuery(from: Fixtures.day("2025-11-15")))
      }
    }
  }

  @Test("only the lines of a file laid out as Hannun writes it are picked; any other is whole")
  func narrowing() throws {
    let query = try TransactionQuery(
      kind: .expense, from: Fixtures.day("2025-11-02"), to: Fixtures.day("2025-11-20"),
      minimum: Fixtures.amount(5_000), maximum: Fixtures.amount(20_000))
    let filter = SearchPrefilter(query)
    func narrowed(_ text: String) -> SearchPrefilter.Narrowing {
      Array(text.utf8).withUnsafeBytes(filter.narrowed)
    }
    /// The document of the records a narrowing kept, as the general reader gets it.
    func document(_ text: String, _ header: Range<Int>, _ kept: [Range<Int>]) -> String {
      Array(text.utf8).withUnsafeBytes { bytes in
        String(
          decoding: SearchPrefilter.document(bytes, header: header, kept: kept), as: UTF8.self)
      }
    }
    let match = recordJSON(id: "m", date: "2025-11-03", amountMinor: "12000")
    let others = [
      recordJSON(id: "k", date: "2025-11-03", kind: "income", amountMinor: "12000"),
      recordJSON(id: "early", date: "2025-11-01", amountMinor: "12000"),
      recordJSON(id: "late", date: "2025-11-21", amountMinor: "12000"),
      recordJSON(id: "small", date: "2025-11-03", amountMinor: "4999"),
      recordJSON(id: "large", date: "2025-11-03", amountMinor: "20001"),
    ]
    let mixed = writtenMonth([others[0], match] + Array(others.dropFirst()))
    guard case .records(let header, let kept) = narrowed(mixed) else {
      Issue.record("expected only some records")
      return
    }
    #expect(document(mixed, header, kept) == writtenMonth([match]))
    guard case .nothing = narrowed(writtenMonth(others)) else {
      Issue.record("expected no record")
      return
    }
    // Every record may match: the file is decoded as it is (and kept in the cache).
    guard case .whole = narrowed(writtenMonth([match])) else {
      Issue.record("expected the whole file")
      return
    }
    // Not one record a line, an escape, or a nested object: no line is ruled out on its bytes.
    let nested =
      #"{"x":{"kind":"income"},"#
      + recordJSON(id: "n", date: "2025-11-03", amountMinor: "12000").dropFirst()
    for text in [
      monthJSON(records: [match] + others),
      writtenMonth([match] + others).replacingOccurrences(of: "]}\n", with: "]\n}\n"),
      writtenMonth([match, recordJSON(id: "\\u0065", date: "2025-11-01")]),
      writtenMonth(Array(others.dropLast()) + [nested]),
    ] {
      switch narrowed(text) {
      case .whole: break
      case .records(let header, let kept):
        #expect(document(text, header, kept).contains("\"n\""), "kept: \(text)")
      case .nothing: Issue.record("ruled out: \(text)")
      }
    }
  }

  @Test(
    "searches by every filter answer what the in-memory store answers, after writes and without a valid index"
  )
  func sameAsInMemory() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      var generator = SplitMix64(seed: 22)
      let categories = ["식비", "Coffee", "교통", "rent", "카페 라떼", "groceries"]
      let memos = ["", "점심", "lunch with team", "COFFEE beans", "월세", "택시"]
      var entries: [Transaction] = []
      for index in 0..<600 {
        let day = try Day(
          year: 2025, month: Int.random(in: 1...4, using: &generator),
          day: Int.random(in: 1...28, using: &generator))
        entries.append(
          Transaction(
            id: TransactionID("s\(index)"), day: day,
            kind: Int.random(in: 0..<5, using: &generator) == 0 ? .income : .expense,
            amount: Fixtures.amount(Int64.random(in: 1...150_000, using: &generator)),
            category: categories.randomElement(using: &generator) ?? "x",
            memo: memos.randomElement(using: &generator) ?? "",
            createdAt: Date(timeIntervalSince1970: Double(1_700_000_000 + index)),
            updatedAt: Date(timeIntervalSince1970: Double(1_700_000_000 + index))))
      }
      for entry in entries { try await store.insert(entry) }
      var queries: [TransactionQuery] = []
      for _ in 0..<60 {
        let low = Int64.random(in: 1...100_000, using: &generator)
        let first = Int.random(in: 1...100, using: &generator)
        let january = try Day(year: 2025, month: 1, day: 1)
        let start = january.adding(days: first)
        let end = january.adding(days: first + Int.random(in: 0...60, using: &generator))
        queries.append(
          try TransactionQuery(
            text: ["", "", "coffee", "점심", "ee"].randomElement(using: &generator) ?? "",
            category: [nil, "식비", "coffee", "RENT"].randomElement(using: &generator) ?? nil,
            kind: [nil, .income, .expense].randomElement(using: &generator) ?? nil,
            from: Bool.random(using: &generator) ? start : nil,
            to: Bool.random(using: &generator) ? end : nil,
            minimum: Bool.random(using: &generator) ? Fixtures.amount(low) : nil,
            maximum: Bool.random(using: &generator)
              ? Fixtures.amount(low + Int64.random(in: 0...50_000, using: &generator)) : nil))
      }
      func expectSame(_ when: String) async throws {
        let reference = InMemoryTransactionRepository(entries)
        for query in queries {
          let expected = try await reference.transactions(matching: query)
          #expect(try await openStore(data).transactions(matching: query) == expected, "\(when)")
        }
      }
      try await expectSame("written")
      // Writes: an amount changed, an entry moved to another month, one deleted.
      func changing(_ entry: Transaction, day: Day? = nil, amount: Int64? = nil) -> Transaction {
        Transaction(
          id: entry.id, day: day ?? entry.day, kind: entry.kind,
          amount: amount.map(Fixtures.amount) ?? entry.amount, category: entry.category,
          memo: entry.memo, createdAt: entry.createdAt, updatedAt: entry.updatedAt)
      }
      let changed = changing(entries[7], amount: 45_000)
      try await store.update(entries[7], to: changed)
      entries[7] = changed
      let moved = changing(entries[8], day: Fixtures.day("2025-04-27"))
      try await store.update(entries[8], to: moved)
      entries[8] = moved
      try await store.delete(entries[9])
      entries.remove(at: 9)
      try await expectSame("after writes")
      let index = data.appending(path: "ledger/index")
      try Data("{".utf8).write(to: index.appending(path: "catalog.json"))
      try await expectSame("damaged catalog")
      try FileManager.default.removeItem(at: index)
      try await expectSame("no index")
    }
  }
}
