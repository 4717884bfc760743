import Foundation
import HannunDomain
import HannunTestSupport
import Testing

@testable import HannunData

/// Issue 22 item 4: a move's journal checksums every file it prepares and each month file as it
/// was; taken with FNV-1a, one byte at a time, they were about 0.7 ms of a move's CPU at a
/// million entries. The journal now records XXH64 (`x` and 16 hex digits), and a journal an
/// older Hannun left, with FNV-1a's checksums, is still checked and finished.
@Suite("Journal checksums: XXH64, and older journals' FNV-1a still read")
struct JournalChecksumTests {
  /// A ledger with `a1` in November 2025 and `b1` in January 2026, and the move of `a1` to
  /// January made in it with its file operations logged.
  private func loggedMove(_ data: URL) async throws -> [FileOperation] {
    let store = try await openStore(data)
    try await store.insert(.fixture(id: "a1", day: "2025-11-03", amount: 1_000))
    try await store.insert(.fixture(id: "z1", day: "2025-11-04", amount: 3_000))
    try await store.insert(.fixture(id: "b1", day: "2026-01-05", amount: 2_000))
    let log = FileOperationLog()
    try await FileOperations.$log.withValue(log) {
      try await store.update(
        .fixture(id: "a1", day: "2025-11-03", amount: 1_000),
        to: .fixture(id: "a1", day: "2026-01-06", amount: 1_000))
    }
    return log.operations
  }

  /// The journal the move wrote, and the bytes of each file it created, by path.
  private func journal(of operations: [FileOperation]) throws -> (StoredJournal, [String: Data]) {
    var created: [String: Data] = [:]
    for case .create(let path, let bytes, _) in operations { created[path] = bytes }
    let bytes = try #require(created.first { $0.key.contains("/.journal.json.") }?.value)
    return (try JSONDecoder().decode(StoredJournal.self, from: bytes), created)
  }

  @Test("a move's journal records XXH64 of each prepared file and of each month file before it")
  func xxh64Recorded() async throws {
    try await withDataDirectory { data in
      let (journal, created) = try journal(of: try await loggedMove(data))
      let ledger = data.appending(path: "ledger").path(percentEncoded: false)
      for change in journal.changes {
        let pending = try #require(change.pending, "\(change.path)")
        let bytes = try #require(
          created.first { $0.key.hasSuffix("/" + pending) && $0.key.hasPrefix(ledger) }?.value)
        let expected = "x" + hex(bytes.withUnsafeBytes(ContentChecksum.xxh64))
        #expect(change.checksum == expected, "\(change.path)")
        #expect(change.size == Int64(bytes.count))
        if !LedgerLayout.isIndexFile(change.path) {
          let before = try #require(change.before, "\(change.path)")
          #expect(before == StoredJournal.Change.absent || before.contains(" x"), "\(before)")
        }
      }
      #expect(journal.changes.contains { $0.path == "2025/2025-11.json" })
    }
  }

  @Test("a journal with FNV-1a checksums, as an older Hannun wrote it, is checked and finished")
  func olderJournalFinished() async throws {
    try await withTemporaryDirectory { base in
      let data = base.appending(path: "data")
      let store = try await openStore(data)
      try await store.insert(.fixture(id: "a1", day: "2025-11-03", amount: 1_000))
      try await store.insert(.fixture(id: "z1", day: "2025-11-04", amount: 3_000))
      try await store.insert(.fixture(id: "b1", day: "2026-01-05", amount: 2_000))
      let copies = [base.appending(path: "whole"), base.appending(path: "damaged")]
      for copy in copies { try FileManager.default.copyItem(at: data, to: copy) }
      let log = FileOperationLog()
      try await FileOperations.$log.withValue(log) {
        try await store.update(
          .fixture(id: "a1", day: "2025-11-03", amount: 1_000),
          to: .fixture(id: "a1", day: "2026-01-06", amount: 1_000))
      }
      let (journal, created) = try journal(of: log.operations)
      // Each copy is the ledger before the move, with the move's pending files and its journal
      // as an older Hannun recorded it: FNV-1a checksums, of the pending files and before. In
      // the second, one byte of January's pending file differs, its size kept.
      for (number, copy) in copies.enumerated() {
        let ledger = copy.appending(path: "ledger")
        try FileManager.default.createDirectory(
          at: ledger.appending(path: "pending"), withIntermediateDirectories: true)
        var older = journal
        for position in older.changes.indices {
          let change = older.changes[position]
          let pending = try #require(change.pending)
          var bytes = try #require(created.first { $0.key.hasSuffix("/" + pending) }?.value)
          older.changes[position].checksum = LedgerChecksum.fnv1a(bytes)
          if number == 1, change.path == "2026/2026-01.json" { bytes[bytes.count / 2] ^= 0x01 }
          try bytes.write(to: ledger.appending(path: pending))
          if change.before != nil {
            let now = try? Data(contentsOf: ledger.appending(path: change.path))
            older.changes[position].before =
              now.map { "\($0.count) \(LedgerChecksum.fnv1a($0))" } ?? StoredJournal.Change.absent
          }
        }
        #expect(older.changes.allSatisfy { $0.checksum?.hasPrefix("x") == false })
        try older.encoded().write(to: ledger.appending(path: "journal.json"))
      }
      let recovered = try await openStore(copies[0])
      #expect(try await recovered.transaction(withID: TransactionID("a1"))?.day.iso == "2026-01-06")
      let november = try await recovered.transactions(in: Day.range("2025-11-01", "2025-11-30"))
      #expect(november.map(\.id.rawValue) == ["z1"])
      #expect(!exists(copies[0].appending(path: "ledger/journal.json")))
      await #expect(throws: LedgerError.self) { _ = try await openStore(copies[1]) }
      #expect(exists(copies[1].appending(path: "ledger/journal.json")))
    }
  }

  /// `value` as 16 hex digits.
  private func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
