import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// A file of the ledger that Hannun replaces whole on a write, made a symbolic link by hand, is
// refused with its own sentence by the built binary, in both languages: never read through, and
// never replaced by a regular file that leaves the file it points to behind.

/// Moves `file` to `outside` and puts a symbolic link to it in its place; returns its bytes.
private func replaceWithLink(_ file: URL, pointingTo outside: URL) throws -> Data {
  try FileManager.default.moveItem(at: file, to: outside)
  try FileManager.default.createSymbolicLink(at: file, withDestinationURL: outside)
  return try Data(contentsOf: outside)
}

/// Expects `link` to be still a symbolic link to `outside`, which still holds `bytes`.
private func expectUntouched(
  _ link: URL, pointingTo outside: URL, holding bytes: Data,
  sourceLocation: SourceLocation = #_sourceLocation
) throws {
  let mode = try DirectorySnapshot.mode(link.path)
  #expect(mode & UInt16(S_IFMT) == UInt16(S_IFLNK), "still a link", sourceLocation: sourceLocation)
  #expect(
    try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == outside.path,
    sourceLocation: sourceLocation)
  #expect(try Data(contentsOf: outside) == bytes, sourceLocation: sourceLocation)
}

private let english =
  "it is a symbolic link; Hannun replaces a ledger file whole on each write, which would replace "
  + "the link and leave the file it points to behind. Replace the link with the file it points to"

@Suite("A ledger file that is a symbolic link is refused, end to end")
struct SymlinkedLedgerFileEndToEndTests {
  @Test("a month file that is a link: reads exit 1 with the sentence, add leaves link and file")
  func linkedMonthFile() async throws {
    try await withSandbox { sandbox in
      _ = try await sandbox.add("expense", "5000", memo: "coffee", date: "2026-11-03")
      _ = try await sandbox.add("expense", "4500", memo: "coffee", date: "2026-10-01")
      let link = sandbox.monthFile("2026-11")
      let outside = sandbox.root.appendingPathComponent("elsewhere.json")
      let bytes = try replaceWithLink(link, pointingTo: outside)

      for arguments in [
        ["month", "2026-11"], ["month", "2026-11", "--json"],
        ["report", "--from", "2026-01", "--to", "2026-12"], ["find", "coffee"],
      ] {
        let result = try await sandbox.run(arguments + ["--locale", "en"])
        #expect(result.status == 1, "\(result)")
        #expect(result.out.isEmpty, "\(result)")
        #expect(result.err.contains(link.path) && result.err.contains(english), "\(result)")
      }
      let korean = try await sandbox.run(["month", "2026-11", "--locale", "ko"])
      #expect(korean.status == 1, "\(korean)")
      #expect(
        korean.err.contains(link.path) && korean.err.contains("심볼릭 링크입니다")
          && korean.err.contains("통째로"), "\(korean)")
      #expect(!korean.err.contains("symbolic"), "no English in Korean: \(korean)")

      for locale in ["en", "ko"] {
        let add = try await sandbox.run([
          "add", "100", "--category", "x", "--date", "2026-11-05", "--locale", locale,
        ])
        #expect(add.status == 1, "\(add)")
        #expect(add.err.contains(link.path), "\(add)")
        try expectUntouched(link, pointingTo: outside, holding: bytes)
      }
      // Other months still read and write.
      let october = try await sandbox.month("2026-10")
      #expect(october["expense"] as? Int == 4500, "\(october)")
      _ = try await sandbox.add("expense", "700", memo: "tea", date: "2026-12-02")
      try expectUntouched(link, pointingTo: outside, holding: bytes)
    }
  }

  @Test("budgets.json and meta.json that are links are refused by name; nothing is written")
  func linkedDocuments() async throws {
    try await withSandbox { sandbox in
      _ = try await sandbox.add("expense", "5000", memo: "coffee", date: "2026-11-03")
      _ = try await sandbox.succeed(["budget", "set", "30만", "--from", "2026-01"])
      let budgets = sandbox.data.appendingPathComponent("ledger/budgets.json")
      let outsideBudgets = sandbox.root.appendingPathComponent("budgets.json")
      let budgetBytes = try replaceWithLink(budgets, pointingTo: outsideBudgets)
      let set = try await sandbox.run([
        "budget", "set", "40만", "--from", "2026-02", "--locale", "en",
      ])
      #expect(set.status == 1, "\(set)")
      #expect(set.err.contains(budgets.path) && set.err.contains(english), "\(set)")
      try expectUntouched(budgets, pointingTo: outsideBudgets, holding: budgetBytes)

      let meta = sandbox.data.appendingPathComponent("ledger/meta.json")
      let outsideMeta = sandbox.root.appendingPathComponent("meta.json")
      let metaBytes = try replaceWithLink(meta, pointingTo: outsideMeta)
      let month = try await sandbox.run(["month", "2026-11", "--locale", "ko"])
      #expect(month.status == 1, "\(month)")
      #expect(month.err.contains(meta.path) && month.err.contains("심볼릭 링크입니다"), "\(month)")
      try expectUntouched(meta, pointingTo: outsideMeta, holding: metaBytes)
    }
  }
}
