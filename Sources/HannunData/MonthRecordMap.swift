import HannunDomain

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where each record of a month file is, by byte range, with the three fields that place it in
/// list order (`date`, `createdAt`, `id`), read without decoding anything else.
///
/// A write that adds, changes or removes one or two entries of a month the index has checked
/// splices the file instead of decoding and re-encoding every record: the records it does not
/// touch are written byte for byte from the bytes read (fields a newer Hannun wrote included,
/// see ``splicing(removing:inserting:)``), and the one it needs is decoded alone, through the
/// same checks as a whole file. A month whose file is not a JSON object with a non-empty
/// `transactions` array of objects gives no map, and the writer then decodes the whole file as
/// before.
///
/// A file laid out exactly as ``MonthFileCodec`` writes it (every file Hannun writes, unless a
/// record holds a `{`, a field a newer Hannun wrote spans lines or the document has one) is
/// mapped by byte searches over its lines (``lineRecords(_:)``); any other by ``JSONScanner``
/// (``scannedRecords(_:)``). Both give the same map of a valid file.
struct MonthRecordMap {
  /// One record: its bytes in the file and what orders it.
  struct Record: Equatable {
    var range: Range<Int>
    var id: Field
    var date: Field
    var createdAt: Field
  }

  /// An ordering field's text: where it is in the file when it is plain ASCII (always, in the
  /// files Hannun writes), so that mapping a month of 833 records makes no strings; otherwise
  /// the decoded text.
  enum Field: Equatable {
    case ascii(Range<Int>)
    case text(String)
  }

  /// Which reading of the file built a map.
  enum Reading: Equatable {
    /// The byte search of the one-record-a-line layout (``lineRecords(_:)``).
    case lines
    /// The JSON scanner, for any layout (``scannedRecords(_:)``).
    case scanner
  }

  /// The file's bytes (compared in place, through ``withBytes(_:)``).
  let data: Data
  /// The records, in file order.
  private(set) var records: [Record] = []
  /// Which reading built the map.
  let reading: Reading

  /// The map of a month file, or `nil` when it has no records, is not laid out as an object
  /// with a `transactions` array of objects whose `id`, `date` and `createdAt` are strings, or
  /// does not start `{"` as the compact layout ``MonthFileCodec`` writes does (a file an older
  /// version wrote pretty-printed is rewritten whole once, in the new layout, by its next write).
  init?(data: Data) {
    let data = data.startIndex == 0 ? data : Data(data)
    guard data.starts(with: Array("{\"".utf8)) else { return nil }
    self.data = data
    // Read where it is: a copy of a month's 150 KB is fresh memory, and faulting its pages in
    // cost a fifth of mapping the month.
    let found = data.withUnsafeBytes { raw -> (records: [Record], reading: Reading)? in
      let bytes = raw.bindMemory(to: UInt8.self)
      if let records = Self.lineRecords(bytes) { return (records, .lines) }
      return Self.scannedRecords(bytes).map { ($0, .scanner) }
    }
    guard let found, !found.records.isEmpty else { return nil }
    records = found.records
    reading = found.reading
  }

  /// The position of the record with this id, or `nil`.
  func position(of id: TransactionID) -> Int? {
    records.firstIndex { compare($0.id, id.rawValue) == 0 }
  }

  /// Whether `record` comes before a record with these fields in list order
  /// (``Transaction/listOrder(_:_:)``: day, then creation stamp, then id). Stamps Hannun writes
  /// have one width, so their text sorts as their instants do; a file that breaks this is still
  /// read correctly, since readers sort what is out of order.
  func precedes(_ record: Record, date: String, createdAt: String, id: String) -> Bool {
    let byDate = compare(record.date, date)
    if byDate != 0 { return byDate < 0 }
    let byStamp = compare(record.createdAt, createdAt)
    if byStamp != 0 { return byStamp < 0 }
    return compare(record.id, id) < 0
  }

