import HannunDomain

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension LedgerIndex {
  /// A totals year read from its file's bytes (the form is ``StoredTotalsYear``'s), or `nil`
  /// when the file is refused: not an index file, not of this version, without a `totals` list,
  /// or with a line that is not a total or `overflow` (its months are then computed from their
  /// files).
  ///
  /// Every member is checked as ``IndexFileReader/read(_:)`` checks it, but no string is made
  /// for a line: each is read where it stands in the bytes, and each month's totals grow in one
  /// array. Splitting each line's string by characters and copying the month's array for every
  /// line cost every write about a quarter of a millisecond, and every read of the totals too.
  static func totals(decoding data: Data) -> [YearMonth: [CategoryTotal]?]? {
    data.withUnsafeBytes { raw in
      raw.withMemoryRebound(to: UInt8.self) { bytes -> [YearMonth: [CategoryTotal]?]? in
        var scanner = JSONScanner(bytes)
        return try? TotalsYearReader.file(&scanner)
      }
    }
  }
}

/// Gathers a totals year from its lines, `"2025-11 expense 1234500 12 식비"` or
/// `"2025-11 overflow"`, read from their UTF-8 bytes.
private struct TotalsYearReader {
  /// The months gathered, but for ``month``.
  private var year: [YearMonth: [CategoryTotal]?] = [:]
  /// The month of the last line, whose totals are gathered in ``current`` until a line of
  /// another month comes.
  private var month: YearMonth?
  /// The totals of ``month`` so far.
  private var current: [CategoryTotal] = []
  /// Whether ``month``'s last line said its totals do not fit in 64 bits.
  private var overflow = false

  /// Reads a totals file as ``IndexFileReader/read(_:)`` reads an index file: an object whose
  /// members are lists of strings, objects of strings, or whole numbers (the last one read is
  /// the version). The last `totals` list is the year.
  /// - Returns: `nil` when the version is not this Hannun's, there is no `totals` list, or a
  ///   line of the last one is not a total.
  /// - Throws: ``JSONScanError`` when the text is not such an object.
  static func file(_ scanner: inout JSONScanner) throws(JSONScanError) -> [YearMonth:
    [CategoryTotal]?]?
  {
    var version: Int?
    // Outer `nil`: no `totals` list yet; inner: the last one has a line that is not a total.
    var totals: [YearMonth: [CategoryTotal]?]?? = nil
    scanner.skipWhitespace()
    guard try scanner.openObject() else { return nil }
    repeat {
      let key = try scanner.text(of: try scanner.memberKey())
      switch scanner.peek() {
      case UInt8(ascii: "["):
        if key == "totals" {
          totals = .some(try list(&scanner))
        } else if try scanner.openArray() {
          repeat { try scanner.skipString() } while try scanner.nextElement()
        }
      case UInt8(ascii: "{"):
        if try scanner.openObject() {
          repeat {
            _ = try scanner.text(of: try scanner.memberKey())
            try scanner.skipString()
          } while try scanner.nextMember()
        }
      default:
        let number = try scanner.number()
        guard number.isInteger, let value = scanner.int64(number.range) else {
          throw scanner.error(.expectedDigit)
        }
        version = Int(value)
      }
    } while try scanner.nextMember()
    guard (version ?? 0) == supportedSchemaVersion, let totals else { return nil }
    return totals
  }

  /// Reads a `totals` list: its months, or `nil` when a line is not a total (the list is still
  /// read to its end, each string checked as ``JSONScanner/string()`` checks it).
  private static func list(_ scanner: inout JSONScanner) throws(JSONScanError) -> [YearMonth:
    [CategoryTotal]?]?
  {
    var reader = TotalsYearReader()
    var refused = false
    guard try scanner.openArray() else { return [:] }
    repeat {
      guard scanner.peek() == UInt8(ascii: "\"") else { throw scanner.error(.expectedString) }
      let start = scanner.position
      if let range = try scanner.plainStringRange() {
        let line = scanner.bytes.extracting(range)
        guard JSONScanner.isValidUTF8(line) else {
          throw JSONScanError(offset: start, .syntax(.stringNotUTF8))
        }
        if !refused { refused = !reader.add(line) }
      } else {
        // A line with an escape: its text decoded, then read the same way.
        var text = try scanner.string()
        if !refused { refused = !text.withUTF8 { reader.add($0) } }
      }
    } while try scanner.nextElement()
    return refused ? nil : reader.finished()
  }

