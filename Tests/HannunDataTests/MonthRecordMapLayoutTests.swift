import Foundation
import HannunDomain
import HannunTestSupport
import Testing

@testable import HannunData

/// A month file in the one-record-a-line layout ``MonthFileCodec`` writes is mapped by byte
/// searches (``MonthRecordMap/lineRecords(_:)``), and gives exactly the map the JSON scanner
/// gives; a file the byte search has any doubt about is mapped by the scanner, as before.
@Suite("A month map reads the one-record-a-line layout by byte search, as the scanner would")
struct MonthRecordMapLayoutTests {
  // MARK: - Generated months

  /// Pieces of categories and memos: everything the codec escapes, JSON's structural bytes, the
  /// text of the keys the map looks for, Hangul and emoji. `{` only when `braces` is set: a `{`
  /// in a record's line sends the whole file to the scanner. Without `escapes`, only text the
  /// codec writes as it is, so that records take the map's quickest reading (a record exactly as
  /// the codec writes one with no unknown fields, and no `\` in it).
  private static func pieces(braces: Bool, escapes: Bool = true) -> [String] {
    guard escapes else { return ["a", "Z", "0", " ", "식비", "한글 메모", "😀", "}", "[", "]", ",", ":"] }
    return [
      "a", "Z", "0", " ", "식비", "한글 메모", "😀", "👍🏽", "\"", "\\", "}", "[", "]", ",", ":",
      "\n", "\t", "\r", "\u{7F}", "/", "é", "\"id\":\"", ",\"date\":\"", "\"createdAt\":\"",
      "\\\"id\\\":\\\"", "\"}", "}\n", "\u{2028}",
    ] + (braces ? ["{", "{\"id\":\"x\"}"] : [])
  }

  private static func text(
    _ random: inout SplitMix64, braces: Bool, escapes: Bool, pieces count: ClosedRange<Int>
  ) -> String {
    let pieces = Self.pieces(braces: braces, escapes: escapes)
    return (0..<Int.random(in: count, using: &random)).map { _ in
      pieces[Int.random(in: 0..<pieces.count, using: &random)]
    }.joined()
  }

  /// Values a newer Hannun might write in a field this version does not know, on one line and
  /// without a `{`: the line layout takes them.
  private static let flatValues = [
    "[1,2,3]", "\"text\"", "null", "true", "-1.5E+10", "[\"x\",[],\"}\"]", "\"}\"", "[]",
    "\"\\\"id\\\":\\\"x\"", "12345678901234567890123",
  ]
  /// Values that send the file to the scanner: nested objects (one with its own `id`, `date`
  /// and `createdAt`) and a value over several lines.
  private static let doubtfulValues = [
    "{\"id\":\"nested0\",\"date\":\"1999-01-01\",\"createdAt\":\"x\"}", "{}",
    "[{\"a\":1}]", "[\n1,\n2\n]",
  ]
  /// Keys a newer Hannun might write, sorting before, between and after the known ones.
  private static let otherKeys = [
    "tags", "Zeta", "_x", "amountMinorX", "dateX", "idx", "zz", "émoji🙂", "a\"b", "createdAtZ",
  ]

  /// A month of `count` records as Hannun makes them (ids, days and stamps), with categories
  /// and memos from ``pieces(braces:escapes:)`` and, when `otherFields`, fields this version does not
  /// know on some records; `doubtful` allows the things that send a file to the scanner.
  /// - Returns: The file's bytes as the store writes them, and whether the line layout should
  ///   take them.
  private static func month(
    records count: Int, seed: UInt64, otherFields: Bool, doubtful: Bool, escapes: Bool = true
  ) -> (data: Data, canonical: Bool) {
    var random = SplitMix64(seed: seed)
    let month = "2000-06"
    var canonical = count > 0
    var records: [StoredTransaction] = []
    for _ in 0..<count {
      let day = month + "-" + String(format: "%02d", Int.random(in: 1...30, using: &random))
      let stamp = Int64.random(in: 0..<4_102_444_800_000, using: &random)
      let created = Stamp.formattedString(milliseconds: stamp) ?? "2025-01-01T00:00:00.000Z"
      var record = StoredTransaction(
        id: TransactionID.random(using: &random).rawValue, date: day,
        kind: Bool.random(using: &random) ? "expense" : "income",
        amountMinor: Int64.random(in: 1...9_999_999, using: &random),
        category: text(&random, braces: doubtful, escapes: escapes, pieces: 1...4),
        memo: text(&random, braces: doubtful, escapes: escapes, pieces: 0...12), createdAt: created,
        updatedAt: created)
      if record.category.contains("{") || record.memo.contains("{") { canonical = false }
      if otherFields, Int.random(in: 0..<3, using: &random) == 0 {
        for _ in 0..<Int.random(in: 1...3, using: &random) {
          let key = otherKeys[Int.random(in: 0..<otherKeys.count, using: &random)]
          let values = doubtful ? flatValues + doubtfulValues : flatValues
          let value = values[Int.random(in: 0..<values.count, using: &random)]
          record.otherFields[key] = RawJSON(text: value)
          if doubtfulValues.contains(value) { canonical = false }
        }
      }
      records.append(record)
    }
    records.sort { ($0.date, $0.createdAt, $0.id) < ($1.date, $1.createdAt, $1.id) }
    let stored = StoredMonth(
      schemaVersion: supportedSchemaVersion, month: month, transactions: records)
    return (MonthFileCodec.encode(stored), canonical)
  }

