import Foundation
import HannunDomain
import HannunTestSupport
import Testing

@testable import HannunData

/// A ledger with one entry in every month of the century before 2026, written in one commit,
/// with its index recorded: a catalog of 1,200 month lines, as at a million entries.
private func century(_ data: URL) async throws {
  let store = try await openStore(data)
  var changes: [EntryChange] = []
  for year in 1926...2025 {
    for month in 1...12 {
      let day = "\(year)-\(month < 10 ? "0" : "")\(month)-03"
      changes.append(.insert(.fixture(id: "e\(year)x\(month)", day: day, amount: Int64(year))))
    }
  }
  try await store.apply(changes)
}

/// What a write did to the files, from ``FileOperations``' log.
private struct Footprint {
  /// Files created (each pending file, the journal's temporary file).
  var created = 0
  /// Renames.
  var renamed = 0
  /// Bytes of the index written: files created that end up under `ledger/index/`, and bytes
  /// appended there.
  var indexBytes = 0

  init(_ operations: [FileOperation]) {
    var sizes: [String: Int] = [:]
    for operation in operations {
      switch operation {
      case .create(let path, let data, _):
        created += 1
        sizes[path] = data.count
        if path.contains("/ledger/index/") { indexBytes += data.count }
      case .append(let path, let data):
        if path.contains("/ledger/index/") { indexBytes += data.count }
      case .rename(let from, let to):
        renamed += 1
        if let size = sizes.removeValue(forKey: from) {
          sizes[to] = size
          if to.contains("/ledger/index/") { indexBytes += size }
        }
      default: break
      }
    }
  }
}

/// What `body` does to the files, on a store opened fresh on `data`, as a new process would.
private func footprint(
  _ data: URL, _ body: @Sendable (JSONFileTransactionStore) async throws -> Void
) async throws -> Footprint {
  let store = try await openStore(data)
  let log = FileOperationLog()
  try await FileOperations.$log.withValue(log) { try await body(store) }
  return Footprint(log.operations)
}

/// Issue 22 item 4: a write costs about what a read costs, so it writes its month file and a
/// few hundred bytes of index, not the index's catalog of every month (155 KB at a million
/// entries), its year's totals and postings and its id shard, each renamed over the old one.
@Suite("Write footprint: a write commits its month files and a line of index")
struct WriteFootprintTests {
  @Test("an add, an edit and a delete create and rename one file and write under 4 KB of index")
  func oneFileEach() async throws {
    try await withDataDirectory { data in
      try await century(data)
      let add = try await footprint(data) {
        try await $0.insert(.fixture(id: "n1", day: "2025-11-20"))
      }
      let edit = try await footprint(data) {
        try await $0.update(
          .fixture(id: "e2025x11", day: "2025-11-03", amount: 2025),
          to: .fixture(id: "e2025x11", day: "2025-11-03", amount: 7))
      }
      let delete = try await footprint(data) {
        try await $0.delete(.fixture(id: "n1", day: "2025-11-20"))
      }
      for (name, write) in [("add", add), ("edit", edit), ("delete", delete)] {
        #expect(write.created == 1, "\(name) created \(write.created) files")
        #expect(write.renamed == 1, "\(name) renamed \(write.renamed) files")
        #expect(write.indexBytes < 4_096, "\(name) wrote \(write.indexBytes) bytes of index")
      }
      let store = try await openStore(data)
      #expect(try await store.transaction(withID: TransactionID("n1")) == nil)
      #expect(
        try await store.transaction(withID: TransactionID("e2025x11"))?.amount.minorUnits == 7)
    }
  }

  @Test("a move to another year creates its two month files and the journal, and little index")
  func moveWritesTwoMonths() async throws {
    try await withDataDirectory { data in
      try await century(data)
      // November keeps an entry, so its file stays (a move that empties a month removes its
      // file, and commits the whole index).
      try await openStore(data).insert(.fixture(id: "n2", day: "2025-11-21"))
      let move = try await footprint(data) {
        try await $0.update(
          .fixture(id: "e2025x11", day: "2025-11-03", amount: 2025),
          to: .fixture(id: "e2025x11", day: "2000-06-15", amount: 2025))
      }
      #expect(move.created == 3, "created \(move.created) files")
      #expect(move.renamed == 3, "renamed \(move.renamed) files")
      #expect(move.indexBytes < 4_096, "wrote \(move.indexBytes) bytes of index")
      let store = try await openStore(data)
      #expect(
        try await store.transaction(withID: TransactionID("e2025x11"))?.day.iso == "2000-06-15")
    }
  }
}
