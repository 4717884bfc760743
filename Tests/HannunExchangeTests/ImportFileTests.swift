import Foundation
import HannunDomain
import HannunTestSupport
import Testing

@testable import HannunExchange

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The text `file` hands on, whole.
private func text(_ file: ImportFile) throws(ImportFileProblem) -> String {
  var bytes: [UInt8] = []
  try file.text { bytes.append(contentsOf: $0) }
  return String(decoding: bytes, as: UTF8.self)
}

@Suite("Reading a file to import: regular files only, limits, pieces")
struct ImportFileTests {
  let folder: TemporaryFolder

  init() throws { folder = try TemporaryFolder(prefix: "hannun-import-file") }

  private func write(_ name: String, _ bytes: [UInt8]) throws -> String {
    let url = folder.url.appending(path: name)
    try Data(bytes).write(to: url)
    return url.path
  }

  @Test("a FIFO, a folder and a device are refused at once, never waited on")
  func notRegular() throws {
    let fifo = folder.url.appending(path: "pipe").path
    #expect(mkfifo(fifo, 0o600) == 0)
    #expect(throws: ImportFileProblem.notRegularFile) { try ImportFile(path: fifo) }
    #expect(throws: ImportFileProblem.notRegularFile) { try ImportFile(path: folder.url.path) }
    #expect(throws: ImportFileProblem.notRegularFile) { try ImportFile(path: "/dev/zero") }
    #expect(throws: ImportFileProblem.missing) { try ImportFile(path: fifo + "-not-there") }
    #expect(ImportFile.prefix(ofFileAt: fifo, count: 10) == nil)
    #expect(!BackupReader.isBackupFile(atPath: fifo))
  }

  @Test("a file over the size limit is refused before it is read")
  func sizeLimit() throws {
    let path = try write("big.csv", Array(repeating: UInt8(ascii: "a"), count: 101))
    #expect(throws: ImportFileProblem.content(.fileTooLarge(limit: 100))) {
      try ImportFile(path: path, sizeLimit: 100)
    }
    let exact = try write("exact.csv", Array(repeating: UInt8(ascii: "a"), count: 100))
    #expect(try text(ImportFile(path: exact, sizeLimit: 100)).count == 100)
    // A sparse file of 200 MiB: refused by its size, without reading it.
    let sparse = folder.url.appending(path: "sparse.csv").path
    let descriptor = open(sparse, O_WRONLY | O_CREAT, 0o600)
    #expect(descriptor >= 0 && ftruncate(descriptor, 200 << 20) == 0)
    close(descriptor)
    #expect(throws: ImportFileProblem.content(.fileTooLarge(limit: ImportFile.sizeLimit))) {
      try ImportFile(path: sparse)
    }
  }

  @Test("a line over the limit is refused by its number, counted as the CSV reader counts")
  func lineLimit() throws {
    let long = String(repeating: "x", count: 11)
    for (content, line) in [
      ("a\n" + long, 2), ("a\r\nb\r\n" + long, 3), ("a\rb\r\r" + long, 4), (long, 1),
    ] {
      let path = try write("lines.csv", Array(content.utf8))
      #expect(throws: ImportFileProblem.content(.lineTooLong(line: line, limit: 10))) {
        try text(ImportFile(path: path, lineLimit: 10))
      }
    }
    let fits = try write("fits.csv", Array("0123456789\r\n0123456789".utf8))
    #expect(try text(ImportFile(path: fits, lineLimit: 10)) == "0123456789\r\n0123456789")
  }

  @Test("UTF-8 (a byte-order mark dropped) and CP949, a character split between pieces included")
  func encodings() throws {
    let utf8 = try write("u.csv", [0xEF, 0xBB, 0xBF] + Array("날짜,금액\n".utf8))
    #expect(try text(ImportFile(path: utf8)) == "날짜,금액\n")
    // "abc" then 점심 and a line break in CP949, repeated past one piece: the first piece ends
    // between 심's two bytes.
    var bytes: [UInt8] = Array("abc".utf8)
    while bytes.count < ImportFile.chunkSize * 2 { bytes += [0xC1, 0xA1, 0xBD, 0xC9, 0x0A] }
    #expect(bytes[ImportFile.chunkSize - 1] == 0xBD)
    let path = try write("cp.csv", bytes)
    let decoded = try text(ImportFile(path: path))
    #expect(decoded == "abc" + String(repeating: "점심\n", count: (bytes.count - 3) / 5))
    let broken = try write("bad.csv", [0x61, 0xFF, 0xFF, 0x0A])
    #expect(throws: ImportFileProblem.content(.undecodable)) { try text(ImportFile(path: broken)) }
  }

  @Test("fed in pieces of any size, the CSV reader finds the records it finds in the whole text")
  func piecesMatchWhole() {
    let pool = ["a", ",", "\"", "\r", "\n", "\r\n", "식", "\"\"", " ", "x,y"]
    var random = SplitMix64(seed: 19)
    for _ in 0..<500 {
      let text = (0..<Int.random(in: 0...30, using: &random)).map { _ in
        pool[Int.random(in: 0..<pool.count, using: &random)]
      }.joined()
      let whole = CSVTable.records(text)
      var pieces: [CSVRecord] = []
      var parser = CSVParser()
      let bytes = Array(text.utf8)
      var start = 0
      while start < bytes.count {
        let end = min(bytes.count, start + Int.random(in: 1...4, using: &random))
        bytes[start..<end].withUnsafeBufferPointer { parser.feed($0) { pieces.append($0) } }
        start = end
      }
      parser.finish { pieces.append($0) }
      #expect(pieces == whole, "\(text.debugDescription)")
    }
  }

  @Test("a row with more or fewer fields than the header is refused by its line")
  func raggedRows() throws {
    let reader = try StatementReader(
      currency: .krw, today: Fixtures.day("2025-11-20"), defaultCategory: "미분류")
    #expect(throws: ImportError.raggedRow(line: 3, fields: 2, expected: 3)) {
      try reader.read("날짜,금액,메모\n2025-11-03,-1,a\n2025-11-04,-2\n")
    }
    #expect(throws: ImportError.raggedRow(line: 2, fields: 4, expected: 3)) {
      try reader.read("날짜,금액,메모\n2025-11-03,-1,a,extra\n")
    }
    // A quoted field over two lines is one field; the row starts on its first line.
    #expect(throws: ImportError.raggedRow(line: 4, fields: 1, expected: 3)) {
      try reader.read("날짜,금액,메모\n2025-11-03,-1,\"a\nb\"\n2025-11-05\n")
    }
    let path = try write("ragged.csv", Array("date,amount\n2025-11-03,-1\n2025-11-04\n".utf8))
    #expect(throws: ImportFileProblem.content(.raggedRow(line: 3, fields: 1, expected: 2))) {
      try reader.read(ImportFile(path: path))
    }
  }
}
