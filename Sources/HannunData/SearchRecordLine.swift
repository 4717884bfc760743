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

/// A month file's lines read the way Hannun writes them, without the general JSON reader: the
/// first line `{"month":"YYYY-MM","schemaVersion":1,"transactions":[` and each record on a line
/// of its own, its eight members in the order ``MonthFileCodec`` writes them, every string
/// without an escape. A month page and a search decode the lines this way, each record straight
/// from its bytes into its entry (about a quarter of the cost of reading them as JSON).
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
    // Each record becomes its entry where it lies, checked field by field as it is read: no
    // record of strings is made first and let go.
    var entries = MonthLineEntries(month, bytes, count: records.count)
    for range in records {
      guard entries.take(range) else { return nil }
    }
    return entries.entries()
  }

  // The members' keys, as literals in the binary: a computed `StaticString` costs nothing to
  // reach, where a stored array is behind a lazy initializer checked on every use.
  fileprivate static var amountKey: StaticString { "{\"amountMinor\":" }
  fileprivate static var categoryKey: StaticString { ",\"category\":\"" }
  fileprivate static var createdKey: StaticString { "\",\"createdAt\":\"" }
  fileprivate static var dateKey: StaticString { "\",\"date\":\"" }
  fileprivate static var idKey: StaticString { "\",\"id\":\"" }
  fileprivate static var kindKey: StaticString { "\",\"kind\":\"" }
  fileprivate static var memoKey: StaticString { "\",\"memo\":\"" }
  fileprivate static var updatedKey: StaticString { "\",\"updatedAt\":\"" }
  fileprivate static var end: StaticString { "\"}" }

  /// The text whose UTF-8 bytes are `bytes`, or `nil` when they are not valid UTF-8 (RFC 3629,
  /// as the general reader checks a string: ``JSONScanner/isValidUTF8(_:)``).
  static func text(_ bytes: UnsafeBufferPointer<UInt8>, isASCII: Bool) -> String? {
    guard isASCII || JSONScanner.isValidUTF8(bytes) else { return nil }
    return String(decoding: bytes, as: UTF8.self)
  }
}

/// The records of one month file read straight from their bytes into entries, one at a time in
/// file order (``SearchRecordLine/entries(of:_:header:records:)``), with the checks
/// ``MonthEntryChecks`` makes of a record of strings, each on the bytes that string would hold:
/// the amount from 1 to ``Amount/maximumMinorUnits``; the category as the Domain's rules make it
/// (``PlainText/category(_:)``, asked once for each spelling, ``MonthCategories``); the stamps as
/// ``Stamp/date(from:)`` reads them; the date a day of the month; the id printable ASCII and met
/// once; the kind `expense` or `income`; the memo as the rules make it
/// (``PlainText/memo(_:)``). A record whose text is of any other form — an id, a date or a stamp
/// that is not ASCII, a kind or date that is not one of those — is not taken (`false`): the
/// general reader then reads the file, and refuses it or takes it as it always has.
struct MonthLineEntries {
  /// The file's bytes.
  private let bytes: UnsafeRawBufferPointer
  private let days: MonthDays
  private var categories = MonthCategories()
  /// The ids met, open-addressed by their hash: where each is in ``bytes`` (a zero count is an
  /// empty slot: an id is never empty).
  private var ids: [(hash: UInt64, start: Int32, count: Int32)]
  private var result: [Transaction] = []

  /// The entries of the records of `bytes`, a file of `month` holding about `count` records.
  init(_ month: YearMonth, _ bytes: UnsafeRawBufferPointer, count: Int) {
    self.bytes = bytes
    days = MonthDays(month)
    var room = 16
    while room < 2 * count { room <<= 1 }
    ids = Array(repeating: (0, 0, 0), count: room)
    result.reserveCapacity(count)
  }

  /// Reads the record at `range` of the file (from its `{` to its `}`) and keeps its entry;
  /// `false` when it is not written exactly as Hannun writes records or does not pass the checks.
  mutating func take(_ range: Range<Int>) -> Bool {
    guard bytes.count < Int(Int32.max), range.lowerBound >= 0, range.upperBound <= bytes.count
    else { return false }
    var reader = Reader(bytes: bytes, position: range.lowerBound, end: range.upperBound)
    guard reader.expect(SearchRecordLine.amountKey), let minor = reader.integer(),
      let amount = try? Amount(minorUnits: minor),
      reader.expect(SearchRecordLine.categoryKey), let categoryText = reader.string(),
      let category = categories.checked(utf8: categoryText.bytes, isASCII: categoryText.isASCII),
      reader.expect(SearchRecordLine.createdKey), let createdText = reader.string(),
      let createdAt = Self.stamp(createdText),
      reader.expect(SearchRecordLine.dateKey), let dateText = reader.string(),
      let day = days.day(utf8: dateText.bytes),
      reader.expect(SearchRecordLine.idKey), let idText = reader.string(),
      let id = keepID(idText),
      reader.expect(SearchRecordLine.kindKey), let kindText = reader.string(),
      let kind = Self.kind(kindText.bytes),
      reader.expect(SearchRecordLine.memoKey), let memoText = reader.string(),
      let memo = Self.memo(memoText),
      reader.expect(SearchRecordLine.updatedKey), let updatedText = reader.string(),
      // Most entries were never edited: the same text is the same time, read once.
      let updatedAt = updatedText.bytes.isEqual(to: createdText.bytes)
        ? createdAt : Self.stamp(updatedText),
      reader.expect(SearchRecordLine.end), reader.isAtEnd
    else { return false }
    result.append(
      Transaction(
        id: id, day: day, kind: kind, amount: amount, category: category, memo: memo,
        createdAt: createdAt, updatedAt: updatedAt))
    return true
  }

