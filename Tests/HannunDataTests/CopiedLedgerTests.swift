import Foundation
import HannunDomain
import HannunTestSupport
import Testing

@testable import HannunData

/// Runs a command-line tool (`cp -a`, `touch -r`) and checks that it succeeded.
private func run(_ tool: String, _ arguments: [String]) throws {
  let process = Process()
  process.executableURL = URL(filePath: "/usr/bin/env")
  process.arguments = [tool] + arguments
  try process.run()
  process.waitUntilExit()
  #expect(process.terminationStatus == 0, "\(tool) \(arguments)")
}

/// Replaces `old` by `new` (of the same length) in the file, keeping its modification time, as
/// a sync tool that keeps times might.
private func rewriteKeepingTime(_ url: URL, _ old: String, _ new: String) throws {
  let text = try String(contentsOf: url, encoding: .utf8)
  #expect(text.contains(old) && old.utf8.count == new.utf8.count)
  let keep = url.deletingLastPathComponent().appending(path: "time-keeper")
  try run("touch", ["-r", filePath(url), filePath(keep)])
  try Data(text.replacingOccurrences(of: old, with: new).utf8).write(to: url)
  try run("touch", ["-r", filePath(keep), filePath(url)])
  try FileManager.default.removeItem(at: keep)
}

@Suite("JSON file store: a copied ledger's index")
struct CopiedLedgerTests {
  @Test("the checksum is XXH64's, cut to 59 bits")
  func checksum() {
    func xxh64(_ text: String) -> UInt64 {
      Array(text.utf8).withUnsafeBytes(ContentChecksum.xxh64)
    }
    #expect(xxh64("") == 0xEF46_DB37_51D8_E999)
    #expect(xxh64("a") == 0xD24E_C4F1_A98C_6E5B)
    #expect(xxh64("abc") == 0x44BC_2CF5_AD77_0999)
    #expect(xxh64("Nobody inspects the spammish repetition") == 0xFBCE_A83C_8A37_8BF1)
    #expect(ContentChecksum.of(Data("abc".utf8)) == 0x44BC_2CF5_AD77_0999 >> 5)
  }

  /// A ledger of a few months in two years, written by the store, and its copy by `cp -a`.
  private func ledgerAndCopy(_ base: URL) async throws -> (original: URL, copy: URL) {
    let data = base.appending(path: "data")
    let store = try await openStore(data)
    // One commit: every index file is written (later adds would go to the change log, which
    // `IndexChangeLogTests` copies).
    try await store.apply([
      .insert(.fixture(id: "a1", day: "2024-12-05", amount: 7_000)),
      .insert(.fixture(id: "b1", day: "2025-10-02", amount: 12_000)),
      .insert(.fixture(id: "b2", day: "2025-11-03", amount: 12_000, category: "식비")),
      .insert(.fixture(id: "b3", day: "2025-11-04", kind: .income, amount: 50_000)),
    ])
    let copy = base.appending(path: "copy")
    try run("cp", ["-a", filePath(data), filePath(copy)])
    return (data, copy)
  }

  private let everything = Fixtures.month("2000-01")...Fixtures.month("2030-12")

  @Test("a ledger copied with cp -a keeps its index: its files are judged by content, not inode")
  func copyKeepsIndex() async throws {
    try await withTemporaryDirectory { base in
      let (data, copy) = try await ledgerAndCopy(base)
      let expected = try await openStore(data).categoryTotals(in: everything)
      let store = try await openStore(copy)
      #expect(try await store.categoryTotals(in: everything) == expected)
      #expect(try await store.transaction(withID: TransactionID("b2"))?.category == "식비")
      let index = await store.index
      #expect(index?.unrecorded == false, "the copy's index was rebuilt")
      #expect(index?.patchedInMemory == false)
      // The next write records the copy's own signatures: the one after trusts its folders.
      try await store.insert(.fixture(id: "c1", day: "2025-11-20"))
      let catalog = try String(
        contentsOf: copy.appending(path: "ledger/index/catalog.json"), encoding: .utf8)
      for month in ["2024-12", "2025-10", "2025-11"] {
        let inode =
          try FileManager.default.attributesOfItem(
            atPath: filePath(monthFile(copy, month)))[.systemFileNumber] as? Int
        #expect(catalog.contains("\"\(month) \(inode ?? -1) "), "\(month) in \(catalog)")
      }
    }
  }

  @Test("a copied month file with other bytes of the same size and time is read again")
  func changedMonthIsReadAgain() async throws {
    try await withTemporaryDirectory { base in
      let (_, copy) = try await ledgerAndCopy(base)
      try rewriteKeepingTime(monthFile(copy, "2025-11"), "12000", "13000")
      let store = try await openStore(copy)
      let totals = try await store.categoryTotals(in: everything)
      let november = totals.first { $0.month == Fixtures.month("2025-11") }
      #expect(
        november?.totals.first { $0.category == "식비" }?.amount.minorUnits == 13_000,
        "\(totals)")
      #expect(try await store.transaction(withID: TransactionID("b2"))?.amount.minorUnits == 13_000)
    }
  }

  @Test("a copied index file with other bytes of the same size and time is not used")
  func changedIndexFileIsNotUsed() async throws {
    try await withTemporaryDirectory { base in
      let (data, copy) = try await ledgerAndCopy(base)
      let expected = try await openStore(data).categoryTotals(in: everything)
      let totals = copy.appending(path: "ledger/index/totals/2025.json")
      try rewriteKeepingTime(totals, "12000", "99000")
      #expect(try await openStore(copy).categoryTotals(in: everything) == expected)
      // An id shard pointing elsewhere: the entry is still found where it is.
      let ids = copy.appending(path: "ledger/index/ids")
      for name in try FileManager.default.contentsOfDirectory(atPath: filePath(ids)) {
        let shard = ids.appending(path: name)
        if try String(contentsOf: shard, encoding: .utf8).contains("b1 2025-10") {
          try rewriteKeepingTime(shard, "b1 2025-10", "b1 2024-12")
        }
      }
      #expect(
        try await openStore(copy).transaction(withID: TransactionID("b1"))?.day
          == Fixtures.day("2025-10-02"))
    }
  }
}
