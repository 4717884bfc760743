import Foundation
import HannunDomain
import Testing

@testable import HannunData

@Suite("An id shard kept as its sorted lines")
struct IDShardTests {
  private func month(_ text: String) throws -> YearMonth { try YearMonth(iso: text) }

  @Test("lookups, inserts, moves and removals keep the lines sorted and one per id")
  func editsKeepOrder() throws {
    var shard = try IDShard(lines: ["ab1 2025-01", "ab3 2025-03"])
    #expect(shard[TransactionID("ab1")] == (try month("2025-01")))
    #expect(shard[TransactionID("ab2")] == nil)
    shard[TransactionID("ab2")] = try month("2025-02")
    shard[TransactionID("ab0")] = try month("2024-12")
    shard[TransactionID("ab4")] = try month("2025-04")
    shard[TransactionID("ab3")] = try month("2026-03")
    shard[TransactionID("ab1")] = nil
    shard[TransactionID("zz")] = nil
    #expect(
      shard.lines == ["ab0 2024-12", "ab2 2025-02", "ab3 2026-03", "ab4 2025-04"])
    #expect(shard.stored.ids == shard.lines)
  }

  @Test(
    "an import's ids, gathered as lines in any order, merge in sorted; an id given twice, or held already, is refused and the shard kept"
  )
  func merges() throws {
    var shard = try IDShard(lines: ["ab1 2025-01", "ab5 2025-05"])
    var additions = IDShard.Additions()
    for (id, text) in [
      ("ab6", "2025-06"), ("ab0", "2024-12"), ("ab3", "2025-03"), ("ab10", "2025-10"),
    ] {
      additions.add(TransactionID(id), try month(text))
    }
    try shard.merge(additions)
    #expect(
      shard.lines == [
        "ab0 2024-12", "ab1 2025-01", "ab10 2025-10", "ab3 2025-03", "ab5 2025-05", "ab6 2025-06",
      ])
    #expect(shard[TransactionID("ab10")] == (try month("2025-10")))
    let before = shard
    var twice = IDShard.Additions()
    twice.add(TransactionID("ab7"), try month("2025-07"))
    twice.add(TransactionID("ab7"), try month("2025-08"))
    #expect(throws: LedgerError.duplicateTransaction(TransactionID("ab7"))) {
      try shard.merge(twice)
    }
    var held = IDShard.Additions()
    held.add(TransactionID("ab3"), try month("2025-09"))
    #expect(throws: LedgerError.duplicateTransaction(TransactionID("ab3"))) {
      try shard.merge(held)
    }
    #expect(shard == before)
  }

  @Test("an id that is a prefix of another is found exactly, and prefixes list both")
  func prefixes() throws {
    var shard = IDShard()
    shard[TransactionID("abc")] = try month("2025-01")
    shard[TransactionID("abcd")] = try month("2025-02")
    shard[TransactionID("abd")] = try month("2025-03")
    #expect(shard[TransactionID("abc")] == (try month("2025-01")))
    #expect(shard[TransactionID("abcd")] == (try month("2025-02")))
    #expect(shard.ids(startingWith: "abc") == [TransactionID("abc"), TransactionID("abcd")])
    #expect(shard.ids(startingWith: "ab").count == 3)
    #expect(shard.ids(startingWith: "abe").isEmpty)
  }

  @Test("a file out of order is sorted; a damaged line or an id listed twice is refused")
  func checksFiles() throws {
    let shard = try IDShard(lines: ["ab9 2025-09", "ab1 2025-01"])
    #expect(shard.lines == ["ab1 2025-01", "ab9 2025-09"])
    #expect(shard[TransactionID("ab9")] == (try month("2025-09")))
    #expect(throws: StoredRecordProblem.self) { try IDShard(lines: ["ab1 2025-13"]) }
    #expect(throws: StoredRecordProblem.self) { try IDShard(lines: ["ab1"]) }
    #expect(throws: StoredRecordProblem.self) {
      try IDShard(lines: ["ab1 2025-01", "ab1 2025-02"])
    }
    #expect(throws: StoredRecordProblem.self) {
      try IDShard(lines: ["ab1 2025-02", "ab0 2025-01", "ab1 2025-01"])
    }
  }

  @Test("built from ids in any order, it equals the same ids inserted one by one")
  func builtEqualsInserted() throws {
    var generator = SystemRandomNumberGenerator()
    let entries = try (0..<300).map { _ in
      (
        id: TransactionID.random(using: &generator),
        month: try month(
          String(format: "20%02d-%02d", Int.random(in: 0...99), Int.random(in: 1...12)))
      )
    }
    var inserted = IDShard()
    for entry in entries { inserted[entry.id] = entry.month }
    #expect(IDShard(unordered: entries) == inserted)
    for entry in entries { #expect(inserted[entry.id] == entry.month) }
  }

  @Test(
    "many changes at once (a restore, an import) leave exactly what they would one by one",
    arguments: [3, 17, 400])
  func bulkUpdate(count: Int) throws {
    var random = SystemRandomNumberGenerator()
    let months = try ["2025-01", "2025-02", "2031-12"].map(month)
    var existing: [(id: TransactionID, month: YearMonth)] = []
    for number in 0..<300 where number % 3 != 0 {
      existing.append((TransactionID("ab\(number)"), months[number % 3]))
    }
    var changes: [TransactionID: YearMonth?] = [:]
    for _ in 0..<count {
      let id = TransactionID("ab\(Int.random(in: 0..<600, using: &random))")
      changes[id] = Bool.random(using: &random) ? nil : months.randomElement(using: &random)
    }
    var oneByOne = IDShard(unordered: existing)
    for (id, month) in changes { oneByOne[id] = month }
    var atOnce = IDShard(unordered: existing)
    atOnce.update(changes)
    #expect(atOnce == oneByOne)
    #expect(atOnce.lines == atOnce.lines.sorted())
  }
  @Test("a shard's file reads back as it was, byte for byte; a damaged one is refused")
  func fileRoundTrip() throws {
    var shard = IDShard()
    for number in 0..<50 {
      shard[TransactionID("ab\(number)")] = try month("2025-0\(number % 9 + 1)")
    }
    // An id that must be escaped in JSON is read through the general string path.
    shard[TransactionID("ab\"q")] = try month("2025-01")
    let data = shard.encoded()
    #expect(data == shard.stored.encoded())
    let read = try #require(try IDShard.decoding(data))
    #expect(read == shard)
    #expect(read.encoded() == data)
    #expect(read[TransactionID("ab\"q")] == (try month("2025-01")))
    #expect(try IDShard.decoding(Data(#"{"schemaVersion":2,"ids":["ab1 2025-01"]}"#.utf8)) == nil)
    #expect(try IDShard.decoding(Data(#"{"schemaVersion":1}"#.utf8)) == nil)
    #expect(try IDShard.decoding(Data("not json".utf8)) == nil)
    #expect(throws: StoredRecordProblem.self) {
      try IDShard.decoding(Data(#"{"schemaVersion":1,"ids":["ab1 2025-13"]}"#.utf8))
    }
    let unordered = try #require(
      try IDShard.decoding(Data(#"{"schemaVersion":1,"ids":["ab9 2025-09","ab1 2025-01"]}"#.utf8)))
    #expect(unordered.lines == ["ab1 2025-01", "ab9 2025-09"])
  }
}
