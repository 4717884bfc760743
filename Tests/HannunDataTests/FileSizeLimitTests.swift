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

// Issue 19, item 15: a ledger file larger than any Hannun writes (a sparse file, a file made
// huge by hand) is refused by its size before it is read, so it cannot take gigabytes of memory.

@Suite("JSON file store: files over the size limit")
struct FileSizeLimitTests {
  @Test("a sparse 2 GiB month file is refused by its size, naming it, without being read")
  func hugeMonthFile() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      try await store.insert(.fixture(id: "o1", day: "2025-10-03"))
      let november = monthFile(data, "2025-11")
      try plant("", at: november)
      #expect(truncate(filePath(november), 2 << 30) == 0)
      let before = maximumResidentBytes()
      for reader in [store, try await openStore(data)] {
        let reads: [() async throws -> Void] = [
          { _ = try await reader.transactions(in: Day.supportedRange) },
          {
            _ = try await reader.transactions(
              in: Fixtures.day("2025-11-01")...Fixtures.day("2025-11-30"))
          },
          {
            _ = try await reader.categoryTotals(
              in: Fixtures.month("2025-01")...Fixtures.month("2025-12"))
          },
          { _ = try await reader.transactions(matching: TransactionQuery(kind: .expense)) },
        ]
        for read in reads {
          await expectUnreadable(november, reasonContaining: "2147483648 bytes", read)
        }
        await expectUnreadable(november, reasonContaining: "67108864") {
          try await reader.insert(.fixture(id: "n1", day: "2025-11-05"))
        }
      }
      #expect(maximumResidentBytes() - before < 256 << 20)
    }
  }

  @Test(
    "meta.json, budgets, rules and moods over the size limit are refused by name",
    arguments: ["meta.json", "budgets.json", "recurring.json", "moods.json"])
  func hugeOtherFile(name: String) async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      try await store.insert(.fixture(id: "o1", day: "2025-10-03"))
      let file = data.appending(path: "ledger/\(name)")
      if !exists(file) { try Data().write(to: file) }
      #expect(truncate(filePath(file), 100 << 20) == 0)
      await expectUnreadable(file, reasonContaining: "104857600 bytes") {
        let reader = try await openStore(data)
        _ = try await reader.budgetPlan()
        _ = try await reader.recurringPlan()
        _ = try await reader.moods(in: Day.supportedRange)
      }
    }
  }

  @Test("an index file over the size limit is not read: the index is rebuilt from the months")
  func hugeIndexFile() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      try await store.insert(.fixture(id: "o1", day: "2025-10-03"))
      let catalog = data.appending(path: "ledger/index/catalog.json")
      #expect(truncate(filePath(catalog), 100 << 20) == 0)
      let reader = try await openStore(data)
      #expect(try await reader.transaction(withID: TransactionID("o1")) != nil)
      try await reader.insert(.fixture(id: "o2", day: "2025-10-04"))
      #expect(try await openStore(data).transactions(in: Day.supportedRange).count == 2)
    }
  }
}

/// The most memory this process has held so far, in bytes.
private func maximumResidentBytes() -> Int {
  var usage = rusage()
  #if canImport(Glibc)
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    return usage.ru_maxrss * 1024  // kilobytes
  #else
    getrusage(RUSAGE_SELF, &usage)
    return usage.ru_maxrss  // bytes
  #endif
}
