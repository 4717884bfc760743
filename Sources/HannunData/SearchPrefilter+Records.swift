import HannunDomain

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The kind, day span and amount span of a search, tested on a record's raw line: a month file
/// as Hannun writes it holds one record a line, so a search decodes only the lines that may
/// match instead of the whole file (``SearchPrefilter/narrowed(_:)``).
///
/// Like the file test, it never rules out a record that matches: a line it cannot read with
/// certainty (a member missing or written another way, a nested object or array, which could
/// hold a member of the same name) is kept, and the file's escapes were ruled out before
/// (``SearchPrefilter/hasTraps(_:)``), so `"kind":"income"` is the only way a line says income.
struct RecordBounds {
  /// `income"` or `expense"`, or `nil` for both.
  let kind: [UInt8]?
  /// The first and last day, as `YYYY-MM-DD`, or `nil`: ISO days of four-digit years compare
  /// as their bytes do.
  let from: [UInt8]?
  let to: [UInt8]?
  /// The smallest and largest amount, in minor units.
  let minimum: Int64?
  let maximum: Int64?

  init(_ query: TransactionQuery) {
    kind = query.kind.map { Array(($0.rawValue + "\"").utf8) }
    from = query.from.map { Array($0.iso.utf8) }
    to = query.to.map { Array($0.iso.utf8) }
    minimum = query.minimum?.minorUnits
    maximum = query.maximum?.minorUnits
  }

  /// Whether there is anything to test.
  var isEmpty: Bool {
    kind == nil && from == nil && to == nil && minimum == nil && maximum == nil
  }

  /// Whether the record on `line` (from its `{` to its `}`) may meet the bounds.
  func mayMatch(_ line: UnsafeRawBufferPointer) -> Bool {
    guard !isEmpty else { return true }
    // A nested object or array could hold a member named like the record's own.
    guard let base = line.baseAddress, line.count > 2,
      memchr(base + 1, Int32(UInt8(ascii: "{")), line.count - 1) == nil,
      memchr(base, Int32(UInt8(ascii: "[")), line.count) == nil
    else { return true }
    if let kind, let value = Self.value(of: Self.kindKey, in: line) {
      if value.count >= kind.count, !Self.starts(line, at: value.lowerBound, with: kind) {
        return false
      }
    }
    if from != nil || to != nil, let value = Self.value(of: Self.dateKey, in: line),
      value.count > 10, line[value.lowerBound + 10] == UInt8(ascii: "\"")
    {
      let day = UnsafeRawBufferPointer(rebasing: line[value.lowerBound..<value.lowerBound + 10])
      if let from, Self.compare(day, from) < 0 { return false }
      if let to, Self.compare(day, to) > 0 { return false }
    }
    if minimum != nil || maximum != nil, let value = Self.value(of: Self.amountKey, in: line),
      let amount = Self.integer(line, from: value.lowerBound)
    {
      if let minimum, amount < minimum { return false }
      if let maximum, amount > maximum { return false }
    }
    return true
  }

  private static let kindKey = Array("\"kind\":\"".utf8)
  private static let dateKey = Array("\"date\":\"".utf8)
  private static let amountKey = Array("\"amountMinor\":".utf8)

  /// The bytes after `key` in `line` to the line's end, or `nil` when `key` is not there. The
  /// key's first letter (after its quote) is looked for with `memchr`, and the rest compared.
  private static func value(of key: [UInt8], in line: UnsafeRawBufferPointer) -> Range<Int>? {
    guard let base = line.baseAddress, key.count > 1 else { return nil }
    var start = 1
    while start < line.count,
      let hit = memchr(base + start, Int32(key[1]), line.count - start)
    {
      let offset = base.distance(to: UnsafeRawPointer(hit)) - 1
      if starts(line, at: offset, with: key) { return (offset + key.count)..<line.count }
      start = offset + 2
    }
    return nil
  }

  private static func starts(
    _ line: UnsafeRawBufferPointer, at offset: Int, with bytes: [UInt8]
  ) -> Bool {
    guard offset + bytes.count <= line.count else { return false }
    for (position, byte) in bytes.enumerated() where line[offset + position] != byte {
      return false
    }
    return true
  }

  /// Compares two texts of ten bytes as bytes.
  private static func compare(_ day: UnsafeRawBufferPointer, _ other: [UInt8]) -> Int {
    for position in 0..<min(day.count, other.count) where day[position] != other[position] {
      return day[position] < other[position] ? -1 : 1
    }
    return 0
  }

