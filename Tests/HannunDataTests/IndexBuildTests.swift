import Foundation
import HannunDomain
import HannunTestSupport
import Testing

@testable import HannunData

@Suite("An index built from the month files")
struct IndexBuildTests {
  /// The index as built before ids held twice were found by sorting the shards: every id in one
  /// dictionary, months read in order, each in file order.
  private func referenceBuild(
    _ files: [YearMonth: FileSignature], _ contents: [YearMonth: [Transaction]?]
  ) -> (problems: [YearMonth: LedgerError?], shards: [String: [String]]) {
    var problems: [YearMonth: LedgerError?] = [:]
    var owner: [TransactionID: YearMonth] = [:]
    var clashes: [YearMonth: (id: TransactionID, other: YearMonth)] = [:]
    var readable: [(YearMonth, [TransactionID])] = []
    for month in files.keys.sorted() {
      guard let entries = contents[month] ?? nil else {
        problems[month] = .some(
          .unreadableFile(path: month.iso, reason: .invalidContent(.described("bad"))))
        continue
      }
      for entry in entries {
        if let other = owner.updateValue(month, forKey: entry.id) {
          owner[entry.id] = other
          if clashes[month] == nil { clashes[month] = (entry.id, other) }
          if clashes[other] == nil { clashes[other] = (entry.id, month) }
        }
      }
      readable.append((month, entries.map(\.id)))
    }
    var shards: [String: [String]] = [:]
    for (month, ids) in readable {
      if let clash = clashes[month] {
        problems[month] = .some(
          .unreadableFile(path: month.iso, reason: .duplicateID(clash.id, alsoIn: clash.other.iso)))
        continue
      }
      problems[month] = .some(nil)
      for id in ids {
        shards[LedgerLayout.shard(of: id), default: []].append(id.rawValue + " " + month.iso)
      }
    }
    return (problems, shards.mapValues { $0.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) } })
  }

  @Test(
    "ids held by two or three months, in one month twice, or in unreadable months, short or long, name the same months and ids as before, and the shards hold the same lines"
  )
  func sameAsReference() throws {
    var generator = SystemRandomNumberGenerator()
    let signature = FileSignature(
      device: 1, inode: 2, size: 3, modifiedSeconds: 4, modifiedNanoseconds: 5)
    let alphabet = Array("ab09_Z")
    for round in 0..<40 {
      var contents: [YearMonth: [Transaction]?] = [:]
      let monthCount = Int.random(in: 1...14, using: &generator)
      for number in 0..<monthCount {
        let month = try YearMonth(
          iso: String(format: "20%02d-%02d", 10 + number / 12, 1 + number % 12))
        if Int.random(in: 0..<9, using: &generator) == 0 {
          contents[month] = .some(nil)
          continue
        }
        // Few possible ids, so that some are held twice or three times (also within a month).
        let entries = (0..<Int.random(in: 0...12, using: &generator)).map { position in
          let id = String(
            (0..<Int.random(in: 1...3, using: &generator)).map { _ in
              alphabet.randomElement(using: &generator)!
            })
          // Ids of 15, 16 and more bytes, which share their first 16 bytes, every third round.
          let long = ["", "0123456789abcde", "0123456789abcdef", "0123456789abcdefg"]
          return Transaction.fixture(
            id: (round % 3 == 2 ? long[position % 4] : "") + id
              + (round % 2 == 0 ? "" : String(position % 3)),
            day: month.iso + "-0\(1 + position % 9)")
        }
        contents[month] = .some(entries)
      }
      let files = contents.mapValues { _ in signature }
      let built = LedgerIndex.build(
        from: files, pathOf: { $0.iso },
        read: { month throws(LedgerError) in
          guard let entries = contents[month] ?? nil else {
            throw .unreadableFile(path: month.iso, reason: .invalidContent(.described("bad")))
          }
          return (entries, 7)
        })
      let expected = referenceBuild(files, contents)
      for month in files.keys {
        #expect(built.months[month]?.problem == expected.problems[month] ?? nil, "\(month.iso)")
      }
      #expect(built.shards.filter { !$0.value.isEmpty }.mapValues(\.lines) == expected.shards)
    }
  }

  @Test(
    "a build large enough to make room in its shards ahead, with empty months and ids in two months, matches the reference"
  )
  func largeBuildSameAsReference() throws {
    var generator = SystemRandomNumberGenerator()
    let signature = FileSignature(
      device: 1, inode: 2, size: 150_000, modifiedSeconds: 4, modifiedNanoseconds: 5)
    var contents: [YearMonth: [Transaction]?] = [:]
    var earlier: [String] = []
    for number in 0..<48 {
      let month = try YearMonth(
        iso: String(format: "20%02d-%02d", 10 + number / 12, 1 + number % 12))
      // Every seventh month empty, a few ids of earlier months again.
      let count = number % 7 == 3 ? 0 : 700
      let entries = (0..<count).map { position in
        let id =
          position == 5 && number % 11 == 10
          ? earlier.randomElement(using: &generator)! : TransactionID.random().rawValue
        return Transaction.fixture(id: id, day: month.iso + "-0\(1 + position % 9)")
      }
      earlier += entries.prefix(3).map(\.id.rawValue)
      contents[month] = .some(entries)
    }
    let files = contents.mapValues { _ in signature }
    let built = LedgerIndex.build(
      from: files, pathOf: { $0.iso },
      read: { month throws(LedgerError) in ((contents[month] ?? nil) ?? [], 7) })
    let expected = referenceBuild(files, contents)
    for month in files.keys {
      #expect(built.months[month]?.problem == expected.problems[month] ?? nil, "\(month.iso)")
    }
    #expect(built.shards.filter { !$0.value.isEmpty }.mapValues(\.lines) == expected.shards)
  }

  @Test("an id's shard number names the shard its name does")
  func shardNumbers() {
    var names: Set<String> = []
    for id in ["ab1", "zz", "09x", "a", "", "Ab", "a_", "한글", "z9", "0", "9z123"] {
      let number = IndexBuildIDs.shard(of: TransactionID(id))
      #expect((0..<IndexBuildIDs.shardCount).contains(number))
      let name = LedgerLayout.shard(of: TransactionID(id))
      #expect((number == IndexBuildIDs.shardCount - 1) == (name == "_"), "\(id)")
      names.insert("\(number) \(name)")
    }
    // One number for each name.
    #expect(Set(names.map { $0.split(separator: " ").first! }).count == names.count)
  }

  @Test("an id kept as numbers gives back its bytes and its length, whatever its length")
  func packedIDs() {
    var ids = IndexBuildIDs()
    let texts = (0...20).map { length in String("0a9z_0PQRSTUVWXYZ0123456789".prefix(length)) }
    for (position, text) in texts.enumerated() {
      ids.add(TransactionID(text), month: 0, position: Int32(position))
    }
    let entries = ids.shards.flatMap { $0 }
    #expect(entries.count == texts.count)
    for entry in entries {
      #expect(ids.month(of: entry) == 0)
      let text = texts[Int(ids.position(of: entry))]
      #expect(ids.id(of: entry).rawValue == text)
      #expect(ids.idLength(of: entry) == text.utf8.count, "\(text)")
      var bytes: [UInt8] = []
      ids.appendID(of: entry, to: &bytes)
      #expect(bytes == Array(text.utf8))
    }
  }

  @Test(
    "a month's totals found by bytes equal the domain's sums: both kinds, composed and decomposed Hangul, other months' entries, and overflow"
  )
  func totalsAsDomain() throws {
    var generator = SystemRandomNumberGenerator()
    let month = Fixtures.month("2025-11")
    // "식비" composed and decomposed: equal as text, other bytes.
    let categories = ["식비", "\u{1109}\u{1175}\u{11A8}\u{1107}\u{1175}", "food", "교통", "Food", "a"]
    for round in 0..<60 {
      // Every tenth round, enough of the largest amount to overflow 64 bits.
      let count = round % 10 == 9 ? 9_300 : Int.random(in: 0...40, using: &generator)
      let entries = (0..<count).map { number in
        Transaction.fixture(
          id: "t\(number)",
          day: number % 7 == 6 ? "2025-10-03" : "2025-11-0\(1 + number % 9)",
          kind: Bool.random(using: &generator) ? .income : .expense,
          amount: round % 10 == 9
            ? 999_999_999_999_999 : Int64.random(in: 1...1_000_000, using: &generator),
          category: categories.randomElement(using: &generator)!)
      }
      let expected = (try? MonthCategoryTotals(month: month, transactions: entries))?.totals
      let found = LedgerIndex.totals(of: month, entries)
      #expect(found == expected, "round \(round)")
      // The spelling kept is the first met, as the domain keeps it.
      #expect(
        found?.map { Array($0.category.utf8) } == expected?.map { Array($0.category.utf8) })
    }
  }
}