  /// How a field's text orders against `other`, as `String`'s `<` orders them: below zero,
  /// zero or above. ASCII text against ASCII text compares byte by byte, which is that order.
  private func compare(_ field: Field, _ other: String) -> Int {
    switch field {
    case .text(let text):
      return text < other ? -1 : (text == other ? 0 : 1)
    case .ascii(let range):
      return withBytes { bytes in
        let field = bytes.extracting(range)
        var theirs = other.utf8.makeIterator()
        for byte in field {
          guard let their = theirs.next() else { return 1 }
          guard their < 0x80 else { return Self.compareAsText(field, other) }
          if byte != their { return byte < their ? -1 : 1 }
        }
        guard let their = theirs.next() else { return 0 }
        return their < 0x80 ? -1 : Self.compareAsText(field, other)
      }
    }
  }

  /// Calls `body` with the file's bytes.
  private func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    data.withUnsafeBytes { body($0.bindMemory(to: UInt8.self)) }
  }

  private static func compareAsText(_ ascii: UnsafeBufferPointer<UInt8>, _ other: String) -> Int {
    let text = String(decoding: ascii, as: UTF8.self)
    return text < other ? -1 : (text == other ? 0 : 1)
  }

  /// The bytes of one record, as a month file of that record alone, for decoding it with the
  /// same checks as a whole file.
  /// - Parameters:
  ///   - position: The record's position.
  ///   - month: The file's month.
  func document(ofRecordAt position: Int, month: YearMonth) -> Data {
    var bytes = Data(
      "{\"month\":\"\(month.iso)\",\"schemaVersion\":\(supportedSchemaVersion),\"transactions\":["
        .utf8)
    bytes.append(data[records[position].range])
    bytes.append(contentsOf: Array("]}".utf8))
    return bytes
  }

  /// The file with the record at `removed` taken out and `inserted` (a record's bytes, placed
  /// in list order by its fields) put in, as runs of this file's bytes and the record's (see
  /// ``SplicedBytes``: nothing is copied); `nil` when no record is left.
  /// - Parameters:
  ///   - removed: The position of the record to take out, if any.
  ///   - inserted: The record to add, with its ordering fields, if any.
  func splicing(
    removing removed: Int?,
    inserting inserted: (bytes: Data, date: String, createdAt: String, id: String)?
  ) -> SplicedBytes? {
    guard let first = records.first, let last = records.last else { return nil }
    let kept = records.count - (removed == nil ? 0 : 1)
    guard kept > 0 || inserted != nil else { return nil }
    var splice = Splice(
      data: data, inserted: inserted?.bytes ?? Data(), head: 0..<first.range.lowerBound)
    var placed = inserted == nil
    withBytes { bytes in
      for (position, record) in records.enumerated() where position != removed {
        if !placed, let inserted,
          !precedes(record, date: inserted.date, createdAt: inserted.createdAt, id: inserted.id)
        {
          splice.insert()
          placed = true
        }
        splice.add(record.range, in: bytes)
      }
    }
    splice.flush()
    if !placed { splice.insert() }
    splice.result.append(last.range.upperBound..<data.count)
    return splice.result
  }

  /// A spliced file being laid out. Records are taken in runs: consecutive ones already
  /// separated as ``MonthFileCodec`` separates them are one run, so a splice of a month of 833
  /// records is a few runs rather than 833. (A value with mutating methods, not closures over
  /// local variables, so that no access to them is checked at run time.)
  private struct Splice {
    /// The runs so far.
    var result: SplicedBytes
    /// Records read but not yet added, as one range of the file.
    var run: Range<Int>?
    /// Whether a record has been added.
    var wroteAny = false

    /// A splice of `data` (whose indices start at zero) that may put in `inserted`, starting
    /// with its bytes in `head` (what comes before the records).
    init(data: Data, inserted: Data, head: Range<Int>) {
      result = SplicedBytes(base: data, inserted: inserted)
      result.append(head)
    }

    /// Adds the records read but not yet added.
    mutating func flush() {
      guard let current = run else { return }
      if wroteAny { result.appendSeparator() }
      result.append(current)
      wroteAny = true
      run = nil
    }

    /// Adds the record at `range` of the file (`bytes`) after the ones added before it.
    mutating func add(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) {
      // Whether exactly ``SplicedBytes/Run/separator`` lies between the run and this record.
      if let current = run, range.lowerBound - current.upperBound == 2,
        bytes[current.upperBound] == UInt8(ascii: ","),
        bytes[current.upperBound + 1] == UInt8(ascii: "\n")
      {
        run = current.lowerBound..<range.upperBound
      } else {
        flush()
        run = range
      }
    }

    /// Adds the inserted record after the ones added before it.
    mutating func insert() {
      flush()
      if wroteAny { result.appendSeparator() }
      result.appendInserted()
      wroteAny = true
    }
  }

  // MARK: - The one-record-a-line layout

  /// The records of a month file laid out exactly as ``MonthFileCodec`` writes it, found by
  /// byte searches: `nil` at the first doubt, and the caller then scans the whole file
  /// (``scannedRecords(_:)``).
  ///
  /// The layout taken is the codec's, byte for byte: the first line
  /// `{"month":"YYYY-MM","schemaVersion":1,"transactions":[`, then one record a line, each from
  /// its `{` to its `}` and followed by `,` but the last, then `]}` and one line break. No byte
  /// order mark, no `\r`, no other member of the document, no blank line or space between
  /// records. In a record's line there must be no `{` after its first byte, and each of
  /// `"id":"`, `"date":"` and `"createdAt":"` exactly once, not right after a `\`, with a value
  /// that has no `\` and no byte above 0x7F (the scanner would decode such a value to text).
  ///
  /// Why such a line is exactly one record and those are its own fields, in a valid file:
  /// - A string cannot hold a raw line break, so a line break is between tokens; the line after
  ///   the first starts with the first record's `{`, and a `}` that ends a line (before its `,`
  ///   or the line break) is not in a string either, since no `"` after it could close one. With
  ///   no other `{` in the line, the only object open there is the record, so that `}` closes
  ///   it: the line is the record, and the next line starts the next one.
  /// - Inside a valid JSON string every `"` is escaped, so it has a `\` right before it. A `"`
  ///   with no `\` before it is one that opens or closes a string; followed by `id"` it cannot
  ///   close one (a closing quote is followed by `,` `:` `}` `]` or a space), so it opens the
  ///   string `id`, whose closing `"` (after `d`, not `\`) is real too. Followed by `:"`, it is
  ///   a key with a string value. With no nested object in the line, that key is the record's
  ///   own. Its value, with no `\` in it, ends at the next `"`.
  /// - The scanner reads the same record from `{` to `}`, and a plain ASCII string's bytes
  ///   between its quotes as ``Field/ascii(_:)``: the same ranges.
  ///
  /// The map is only built for a file the index has decoded whole and whose signature still
  /// matches (see `splicing(_:index:)` in `JSONFileTransactionStore+Splice.swift`), so this
  /// takes the file's validity as given: it does not check the JSON outside the three fields. It
  /// never gives a different map from the scanner's for a valid file; for an invalid one that
  /// has the layout it may give a map where the scanner gives none.
  static func lineRecords(_ bytes: UnsafeBufferPointer<UInt8>) -> [Record]? {
    guard let base = bytes.baseAddress else { return nil }
    let count = bytes.count
    let monthStart = lineHeader.utf8CodeUnitCount
    let headerEnd = monthStart + 7 + lineHeaderTail.utf8CodeUnitCount
    let bodyEnd = count - lineTrailer.utf8CodeUnitCount
    guard supportedSchemaVersion == 1, bodyEnd >= headerEnd + 2,
      starts(base, at: 0, with: lineHeader), isMonth(base + monthStart),
      starts(base, at: monthStart + 7, with: lineHeaderTail),
      starts(base, at: bodyEnd, with: lineTrailer)
    else { return nil }
    var records: [Record] = []
    records.reserveCapacity(count / 150)
    var start = headerEnd
    while true {
      guard start < bodyEnd, base[start] == UInt8(ascii: "{") else { return nil }
      let record: Record
      // The line's line break; `nil` for the last line.
      let lineEnd: Int?
      if let plain = plainRecord(base, from: start, before: bodyEnd, in: count) {
        record = plain
        let end = plain.range.upperBound
        if end == bodyEnd {
          lineEnd = nil
        } else {
          guard base[end] == UInt8(ascii: ","), base[end + 1] == UInt8(ascii: "\n") else {
            return nil
          }
          lineEnd = end + 1
        }
      } else {
        let newline = memchr(base + start, Int32(UInt8(ascii: "\n")), bodyEnd - start)
        lineEnd = newline.map { UnsafeRawPointer(base).distance(to: UnsafeRawPointer($0)) }
        // One past the record's `}`: before the `,` that must end every line but the last.
        var end = lineEnd ?? bodyEnd
        if lineEnd != nil {
          guard base[end - 1] == UInt8(ascii: ",") else { return nil }
          end -= 1
        }
        guard end - start >= 2, base[end - 1] == UInt8(ascii: "}"),
          let general = lineRecord(base, start..<end)
        else { return nil }
        record = general
      }
      let range = record.range
      guard memchr(base + range.lowerBound + 1, Int32(UInt8(ascii: "{")), range.count - 1) == nil
      else { return nil }
      records.append(record)
      guard let lineEnd else { return records }
      start = lineEnd + 1
    }
  }

  /// The record starting at `start` when it is exactly what ``MonthFileCodec`` writes for a
  /// record with no fields a newer Hannun wrote — `{"amountMinor":…,"category":"…",…,
  /// "updatedAt":"…"}`, its eight keys in that order — and none of its strings has a `\` or a
  /// control character, and its `id`, `date` and `createdAt` are ASCII; `nil` for any other
  /// record (the line is then read by ``lineRecord(_:_:)``).
  ///
  /// Every byte of such a record is accounted for, token by token (with no `\`, each string
  /// ends at its next `"`), so its three fields are its own and appear once: the line needs no
  /// search for other keys. This is most of every month file, read at a few bytes a step.
  /// - Parameters:
  ///   - limit: Where the record must end by: the end of the last line.
  ///   - count: The file's size, which eight-byte reads stay within.
  @inline(__always)
  private static func plainRecord(
    _ base: UnsafePointer<UInt8>, from start: Int, before limit: Int, in count: Int
  ) -> Record? {
    var at = start
    guard literal(base, &at, limit, "{\"amountMinor\":") else { return nil }
    let digits = at
    while at < limit, base[at] &- UInt8(ascii: "0") < 10 || base[at] == UInt8(ascii: "-") {
      at += 1
    }
    guard at > digits, literal(base, &at, limit, ",\"category\":\""),
      plainString(base, &at, limit, count, ascii: false) != nil,
      literal(base, &at, limit, "\",\"createdAt\":\""),
      let createdAt = plainString(base, &at, limit, count, ascii: true),
      literal(base, &at, limit, "\",\"date\":\""),
      let date = plainString(base, &at, limit, count, ascii: true),
      literal(base, &at, limit, "\",\"id\":\""),
      let id = plainString(base, &at, limit, count, ascii: true),
      literal(base, &at, limit, "\",\"kind\":\""),
      plainString(base, &at, limit, count, ascii: false) != nil,
      literal(base, &at, limit, "\",\"memo\":\""),
      plainString(base, &at, limit, count, ascii: false) != nil,
      literal(base, &at, limit, "\",\"updatedAt\":\""),
      plainString(base, &at, limit, count, ascii: false) != nil,
      literal(base, &at, limit, "\"}")
    else { return nil }
    return Record(
      range: start..<at, id: .ascii(id), date: .ascii(date), createdAt: .ascii(createdAt))
  }

  /// Whether `text` is at `at` (and ends by `limit`); when it is, moves `at` past it.
  @inline(__always)
  private static func literal(
    _ base: UnsafePointer<UInt8>, _ at: inout Int, _ limit: Int, _ text: StaticString
  ) -> Bool {
    guard starts(base, at: at, with: text, before: limit) else { return false }
    at += text.utf8CodeUnitCount
    return true
  }

  /// The bytes of a string's text from `at` to its closing `"`, where `at` is left; `nil` when
  /// a `\` or a control character comes first (or, when `ascii`, a byte above 0x7F), or no `"`
  /// before `limit`. Eight bytes a step while eight remain in the file (`count`).
  @inline(__always)
  private static func plainString(
    _ base: UnsafePointer<UInt8>, _ at: inout Int, _ limit: Int, _ count: Int, ascii: Bool
  ) -> Range<Int>? {
    let start = at
    var index = at
    let high: UInt64 = ascii ? 0x8080_8080_8080_8080 : 0
    while index + 8 <= count {
      let word = UInt64(
        littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
      let quote = byteBits(word, UInt8(ascii: "\""))
      let stops = quote | byteBits(word, UInt8(ascii: "\\")) | controlBits(word) | (word & high)
      if stops != 0 {
        index += stops.trailingZeroBitCount >> 3
        guard index < limit, base[index] == UInt8(ascii: "\"") else { return nil }
        at = index
        return start..<index
      }
      index += 8
    }
    while index < limit {
      let byte = base[index]
      if byte == UInt8(ascii: "\"") {
        at = index
        return start..<index
      }
      guard byte != UInt8(ascii: "\\"), byte >= 0x20, !ascii || byte < 0x80 else { return nil }
      index += 1
    }
    return nil
  }

  /// The record on one line (from its `{` to its `}`, with no other `{`), or `nil` when one of
  /// its three fields is missing, repeated, after a `\`, or has a value that is not plain
  /// ASCII. Each `"` of the line is looked at (found eight bytes at a time): a key starts at one.
  private static func lineRecord(_ base: UnsafePointer<UInt8>, _ line: Range<Int>) -> Record? {
    var found = LineFields()
    var index = line.lowerBound + 1
    let end = line.upperBound
    while index + 8 <= end {
      let word = UInt64(
        littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
      var quotes = byteBits(word, UInt8(ascii: "\""))
      while quotes != 0 {
        guard found.take(base, quote: index + quotes.trailingZeroBitCount >> 3, end: end) else {
          return nil
        }
        quotes &= quotes &- 1
      }
      index += 8
    }
    while index < end {
      if base[index] == UInt8(ascii: "\""), !found.take(base, quote: index, end: end) {
        return nil
      }
      index += 1
    }
    guard let id = found.id, let date = found.date, let createdAt = found.createdAt else {
      return nil
    }
    return Record(range: line, id: .ascii(id), date: .ascii(date), createdAt: .ascii(createdAt))
  }

  /// The three fields of a record line, as its quotes are met.
  private struct LineFields {
    var id: Range<Int>?
    var date: Range<Int>?
    var createdAt: Range<Int>?

    /// Looks at the `"` at `quote` (before `end`, just past the line's `}`): when the key
    /// `id`, `date` or `createdAt` and `:"` start there, records its value. `false` when that
    /// field was met before, comes right after a `\`, or its value is not plain ASCII.
    @inline(__always)
    mutating func take(_ base: UnsafePointer<UInt8>, quote: Int, end: Int) -> Bool {
      // The line ends with `}`, so a byte follows every `"` in it.
      switch base[quote + 1] {
      case UInt8(ascii: "i"): return Self.value(base, quote, end, key: "\"id\":\"", into: &id)
      case UInt8(ascii: "d"): return Self.value(base, quote, end, key: "\"date\":\"", into: &date)
      case UInt8(ascii: "c"):
        return Self.value(base, quote, end, key: "\"createdAt\":\"", into: &createdAt)
      default:
        return true
      }
    }

    /// When `key` starts at `quote`, reads the value after it into `field`; `true` when `key`
    /// does not start there.
    @inline(__always)
    private static func value(
      _ base: UnsafePointer<UInt8>, _ quote: Int, _ end: Int, key: StaticString,
      into field: inout Range<Int>?
    ) -> Bool {
      guard MonthRecordMap.starts(base, at: quote, with: key, before: end) else { return true }
      guard field == nil, base[quote - 1] != UInt8(ascii: "\\") else { return false }
      let start = quote + key.utf8CodeUnitCount
      var index = start
      while index < end {
        let byte = base[index]
        if byte == UInt8(ascii: "\"") {
          field = start..<index
          return true
        }
        guard byte != UInt8(ascii: "\\"), byte < 0x80 else { return false }
        index += 1
      }
      return false
    }
  }

  /// A bit set at the top of each byte of `word` that is `byte` (exact for every byte: no
  /// carry crosses from one byte to the next).
  @inline(__always)
  private static func byteBits(_ word: UInt64, _ byte: UInt8) -> UInt64 {
    let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    let other = word ^ (0x0101_0101_0101_0101 &* UInt64(byte))
    return ~(((other & low) &+ low) | other) & ~low
  }

  /// A bit set at the top of each byte of `word` below 0x20 (exact for every byte).
  @inline(__always)
  private static func controlBits(_ word: UInt64) -> UInt64 {
    let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    return ~(((word & low) &+ 0x6060_6060_6060_6060) | word) & ~low
  }

  /// Whether the bytes from `offset` are `expected`'s, all before `end`.
  @inline(__always)
  private static func starts(
    _ base: UnsafePointer<UInt8>, at offset: Int, with expected: StaticString,
    before end: Int = .max
  ) -> Bool {
    offset + expected.utf8CodeUnitCount <= end
      && memcmp(base + offset, expected.utf8Start, expected.utf8CodeUnitCount) == 0
  }

  /// Whether the seven bytes at `base` are `YYYY-MM` digits.
  private static func isMonth(_ base: UnsafePointer<UInt8>) -> Bool {
    (0..<7).allSatisfy { offset in
      offset == 4 ? base[4] == UInt8(ascii: "-") : base[offset] &- UInt8(ascii: "0") < 10
    }
  }

  /// The first line ``MonthFileCodec`` writes, around the month's seven bytes (schema version
  /// 1, ``supportedSchemaVersion``).
  private static let lineHeader: StaticString = "{\"month\":\""
  private static let lineHeaderTail: StaticString = "\",\"schemaVersion\":1,\"transactions\":[\n"
  /// What ends the file: the last record's line break, `]}` and a line break.
  private static let lineTrailer: StaticString = "\n]}\n"

  // MARK: - Scanning

  /// The records of a month file in any JSON layout, read with ``JSONScanner``; `nil` when the
  /// file is not a JSON object with a `transactions` array of objects whose `id`, `date` and
  /// `createdAt` are strings (an empty array gives no records).
  static func scannedRecords(_ bytes: UnsafeBufferPointer<UInt8>) -> [Record]? {
    var scanner = JSONScanner(bytes)
    return try? records(&scanner)
  }

  private static func records(_ scanner: inout JSONScanner) throws(JSONScanError) -> [Record]? {
    scanner.skipByteOrderMark()
    scanner.skipWhitespace()
    guard try scanner.openObject() else { return nil }
    var found: [Record]?
    repeat {
      let key = try scanner.memberKey()
      if key.isPlain("transactions", in: scanner.bytes) {
        guard found == nil, scanner.peek() == UInt8(ascii: "[") else { return nil }
        var list: [Record] = []
        // A record Hannun writes is about 180 bytes: room for all of them at once.
        list.reserveCapacity(scanner.bytes.count / 150)
        if try scanner.openArray() {
          repeat {
            guard let record = try record(&scanner) else { return nil }
            list.append(record)
          } while try scanner.nextElement()
        }
        found = list
      } else {
        try scanner.skipValue(depth: 1)
      }
    } while try scanner.nextMember()
    return found
  }

  private static func record(_ scanner: inout JSONScanner) throws(JSONScanError) -> Record? {
    let start = scanner.position
    guard scanner.peek() == UInt8(ascii: "{"), try scanner.openObject() else { return nil }
    var id: Field?
    var date: Field?
    var createdAt: Field?
    func field(_ scanner: inout JSONScanner) throws(JSONScanError) -> Field {
      if let range = try scanner.asciiStringRange() { return .ascii(range) }
      return .text(try scanner.string())
    }
    repeat {
      let key = try scanner.memberKey()
      if key.isPlain("id", in: scanner.bytes) {
        guard id == nil, scanner.peek() == UInt8(ascii: "\"") else { return nil }
        id = try field(&scanner)
      } else if key.isPlain("date", in: scanner.bytes) {
        guard date == nil, scanner.peek() == UInt8(ascii: "\"") else { return nil }
        date = try field(&scanner)
      } else if key.isPlain("createdAt", in: scanner.bytes) {
        guard createdAt == nil, scanner.peek() == UInt8(ascii: "\"") else { return nil }
        createdAt = try field(&scanner)
      } else {
        try scanner.skipValue(depth: 3)
      }
    } while try scanner.nextMember()
    guard let id, let date, let createdAt else { return nil }
    return Record(range: start..<scanner.position, id: id, date: date, createdAt: createdAt)
  }
}

extension JSONKey {
  /// Whether this is a key without escapes whose bytes are exactly `name`'s.
  fileprivate func isPlain(_ name: StaticString, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard case .plain(let range) = self, range.count == name.utf8CodeUnitCount else {
      return false
    }
    return name.withUTF8Buffer { expected in
      var offset = 0
      for byte in expected {
        guard bytes[range.lowerBound + offset] == byte else { return false }
        offset += 1
      }
      return true
    }
  }
}
