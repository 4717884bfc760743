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