  /// The entries taken, in list order.
  func entries() -> [Transaction] {
    // Files are written in list order, so sorting is rarely needed.
    let isSorted = zip(result, result.dropFirst()).allSatisfy { !Transaction.listOrder($1, $0) }
    return isSorted ? result : result.sorted(by: Transaction.listOrder)
  }

  /// The stamp `text` holds, as ``Stamp/date(from:)`` reads it; `nil` when it holds none, or is
  /// not ASCII.
  private static func stamp(_ text: Reader.Text) -> Date? {
    if let milliseconds = Stamp.canonicalMilliseconds(utf8: text.bytes) {
      return Stamp.date(milliseconds: milliseconds)
    }
    guard text.isASCII else { return nil }
    return Stamp.date(from: String(decoding: text.bytes, as: UTF8.self))
  }

  /// `expense` or `income`; `nil` for anything else.
  private static func kind(_ bytes: UnsafeBufferPointer<UInt8>) -> TransactionKind? {
    if bytes.isEqual(to: "expense") { return .expense }
    if bytes.isEqual(to: "income") { return .income }
    return nil
  }

  /// The memo as the rules make it (``PlainText/memo(_:)``); `nil` when they refuse it or its
  /// bytes are not UTF-8.
  private static func memo(_ text: Reader.Text) -> String? {
    guard !text.bytes.isEmpty else { return "" }
    return SearchRecordLine.text(text.bytes, isASCII: text.isASCII).flatMap {
      try? PlainText.memo($0)
    }
  }

  /// The id `text` holds, noted as met; `nil` when it is empty, holds a byte that is not
  /// printable ASCII (such an id is checked by the general reader), or was met before.
  private mutating func keepID(_ text: Reader.Text) -> TransactionID? {
    let id = text.bytes
    guard !id.isEmpty, let base = id.baseAddress, let start = bytes.baseAddress else {
      return nil
    }
    // FNV-1a over the id's bytes, checking each is printable ASCII on the way.
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in id {
      guard (0x21...0x7E).contains(byte) else { return nil }
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    let mask = ids.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while ids[slot].count != 0 {
      let other = ids[slot]
      if other.hash == hash, Int(other.count) == id.count,
        memcmp(start + Int(other.start), base, id.count) == 0
      {
        return nil  // met before
      }
      slot = (slot + 1) & mask
    }
    ids[slot] = (hash, Int32(start.distance(to: UnsafeRawPointer(base))), Int32(id.count))
    return TransactionID(String(decoding: id, as: UTF8.self))
  }

  /// A position in a record's bytes.
  private struct Reader {
    /// A string's bytes, between its quotes, and whether they are all ASCII.
    struct Text {
      let bytes: UnsafeBufferPointer<UInt8>
      let isASCII: Bool
    }

    let bytes: UnsafeRawBufferPointer
    var position: Int
    /// Where the record ends.
    let end: Int

    var isAtEnd: Bool { position == end }

    /// Steps over `literal` when the bytes at the position are exactly it.
    @inline(__always)
    mutating func expect(_ literal: StaticString) -> Bool {
      let count = literal.utf8CodeUnitCount
      guard end - position >= count,
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
      while position < end, position - start < 18 {
        let digit = bytes[position] &- UInt8(ascii: "0")
        guard digit < 10 else { break }
        if position == start && digit == 0 { return nil }
        value = value * 10 + Int64(digit)
        position += 1
      }
      guard position > start, position < end, bytes[position] &- UInt8(ascii: "0") >= 10
      else { return nil }
      return value
    }

    /// The bytes up to the next `"`, when they hold no escape and no control character (as
    /// ``JSONScanner/string()`` reads such a string, its UTF-8 checked when it is made into
    /// text).
    mutating func string() -> Text? {
      let start = position
      var union: UInt8 = 0
      while position < end {
        let byte = bytes[position]
        if byte == UInt8(ascii: "\"") { break }
        if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
        union |= byte
        position += 1
      }
      guard position < end else { return nil }
      return Text(
        bytes: UnsafeRawBufferPointer(rebasing: bytes[start..<position])
          .assumingMemoryBound(to: UInt8.self),
        isASCII: union < 0x80)
    }
  }
}
