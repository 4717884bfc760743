import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// A journal whose files are not what it recorded, end to end against the built binary: a move
// killed (strace fault injection) right after its journal was committed, then its prepared month
// file damaged. The next command must refuse, naming the journal and the file, and change
// nothing; it must not rename the damaged copy over the month.

@Suite("End to end: a committed journal whose prepared file was damaged")
struct JournalMismatchTests {
  @Test(
    "month and add refuse with exit 1, naming journal.json and the damaged copy, in both languages")
  func damagedPendingRefused() async throws {
    try await withSandbox { sandbox in
      try #require(
        FileManager.default.isExecutableFile(atPath: stracePath),
        "strace is needed to kill a writer after its commit (apt-get install -y strace)")
      let moved = try await sandbox.add("expense", "1000", category: "moved", date: "2025-11-03")
      _ = try await sandbox.add("expense", "2000", category: "stays", date: "2025-11-04")
      _ = try await sandbox.add("expense", "3000", category: "stays", date: "2025-12-04")

      // The move's first rename puts its journal in place; it is killed at the second, the first
      // of the journal's own renames.
      _ = try straced(
        "inject=?rename,?renameat,?renameat2:signal=KILL:when=2",
        ["edit", moved, "--date", "2025-12-10"], in: sandbox)
      let ledger = sandbox.data.appendingPathComponent("ledger")
      let journalURL = ledger.appendingPathComponent("journal.json")
      let journal = try String(contentsOf: journalURL, encoding: .utf8)
      let match = try #require(
        journal.firstMatch(of: #/"path":"2025\/2025-12.json","pending":"([^"]+)"/#),
        "the move was not killed between its commit and its renames: \(journal)")
      let pending = ledger.appendingPathComponent(String(match.1))
      var bytes = try Data(contentsOf: pending)
      bytes[bytes.count / 2] ^= 0x01
      try bytes.write(to: pending)
      // `ledger/lock-holder` is the lock's bookkeeping, not the ledger: each refused command took
      // the lock to look, and emptied the record the killed writer left.
      func ledgerFiles() throws -> [String: DirectorySnapshot.Entry] {
        try sandbox.snapshot().entries.filter { $0.key != "ledger/lock-holder" }
      }
      let before = try ledgerFiles()

      for (arguments, words) in [
        (["month", "2025-12", "--json"], "not the one the journal recorded"),
        (["add", "--expense", "1", "--category", "x", "--date", "2026-03-01"], "checksum"),
        (["month", "2025-12", "--locale", "ko"], "저널에 기록된 것과 다릅니다"),
      ] {
        let run = try await sandbox.run(arguments)
        #expect(run.status == 1, "\(run)")
        #expect(run.err.contains(journalURL.path), "names the journal: \(run)")
        #expect(run.err.contains(pending.path), "names the damaged copy: \(run)")
        #expect(run.err.contains(words), "\(run)")
        #expect(try ledgerFiles() == before, "\(arguments) changed the data")
      }
    }
  }
}

// A move whose journal was committed but one of whose renames then failed (a folder refusing a
// change, here a rename failed by strace with EACCES): the move has happened, the next command
// finishes it, and the failed command must say so, not "nothing was changed".
@Suite("End to end: a move whose files could not all be put in place after its commit")
struct UnfinishedMoveTests {
  @Test(
    "the failed edit says the change is kept and will be finished; the next command finishes it",
    arguments: ["en", "ko"])
  func unfinishedMove(language: String) async throws {
    try await withSandbox { sandbox in
      try #require(
        FileManager.default.isExecutableFile(atPath: stracePath),
        "strace is needed to fail a rename (apt-get install -y strace)")
      let moved = try await sandbox.add("expense", "1000", category: "moved", date: "2025-12-20")
      _ = try await sandbox.add("expense", "2000", category: "stays", date: "2025-12-21")
      _ = try await sandbox.add("expense", "3000", category: "stays", date: "2026-01-03")
      // The move's first rename puts its journal in place; the second, the first of the
      // journal's own, fails.
      let (status, said) = try straced(
        "inject=rename,renameat,renameat2:error=EACCES:when=2",
        ["edit", moved, "--date", "2026-01-15", "--locale", language], in: sandbox)
      #expect(status == 1, "\(said)")
      let journal = sandbox.data.appendingPathComponent("ledger/journal.json").path
      #expect(FileManager.default.fileExists(atPath: journal), "the rename did not fail: \(said)")
      let nothing = language == "en" ? "nothing was changed" : "바뀐 것은 없습니다"
      let kept = language == "en" ? "the next command finishes it" : "다음 명령이 마저 끝냅니다"
      #expect(!said.contains(nothing), "\(said)")
      #expect(said.contains(kept), "\(said)")
      #expect(said.contains(journal), "names the journal: \(said)")
      // The next command finishes the move: the entry is in January, once.
      let january = try await sandbox.month("2026-01")
      #expect(decimal(january["expense"]) == 4_000, "\(january)")
      let december = try await sandbox.month("2025-12")
      #expect(decimal(december["expense"]) == 2_000, "\(december)")
      #expect(!FileManager.default.fileExists(atPath: journal))
    }
  }
}

private let stracePath = "/usr/bin/strace"

/// `hannun ARGUMENTS --data <data>` run to its end under strace with `injection` (a fault at a
/// system call): its exit status and what it wrote to standard error.
private func straced(_ injection: String, _ arguments: [String], in sandbox: Sandbox) throws
  -> (status: Int32, err: String)
{
  let process = Process()
  process.executableURL = URL(fileURLWithPath: stracePath)
  process.arguments =
    ["-f", "-o", "/dev/null", "-e", injection, try HannunBinary.url().path] + arguments + [
      "--data", sandbox.dataPath,
    ]
  process.environment = sandbox.baseEnvironment
  process.standardInput = FileHandle.nullDevice
  process.standardOutput = FileHandle.nullDevice
  let errors = Pipe()
  process.standardError = errors
  try process.run()
  let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  process.waitUntilExit()
  return (process.terminationStatus, said)
}
