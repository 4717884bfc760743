import Foundation
import HannunData
import HannunDomain
import HannunTestSupport
import Testing

/// The 40 months from 2022-08 to 2025-11, one entry each, as a large import gives them.
private let months: [YearMonth] = (0..<40).map { offset in
  let index = 2022 * 12 + 7 + offset
  return Fixtures.month(String(format: "%04d-%02d", index / 12, index % 12 + 1))
}

/// The entry an import adds to `month`.
private func entry(_ month: YearMonth) -> Transaction {
  .fixture(id: "i\(month.year)\(month.month)", day: month.firstDay.iso, category: "import")
}

/// The first characters of the ids of the tests that spread an import over several id shards.
private let shardPrefixes = ["ab", "k3", "q9", "zz"]

/// Adds `entries` through one month-by-month import, each month's as given.
@discardableResult
private func add(_ entries: [Transaction], to store: JSONFileTransactionStore) async throws
  -> MonthlyInsertion
{
  let byMonth = Dictionary(grouping: entries, by: \.day.yearMonth)
  return try await store.insertByMonth(Array(byMonth.keys), keepingEntries: false) { month, _ in
    MonthAdditions(entries: byMonth[month] ?? [], skipped: 0)
  }
}

/// The new files a write created in `pending/`, and how many it removed from there again.
private func pendingFiles(_ log: FileOperationLog) -> (created: Int, removed: Int) {
  var created = 0
  var removed = 0
  for operation in log.operations {
    switch operation {
    case .create(let path, _, _) where path.contains("/ledger/pending/"): created += 1
    case .remove(let path) where path.contains("/ledger/pending/"): removed += 1
    default: break
    }
  }
  return (created, removed)
}

/// The files under `ledger/index/`.
private func indexFiles(_ data: URL) throws -> [String] {
  try snapshot(data.appending(path: "ledger/index")).keys.filter { !$0.hasSuffix("/") }
}

/// Whether each staged month was written unflushed and flushed before the journal's commit, all
/// at once (one flush of the file system on Linux, where `syncfs` is had).
private func flushedTogether(_ log: FileOperationLog, months: Int) -> Bool {
  let operations = log.operations
  let staged = operations.indices.filter {
    if case .create(let path, _, _) = operations[$0] { return path.contains("/ledger/staging/") }
    return false
  }
  let unflushed = staged.allSatisfy {
    if case .create(_, _, let flushed) = operations[$0] { return !flushed }
    return false
  }
  let flushes = operations.indices.filter {
    if case .flushFileSystem = operations[$0] { return true }
    return false
  }
  let journal = operations.firstIndex {
    if case .rename(_, let to) = $0 { return to.hasSuffix("/ledger/journal.json") }
    return false
  }
  guard staged.count == months, unflushed, flushes.count == 1, let journal,
    let last = staged.last
  else { return false }
  return last < flushes[0] && flushes[0] < journal
}

