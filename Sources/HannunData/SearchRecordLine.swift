import HannunDomain

/// A month file's lines read the way Hannun writes them, without the general JSON reader: the
/// first line `{"month":"YYYY-MM","schemaVersion":1,"transactions":[` and each record on a line
/// of its own, its eight members in the order ``MonthFileCodec`` writes them, every string
/// without an escape. A search decodes the lines that may match this way (about a third of the
/// cost of reading them as JSON).
///
/// It reads nothing it is not sure of: a line written any other way — spaces, another order, an
/// escape, a member more or less, a number with a sign or a leading zero — is `nil`, and the
/// caller reads the file with ``MonthFileCodec``, which names what is wrong. What it reads is
/// exactly what the general reader reads from the same bytes, and goes through the same checks
/// (``StoredMonth/transactions(of:)``).
enum SearchRecordLine {
  /// Whether `line` (without its line break) is the first line Hannun writes for `month`.
  static func isHeader(_ line: UnsafeRawBufferPointer, of month: YearMonth) -> Bool {
    let expected = Array(
      "{\"month\":\"\(month.iso)\",\"schemaVersion\":\(supportedSchemaVersion),\"transactions\":["
        .utf8)
    return line.count == expected.count && line.elementsEqual(expected)
  }

  /// The entries of `month` held by the records at `ranges` of `bytes` (a month file whose first
  /// line, up to `headerEnd`, is Hannun's), checked as a month file's entries are, in list
  /// order; `nil` when a line is not written as Hannun writes it or an entry does not pass the
  /// checks.
  static func entries(
    of month: YearMonth, _ bytes: UnsafeRawBufferPointer, header: Range<Int>, records: [Range<Int>]
  ) -> [Transaction]? {
    guard isHeader(UnsafeRawBufferPointer(rebasing: bytes[header]), of: month) else { return nil }
    // Each record is checked as it is read and then let go, the last kept only for its strings:
    // the same checks as a whole document's (``MonthEntryChecks``), without a copy of each.
    var checks = MonthEntryChecks(month, count: records.count)
    var previous: StoredTransaction?
    for (index, range) in records.enumerated() {
      // A month's records share a few categories and two kinds: each is made into a string
      // once, while the records in a row have the same.
      guard let record = record(UnsafeRawBufferPointer(rebasing: bytes[range]), like: previous),
        (try? checks.take(record, at: index)) != nil
      else { return nil }
      previous = consume record
    }
    return checks.entries()
  }

  /// The record on `line` (from its `{` to its `}`), or `nil` when it is not written exactly as
  /// Hannun writes records; its category and kind are `previous`'s strings when they have their
  /// bytes.
  static func record(_ line: UnsafeRawBufferPointer, like previous: StoredTransaction? = nil)
    -> StoredTransaction?
  {
    var reader = Reader(bytes: line)
    guard reader.expect(Self.amountKey), let amount = reader.integer(),
      reader.expect(Self.categoryKey), let category = reader.string(reusing: previous?.category),
      reader.expect(Self.createdKey), let createdAt = reader.string(),
      reader.expect(Self.dateKey), let date = reader.string(),
      reader.expect(Self.idKey), let id = reader.string(),
      reader.expect(Self.kindKey), let kind = reader.string(reusing: previous?.kind),
      reader.expect(Self.memoKey), let memo = reader.string(),
      reader.expect(Self.updatedKey), let updatedAt = reader.string(reusing: createdAt),
      reader.expect(Self.end), reader.isAtEnd
    else { return nil }
    return StoredTransaction(
      id: id, date: date, kind: kind, amountMinor: amount, category: category, memo: memo,
      createdAt: createdAt, updatedAt: updatedAt)
  }

  // The members' keys, as literals in the binary: a computed `StaticString` costs nothing to
  // reach, where a stored array is behind a lazy initializer checked on every use.
  private static var amountKey: StaticString { "{\"amountMinor\":" }
  private static var categoryKey: StaticString { ",\"category\":\"" }
  private static var createdKey: StaticString { "\",\"createdAt\":\"" }
  private static var dateKey: StaticString { "\",\"date\":\"" }
  private static var idKey: StaticString { "\",\"id\":\"" }
  private static var kindKey: StaticString { "\",\"kind\":\"" }
  private static var memoKey: StaticString { "\",\"memo\":\"" }
  private static var updatedKey: StaticString { "\",\"updatedAt\":\"" }
  private static var end: StaticString { "\"}" }

  /// A position in a record's bytes.
  private struct Reader {
    let bytes: UnsafeRawBufferPointer
    var position = 0

    var isAtEnd: Bool { position == bytes.count }

    /// Steps over `literal` when the bytes at the position are exactly it.
    @inline(__always)
    mutating func expect(_ literal: StaticString) -> Bool {
      let count = literal.utf8CodeUnitCount
      guard bytes.count - position >= count,
        UnsafeRawBufferPointer(rebasing: bytes[position..<position + count])
          .assumingMemoryBound(to: UInt8.self).isEqual(to: literal)
      else { return false }
      position += count
      return true
    }

    /// A positive whole number of at most 18 digits without a leading zero.
    mutating func integer() -> Int64? {
      let start = position
      var value: Int64 = 0
      while position < bytes.count, position - start < 18 {
        let digit = bytes[position] &- UInt8(ascii: "0")
        guard digit < 10 else { break }
        if position == start && digit == 0 { return nil }
        value = value * 10 + Int64(digit)
        position += 1
      }
      guard position > start, position < bytes.count,
        bytes[position] &- UInt8(ascii: "0") >= 10
      else { return nil }
      return value
    }

    /// The text up to the next `"`, when it holds no escape, no control character and only
    /// valid UTF-8 (as ``JSONScanner/string()`` would read it); `twin` itself when the bytes
    /// are its bytes. The bytes are checked for UTF-8 once, as the string is made.
    mutating func string(reusing twin: String? = nil) -> String? {
      let start = position
      var union: UInt8 = 0
      while position < bytes.count {
        let byte = bytes[position]
        if byte == UInt8(ascii: "\"") { break }
        if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
        union |= byte
        position += 1
      }
      guard position < bytes.count else { return nil }
      let utf8 = UnsafeRawBufferPointer(rebasing: bytes[start..<position])
        .assumingMemoryBound(to: UInt8.self)
      // A twin is valid text, so bytes equal to its bytes are too.
      if var twin, twin.withUTF8({ $0.isEqual(to: utf8) }) { return twin }
      // Validated as it is made: RFC 3629, as ``JSONScanner/isValidUTF8(_:)`` checks.
      return union < 0x80
        ? String(decoding: utf8, as: UTF8.self) : String(validating: utf8, as: UTF8.self)
    }
  }
}
