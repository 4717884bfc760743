import Foundation
import HannunDomain
import HannunTestSupport
import Testing

@testable import HannunData

/// `ledger/index/changes.log`, relative to the data directory.
private func changeLog(_ data: URL) -> URL { data.appending(path: "ledger/index/changes.log") }

/// Every entry the store holds from 2024 to 2026, by id, with its date and amount.
private func contents(_ store: JSONFileTransactionStore) async throws -> [String: String] {
  var result: [String: String] = [:]
  for entry in try await store.transactions(in: Day.range("2024-01-01", "2026-12-31")) {
    result[entry.id.rawValue] = "\(entry.day.iso) \(entry.amount.minorUnits)"
  }
  return result
}

/// Issue 22 item 4: a write of one or two month files appends a line to the index's change log
/// instead of rewriting the catalog, totals, postings and shards; readers fold the lines in,
/// a torn or foreign line is never used, and the whole index is committed every so often.
@Suite("The index's change log")
struct IndexChangeLogTests {
  @Test("a line is read back as written: months, totals with any category, ids and folders")
  func lineRoundTrip() throws {
    let month = Fixtures.month("2025-11")
    let signature = FileSignature(
      device: 0, inode: 42, size: 1_234, modifiedSeconds: 1_700_000_000,
      modifiedNanoseconds: 5, isRegular: true)
    let folder = FileSignature(
      device: 65_024, inode: 7, size: 4_096, modifiedSeconds: 1_700_000_001,
      modifiedNanoseconds: 9, isRegular: false, isDirectory: true)
    var line = IndexChangeLog.Line()
    line.months = [(month, signature, 123_456_789)]
    let totals = [
      CategoryTotal(
        kind: .expense, category: "식 \"비\" \\ 1", amount: .init(minorUnits: 500), count: 2),
      CategoryTotal(kind: .income, category: "salary", amount: .init(minorUnits: 9), count: 1),
    ]
    line.totals = [month: totals]
    line.ids = [(TransactionID("ab1"), month), (TransactionID("cd2"), nil)]
    line.folders = [("ledger", folder), ("2025", folder)]
    let bytes = [UInt8](IndexChangeLog.encoded(line, token: "t1"))
    let read = IndexChangeLog.lines(bytes, token: "t1")
    #expect(read.count == 1 && read.whole)
    let back = try #require(read.lines.first)
    #expect(back.months.first?.month == month && back.months.first?.checksum == 123_456_789)
    #expect(back.months.first?.signature.matchesStored(signature) == true)
    #expect(back.totals[month] == .some(totals))
    #expect(
      back.ids.map(\.id.rawValue) == ["ab1", "cd2"] && back.ids.map(\.month) == [month, nil])
    #expect(
      back.folders.map(\.name) == ["ledger", "2025"] && back.folders.last?.signature == folder)
    // Another catalog's line is not used, and a torn or changed one ends the log.
    #expect(IndexChangeLog.lines(bytes, token: "t2").lines.isEmpty)
    #expect(!IndexChangeLog.lines(bytes, token: "t2").whole)
    let torn = IndexChangeLog.lines(bytes + Array(bytes.dropLast(3)), token: "t1")
    #expect(torn.lines.count == 1 && !torn.whole)
    var changed = bytes
    changed[changed.count - 10] ^= 1
    #expect(IndexChangeLog.lines(changed, token: "t1").lines.isEmpty)
  }

  @Test("writes read back in a new process as in the writing one, through compaction")
  func foldedAsWritten() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      try await store.insert(.fixture(id: "a0", day: "2025-11-01", amount: 1))
      var sawLog = false
      var sawCompaction = false
      for number in 1...40 {
        let day = number % 3 == 0 ? "2024-0\(1 + number % 9)-0\(1 + number % 9)" : "2025-11-02"
        try await store.insert(.fixture(id: "a\(number)", day: day, amount: Int64(number)))
        if number % 4 == 0 {
          try await store.update(
            .fixture(id: "a\(number)", day: day, amount: Int64(number)),
            to: .fixture(id: "a\(number)", day: "2026-01-0\(1 + number % 9)", amount: 7))
        }
        if number % 5 == 0 { try await store.delete(id: TransactionID("a\(number - 1)")) }
        let logged = FileManager.default.fileExists(atPath: filePath(changeLog(data)))
        sawCompaction = sawCompaction || (sawLog && !logged)
        sawLog = sawLog || logged
        let fresh = try await openStore(data)
        #expect(try await contents(fresh) == (try await contents(store)), "after \(number)")
        let range = Fixtures.month("2024-01")...Fixtures.month("2026-12")
        #expect(
          try await fresh.categoryTotals(in: range)
            == (try await fresh.categoryTotalsComputed(in: range)), "after \(number)")
        #expect(try await fresh.transaction(withID: TransactionID("a\(number)")) != nil)
        #expect(await fresh.indexBuilds == 0, "after \(number)")
      }
      #expect(sawLog && sawCompaction)
    }
  }

  @Test("a torn last line is not used: the index is rebuilt from the month files, once")
  func tornLine() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      try await store.insert(.fixture(id: "a1", day: "2025-11-03", amount: 1))
      try await store.insert(.fixture(id: "a2", day: "2025-11-04", amount: 2))
      try await store.insert(.fixture(id: "a3", day: "2025-12-04", amount: 3))
      let log = try Data(contentsOf: changeLog(data))
      try log.dropLast(7).write(to: changeLog(data))
      let fresh = try await openStore(data)
      #expect(
        try await contents(fresh)
          == ["a1": "2025-11-03 1", "a2": "2025-11-04 2", "a3": "2025-12-04 3"])
      // The index the read built is recorded whole, with a new catalog the old lines do not
      // follow; the next write's line follows it.
      #expect(await fresh.indexBuilds == 1)
      #expect(!FileManager.default.fileExists(atPath: filePath(changeLog(data))))
      try await fresh.insert(.fixture(id: "a4", day: "2025-12-05", amount: 4))
      let after = try await openStore(data)
      #expect(try await contents(after).count == 4)
      #expect(await after.indexBuilds == 0)
    }
  }

  @Test("a catalog of an earlier Hannun (no change log) is used, and the next write records one")
  func earlierCatalog() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      try await store.insert(.fixture(id: "a1", day: "2025-11-03", amount: 1))
      let catalog = data.appending(path: "ledger/index/catalog.json")
      let text = try String(contentsOf: catalog, encoding: .utf8)
      let earlier = try #require(text.range(of: ",\"changes\":"))
      try (String(text[..<earlier.lowerBound]) + "}\n").write(
        to: catalog, atomically: false, encoding: .utf8)
      // A log an earlier catalog does not name is not used.
      try Data("stray line\n".utf8).write(to: changeLog(data))
      let fresh = try await openStore(data)
      #expect(try await contents(fresh) == ["a1": "2025-11-03 1"])
      try await fresh.insert(.fixture(id: "a2", day: "2025-11-04", amount: 2))
      #expect(!FileManager.default.fileExists(atPath: filePath(changeLog(data))))
      #expect(
        try String(contentsOf: catalog, encoding: .utf8).contains(",\"changes\":"))
      try await openStore(data).insert(.fixture(id: "a3", day: "2025-11-05", amount: 3))
      #expect(FileManager.default.fileExists(atPath: filePath(changeLog(data))))
      #expect(try await contents(try await openStore(data)).count == 3)
    }
  }

  @Test("a copy with cp -a of a ledger with a change log keeps its index, and records it whole")
  func copiedWithLog() async throws {
    try await withTemporaryDirectory { base in
      let data = base.appending(path: "data")
      let store = try await openStore(data)
      try await store.insert(.fixture(id: "a1", day: "2025-11-03", amount: 1))
      try await store.insert(.fixture(id: "a2", day: "2024-11-04", amount: 2))
      try await store.insert(.fixture(id: "a3", day: "2025-11-05", amount: 3))
      let copy = base.appending(path: "copy")
      let process = Process()
      process.executableURL = URL(filePath: "/usr/bin/env")
      process.arguments = ["cp", "-a", filePath(data), filePath(copy)]
      try process.run()
      process.waitUntilExit()
      let copied = try await openStore(copy)
      #expect(try await contents(copied) == (try await contents(store)))
      #expect(await copied.indexBuilds == 0)
      try await copied.insert(.fixture(id: "a4", day: "2025-11-06", amount: 4))
      #expect(!FileManager.default.fileExists(atPath: filePath(changeLog(copy))))
      #expect(try await contents(try await openStore(copy)).count == 4)
    }
  }
}
