import Foundation
import HannunDomain
import HannunTestSupport
import Testing

@testable import HannunData

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// A file of the ledger that Hannun replaces whole on a write (a month file, `meta.json`,
// `budgets.json`, `recurring.json`, `moods.json`) that is a symbolic link is refused with its own
// problem: never read through, and never replaced by a regular file that leaves the file it
// points to behind.

/// The words of ``FileProblem/symbolicLinkFile`` in English that the folders' sentence lacks.
private let linkedFileWords = "Hannun replaces a ledger file whole on each write"

/// Moves the file at `url` to `outside` and puts a symbolic link to it in its place.
private func replaceWithLink(_ url: URL, pointingTo outside: URL) throws {
  try FileManager.default.moveItem(at: url, to: outside)
  try FileManager.default.createSymbolicLink(at: url, withDestinationURL: outside)
}

/// Expects `link` to be still a symbolic link to `outside`, and `outside` to hold `contents`.
private func expectUntouched(
  _ link: URL, pointingTo outside: URL, holding contents: Data?,
  sourceLocation: SourceLocation = #_sourceLocation
) throws {
  var info = stat()
  #expect(lstat(filePath(link), &info) == 0, sourceLocation: sourceLocation)
  #expect(info.st_mode & S_IFMT == S_IFLNK, "no longer a link", sourceLocation: sourceLocation)
  #expect(
    try FileManager.default.destinationOfSymbolicLink(atPath: filePath(link)) == filePath(outside),
    sourceLocation: sourceLocation)
  #expect(
    (try? Data(contentsOf: outside)) == contents, "the linked file changed",
    sourceLocation: sourceLocation)
}

/// Every read of many entries over 2025 that covers November, each as one throwing call.
private func readsOfNovember(_ store: JSONFileTransactionStore) -> [(
  String, () async throws -> Void
)] {
  [
    ("the month", { _ = try await store.transactions(in: Day.range("2025-11-01", "2025-11-30")) }),
    (
      "a year's entries",
      { _ = try await store.transactions(in: Day.range("2025-01-01", "2025-12-31")) }
    ),
    ("every entry", { _ = try await store.transactions(in: Day.supportedRange) }),
    (
      "totals",
      {
        _ = try await store.categoryTotals(
          in: Fixtures.month("2025-11")...Fixtures.month("2025-11"))
      }
    ),
    ("a search", { _ = try await store.transactions(matching: TransactionQuery(kind: .expense)) }),
    (
      "a backup",
      { _ = try await LedgerBackup.snapshot(of: store, currency: .krw, days: Day.supportedRange) }
    ),
  ]
}

