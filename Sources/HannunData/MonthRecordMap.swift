import HannunDomain

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Where each record of a month file is, by byte range, with the three fields that place it in
/// list order (`date`, `createdAt`, `id`), read without decoding anything else.
///
/// A write that adds, changes or removes one or two entries of a month the index has checked
/// splices the file instead of decoding and re-encoding every record: the records it does not
/// touch are copied byte for byte (fields a newer Hannun wrote included), and the one it needs
/// is decoded alone, through the same checks as a whole file. A month whose file is not a
/// JSON object with a non-empty `transactions` array of objects gives no map, and the writer
/// then decodes the whole file as before.
struct MonthRecordMap {
  /// One record: its bytes in the file and what orders it.
  struct Record {
    var range: Range<Int>
    var id: Field
    var date: Field
    var createdAt: Field
  }

  /// An ordering field's text: where it is in the file when it is plain ASCII (always, in the
  /// files Hannun writes), so that mapping a month of 833 records makes no strings; otherwise
  /// the decoded text.
  enum Field {
    case ascii(Range<Int>)
    case text(String)
  }

  /// The file's bytes (compared in place, through ``withBytes(_:)``).
  let data: Data
  /// The records, in file order.
  private(set) var records: [Record] = []

  /// The map of a month file, or `nil` when it has no records, is not laid out as an object
  /// with a `transactions` array of objects whose `id`, `date` and `createdAt` are strings, or
  /// is not in the one-record-a-line layout ``MonthFileCodec`` writes (a file an older version
  /// wrote pretty-printed is rewritten whole once, in the new layout, by its next write).
  init?(data: Data) {
    let data = data.startIndex == 0 ? data : Data(data)
    guard data.starts(with: Array("{\"".utf8)) else { return nil }
    self.data = data
    // Scanned where it is: a copy of a month's 150 KB is fresh memory, and faulting its pages in
    // cost a fifth of mapping the month.
    let found = data.withUnsafeBytes { raw -> [Record]? in
      var scanner = JSONScanner(raw.bindMemory(to: UInt8.self))
      return try? Self.records(&scanner)
    }
    guard let found, !found.isEmpty else { return nil }
    records = found
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
  /// in list order by its fields) put in; `nil` when no record is left.
  /// - Parameters:
  ///   - removed: The position of the record to take out, if any.
  ///   - inserted: The record to add, with its ordering fields, if any.
  func splicing(
    removing removed: Int?,
    inserting inserted: (bytes: Data, date: String, createdAt: String, id: String)?
  ) -> Data? {
    guard let first = records.first, let last = records.last else { return nil }
    let kept = records.count - (removed == nil ? 0 : 1)
    guard kept > 0 || inserted != nil else { return nil }
    var result = Data(capacity: data.count + (inserted?.bytes.count ?? 0) + 8)
    result.append(data[data.startIndex..<first.range.lowerBound])
    // Records are copied in runs: consecutive ones already separated as ``MonthFileCodec``
    // separates them are one copy, so a splice of a month of 833 records is a few copies rather
    // than 833.
    var run: Range<Int>?
    var wroteAny = false
    func flush() {
      guard let current = run else { return }
      if wroteAny { result.append(contentsOf: Self.separator) }
      result.append(data[current])
      wroteAny = true
      run = nil
    }
    func add(_ range: Range<Int>) {
      if let current = run, isSeparator(current.upperBound..<range.lowerBound) {
        run = current.lowerBound..<range.upperBound
      } else {
        flush()
        run = range
      }
    }
    func insert(_ bytes: Data) {
      flush()
      if wroteAny { result.append(contentsOf: Self.separator) }
      result.append(bytes)
      wroteAny = true
    }
    var placed = inserted == nil
    for (position, record) in records.enumerated() where position != removed {
      if !placed, let inserted,
        !precedes(record, date: inserted.date, createdAt: inserted.createdAt, id: inserted.id)
      {
        insert(inserted.bytes)
        placed = true
      }
      add(record.range)
    }
    flush()
    if !placed, let inserted { insert(inserted.bytes) }
    result.append(data[last.range.upperBound..<data.endIndex])
    return result
  }

  /// Whether the bytes in `range` are exactly ``separator``.
  private func isSeparator(_ range: Range<Int>) -> Bool {
    range.count == Self.separator.count
      && withBytes { $0.extracting(range).elementsEqual(Self.separator) }
  }

  /// What goes between two records, as ``MonthFileCodec`` writes it.
  private static let separator = Array(",\n".utf8)

  // MARK: - Scanning

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
