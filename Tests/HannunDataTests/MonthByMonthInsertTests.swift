import Foundation
import HannunData
import HannunDomain
import HannunTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `<data>/ledger/staging`.
private func stagingFolder(_ data: URL) -> URL {
  data.appending(path: "ledger/staging", directoryHint: .isDirectory)
}

/// The names in `folder`, none when it does not exist.
private func names(_ folder: URL) -> [String] {
  (try? FileManager.default.contentsOfDirectory(atPath: filePath(folder))) ?? []
}

@Suite("JSON file store: imports month by month, prepared before the lock")
struct MonthByMonthInsertTests {
  @Test("each month is decided on its stored entries; the months commit together, nothing staged")
  func decidesEachMonth() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      try await store.insert(.fixture(id: "old", day: "2025-11-03", memo: "coffee"))
      let seen = LockedCounts()
      let inserted = try await store.insertByMonth(
        [Fixtures.month("2025-12"), Fixtures.month("2025-11")], keepingEntries: true
      ) { month, stored in
        seen.add(month, stored.count)
        let entry = Transaction.fixture(
          id: "new-\(month.iso)", day: month.firstDay.iso, category: "import")
        return MonthAdditions(entries: [entry], skipped: stored.count)
      }
      #expect(seen.counts == [Fixtures.month("2025-11"): [1], Fixtures.month("2025-12"): [0]])
      #expect(inserted.added == 2 && inserted.skipped == 1)
      #expect(inserted.entries?.map(\.id.rawValue) == ["new-2025-11", "new-2025-12"])
      let stored = try await store.transactions(
        in: Fixtures.day("2025-11-01")...Fixtures.day("2025-12-31"))
      #expect(Set(stored.map(\.id.rawValue)) == ["old", "new-2025-11", "new-2025-12"])
      #expect(names(stagingFolder(data)).isEmpty)
    }
  }

  @Test("an id already in the ledger refuses the whole import: no month changes, nothing staged")
  func allOrNothing() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      try await store.insert(.fixture(id: "taken", day: "2024-01-05"))
      let before = try snapshot(data.appending(path: "ledger"))
      await #expect(throws: LedgerError.duplicateTransaction(TransactionID("taken"))) {
        try await store.insertByMonth(
          [Fixtures.month("2025-10"), Fixtures.month("2025-11")], keepingEntries: false
        ) { month, _ in
          let id = month.month == 11 ? "taken" : "fresh"
          return MonthAdditions(
            entries: [.fixture(id: id, day: month.firstDay.iso)], skipped: 0)
        }
      }
      // Every file as it was (the lock's holder record and the emptied staging folder aside).
      let after = try snapshot(data.appending(path: "ledger"))
      let kept = { (files: [String: Data]) in
        files.filter { !$0.key.hasPrefix("lock") && !$0.key.hasPrefix("staging") }
      }
      #expect(kept(after) == kept(before))
      #expect(names(stagingFolder(data)).isEmpty)
    }
  }

  @Test("a writer removes the staged files of processes no longer running, not of running ones")
  func abandonedStagedFiles() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      try await store.insert(.fixture(id: "a", day: "2025-11-03"))
      let finished = Process()
      finished.executableURL = URL(fileURLWithPath: "/bin/true")
      try finished.run()
      finished.waitUntilExit()
      let folder = stagingFolder(data)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let dead = folder.appending(path: "\(finished.processIdentifier)-1a2b.json")
      let alive = folder.appending(path: "\(getpid())-3c4d.json")
      try Data("{}".utf8).write(to: dead)
      try Data("{}".utf8).write(to: alive)
      try await store.insert(.fixture(id: "b", day: "2025-11-04"))
      #expect(!exists(dead))
      #expect(exists(alive))
    }
  }
}

/// What a decision saw of each month, from any thread.
private final class LockedCounts: @unchecked Sendable {
  private let lock = NSLock()
  private var seen: [YearMonth: [Int]] = [:]

  func add(_ month: YearMonth, _ count: Int) {
    lock.withLock { seen[month, default: []].append(count) }
  }

  var counts: [YearMonth: [Int]] { lock.withLock { seen } }
}
