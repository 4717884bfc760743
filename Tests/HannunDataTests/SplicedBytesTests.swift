import Foundation
import HannunDomain
import HannunTestSupport
import Testing

@testable import HannunData

/// A spliced month file is laid out as runs of the file read under the lock and of the new
/// record, and written and hashed from them: its bytes must be exactly those of the splice as it
/// was made before, in one new buffer.
@Suite("A spliced month written from its runs is the splice byte for byte")
struct SplicedBytesTests {
  typealias Inserted = (bytes: Data, date: String, createdAt: String, id: String)

  /// Text for categories and memos: Hangul, emoji, and what the codec escapes.
  private static let pieces = [
    "식비", "한글 메모", "커피 ☕", "😀", "👍🏽", "a", "Z", "0", " ", "\"", "\\", "}", "[", ",", "\n", "é",
  ]

  private static func text(_ random: inout SplitMix64, _ count: ClosedRange<Int>) -> String {
    (0..<Int.random(in: count, using: &random)).map { _ in
      pieces[Int.random(in: 0..<pieces.count, using: &random)]
    }.joined()
  }

  /// A record of June 2000 as Hannun makes one, on `day` (random when `nil`).
  private static func record(_ random: inout SplitMix64, day: String? = nil) -> StoredTransaction {
    let date = day ?? "2000-06-" + String(format: "%02d", Int.random(in: 1...30, using: &random))
    let stamp = Int64.random(in: 0..<4_102_444_800_000, using: &random)
    let created = Stamp.formattedString(milliseconds: stamp) ?? "2025-01-01T00:00:00.000Z"
    return StoredTransaction(
      id: TransactionID.random(using: &random).rawValue, date: date,
      kind: Bool.random(using: &random) ? "expense" : "income",
      amountMinor: Int64.random(in: 1...9_999_999, using: &random),
      category: text(&random, 1...3), memo: text(&random, 0...8), createdAt: created,
      updatedAt: created)
  }

  /// A month file of `count` records in list order: as the codec writes it (mapped by lines),
  /// or as `JSONEncoder` writes it on one line (mapped by the scanner; a splice of it puts `,`
  /// and a line break between records).
  private static func month(records count: Int, seed: UInt64, encoder: Bool) throws -> Data {
    var random = SplitMix64(seed: seed)
    let records = (0..<count).map { _ in record(&random) }.sorted {
      ($0.date, $0.createdAt, $0.id) < ($1.date, $1.createdAt, $1.id)
    }
    let month = StoredMonth(
      schemaVersion: supportedSchemaVersion, month: "2000-06", transactions: records)
    guard encoder else { return MonthFileCodec.encode(month) }
    let json = JSONEncoder()
    json.outputFormatting = [.sortedKeys]
    return try json.encode(month)
  }

  private static func inserted(_ record: StoredTransaction) -> Inserted {
    (MonthFileCodec.encode(record), record.date, record.createdAt, record.id)
  }

  /// The splice as the old `MonthRecordMap.splicing` defined it: the text before the first
  /// record, the kept records and the inserted one in list order with `,` and a line break
  /// between each two, and the text after the last record.
  private static func reference(
    _ map: MonthRecordMap, removing removed: Int?, inserting inserted: Inserted?
  ) -> Data? {
    guard let first = map.records.first, let last = map.records.last else { return nil }
    var records: [Data] = []
    var placed = inserted == nil
    for (position, record) in map.records.enumerated() where position != removed {
      if !placed, let inserted,
        !map.precedes(
          record, date: inserted.date, createdAt: inserted.createdAt, id: inserted.id)
      {
        records.append(inserted.bytes)
        placed = true
      }
      records.append(map.data[record.range])
    }
    if !placed, let inserted { records.append(inserted.bytes) }
    guard !records.isEmpty else { return nil }
    var result = Data(map.data[0..<first.range.lowerBound])
    result.append(Data(records.joined(separator: Array(",\n".utf8))))
    result.append(map.data[last.range.upperBound...])
    return result
  }

