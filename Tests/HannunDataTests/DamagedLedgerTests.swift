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

// Issue 19, the read side: a ledger damaged so that reading it as it is would give a wrong
// answer — an entry counted twice, a month's entries left out — is named as damage by every
// read of many entries, never read as it is; a passing problem is not remembered.

@Suite("JSON file store: damaged ledgers are named, never read as they are")
struct DamagedLedgerTests {
  // MARK: 7. A passing problem is not remembered

  @Test("a month the index recorded as unreadable for a passing reason is read again")
  func passingProblemRetried() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      try await store.insert(.fixture(id: "o1", day: "2025-10-03"))
      try await store.insert(.fixture(id: "n1", day: "2025-11-05"))
      // The catalog as a write left it when November could not be opened (permissions, an I/O
      // error) while the index was rebuilt: the month's signature with a system error, or the
      // tag earlier versions wrote for it.
      let catalog = data.appending(path: "ledger/index/catalog.json")
      for problem in [#""\u0000system 13 Permission denied""#, #""\u0000other""#] {
        let text = try String(contentsOf: catalog, encoding: .utf8)
        let damaged = text.replacingOccurrences(
          of: "]", with: "],\"problems\":{\"2025-11\":\(problem)}", options: [],
          range: text.range(of: "]"))
        try Data(damaged.utf8).write(to: catalog)
        let reader = try await openStore(data)
        let november = try await reader.transactions(
          in: Fixtures.day("2025-11-01")...Fixtures.day("2025-11-30"))
        #expect(november.map(\.id.rawValue).contains("n1"))
        #expect(try await openStore(data).transaction(withID: TransactionID("n1")) != nil)
        try await openStore(data).insert(.fixture(id: "n\(problem.count)", day: "2025-11-06"))
      }
    }
  }

  @Test("an index built while a month failed for a passing reason does not describe the files")
  func passingProblemNotTrusted() throws {
    let october = Fixtures.month("2025-10")
    let november = Fixtures.month("2025-11")
    let signature = FileSignature(
      device: 1, inode: 2, size: 3, modifiedSeconds: 4, modifiedNanoseconds: 5)
    let files = [october: signature, november: signature]
    for problem: FileProblem in [
      .system(code: 13, systemText: "Permission denied"), .system(code: 5, systemText: "I/O"),
    ] {
      let built = LedgerIndex.build(
        from: files, pathOf: { $0.iso },
        read: { month throws(LedgerError) in
          if month == november { throw .unreadableFile(path: month.iso, reason: problem) }
          return []
        })
      #expect(!built.describes(files))
      let read = try #require(LedgerIndex.catalog(built.encodedCatalog(), pathOf: { $0.iso }))
      #expect(!read.describes(files))
      #expect(read.months[november]?.problem == .unreadableFile(path: "2025-11", reason: problem))
    }
    let lasting = LedgerIndex.build(
      from: files, pathOf: { $0.iso },
      read: { month throws(LedgerError) in
        if month == november { throw .unreadableFile(path: "x", reason: .invalidContent("bad")) }
        return []
      })
    #expect(lasting.describes(files))
  }
}
