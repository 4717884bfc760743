import Foundation
import HannunDomain
import Testing

@testable import HannunData

@Suite("Reading catalog.json takes memory for the months it lists, not for its whole size")
struct CatalogReadTests {
  private func path(_ month: YearMonth) -> String { "/l/\(month.iso).json" }

  /// A catalog as a century-long ledger's index records it: 1,200 month lines, then the
  /// signatures of its id shards, totals years and postings years (as many bytes again).
  private func centuryCatalog() throws -> (index: LedgerIndex, bytes: Data) {
    var index = LedgerIndex(backedByDisk: true)
    var month = try YearMonth(iso: "1925-12")
    for number in 0..<1_200 {
      index.months[month] = LedgerIndex.Month(
        signature: FileSignature(
          device: 0, inode: UInt64(9_460_000 + number), size: 158_700,
          modifiedSeconds: 1_795_681_382, modifiedNanoseconds: 726_441_014),
        problem: nil, checksum: UInt64(257_225_724_775_260_581 + number))
      month = try month.adding(months: 1)
    }
    let signature = FileSignature(
      device: 0, inode: 9_464_721, size: 32_872, modifiedSeconds: 1_795_702_654,
      modifiedNanoseconds: 843_907_346)
    for shard in 0..<1_000 {
      index.files["index/ids/\(String(shard, radix: 36)).json"] = signature
    }
    for year in 1925...2025 {
      index.files["index/totals/\(year).json"] = signature
      index.files["index/postings/\(year).bin"] = signature
    }
    return (index, index.encodedCatalog())
  }

  @Test("a century's catalog is read into a table sized for its 1,200 months")
  func tableSizedForMonths() throws {
    let (written, bytes) = try centuryCatalog()
    let read = try #require(LedgerIndex.catalog(bytes, pathOf: path))
    #expect(read.months.count == 1_200)
    // A dictionary's capacity is three quarters of a power of two: 1,536 holds 1,200 months.
    // The whole file's size (150 KB here) must not set it: 8,192 buckets of a month each are
    // 900 KB a read has to touch page by page.
    #expect(read.months.capacity <= 1_536, "capacity \(read.months.capacity)")
    #expect(read.encodedCatalog() == written.encodedCatalog(), "and it reads back the same")
  }

  @Test("a catalog of a few months with many other files reads them all")
  func fewMonths() throws {
    let (written, _) = try centuryCatalog()
    var small = written
    small.months = small.months.filter { $0.key.year == 2025 }
    let read = try #require(LedgerIndex.catalog(small.encodedCatalog(), pathOf: path))
    #expect(read.months.count == 11)
    #expect(read.months.capacity < 64, "capacity \(read.months.capacity)")
    #expect(read.encodedCatalog() == small.encodedCatalog())
  }

  @Test("a catalog written on one line (by hand or by another tool) is read the same")
  func oneLine() throws {
    let (written, bytes) = try centuryCatalog()
    let flat = Data(bytes.filter { $0 != UInt8(ascii: "\n") })
    let read = try #require(LedgerIndex.catalog(flat, pathOf: path))
    #expect(read.months.count == 1_200)
    for (month, known) in written.months {
      #expect(read.months[month]?.signature == known.signature)
      #expect(read.months[month]?.checksum == known.checksum)
    }
  }
}

@Suite("POSIXFiles.readBytes reads a file as POSIXFiles.read does, into an array")
struct ReadBytesTests {
  @Test("its bytes, nil for nothing there, and a folder or a FIFO refused unopened")
  func sameAsRead() throws {
    let folder = FileManager.default.temporaryDirectory
      .appending(path: "hannun-readbytes-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for size in [0, 1, 4_095, 4_096, 150_000] {
      let file = folder.appending(path: "f\(size)").path
      let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31) }
      try Data(bytes).write(to: URL(fileURLWithPath: file))
      #expect(try POSIXFiles.readBytes(path: file) == bytes)
      #expect(try POSIXFiles.read(path: file).map { [UInt8]($0.data) } == bytes)
    }
    #expect(try POSIXFiles.readBytes(path: folder.appending(path: "none").path) == nil)
    #expect(try POSIXFiles.readBytes(path: folder.appending(path: "f0/x").path) == nil)
    #expect(throws: LedgerError.self) { try POSIXFiles.readBytes(path: folder.path) }
    let fifo = folder.appending(path: "fifo").path
    #expect(mkfifo(fifo, 0o600) == 0)
    #expect(throws: LedgerError.self) { try POSIXFiles.readBytes(path: fifo) }
  }
}