  /// Every kind of splice of `map`: inserts at the start, in the middle and at the end; removals
  /// of the first, a middle and the last record (the only one, when there is one); replacements.
  private static func cases(_ map: MonthRecordMap, _ random: inout SplitMix64) -> [(
    label: String, removed: Int?, inserted: Inserted?
  )] {
    let count = map.records.count
    let start = inserted(record(&random, day: "2000-05-31"))
    let end = inserted(record(&random, day: "2000-07-01"))
    // Between two records: the middle one's day and stamp, and an id after every other.
    var tie = record(&random)
    let middle = map.records[count / 2]
    tie.date = String(decoding: map.data[range(middle.date)], as: UTF8.self)
    tie.createdAt = String(decoding: map.data[range(middle.createdAt)], as: UTF8.self)
    tie.id = "~" + tie.id
    let between = inserted(tie)
    let inserts = [("start", start), ("middle", between), ("end", end)]
    var result: [(label: String, removed: Int?, inserted: Inserted?)] = []
    for (label, record) in inserts { result.append(("insert at \(label)", nil, record)) }
    for removed in Set([0, count / 2, count - 1]).sorted() {
      result.append(("remove \(removed) of \(count)", removed, nil))
      for (label, record) in inserts {
        result.append(("replace \(removed) of \(count), new at \(label)", removed, record))
      }
    }
    return result
  }

  private static func range(_ field: MonthRecordMap.Field) -> Range<Int> {
    guard case .ascii(let range) = field else { return 0..<0 }
    return range
  }

  /// The file `createFile(gathering:…)` writes from `bytes`'s runs, read back.
  private static func written(_ bytes: SplicedBytes, in directory: URL) throws -> Data {
    let path = filePath(directory.appending(path: UUID().uuidString))
    _ = try bytes.withBuffers { buffers throws(LedgerError) in
      try POSIXFiles.createFile(
        gathering: buffers, atPath: path, reportingAs: path, flushing: false)
    }
    return try Data(contentsOf: URL(filePath: path))
  }

