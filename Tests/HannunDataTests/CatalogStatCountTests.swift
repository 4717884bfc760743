import Foundation
import HannunDomain
import HannunTestSupport
import Testing

@testable import HannunData

/// A ledger with one entry in November of each year from `first` to 2025, written in one
/// commit, with its index and listing recorded.
private func ledger(_ data: URL, since first: Int) async throws {
  let store = try await openStore(data)
  try await store.apply(
    (first...2025).map { year in
      .insert(.fixture(id: "y\(year)", day: "\(year)-11-03", amount: Int64(year)))
    })
}

/// The `stat`-family calls `body` makes on a store opened fresh on `data`, as a new process
/// would.
private func stats(
  _ data: URL, _ body: @Sendable (JSONFileTransactionStore) async throws -> Void
) async throws -> Int {
  let store = try await openStore(data)
  let log = FileOperationLog()
  try await FileOperations.$log.withValue(log) { try await body(store) }
  return log.stats
}

/// Issue 22 item 4 and the catalog's share of item 1: a command looks at the folders and files
/// it touches, not at a year folder of every year the ledger has (a century of them was 102 of
/// the 131 `stat` calls of an `add` at a million entries).
@Suite("Catalog checks: a command looks only at the years it touches")
struct CatalogStatCountTests {
  /// Each command, run cold on a two-year and on a sixty-year ledger.
  private static let commands:
    [(String, @Sendable (JSONFileTransactionStore) async throws -> Void)] = [
      ("add", { try await $0.insert(.fixture(id: "n1", day: "2025-11-20")) }),
      (
        "edit",
        {
          try await $0.update(
            .fixture(id: "y2025", day: "2025-11-03", amount: 2025),
            to: .fixture(id: "y2025", day: "2025-11-03", amount: 7))
        }
      ),
      (
        "move to another year",
        {
          try await $0.update(
            .fixture(id: "y2025", day: "2025-11-03", amount: 2025),
            to: .fixture(id: "y2025", day: "2024-10-03", amount: 2025))
        }
      ),
      ("delete", { try await $0.delete(.fixture(id: "y2025", day: "2025-11-03", amount: 2025)) }),
      (
        "a month's entries",
        {
          _ = try await $0.transactions(in: Fixtures.day("2025-11-01")...Fixtures.day("2025-11-30"))
        }
      ),
      (
        "a year's totals",
        {
          _ = try await $0.categoryTotals(in: Fixtures.month("2025-01")...Fixtures.month("2025-12"))
        }
      ),
    ]

  @Test(
    "each command makes as many stat calls in a ledger of 60 years as in one of 2",
    arguments: 0..<6)
  func statsDoNotGrowWithYears(command: Int) async throws {
    let (what, body) = Self.commands[command]
    try await withTemporaryDirectory { base in
      let few = base.appending(path: "few")
      let many = base.appending(path: "many")
      try await ledger(few, since: 2024)
      try await ledger(many, since: 1966)
      let fewStats = try await stats(few, body)
      let manyStats = try await stats(many, body)
      #expect(
        manyStats == fewStats, "\(what): \(fewStats) stat calls for 2 years, \(manyStats) for 60")
      #expect(fewStats <= 40, "\(what): \(fewStats) stat calls")
    }
  }
}

/// What a command that looks only at the years it touches still names: damage by hand in
/// another year is named by every command that reads or writes that year, and by every read of
/// every month, even after writes elsewhere carried the catalog's record of it along.
@Suite("Catalog checks: damage in a year a command does not touch is named where it is read")
struct CatalogOtherYearDamageTests {
  @Test(
    "a month file deleted by hand in 1990 is named by reads and writes of 1990 and of everything")
  func deletedInAnotherYear() async throws {
    try await withDataDirectory { data in
      try await ledger(data, since: 1985)
      let gone = monthFile(data, "1990-11")
      try FileManager.default.removeItem(at: gone)
      let store = try await openStore(data)
      // November 2025 and a write to it look at 2025's folder only.
      let november = try await store.transactions(
        in: Fixtures.day("2025-11-01")...Fixtures.day("2025-11-30"))
      #expect(november.map(\.id.rawValue) == ["y2025"])
      try await store.insert(.fixture(id: "n1", day: "2025-11-20"))
      for reader in [store, try await openStore(data)] {
        await expectUnreadable(gone) {
          _ = try await reader.transactions(in: Day.supportedRange)
        }
        await expectUnreadable(gone) {
          _ = try await reader.categoryTotals(
            in: Fixtures.month("1990-01")...Fixtures.month("1990-12"))
        }
        await expectUnreadable(gone) {
          _ = try await reader.categoryTotals(
            in: Fixtures.month("1900-01")...Fixtures.month("2025-12"))
        }
        await expectUnreadable(gone) {
          _ = try await reader.transactions(
            in: Fixtures.day("1990-11-01")...Fixtures.day("1990-11-30"))
        }
        await expectUnreadable(gone) {
          try await reader.insert(.fixture(id: "d1", day: "1990-12-03"))
        }
      }
    }
  }

  @Test("an id copied by hand into a month of 1990 is named by reads of 1990 and of everything")
  func copiedIntoAnotherYear() async throws {
    try await withDataDirectory { data in
      try await ledger(data, since: 1985)
      let copy = monthFile(data, "1990-05")
      try plant(
        monthJSON(month: "1990-05", records: [recordJSON(id: "y2025", date: "1990-05-03")]),
        at: copy)
      let store = try await openStore(data)
      try await store.insert(.fixture(id: "n1", day: "2025-11-20"))
      let owner = monthFile(data, "2025-11")
      for reader in [store, try await openStore(data)] {
        for read in [
          { _ = try await reader.transactions(in: Day.supportedRange) },
          {
            _ = try await reader.transactions(
              in: Fixtures.day("1990-05-01")...Fixtures.day("1990-05-31"))
          },
          {
            _ = try await reader.categoryTotals(
              in: Fixtures.month("1900-01")...Fixtures.month("2025-12"))
          },
        ] as [() async throws -> Void] {
          do {
            try await read()
            Issue.record("expected the id in two files to be named")
          } catch LedgerError.unreadableFile(let path, .duplicateID(let id, let other)) {
            #expect(id == TransactionID("y2025"))
            #expect(Set([path, other]) == Set([filePath(owner), filePath(copy)]))
          }
        }
      }
    }
  }
}
