import Foundation
import HannunDomain
import HannunTestSupport
import Testing

@testable import HannunExchange

/// Writes `text` to a new file and reads it as a backup, `pieceSize` bytes at a time, its entries
/// collected in the order they were handed over.
private func readFile(_ text: String, pieceSize: Int) throws -> (
  outline: BackupOutline, entries: [Transaction]
) {
  let path = FileManager.default.temporaryDirectory
    .appendingPathComponent("backup-stream-\(UUID().uuidString).json").path
  try Data(text.utf8).write(to: URL(fileURLWithPath: path))
  defer { try? FileManager.default.removeItem(atPath: path) }
  let file = try ImportFile(path: path, sizeLimit: BackupReader.sizeLimit, lineLimit: .max)
  var entries: [Transaction] = []
  let outline = try BackupReader.read(
    file, pieceSize: pieceSize, currency: { _ in }, entries: { entries.append($0) })
  return (outline, entries)
}

/// The error reading `text` from a file gives, or `nil` when it reads.
private func fileError(_ text: String, pieceSize: Int) -> BackupReadError? {
  do {
    _ = try readFile(text, pieceSize: pieceSize)
    return nil
  } catch let error as BackupReadError {
    return error
  } catch {
    Issue.record("not a backup error: \(error)")
    return nil
  }
}

@Suite("A backup read from its file a piece at a time")
struct BackupStreamTests {
  @Test(
    "in pieces of any size — inside a string, a number, a Hangul character — a file reads as its whole bytes do",
    arguments: [1, 2, 3, 5, 7, 64, 4_096])
  func pieces(size: Int) throws {
    let text = try BackupExport.text(.fixture)
    let whole = try BackupReader.read(Array(text.utf8))
    let read = try readFile(text, pieceSize: size)
    #expect(read.entries == whole.entries)
    #expect(
      read.outline.rest
        == LedgerBackup(
          currency: whole.currency, entries: [], budgets: whole.budgets, recurring: whole.recurring,
          moods: whole.moods))
    #expect(read.outline.entryCount == whole.entries.count)
    #expect(read.outline.months == Set(whole.months))
    // The same refusals, at the same places.
    for broken in [
      String(text.prefix(text.count / 2)), text.replacingOccurrences(of: "12000", with: "012000"),
      text.replacingOccurrences(of: #""memo":"점심"#, with: "\"memo\":\"점심\u{01}"),
      text.replacingOccurrences(of: #""amount":4500,"#, with: #""amount":-4500,"#),
      text + "x",
    ] {
      var expected: BackupReadError?
      do { _ = try BackupReader.read(Array(broken.utf8)) } catch { expected = error }
      #expect(expected != nil)
      #expect(fileError(broken, pieceSize: size) == expected, "\(String(describing: expected))")
    }
  }

  @Test("entries are handed over as they are read, before the rest of the file is")
  func entriesFirst() throws {
    let text = try BackupExport.text(.fixture)
    // Cut after the entries: the entries are handed over, then the cut is found.
    let end = try #require(text.range(of: "\n],\n\"budgets\""))
    let cut = String(text[..<end.upperBound])
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("backup-cut-\(UUID().uuidString).json").path
    try Data(cut.utf8).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let file = try ImportFile(path: path, sizeLimit: BackupReader.sizeLimit, lineLimit: .max)
    var handed = 0
    var currency: Currency?
    #expect(throws: BackupReadError.self) {
      try BackupReader.read(
        file, currency: { currency = $0 }, entries: { _ in handed += 1 })
    }
    #expect(handed == LedgerBackup.fixture.entries.count)
    #expect(currency == .krw)
  }

  @Test("a file that puts its currency after its entries is read whole first, then its entries")
  func headerLast() throws {
    let text = try BackupExport.text(.fixture)
    let header = #""version":1,"currency":"KRW","from":null,"to":null,"#
    try #require(text.contains(header))
    let reordered =
      text.replacingOccurrences(of: header, with: "")
      .replacingOccurrences(of: "\"moods\":[", with: header + "\n\"moods\":[")
    let read = try readFile(reordered, pieceSize: 3)
    #expect(read.entries == LedgerBackup.fixture.entries)
    #expect(read.outline.rest.moods == LedgerBackup.fixture.moods)
    // A wrong currency there is named before any entry is read.
    let wrong = reordered.replacingOccurrences(of: #""currency":"KRW""#, with: #""currency":"XX""#)
    var handed = 0
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("backup-late-\(UUID().uuidString).json").path
    try Data(wrong.utf8).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let file = try ImportFile(path: path, sizeLimit: BackupReader.sizeLimit, lineLimit: .max)
    #expect(throws: BackupReadError.self) {
      try BackupReader.read(file, currency: { _ in }, entries: { _ in handed += 1 })
    }
    #expect(handed == 0)
    // Two `entries` members are refused, naming the second.
    let twice = text.replacingOccurrences(
      of: "\"budgets\":[", with: "\"entries\":[],\n\"budgets\":[")
    guard case .field(let path2, _, let problem) = fileError(twice, pieceSize: 64) else {
      Issue.record("two entries members read")
      return
    }
    #expect(path2 == "entries" && problem == .duplicateMember)
  }

  @Test("a currency refused by the caller ends the reading before any entry")
  func currencyRefused() throws {
    struct Refused: Error {}
    let text = try BackupExport.text(.fixture)
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("backup-currency-\(UUID().uuidString).json").path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let file = try ImportFile(path: path, sizeLimit: BackupReader.sizeLimit, lineLimit: .max)
    var handed = 0
    #expect(throws: Refused.self) {
      try BackupReader.read(file, currency: { _ in throw Refused() }, entries: { _ in handed += 1 })
    }
    #expect(handed == 0)
  }
}