@Suite("JSON file store: a ledger file that is a symbolic link is refused, never followed")
struct SymlinkedLedgerFileTests {
  @Test("a month file that is a link is refused by reads and writes; the link and its file stay")
  func linkedMonthFile() async throws {
    try await withTemporaryDirectory { base in
      let data = base.appending(path: "data")
      let store = try await openStore(data)
      try await store.insert(.fixture(id: "o1", day: "2025-10-03"))
      try await store.insert(.fixture(id: "n1", day: "2025-11-05"))
      let link = monthFile(data, "2025-11")
      let outside = base.appending(path: "elsewhere.json")
      try replaceWithLink(link, pointingTo: outside)
      let contents = try Data(contentsOf: outside)

      for store in [store, try await openStore(data)] {
        for (_, read) in readsOfNovember(store) {
          await expectUnreadable(link, reasonContaining: linkedFileWords) {
            try await read()
          }
        }
        await expectUnreadable(link, reasonContaining: linkedFileWords) {
          try await store.insert(.fixture(id: "n2", day: "2025-11-06"))
        }
        await expectUnreadable(link, reasonContaining: linkedFileWords) {
          try await store.delete(.fixture(id: "n1", day: "2025-11-05"))
        }
        // Other months still read and write.
        #expect(
          try await store.transactions(in: Day.range("2025-10-01", "2025-10-31")).map(\.id)
            == [TransactionID("o1")])
      }
      try await store.insert(.fixture(id: "d1", day: "2025-12-01"))
      #expect(
        try await openStore(data).transactions(in: Day.range("2025-12-01", "2025-12-31")).count
          == 1)
      try expectUntouched(link, pointingTo: outside, holding: contents)
    }
  }

  @Test("a month file that is a link to nothing is refused, not read as a month without entries")
  func danglingMonthLink() async throws {
    try await withTemporaryDirectory { base in
      let data = base.appending(path: "data")
      let store = try await openStore(data)
      try await store.insert(.fixture(id: "n1", day: "2025-11-05"))
      let link = monthFile(data, "2025-11")
      let outside = base.appending(path: "gone.json")
      try replaceWithLink(link, pointingTo: outside)
      try FileManager.default.removeItem(at: outside)

      let reader = try await openStore(data)
      await expectUnreadable(link, reasonContaining: linkedFileWords) {
        _ = try await reader.transactions(in: Day.range("2025-11-01", "2025-11-30"))
      }
      await expectUnreadable(link, reasonContaining: linkedFileWords) {
        try await reader.insert(.fixture(id: "n2", day: "2025-11-06"))
      }
      try expectUntouched(link, pointingTo: outside, holding: nil)
    }
  }

  @Test(
    "budgets.json, recurring.json and moods.json that are links are refused; nothing is written",
    arguments: ["budgets.json", "recurring.json", "moods.json"])
  func linkedDocument(name: String) async throws {
    try await withTemporaryDirectory { base in
      let data = base.appending(path: "data")
      let store = try await openStore(data)
      try await store.replaceBudgetPlan(.empty, with: .fixture([(nil, "2025-01", 1_000)]))
      _ = try await store.changePlan { plan in plan.add(RecurringRule.fixture()) }
      try await store.replaceMood(on: Fixtures.day("2025-01-01"), nil, with: DayMood(.calm))
      let link = data.appending(path: "ledger/\(name)")
      let outside = base.appending(path: "elsewhere-\(name)")
      try replaceWithLink(link, pointingTo: outside)
      let contents = try Data(contentsOf: outside)

      let reader = try await openStore(data)
      let read: () async throws -> Void
      let write: () async throws -> Void
      switch name {
      case "budgets.json":
        read = { _ = try await reader.budgetPlan() }
        write = {
          try await reader.replaceBudgetPlan(
            .fixture([(nil, "2025-01", 1_000)]), with: .fixture([(nil, "2025-01", 2_000)]))
        }
      case "recurring.json":
        read = { _ = try await reader.recurringPlan() }
        write = {
          _ = try await reader.changePlan { plan in
            plan.add(RecurringRule.fixture(id: 2, category: "관리비"))
          }
        }
      default:
        read = { _ = try await reader.moods(in: Day.range("2025-01-01", "2025-01-31")) }
        write = {
          try await reader.replaceMood(on: Fixtures.day("2025-01-02"), nil, with: DayMood(.joy))
        }
      }
      await expectUnreadable(link, reasonContaining: linkedFileWords) { try await read() }
      await expectUnreadable(link, reasonContaining: linkedFileWords) { try await write() }
      // Entries, in the month files, still read and write.
      try await reader.insert(.fixture(id: "k1", day: "2025-11-05"))
      try expectUntouched(link, pointingTo: outside, holding: contents)
    }
  }

  @Test("a meta.json that is a link is refused when the ledger is opened, and not replaced")
  func linkedMetadata() async throws {
    try await withTemporaryDirectory { base in
      let data = base.appending(path: "data")
      try await openStore(data).insert(.fixture(id: "n1", day: "2025-11-05"))
      let link = metadataFile(data)
      let outside = base.appending(path: "meta.json")
      try replaceWithLink(link, pointingTo: outside)
      let contents = try Data(contentsOf: outside)
      await expectUnreadable(link, reasonContaining: linkedFileWords) {
        _ = try await openStore(data)
      }
      try expectUntouched(link, pointingTo: outside, holding: contents)
      // A link to nothing is no more a missing meta.json, which a new ledger would write.
      try FileManager.default.removeItem(at: outside)
      await expectUnreadable(link, reasonContaining: linkedFileWords) {
        _ = try await openStore(data)
      }
      try expectUntouched(link, pointingTo: outside, holding: nil)
    }
  }

  @Test("a file the user names is still read through a link; only the ledger's files refuse one")
  func userFilesFollowLinks() throws {
    let base = FileManager.default.temporaryDirectory.appending(
      path: "hannun-link-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: base) }
    let target = base.appending(path: "bank.csv")
    let link = base.appending(path: "link.csv")
    try Data("date,amount\n".utf8).write(to: target)
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
    #expect(try POSIXFiles.read(path: filePath(link))?.data == Data("date,amount\n".utf8))
    #expect(try POSIXFiles.signature(ofFileAt: filePath(link))?.isRegular == true)
    #expect(throws: LedgerError.unreadableFile(path: filePath(link), reason: .symbolicLinkFile)) {
      try POSIXFiles.read(ledgerFile: filePath(link))
    }
    let signature = try #require(try POSIXFiles.signature(ofLedgerFileAt: filePath(link)))
    #expect(signature.isSymbolicLink && !signature.isRegular)
    #expect(throws: LedgerError.unreadableFile(path: filePath(link), reason: .symbolicLinkFile)) {
      try signature.requireRegular(at: filePath(link))
    }
    var buffer = ScanBuffer()
    #expect(throws: LedgerError.unreadableFile(path: filePath(link), reason: .symbolicLinkFile)) {
      try buffer.read(ledgerFile: filePath(link))
    }
  }

  @Test("the index remembers a linked month file as that, for as long as the link is there")
  func catalogKeepsTheProblem() {
    let problem = FileProblem.symbolicLinkFile
    #expect(FileProblem(catalogText: problem.catalogText) == problem)
    #expect(problem.lasts)
  }
}