@Suite("JSON file store: the commit of a large import or restore (issue 22, item 6)")
struct ImportCommitTests {
  @Test("an import into a new ledger stages each index file once, never twice")
  func indexStagedOnce() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      let log = FileOperationLog()
      let inserted = try await FileOperations.$log.withValue(log) {
        try await store.insertByMonth(months, keepingEntries: false) { month, _ in
          MonthAdditions(entries: [entry(month)], skipped: 0)
        }
      }
      #expect(inserted.added == months.count)
      let files = try indexFiles(data)
      #expect(files.contains("catalog.json") && files.count > months.count / 12)
      // Every index file and meta.json, each created once in pending/ and none thrown away.
      let pending = pendingFiles(log)
      #expect(pending.created == files.count + 1, "\(pending), \(files.count) index files")
      #expect(pending.removed == 0)
      let reopened = try await openStore(data)
      for month in months {
        #expect(try await reopened.transaction(withID: entry(month).id) == entry(month))
      }
    }
  }

  @Test("an import's staged months are flushed together before its journal commits")
  func importFlushedTogether() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      let log = FileOperationLog()
      try await FileOperations.$log.withValue(log) {
        _ = try await store.insertByMonth(months, keepingEntries: false) { month, _ in
          MonthAdditions(entries: [entry(month)], skipped: 0)
        }
      }
      #if os(Linux)
        #expect(flushedTogether(log, months: months.count))
      #endif
      let stored = try await openStore(data).transactions(
        in: months[0].firstDay...months[months.count - 1].lastDay)
      #expect(stored.count == months.count)
    }
  }

  @Test("an import into a ledger whose index is on disk merges each shard it adds to once")
  func shardsMergedOneByOne() async throws {
    try await withDataDirectory { data in
      // Ids in several shards (their first two characters), stored first, then more of them.
      let first = months.enumerated().map { offset, month in
        Transaction.fixture(id: "\(shardPrefixes[offset % 4])old\(offset)", day: month.firstDay.iso)
      }
      let second = months.enumerated().map { offset, month in
        Transaction.fixture(id: "\(shardPrefixes[offset % 4])new\(offset)", day: month.lastDay.iso)
      }
      let store = try await openStore(data)
      try await add(first, to: store)
      // The index on disk, as a later process finds it.
      let reopened = try await openStore(data)
      let log = FileOperationLog()
      let inserted = try await FileOperations.$log.withValue(log) {
        try await add(second, to: reopened)
      }
      #expect(inserted.added == second.count)
      // Each of the four shards written once, with its stored ids and the new ones.
      let shards = log.operations.compactMap { operation -> String? in
        guard case .create(let path, let bytes, _) = operation, path.contains("/ledger/pending/")
        else { return nil }
        let text = String(decoding: bytes, as: UTF8.self)
        return text.contains(#""ids":"#) ? text : nil
      }
      #expect(shards.count == shardPrefixes.count)
      for shard in shards {
        let lines = shard.split(separator: "\"").filter { $0.contains(" ") }
        #expect(lines.filter { $0.contains("old") }.count == months.count / shardPrefixes.count)
        #expect(lines.filter { $0.contains("new") }.count == months.count / shardPrefixes.count)
      }
      let later = try await openStore(data)
      for entry in first + second {
        #expect(try await later.transaction(withID: entry.id) == entry)
      }
    }
  }

  @Test("an import into a ledger without its index records the index first, then merges into it")
  func withoutIndex() async throws {
    try await withDataDirectory { data in
      let first = months.enumerated().map { offset, month in
        Transaction.fixture(
          id: "\(shardPrefixes[offset % 4])old\(offset)", day: month.firstDay.iso)
      }
      let second = months.enumerated().map { offset, month in
        Transaction.fixture(
          id: "\(shardPrefixes[offset % 4])new\(offset)", day: month.lastDay.iso)
      }
      try await add(first, to: try await openStore(data))
      try FileManager.default.removeItem(at: data.appending(path: "ledger/index"))
      let log = FileOperationLog()
      let inserted = try await FileOperations.$log.withValue(log) {
        try await add(second, to: try await openStore(data))
      }
      #expect(inserted.added == second.count)
      // Two commits: the index alone, then the import with its shards merged into it.
      let journals = log.operations.filter {
        if case .rename(_, let to) = $0 { return to.hasSuffix("/ledger/journal.json") }
        return false
      }
      #expect(journals.count == 2)
      let later = try await openStore(data)
      for entry in first + second {
        #expect(try await later.transaction(withID: entry.id) == entry)
      }
      #expect(try indexFiles(data).contains("catalog.json"))
    }
  }

  @Test("an id the ledger holds, in the last shard merged, refuses the import: nothing changes")
  func duplicateInLastShard() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      let taken = Transaction.fixture(id: "zztaken", day: "2023-05-02")
      try await add([taken], to: store)
      let before = try snapshot(data.appending(path: "ledger"))
      let reopened = try await openStore(data)
      let statement =
        months.enumerated().map { offset, month in
          Transaction.fixture(
            id: "\(shardPrefixes[offset % 4])new\(offset)", day: month.firstDay.iso)
        } + [Transaction.fixture(id: "zztaken", day: "2025-11-20")]
      await #expect(throws: LedgerError.duplicateTransaction(TransactionID("zztaken"))) {
        try await add(statement, to: reopened)
      }
      let after = try snapshot(data.appending(path: "ledger"))
      let kept = { (files: [String: Data]) in
        files.filter { !$0.key.hasPrefix("lock") && !$0.key.hasPrefix("staging") }
      }
      #expect(kept(after) == kept(before))
      #expect(try await openStore(data).transaction(withID: taken.id) == taken)
    }
  }

  @Test("a restore's staged months are flushed together before its journal commits")
  func restoreFlushedTogether() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      let entries = months.map(entry)
      let log = FileOperationLog()
      try await FileOperations.$log.withValue(log) {
        _ = try await store.restore { sink in
          for entry in entries { try sink.add(entry) }
          return BackupOutline(
            rest: LedgerBackup(currency: .krw, entries: []), entryCount: entries.count,
            months: Set(months))
        }
      }
      #if os(Linux)
        #expect(flushedTogether(log, months: months.count))
      #endif
      let stored = try await openStore(data).transactions(
        in: months[0].firstDay...months[months.count - 1].lastDay)
      #expect(stored == entries.sorted(by: Transaction.listOrder))
    }
  }
}