  /// The plain decimal integer at `offset` that ends at a `,` or `}`, or `nil` for anything
  /// else (a sign, a fraction, an exponent, spaces, too many digits).
  private static func integer(_ line: UnsafeRawBufferPointer, from offset: Int) -> Int64? {
    var value: Int64 = 0
    var position = offset
    while position < line.count {
      let digit = line[position] &- UInt8(ascii: "0")
      guard digit < 10 else { break }
      guard position - offset < 18 else { return nil }
      value = value * 10 + Int64(digit)
      position += 1
    }
    guard position > offset, position < line.count,
      line[position] == UInt8(ascii: ",") || line[position] == UInt8(ascii: "}")
    else { return nil }
    return value
  }
}

extension SearchPrefilter {
  /// What a search must decode of a month file.
  enum Narrowing {
    /// No record can match: nothing.
    case nothing
    /// The whole file, as it is.
    case whole
    /// Only the records that may match: the file's first line (without its line break) and
    /// each such record's bytes (from its `{` to its `}`), in the file's order.
    case records(header: Range<Int>, kept: [Range<Int>])
  }

  /// A document of the records `kept` of a file's `bytes`, in their order, under the file's
  /// first line (`header`): what the general reader decodes when the records are not read
  /// line by line (``SearchRecordLine``).
  static func document(_ bytes: UnsafeRawBufferPointer, header: Range<Int>, kept: [Range<Int>])
    -> [UInt8]
  {
    var document = [UInt8](
      UnsafeRawBufferPointer(rebasing: bytes[header.lowerBound...header.upperBound]))
    for (position, range) in kept.enumerated() {
      if position > 0 { document += [UInt8(ascii: ","), UInt8(ascii: "\n")] }
      document += UnsafeRawBufferPointer(rebasing: bytes[range])
    }
    document += Array("\n]}\n".utf8)
    return document
  }

  /// What of the month file whose bytes these are may hold a match, when only the record lines
  /// starting at `lines` (ascending offsets, from the index's postings for the category) may:
  /// those of them that pass the record test and hold the search text. `nil` when an offset is
  /// not the start of a record line after the file's first line, or the search text cannot be
  /// looked for in these bytes (``hasTraps(_:)``): the file is then narrowed whole.
  func narrowed(_ bytes: UnsafeRawBufferPointer, lines: [UInt32]) -> Narrowing? {
    guard let walk = MonthFileLines(bytes), walk.headerEnd > 0,
      textNeedles.isEmpty || !Self.hasTraps(bytes)
    else { return nil }
    var kept: [Range<Int>] = []
    var previous = walk.headerEnd
    for offset in lines {
      let start = Int(offset)
      guard start > previous, let line = walk.line(at: start), line.isEnded else { return nil }
      previous = line.line.upperBound
      if mayHold(UnsafeRawBufferPointer(rebasing: bytes[line.record]), textNeedles) {
        kept.append(line.record)
      }
    }
    if kept.isEmpty { return .nothing }
    return .records(header: walk.header, kept: kept)
  }

  /// What of the month file whose bytes these are may hold a match: nothing when the file test
  /// rules it out (``mayMatch(_:)``); the records that may match when the file is laid out as
  /// Hannun writes it (its members on the first line, ending with the records' `[`, one record
  /// a line, `]}` on the last — ``MonthFileLines``); else the whole file.
  func narrowed(_ bytes: UnsafeRawBufferPointer) -> Narrowing {
    guard !needles.isEmpty || !bounds.isEmpty else { return .whole }
    if Self.hasTraps(bytes) { return .whole }
    guard needles.allSatisfy({ Self.contains(bytes, $0) }) else { return .nothing }
    guard let walk = MonthFileLines(bytes), walk.headerEnd > 0,
      bytes[walk.headerEnd - 1] == UInt8(ascii: "[")
    else { return .whole }
    var kept: [Range<Int>] = []
    var all = true
    let ended = walk.forEachRecord { line in
      if mayHold(UnsafeRawBufferPointer(rebasing: bytes[line.record]), needles) {
        kept.append(line.record)
      } else {
        all = false
      }
      return true
    }
    guard ended, !all else { return .whole }
    if kept.isEmpty { return .nothing }
    return .records(header: walk.header, kept: kept)
  }

  /// Whether `record` (from its `{` to its `}`) passes the record test and holds every one of
  /// `texts`.
  @inline(__always)
  private func mayHold(_ record: UnsafeRawBufferPointer, _ texts: [[UInt8]]) -> Bool {
    bounds.mayMatch(record) && texts.allSatisfy { Self.contains(record, $0) }
  }
}
