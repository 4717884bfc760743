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

/// Whether another holder could take the ledger's writers' lock now (nobody holds it).
private func lockIsFree(_ data: URL) -> Bool {
  let descriptor = open(filePath(data.appending(path: "ledger")), O_RDONLY | O_CLOEXEC)
  guard descriptor >= 0 else { return true }
  defer { close(descriptor) }
  guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { return false }
  flock(descriptor, LOCK_UN)
  return true
}

/// The names in `ledger/staging/`, or none when it is not there.
private func staged(_ data: URL) -> [String] {
  let folder = filePath(data.appending(path: "ledger/staging"))
  return (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
}

/// Holds what a restore's reading saw, for the test to look at afterwards.
private final class Seen: @unchecked Sendable {
  var lockFree = false
  var stagedWhileReading = 0
}

@Suite("JSON file store: a restore read a piece at a time, staged before the lock")
struct RestoreStagingTests {
  @Test(
    "45,000 entries handed over in no order, past the memory limit, are staged month by month without the lock and committed whole"
  )
  func stagesWithoutTheLock() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      let months = ["2025-01-", "2025-02-", "2025-03-"]
      // Months taken in turn: each is staged, then read back and staged again with more.
      var made: [Transaction] = []
      for number in 0..<45_000 {
        let day: String = months[number % 3] + String(format: "%02d", number / 3 % 28 + 1)
        let category: String = number % 2 == 0 ? "식비" : "교통"
        let created = Date(timeIntervalSince1970: 1_700_000_000 + Double(number))
        made.append(
          Transaction.fixture(
            id: String(format: "r%09d", number), day: day, amount: Int64(number + 1),
            category: category, created: created))
      }
      let entries = made
      let seen = Seen()
      let outline = try await store.restore { sink in
        for entry in entries { try sink.add(entry) }
        seen.lockFree = lockIsFree(data)
        seen.stagedWhileReading = staged(data).count
        return BackupOutline(
          rest: LedgerBackup(currency: .krw, entries: []), entryCount: entries.count,
          months: Set(entries.map(\.day.yearMonth)))
      }
      #expect(outline.entryCount == 45_000)
      #expect(seen.lockFree, "the restore held the writers' lock while it read")
      #expect(seen.stagedWhileReading == 3, "each month staged once, the earlier file replaced")
      let reopened = try await openStore(data)
      for (index, prefix) in months.enumerated() {
        let read = try await reopened.transactions(in: Day.range(prefix + "01", prefix + "28"))
        let expected = entries.enumerated().filter { $0.offset % 3 == index }.map(\.element)
        #expect(read == expected.sorted(by: Transaction.listOrder))
      }
      // The index was committed with the months: an id is found, and taken.
      #expect(try await reopened.transaction(withID: TransactionID("r000044999")) != nil)
      await #expect(throws: LedgerError.duplicateTransaction(TransactionID("r000000007"))) {
        try await reopened.insert(.fixture(id: "r000000007"))
      }
      #expect(staged(data).isEmpty)
    }
  }

  @Test("an id given twice, or a reading that fails, leaves nothing: no staged file, no folder")
  func refusalLeavesNothing() async throws {
    struct Failed: Error {}
    try await withDataDirectory { data in
      let store = try await openStore(data)
      let entries = (0..<25_000).map { number in
        Transaction.fixture(id: String(format: "d%09d", number), day: "2025-05-05")
      }
      await #expect(throws: BackupError.invalid(.duplicateEntry(TransactionID("d000000003")))) {
        _ = try await store.restore { sink in
          for entry in entries { try sink.add(entry) }
          try sink.add(entries[3])
          return BackupOutline(
            rest: LedgerBackup(currency: .krw, entries: []), entryCount: 0, months: [])
        }
      }
      #expect(!exists(data))
      await #expect(throws: Failed.self) {
        _ = try await store.restore { sink in
          for entry in entries { try sink.add(entry) }
          throw Failed()
        }
      }
      #expect(!exists(data))
    }
  }
}