  /// The months gathered.
  private consuming func finished() -> [YearMonth: [CategoryTotal]?] {
    store()
    return year
  }

  /// Adds a line: the month, the kind, the amount (not negative) and the count (above zero)
  /// read from the text before its first four spaces, the category (not empty) after them; or a
  /// month and `overflow`. A month's totals follow its lines in order; `overflow` drops the
  /// totals before it, and a total after it starts the month again.
  /// - Returns: `false` when the line is neither.
  private mutating func add(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    // Where the first four spaces are (-1: not found).
    var spaces = (-1, -1, -1, -1)
    var found = 0
    var index = 0
    while index < line.count, found < 4 {
      if line[index] == UInt8(ascii: " ") {
        switch found {
        case 0: spaces.0 = index
        case 1: spaces.1 = index
        case 2: spaces.2 = index
        default: spaces.3 = index
        }
        found += 1
      }
      index += 1
    }
    guard found > 0, let month = IndexFileReader.month(utf8: line.extracting(0..<spaces.0))
    else { return false }
    if found == 1 {
      guard Self.equal(line.extracting((spaces.0 + 1)...), "overflow") else { return false }
      switchTo(month)
      (current, overflow) = ([], true)
      return true
    }
    guard found == 4 else { return false }
    let kindBytes = line.extracting((spaces.0 + 1)..<spaces.1)
    let kind: TransactionKind
    if Self.equal(kindBytes, "expense") {
      kind = .expense
    } else if Self.equal(kindBytes, "income") {
      kind = .income
    } else {
      return false
    }
    let categoryBytes = line.extracting((spaces.3 + 1)...)
    guard let amount = Self.integer(line.extracting((spaces.1 + 1)..<spaces.2)), amount >= 0,
      let count = Self.integer(line.extracting((spaces.2 + 1)..<spaces.3)), count > 0,
      !categoryBytes.isEmpty
    else { return false }
    let category = String(decoding: categoryBytes, as: UTF8.self)
    if categoryBytes[0] >= 0x80, !Self.startsCharacter(category) { return false }
    switchTo(month)
    if overflow { (current, overflow) = ([], false) }
    current.append(
      CategoryTotal(
        kind: kind, category: category, amount: Money(minorUnits: amount), count: Int(count)))
    return true
  }

  /// Whether a space before `text` is a character of its own: not when `text` starts with a
  /// combining mark (or another scalar that joins the one before it), which makes the space and
  /// the mark one character, so that a line split by characters does not split there. Whether
  /// the two are one character depends only on the mark, so a string of the two tells, and needs
  /// no allocation.
  private static func startsCharacter(_ text: String) -> Bool {
    guard let first = text.unicodeScalars.first else { return true }
    var probe = " "
    probe.unicodeScalars.append(first)
    return probe.count == 2
  }

  /// Makes `month` the one gathered, taking up what was gathered for it before.
  private mutating func switchTo(_ month: YearMonth) {
    guard month != self.month else { return }
    store()
    self.month = month
    switch year.removeValue(forKey: month) {
    case .some(.some(let totals)): (current, overflow) = (totals, false)
    case .some(.none): (current, overflow) = ([], true)
    case .none: (current, overflow) = ([], false)
    }
  }

  /// Puts the month gathered into ``year``.
  private mutating func store() {
    guard let month else { return }
    year[month] = overflow ? .some(nil) : .some(current)
  }

  /// Whether `bytes` are exactly `word`'s.
  private static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
    bytes.isEqual(to: word)
  }

  /// A decimal integer with an optional `+` or `-` sign, as `Int64(_:)` reads it from text, or
  /// `nil`.
  private static func integer(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
    var index = 0
    let negative = bytes.first == UInt8(ascii: "-")
    if negative || bytes.first == UInt8(ascii: "+") { index = 1 }
    guard index < bytes.count else { return nil }
    var magnitude: UInt64 = 0
    while index < bytes.count {
      let digit = bytes[index] &- UInt8(ascii: "0")
      guard digit < 10 else { return nil }
      let (times, overflowTimes) = magnitude.multipliedReportingOverflow(by: 10)
      let (sum, overflowSum) = times.addingReportingOverflow(UInt64(digit))
      guard !overflowTimes, !overflowSum else { return nil }
      magnitude = sum
      index += 1
    }
    if negative {
      guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
      return Int64(bitPattern: 0 &- magnitude)
    }
    return magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil
  }
}