  /// The scanner's records of `data` (`nil` for none).
  private static func scanned(_ data: Data) -> [MonthRecordMap.Record]? {
    let records = data.withUnsafeBytes {
      MonthRecordMap.scannedRecords($0.bindMemory(to: UInt8.self))
    }
    return records?.isEmpty == false ? records : nil
  }

  /// The line layout's records of `data`.
  private static func lines(_ data: Data) -> [MonthRecordMap.Record]? {
    data.withUnsafeBytes { MonthRecordMap.lineRecords($0.bindMemory(to: UInt8.self)) }
  }

  @Test(
    "months as the store writes them map by lines to the scanner's records, record by record",
    arguments: [0, 1, 2, 833], [1 as UInt64, 2, 3])
  func generated(count: Int, seed: UInt64) throws {
    for (otherFields, escapes) in [(false, false), (false, true), (true, false), (true, true)] {
      let (data, canonical) = Self.month(
        records: count, seed: seed, otherFields: otherFields, doubtful: false, escapes: escapes)
      #expect(canonical == (count > 0))
      let expected = Self.scanned(data)
      #expect((expected?.count ?? 0) == count)
      let map = MonthRecordMap(data: data)
      #expect(map?.records == expected)
      guard count > 0 else {
        #expect(map == nil)
        #expect(Self.lines(data) == nil)
        continue
      }
      #expect(map?.reading == .lines, "otherFields: \(otherFields), escapes: \(escapes)")
      let lines = try #require(Self.lines(data))
      #expect(lines.count == expected?.count)
      for (position, record) in lines.enumerated() {
        #expect(record == expected?[position], "record \(position)")
      }
    }
  }

  @Test(
    "months with braces in text and nested or multi-line fields go to the scanner",
    arguments: [1, 2, 833], [4 as UInt64, 5, 6, 7])
  func doubtfulGenerated(count: Int, seed: UInt64) {
    let (data, canonical) = Self.month(
      records: count, seed: seed, otherFields: true, doubtful: true)
    let expected = Self.scanned(data)
    #expect(expected?.count == count)
    let map = MonthRecordMap(data: data)
    #expect(map?.records == expected)
    #expect(map?.reading == (canonical ? .lines : .scanner))
    let lines = Self.lines(data)
    #expect((lines != nil) == canonical)
    if let lines { #expect(lines == expected) }
  }

  // MARK: - Doubtful files, one by one

  /// Canonical months of five records, as text: one whose text needs escapes, one whose text
  /// needs none (each record read the quickest way).
  private static func canonicalTexts() throws -> [String] {
    try [true, false].map { escapes in
      let (data, canonical) = month(
        records: 5, seed: 42, otherFields: false, doubtful: false, escapes: escapes)
      #expect(canonical)
      return try #require(String(data: data, encoding: .utf8))
    }
  }

  /// Checks that `text` is not taken by the line layout and maps as the scanner maps it.
  private func expectScanned(
    _ text: String, _ label: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    expectScanned(Data(text.utf8), label, sourceLocation: sourceLocation)
  }

  private func expectScanned(
    _ data: Data, _ label: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(Self.lines(data) == nil, "\(label): taken by lines", sourceLocation: sourceLocation)
    let map = MonthRecordMap(data: data)
    #expect(
      map?.records == Self.scanned(data), "\(label): not the scanner's map",
      sourceLocation: sourceLocation)
    if let map {
      #expect(map.reading == .scanner, "\(label)", sourceLocation: sourceLocation)
    }
  }

  /// `text` with the first occurrence of `target` after the header replaced.
  private static func replacingFirst(
    _ target: String, with replacement: String, in text: String
  ) throws -> String {
    let header = try #require(text.firstIndex(of: "\n"))
    let range = try #require(text.range(of: target, range: header..<text.endIndex))
    return text.replacingCharacters(in: range, with: replacement)
  }

  @Test("the canonical file itself is taken by lines")
  func canonicalTaken() throws {
    for text in try Self.canonicalTexts() {
      let map = try #require(MonthRecordMap(data: Data(text.utf8)))
      #expect(map.reading == .lines)
      #expect(map.records == Self.scanned(Data(text.utf8)))
      #expect(map.records.count == 5)
    }
  }

