import Foundation
import HannunDomain
import Testing

@testable import HannunData

@Suite("The catalog is written by copying the lines a write did not change")
struct CatalogSpliceTests {
  private func signature(_ random: inout SystemRandomNumberGenerator) -> FileSignature {
    FileSignature(
      device: 0, inode: UInt64.random(in: 1...9_999_999, using: &random),
      size: Int64.random(in: 0...999_999, using: &random),
      modifiedSeconds: Int64.random(in: 1_700_000_000...1_800_000_000, using: &random),
      modifiedNanoseconds: Int64.random(in: 0..<1_000_000_000, using: &random),
      isRegular: Int.random(in: 0..<20, using: &random) > 0)
  }

  private func path(_ month: YearMonth) -> String { "/l/\(month.iso).json" }

  @Test(
    "after any changes, the copied catalog is byte for byte the freshly formatted one",
    arguments: 0..<20)
  func spliceEqualsFormatting(trial: Int) throws {
    var random = SystemRandomNumberGenerator()
    var index = LedgerIndex(backedByDisk: true)
    var month = try YearMonth(iso: "1990-01")
    for _ in 0..<Int.random(in: 0...300, using: &random) {
      index.months[month] = LedgerIndex.Month(signature: signature(&random), problem: nil)
      month = try month.adding(months: Int.random(in: 1...3, using: &random))
    }
    for shard in ["aa", "ab", "k9", "zz", "_"] where Bool.random(using: &random) {
      index.files["index/ids/\(shard).json"] = signature(&random)
    }
    index.files["index/totals/1990.json"] = signature(&random)
    let read = try #require(LedgerIndex.catalog(index.encodedCatalog(), pathOf: path))
    #expect(read.encodedCatalog() == index.encodedCatalog(), "unchanged, it is copied whole")

    // A write: months changed, added and removed; index files changed, added and removed.
    var changed = read
    var fresh = index
    let months = Array(index.months.keys)
    for _ in 0..<Int.random(in: 0...6, using: &random) {
      guard let pick = months.randomElement(using: &random) else { break }
      let new =
        Bool.random(using: &random)
        ? LedgerIndex.Month(signature: signature(&random), problem: nil) : nil
      changed.months[pick] = new
      fresh.months[pick] = new
    }
    let added = try YearMonth(iso: "2031-0\(Int.random(in: 1...9, using: &random))")
    let addedMonth = LedgerIndex.Month(signature: signature(&random), problem: nil)
    changed.months[added] = addedMonth
    fresh.months[added] = addedMonth
    for name in [
      "index/ids/ab.json", "index/ids/b0.json", "index/totals/1990.json", "index/ids/_.json",
    ] {
      let new = Bool.random(using: &random) ? signature(&random) : nil
      changed.files[name] = new
      fresh.files[name] = new
    }
    #expect(changed.encodedCatalog() == fresh.encodedCatalog())
    let reread = try #require(LedgerIndex.catalog(changed.encodedCatalog(), pathOf: path))
    #expect(
      reread.months.mapValues(\.signature.stored) == fresh.months.mapValues(\.signature.stored))
    #expect(reread.files.all.mapValues(\.stored) == fresh.files.all.mapValues(\.stored))
  }
  @Test(
    "index files out of order or listed twice read as a dictionary would, and are written in order")
  func unorderedFiles() throws {
    let text = """
      {"schemaVersion":1,"months":[
      "2025-11 10 20 30 40 1"],"files":{"index/ids/zz.json" : "1 2 3 4 1",\
      "index/ids/aa.json" : "5 6 7 8 1","index/ids/zz.json" : "9 9 9 9 1"}}
      """
    let index = try #require(LedgerIndex.catalog(Data(text.utf8), pathOf: path))
    #expect(index.files["index/ids/zz.json"]?.inode == 9)
    #expect(index.files["index/ids/aa.json"]?.inode == 5)
    #expect(index.files["index/ids/mm.json"] == nil)
    let written = String(decoding: index.encodedCatalog(), as: UTF8.self)
    #expect(
      written.contains(
        #""files":{"index/ids/aa.json" : "5 6 7 8 1","index/ids/zz.json" : "9 9 9 9 1"}"#))
    // A signature that does not read makes the catalog unusable: the index is rebuilt.
    let damaged = text.replacingOccurrences(of: "5 6 7 8 1", with: "5 6 x 8 1")
    #expect(LedgerIndex.catalog(Data(damaged.utf8), pathOf: path) == nil)
  }

  @Test("a write hands on the index files' records it did not change a run at a time")
  func unchangedFilesInRuns() throws {
    var random = SystemRandomNumberGenerator()
    var index = LedgerIndex(backedByDisk: true)
    index.months[try YearMonth(iso: "2025-11")] = LedgerIndex.Month(
      signature: signature(&random), problem: nil)
    let names = (0..<300).map { String(format: "index/ids/%03d.json", $0) }
    for name in names { index.files[name] = signature(&random) }
    var read = try #require(LedgerIndex.catalog(index.encodedCatalog(), pathOf: path))
    read.files["index/ids/100.json"] = signature(&random)
    read.files["index/ids/200.json"] = nil
    var calls = 0
    var copied: [String] = []
    read.files.forEachRecord(
      unchanged: { name, text in
        calls += 1
        copied.append(
          String(decoding: name, as: UTF8.self) + "\" : \"" + String(decoding: text, as: UTF8.self))
      }, changed: { _, _, _ in })
    #expect(calls == 3, "before, between and after the two changed records")
    let records = copied.joined(separator: "\",\"").components(separatedBy: "\",\"")
    #expect(records.count == 298)
    #expect(
      !records.contains { $0.hasPrefix("index/ids/100.json") || $0.hasPrefix("index/ids/200.json") }
    )
  }

  @Test("records read with other spacing are written as the catalog writes them")
  func spacedFiles() throws {
    let text = """
      {"schemaVersion":1,"months":[
      "2025-11 10 20 30 40 1"],"files":{"index/ids/aa.json":"1 2 3 4 1", "index/ids/bb.json" :\
       "5 6 7 8 1","index/ids/cc.json" : "9 9 9 9 1",
      "index/ids/dd.json" : "4 4 4 4 1","index/ids/ee.json" : "3 3 3 3 1"}}
      """
    var index = try #require(LedgerIndex.catalog(Data(text.utf8), pathOf: path))
    var fresh = LedgerIndex(backedByDisk: true)
    fresh.months = index.months.mapValues {
      LedgerIndex.Month(signature: $0.signature, problem: nil)
    }
    for (name, signature) in index.files.all { fresh.files[name] = signature }
    #expect(index.encodedCatalog() == fresh.encodedCatalog())
    index.files["index/ids/cc.json"] = nil
    fresh.files["index/ids/cc.json"] = nil
    #expect(index.encodedCatalog() == fresh.encodedCatalog())
  }
}