  @Test(
    "inserts, removals and replacements on generated months write and hash the reference bytes",
    arguments: [1, 2, 5, 833], [false, true])
  func generated(count: Int, encoder: Bool) async throws {
    try await withTemporaryDirectory { directory in
      var random = SplitMix64(seed: UInt64(count))
      for seed in 1...3 as ClosedRange<UInt64> {
        let data = try Self.month(records: count, seed: seed, encoder: encoder)
        let map = try #require(MonthRecordMap(data: data))
        #expect(map.reading == (encoder ? .scanner : .lines))
        for (label, removed, inserted) in Self.cases(map, &random) {
          let expected = Self.reference(map, removing: removed, inserting: inserted)
          let spliced = map.splicing(removing: removed, inserting: inserted)
          #expect((spliced == nil) == (expected == nil), "\(label), seed \(seed)")
          guard let spliced, let expected else { continue }
          // Laid out as runs of the file read (none copied), written and hashed from them.
          #expect(
            spliced.base.withUnsafeBytes { $0.baseAddress }
              == data.withUnsafeBytes { $0.baseAddress })
          #expect(spliced.count == expected.count, "\(label), seed \(seed)")
          #expect(try Self.written(spliced, in: directory) == expected, "\(label), seed \(seed)")
          #expect(
            spliced.xxh64() == expected.withUnsafeBytes(ContentChecksum.xxh64),
            "\(label), seed \(seed)")
          #expect(spliced.assembled() == expected, "\(label), seed \(seed)")
        }
      }
    }
  }

  @Test("a month encoded whole is written, hashed and handed back as its one buffer")
  func whole() async throws {
    try await withTemporaryDirectory { directory in
      let data = try Self.month(records: 5, seed: 8, encoder: false)
      let bytes = SplicedBytes(data)
      #expect(bytes.runs == [.base(0..<data.count)])
      #expect(try Self.written(bytes, in: directory) == data)
      #expect(bytes.xxh64() == data.withUnsafeBytes(ContentChecksum.xxh64))
      #expect(
        bytes.assembled().withUnsafeBytes { $0.baseAddress }
          == data.withUnsafeBytes { $0.baseAddress })
    }
  }

  // MARK: - Gathered writes

  /// Buffers of 0 to 300 bytes (about a tenth of them empty), with their bytes one after another.
  private static func buffers(_ count: Int, _ random: inout SplitMix64) -> [[UInt8]] {
    (0..<count).map { _ in
      let length =
        Int.random(in: 0..<10, using: &random) == 0 ? 0 : Int.random(in: 1...300, using: &random)
      return (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
    }
  }

  private static func withRawBuffers<Value>(
    _ arrays: [[UInt8]], _ body: ([UnsafeRawBufferPointer]) throws -> Value
  ) rethrows -> Value {
    // Each array's storage, copied into one allocation that lives through `body`.
    let total = arrays.reduce(0) { $0 + $1.count }
    let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: max(total, 1), alignment: 8)
    defer { storage.deallocate() }
    var buffers: [UnsafeRawBufferPointer] = []
    var offset = 0
    for array in arrays {
      let slice = UnsafeMutableRawBufferPointer(rebasing: storage[offset..<offset + array.count])
      slice.copyBytes(from: array)
      buffers.append(UnsafeRawBufferPointer(slice))
      offset += array.count
    }
    return try body(buffers)
  }

  @Test("partial writes, interruptions and the vector limit lose and repeat no byte")
  func partialWrites() {
    var random = SplitMix64(seed: 99)
    for round in 0..<200 {
      let arrays = Self.buffers(Int.random(in: 0...40, using: &random), &random)
      let maxVectors = Int.random(in: 1...8, using: &random)
      var output: [UInt8] = []
      var calls = 0
      let failure = Self.withRawBuffers(arrays) { buffers in
        POSIXFiles.writeAll(buffers, maxVectors: maxVectors) { vectors, count in
          calls += 1
          #expect(count >= 1 && Int(count) <= maxVectors)
          // One call in four is interrupted; the others write part of what they are given.
          if Int.random(in: 0..<4, using: &random) == 0 {
            errno = EINTR
            return -1
          }
          let offered = (0..<Int(count)).reduce(0) { $0 + vectors[$1].iov_len }
          #expect(offered > 0)
          var budget = Int.random(in: 1...offered, using: &random)
          let written = budget
          for index in 0..<Int(count) where budget > 0 {
            let take = min(budget, vectors[index].iov_len)
            let base = vectors[index].iov_base!.assumingMemoryBound(to: UInt8.self)
            output.append(contentsOf: UnsafeBufferPointer(start: base, count: take))
            budget -= take
          }
          return written
        }
      }
      #expect(failure == nil)
      #expect(output == Array(arrays.joined()), "round \(round)")
      if arrays.allSatisfy(\.isEmpty) { #expect(calls == 0) }
    }
  }

  @Test("a failed write gives its errno and stops")
  func failedWrite() {
    let arrays: [[UInt8]] = [[1, 2, 3], [4, 5]]
    var calls = 0
    let failure = Self.withRawBuffers(arrays) { buffers in
      POSIXFiles.writeAll(buffers, maxVectors: 16) { _, _ in
        calls += 1
        errno = ENOSPC
        return -1
      }
    }
    #expect(failure == ENOSPC)
    #expect(calls == 1)
  }

  @Test("a write that makes no progress is an I/O error, not an endless loop")
  func writeWithoutProgress() {
    let arrays: [[UInt8]] = [[1, 2, 3], [4, 5]]
    var calls = 0
    let failure = Self.withRawBuffers(arrays) { buffers in
      POSIXFiles.writeAll(buffers, maxVectors: 16) { _, _ in
        calls += 1
        return calls > 100 ? -1 : 0
      }
    }
    #expect(failure == EIO)
    #expect(calls == 1)
  }

  @Test("a file from more buffers than one writev takes is written whole")
  func manyBuffers() async throws {
    try await withTemporaryDirectory { directory in
      var random = SplitMix64(seed: 7)
      let arrays = Self.buffers(POSIXFiles.maxVectors * 2 + 17, &random)
      let path = filePath(directory.appending(path: "many.json"))
      _ = try Self.withRawBuffers(arrays) { buffers in
        try POSIXFiles.createFile(gathering: buffers, atPath: path, reportingAs: path)
      }
      #expect(try Data(contentsOf: URL(filePath: path)) == Data(arrays.joined()))
      #expect(try permissions(URL(filePath: path)) == 0o600)
    }
  }
}
