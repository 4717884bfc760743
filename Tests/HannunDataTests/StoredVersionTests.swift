import Foundation
import HannunData
import HannunDomain
import HannunTestSupport
import Testing

@Suite("The file store's version: how a long-lived frontend notices another process's write")
struct StoredVersionTests {
  private let day = Fixtures.day("2025-11-03")

  private func entry(_ id: String, _ minorUnits: Int64) -> Transaction {
    Transaction.fixture(id: id, day: "2025-11-03", amount: minorUnits, category: "cafe")
  }

  @Test("every kind of write by another store changes the version; reading does not")
  func writesByAnotherProcess() async throws {
    try await withDataDirectory { data in
      let watcher = try await openStore(data)
      let writer = try await openStore(data)
      var seen = await watcher.storedVersion()
      #expect(await watcher.storedVersion() == seen)

      func expectChanged(_ what: Comment) async {
        let now = await watcher.storedVersion()
        #expect(now != seen, what)
        seen = now
      }
      let first = entry("a1", 4500)
      try await writer.insert(first)
      await expectChanged("the first write, which creates the ledger")
      try await writer.insert(entry("a2", 1200))
      await expectChanged("a second insert into the same month")
      let edited = entry("a1", 5000)
      try await writer.update(first, to: edited)
      await expectChanged("an edit")
      try await writer.delete(edited)
      await expectChanged("a delete")
      try await writer.replaceMood(on: day, nil, with: DayMood(.calm))
      await expectChanged("a mood")

      _ = try await watcher.transactions(in: day...day)
      _ = try await writer.transactions(in: Fixtures.month("2025-11").dayRange)
      _ = try await watcher.moods(in: day...day)
      #expect(await watcher.storedVersion() == seen, "reading changes nothing")
    }
  }

  @Test("a ledger that does not exist yet has a version, and reading it creates nothing")
  func missingLedger() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      let version = await store.storedVersion()
      #expect(await store.storedVersion() == version)
      #expect(!exists(data))
    }
  }
}
