import Foundation
import HannunData
import HannunDomain
import HannunTestSupport
import Testing

/// Everything a store holds, read back as a backup.
private func everything(_ store: JSONFileTransactionStore) async throws -> LedgerBackup {
  try await LedgerBackup.snapshot(of: store, currency: store.currency, days: Day.supportedRange)
}

/// The files a restore of the fixture writes under `ledger/`, by relative path.
private func restoredFiles() async throws -> [String: Data] {
  var files: [String: Data] = [:]
  try await withDataDirectory { data in
    try await openStore(data).restore(.fixture)
    files = try snapshot(data.appending(path: "ledger")).filter { !$0.key.hasSuffix("/") }
  }
  return files
}

/// Leaves `files` in `ledger/` as a restore killed at some point would: the first `applied` of
/// them in place, the rest in `pending/`, and the journal naming them all when `committed`.
private func plantRestore(
  _ data: URL, _ files: [String: Data], applied: Int, committed: Bool
) throws {
  let ledger = data.appending(path: "ledger")
  try FileManager.default.createDirectory(
    at: ledger.appending(path: "pending"), withIntermediateDirectories: true)
  var changes: [String] = []
  for (index, (path, contents)) in files.sorted(by: { $0.key < $1.key }).enumerated() {
    let pending = "pending/p\(index).json"
    let target = ledger.appending(path: index < applied ? path : pending)
    try FileManager.default.createDirectory(
      at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
    try contents.write(to: target)
    changes.append(#"{"path":"\#(path)","pending":"\#(pending)"}"#)
  }
  guard committed else { return }
  let journal = #"{"schemaVersion":1,"changes":[\#(changes.joined(separator: ","))]}"#
  try Data(journal.utf8).write(to: ledger.appending(path: "journal.json"))
}

@Suite("JSON file store: restoring a backup")
struct RestoreStoreTests {
  @Test("a restored ledger reads back exactly: ids, stamps, budgets, rules, decisions, moods")
  func restoresEverything() async throws {
    try await withDataDirectory { data in
      // A new ledger takes the backup's currency, whatever the store was opened with.
      let store = try await openStore(data, defaultCurrency: .usd)
      try await store.restore(.fixture)
      let reopened = try await openStore(data, defaultCurrency: .usd)
      #expect(reopened.currency == .krw)
      #expect(try await everything(reopened) == .fixture)
      #expect(
        try await reopened.transaction(withID: TransactionID("e3"))?.memo == #"라떼 "샷 추가" \ 두 잔"#)
      // The index was committed with the months: writes go on from it.
      try await reopened.insert(.fixture(id: "n1", day: "2025-03-02"))
      #expect(try await reopened.transactions(in: Day.range("2025-03-01", "2025-03-31")).count == 2)
    }
  }

  @Test("a ledger that holds an entry, a budget, a rule or a mood is refused, with nothing changed")
  func refusesNonEmpty() async throws {
    let fillings: [@Sendable (JSONFileTransactionStore) async throws -> Void] = [
      { try await $0.insert(.fixture(id: "x1")) },
      { try await $0.replaceBudgetPlan(.empty, with: .fixture([(nil, "2025-01", 1_000)])) },
      { store in _ = try await store.changePlan { plan in plan.add(RecurringRule.fixture()) } },
      { try await $0.replaceMood(on: Fixtures.day("2025-01-01"), nil, with: DayMood(.calm)) },
    ]
    for fill in fillings {
      try await withDataDirectory { data in
        let store = try await openStore(data)
        try await fill(store)
        let before = try snapshot(data)
        await #expect(throws: BackupError.ledgerNotEmpty) { try await store.restore(.fixture) }
        #expect(try snapshot(data) == before)
      }
    }
  }

  @Test("an empty ledger in another currency is refused; one in the same currency is restored")
  func currency() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data, requested: .usd)
      // A mood set and cleared leaves an empty ledger with its meta.json.
      try await store.replaceMood(on: Fixtures.day("2025-01-01"), nil, with: DayMood(.calm))
      try await store.replaceMood(on: Fixtures.day("2025-01-01"), DayMood(.calm), with: nil)
      let before = try snapshot(data)
      await #expect(throws: BackupError.currencyMismatch(ledger: "USD", backup: "KRW")) {
        try await store.restore(.fixture)
      }
      #expect(try snapshot(data) == before)
      let dollars = LedgerBackup(currency: .usd, entries: [.fixture(id: "d1", amount: 1_250)])
      try await store.restore(dollars)
      #expect(try await everything(try await openStore(data)) == dollars)
    }
  }

  @Test("a backup that breaks a rule is refused before anything is created")
  func refusesInvalid() async throws {
    try await withDataDirectory { data in
      var backup = LedgerBackup.fixture
      backup.entries.append(.fixture(id: "bad id"))
      await #expect(throws: BackupError.invalid(.badEntryID("bad id"))) {
        try await openStore(data).restore(backup)
      }
      #expect(!exists(data))
    }
  }

  @Test("a restore killed before its journal commits leaves the empty ledger, and can be redone")
  func killedBeforeCommit() async throws {
    let files = try await restoredFiles()
    try #require(files.keys.contains("budgets.json") && files.keys.contains("moods.json"))
    try await withDataDirectory { data in
      try plantRestore(data, files, applied: 0, committed: false)
      let store = try await openStore(data)
      #expect(try await everything(store).isEmpty)
      try await store.restore(.fixture)
      #expect(try await everything(try await openStore(data)) == .fixture)
      let pending = data.appending(path: "ledger/pending")
      let left =
        exists(pending)
        ? try FileManager.default.contentsOfDirectory(atPath: filePath(pending)) : []
      #expect(left.isEmpty, "the killed restore's pending files are gone")
    }
  }

  @Test(
    "a restore killed after its journal committed is finished by the next process, at any point")
  func killedAfterCommit() async throws {
    let files = try await restoredFiles()
    for applied in [0, 1, files.count / 2, files.count - 1, files.count] {
      try await withDataDirectory { data in
        try plantRestore(data, files, applied: applied, committed: true)
        let store = try await openStore(data)
        #expect(try await everything(store) == .fixture, "\(applied) of \(files.count) applied")
        #expect(!exists(data.appending(path: "ledger/journal.json")))
      }
    }
  }
}