  @Test("a header or trailer other than the codec's goes to the scanner")
  func headerAndTrailer() throws {
    for text in try Self.canonicalTexts() {
      #expect(Self.lines(Data(text.utf8)) != nil)
      let body = String(text.dropFirst("{\"month\":\"2000-06\",".count))
      expectScanned("{\"month\":\"2000-6\"," + body, "short month")
      expectScanned("{\"a\":1,\"month\":\"2000-06\"," + body, "a member before")
      expectScanned(
        text.replacingOccurrences(of: "\"schemaVersion\":1", with: "\"schemaVersion\":2"),
        "another schema version")
      expectScanned(
        text.replacingOccurrences(of: "\"transactions\":[\n", with: "\"transactions\":[ \n"),
        "a space after [")
      expectScanned(String(text.dropLast()), "no final line break")
      expectScanned(text + "\n", "two final line breaks")
      expectScanned(
        String(text.dropLast(4)) + "\n],\"zeta\":{\"id\":\"x\"}}\n", "a member after the records")
      expectScanned(String(text.dropLast(4)) + "]}\n", "no line break before ]")
    }
  }

  @Test("a byte order mark, CRLF or another separator goes to the scanner")
  func separators() throws {
    for text in try Self.canonicalTexts() {
      var marked = Data([0xEF, 0xBB, 0xBF])
      marked.append(Data(text.utf8))
      // A map has never been made of a file with a byte order mark; the general path reads it.
      #expect(Self.lines(marked) == nil)
      #expect(MonthRecordMap(data: marked) == nil)
      expectScanned(text.replacingOccurrences(of: "\n", with: "\r\n"), "CRLF")
      expectScanned(try Self.replacingFirst("},\n{", with: "}, \n{", in: text), "space before LF")
      expectScanned(try Self.replacingFirst("},\n{", with: "},\n\n{", in: text), "a blank line")
      expectScanned(try Self.replacingFirst("},\n{", with: "}\n,{", in: text), "comma first")
      expectScanned(try Self.replacingFirst("},\n{", with: "},{", in: text), "two on a line")
      expectScanned(try Self.replacingFirst("},\n{", with: "},\n {", in: text), "indented")
      expectScanned(try Self.replacingFirst("},\n{", with: "} ,\n{", in: text), "space before ,")
      expectScanned(try Self.replacingFirst("},\n{", with: "}\n{", in: text), "no comma")
    }
  }

  @Test("a brace inside a record line goes to the scanner")
  func braces() throws {
    for text in try Self.canonicalTexts() {
      expectScanned(
        try Self.replacingFirst("\"memo\":\"", with: "\"memo\":\"{", in: text), "{ in a memo")
      expectScanned(
        try Self.replacingFirst(
          "\"memo\":", with: "\"meta\":{\"id\":\"inner\",\"date\":\"x\"},\"memo\":", in: text),
        "a nested object with its own id")
    }
  }

  @Test("a missing, repeated or hidden key goes to the scanner")
  func keys() throws {
    for text in try Self.canonicalTexts() {
      for key in ["id", "date", "createdAt"] {
        expectScanned(
          try Self.replacingFirst("\"\(key)\":", with: "\"\(key)X\":", in: text), "\(key) missing")
        expectScanned(
          try Self.replacingFirst(
            "\"\(key)\":", with: "\"\(key)\":\"again\",\"\(key)\":", in: text),
          "\(key) twice")
        expectScanned(
          try Self.replacingFirst("\"\(key)\":\"", with: "\"\(key)\":7,\"\(key)X\":\"", in: text),
          "\(key) a number")
        expectScanned(
          try Self.replacingFirst(
            "\"kind\":", with: "\"x\\\"\(key)\":\"v\",\"kind\":", in: text),
          "a key ending in an escaped quote and \(key)")
        expectScanned(
          try Self.replacingFirst("\"\(key)\":\"", with: "\"x\\\"\(key)\":\"", in: text),
          "\(key) only as the end of a key with an escaped quote")
      }
      expectScanned(
        try Self.replacingFirst("\"id\":", with: "\"\\u0069d\":", in: text), "an escaped id key")
    }
  }

  @Test("an escape or a non-ASCII byte in a mapped field goes to the scanner")
  func fieldValues() throws {
    for text in try Self.canonicalTexts() {
      expectScanned(try Self.replacingFirst("\"id\":\"", with: "\"id\":\"\\\"", in: text), "\\\"")
      expectScanned(
        try Self.replacingFirst("\"date\":\"2000", with: "\"date\":\"\\u0032000", in: text),
        "an escaped digit")
      expectScanned(
        try Self.replacingFirst("\"createdAt\":\"", with: "\"createdAt\":\"가", in: text),
        "Hangul in a stamp")
      expectScanned(try Self.replacingFirst("\"id\":\"", with: "\"id\":\"é", in: text), "é")
    }
  }

  @Test("a file JSONEncoder wrote on one line goes to the scanner; pretty-printed, to no map")
  func encoderLayouts() throws {
    let (data, _) = Self.month(records: 3, seed: 9, otherFields: false, doubtful: false)
    let document = try MonthFileCodec.decode(data, path: "2000-06.json")
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    expectScanned(try encoder.encode(document), "one line")
    // As before: a pretty-printed file is rewritten whole once, in the line layout.
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    let pretty = try encoder.encode(document)
    #expect(Self.lines(pretty) == nil)
    #expect(MonthRecordMap(data: pretty) == nil)
  }
}
