import Foundation
import HannunTestSupport
import Testing

/// `hannun export --output backup.json` needed `--format json` as well, though the file's name
/// already says it; without `--output` nothing names the format, so the option stays needed.
@MainActor
@Suite("hannun export takes the format from the output file's name")
struct ExportFormatFromNameTests {
  let folder: TemporaryFolder
  var data: URL { folder.appending("data") }

  init() throws { folder = try TemporaryFolder(prefix: "hannun-export-name") }

  @Test(
    "csv, journal, ledger and json names write what --format would",
    arguments: [
      ("entries.csv", "csv"), ("books.journal", "journal"), ("books.LEDGER", "journal"),
      ("backup.json", "json"),
    ])
  func byName(name: String, format: String) async throws {
    let added = await hannun(
      ["add", "35000", "--category", "식비", "--date", "2025-11-03", "--currency", "KRW"],
      data: data)
    #expect(added.status == 0, "\(added)")
    let named = folder.url.appending(path: name, directoryHint: .notDirectory).path(
      percentEncoded: false)
    let run = await hannun(["export", "--output", named], data: data)
    #expect(run.status == 0, "\(run)")
    let asked = await hannun(["export", "--format", format], data: data)
    #expect(try String(contentsOfFile: named, encoding: .utf8) == asked.out)
  }

  @Test("--format hledger and --format ledger are the journal, for export and import alike")
  func journalNames() async throws {
    let added = await hannun(
      ["add", "35000", "--category", "식비", "--date", "2025-11-03", "--currency", "KRW"],
      data: data)
    #expect(added.status == 0, "\(added)")
    let journal = await hannun(["export", "--format", "journal"], data: data)
    let file = folder.url.appending(path: "books.txt").path(percentEncoded: false)
    try journal.out.write(toFile: file, atomically: true, encoding: .utf8)
    for name in ["hledger", "Ledger"] {
      let run = await hannun(["export", "--format", name], data: data)
      #expect(run.status == 0 && run.out == journal.out, "\(name): \(run)")
      let read = await hannun(["import", file, "--format", name, "--dry-run"], data: data)
      #expect(read.status == 0 && read.out.contains("1"), "\(name): \(read)")
    }
  }

  @Test("a name that says no format, or no file at all, asks for --format in the user's language")
  func noFormat() async throws {
    let cases: [([String], String)] = [
      (["export", "--output", "notes.txt", "--locale", "en"], "--format csv, journal or json"),
      (["export", "--locale", "en"], "--format csv, journal or json"),
      (["export", "--output", "notes.txt", "--locale", "ko"], "--format csv, journal, json"),
    ]
    for (line, expected) in cases {
      let run = await hannun(line, data: data)
      #expect(run.status == 2 && run.err.contains(expected), "\(line): \(run)")
      #expect(run.err.filter { $0 == "\n" }.count == 1, "\(run)")
    }
    #expect(!FileManager.default.fileExists(atPath: "notes.txt"))
  }
}
