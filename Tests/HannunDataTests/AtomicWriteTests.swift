import Foundation
import HannunData
import HannunDomain
import Testing

@Suite("Atomic file replacement")
struct AtomicWriteTests {
  @Test("a replaced file has the new contents, mode 0600, and no temporary file remains")
  func replaces() async throws {
    try await withTemporaryDirectory { base in
      let target = base.appending(path: "month.json")
      try Data("old".utf8).write(to: target)
      try POSIXFiles.writeAtomically(Data("new".utf8), toPath: filePath(target))
      #expect(try Data(contentsOf: target) == Data("new".utf8))
      #expect(try permissions(target) == 0o600)
      #expect(try snapshot(base).keys.sorted() == ["month.json"])
    }
  }

  @Test("an add creates every file owner-only at open, with no fchmod after (issue 22 item 4)")
  func addSetsNoModeAfterCreation() async throws {
    try await withTemporaryDirectory { base in
      let store = try await openStore(base)
      try await store.insert(.fixture(id: "a1", day: "2025-11-03"))
      let log = FileOperationLog()
      try await FileOperations.$log.withValue(log) {
        try await store.insert(.fixture(id: "b1", day: "2024-02-05"))
      }
      // Six files are created (month file, totals, id shard, catalog, listing, and the lock
      // holder's record, which is reused): none needs its mode set again under a usual umask.
      #expect(log.modeChanges == 0)
      for (path, _) in try snapshot(base) where !path.hasSuffix("/") {
        #expect(try permissions(base.appending(path: path)) == 0o600, "\(path)")
      }
    }
  }

  @Test("a failed replacement removes its temporary file and reports the system's reason")
  func failureCleansUp() async throws {
    try await withTemporaryDirectory { base in
      // Renaming a file over a non-empty directory fails after the temporary file is written.
      let target = base.appending(path: "occupied", directoryHint: .isDirectory)
      try plant("keep", at: target.appending(path: "inside.txt"))
      let before = try snapshot(base)

      do {
        try POSIXFiles.writeAtomically(Data("new".utf8), toPath: filePath(target))
        Issue.record("the write should have failed")
      } catch LedgerError.unwritableFile(let path, let reason) {
        #expect(path == filePath(target))
        #expect(!text(reason).isEmpty)
      }
      #expect(try snapshot(base) == before)
    }
  }

  @Test("a missing directory is created with mode 0700 along with its missing parents")
  func createsDirectories() async throws {
    try await withTemporaryDirectory { base in
      let deep = base.appending(path: "a/b/c", directoryHint: .isDirectory)
      try POSIXFiles.createDirectories(atPath: filePath(deep))
      for path in ["a", "a/b", "a/b/c"] {
        #expect(try permissions(base.appending(path: path)) == 0o700)
      }
      try plant("x", at: base.appending(path: "file"))
      #expect(throws: LedgerError.self) {
        try POSIXFiles.createDirectories(atPath: filePath(base.appending(path: "file/sub")))
      }
    }
  }
}
