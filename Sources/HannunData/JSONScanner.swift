import HannunDomain

/// Why bytes could not be read as JSON: where the scanner stopped and what it expected there.
/// No text is made until the problem is described (``fault(at:)``), so an error costs nothing
/// on the way to it.
struct JSONScanError: Error, Sendable {
  /// What the scanner found.
  enum Kind: Sendable {
    /// The bytes break the JSON grammar.
    case syntax(JSONSyntaxFault)
    /// A key appears twice in one object: the key.
    case repeatedKey(String)
    /// The JSON is well formed but repeats a field the reader knows: the field's place.
    case repeatedField(String)
  }

  /// The byte offset of the problem in the document.
  let offset: Int
  /// What is wrong.
  let kind: Kind

  /// The error at `offset`.
  init(offset: Int, _ kind: Kind) {
    self.offset = offset
    self.kind = kind
  }

  /// The error as a file's content fault, placed at `position`.
  func fault(at position: TextPosition?) -> ContentFault {
    switch kind {
    case .syntax(let syntax): .notJSON(syntax, at: position)
    case .repeatedKey(let key): .repeatedKey(key, at: position ?? .byte(offset))
    case .repeatedField(let place): .repeatedField(place, at: position ?? .byte(offset))
    }
  }
}

/// A byte-level reader of JSON text (RFC 8259) over UTF-8 bytes: whitespace, strings with every
/// escape, numbers, literals and whole values. It is strict: a value that does not follow the
/// grammar, invalid UTF-8, a lone surrogate or a duplicate key is an error, never repaired.
///
/// The scanner only reads inside `bytes`; ``peek()`` answers 0 past the end, a byte that is never
/// valid where the grammar expects structure, so running off the end is reported as an error.
struct JSONScanner {
  /// The deepest nesting of arrays and objects read, so that a hostile file cannot exhaust the
  /// stack.
  static let depthLimit = 512

  /// The document.
  let bytes: UnsafeBufferPointer<UInt8>
  /// The offset of the next byte to read.
  var position = 0

  /// A scanner at the start of `bytes`.
  init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  /// The next byte, or 0 at the end.
  @inline(__always) func peek() -> UInt8 {
    position < bytes.count ? bytes[position] : 0
  }

  /// Whether every byte has been read.
  var isAtEnd: Bool { position >= bytes.count }

  /// An error at the current position.
  func error(_ fault: JSONSyntaxFault) -> JSONScanError {
    JSONScanError(offset: position, .syntax(isAtEnd ? .endsTooEarly : fault))
  }

  /// Skips spaces, tabs, line feeds and carriage returns.
  @inline(__always) mutating func skipWhitespace() {
    while position < bytes.count {
      switch bytes[position] {
      case 0x20, 0x0A, 0x0D, 0x09: position += 1
      default: return
      }
    }
  }

  /// Skips a UTF-8 byte order mark at the very start, which some editors write.
  mutating func skipByteOrderMark() {
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
  }

  // MARK: - Structure

  /// Reads `{` and the whitespace after it; `false` when the object is empty (its `}` is read).
  mutating func openObject() throws(JSONScanError) -> Bool {
    guard peek() == UInt8(ascii: "{") else { throw error(.expectedObject) }
    position += 1
    skipWhitespace()
    guard peek() == UInt8(ascii: "}") else { return true }
    position += 1
    return false
  }

  /// Reads a member's key, the `:` after it and the whitespace around it, leaving the scanner at
  /// the value. The key is a range of `bytes` when it has no escapes, or its decoded text.
  mutating func memberKey() throws(JSONScanError) -> JSONKey {
    guard peek() == UInt8(ascii: "\"") else { throw error(.expectedKey) }
    let key: JSONKey
    if let range = try plainStringRange() {
      key = .plain(range)
    } else {
      key = .decoded(try string())
    }
    skipWhitespace()
    guard peek() == UInt8(ascii: ":") else { throw error(.expectedColon) }
    position += 1
    skipWhitespace()
    return key
  }

  /// After a member's value: reads `,` and returns `true`, or reads `}` and returns `false`.
  mutating func nextMember() throws(JSONScanError) -> Bool {
    skipWhitespace()
    switch peek() {
    case UInt8(ascii: ","):
      position += 1
      skipWhitespace()
      return true
    case UInt8(ascii: "}"):
      position += 1
      return false
    default: throw error(.expectedCommaOrBrace)
    }
  }

  /// Reads `[` and the whitespace after it; `false` when the array is empty (its `]` is read).
  mutating func openArray() throws(JSONScanError) -> Bool {
    guard peek() == UInt8(ascii: "[") else { throw error(.expectedArray) }
    position += 1
    skipWhitespace()
    guard peek() == UInt8(ascii: "]") else { return true }
    position += 1
    return false
  }

  /// After an element: reads `,` and returns `true`, or reads `]` and returns `false`.
  mutating func nextElement() throws(JSONScanError) -> Bool {
    skipWhitespace()
    switch peek() {
    case UInt8(ascii: ","):
      position += 1
      skipWhitespace()
      return true
    case UInt8(ascii: "]"):
      position += 1
      return false
    default: throw error(.expectedCommaOrBracket)
    }
  }

  /// The text of a key, validated as UTF-8.
  func text(of key: JSONKey) throws(JSONScanError) -> String {
    switch key {
    case .decoded(let text): return text
    case .plain(let range):
      let text = bytes.extracting(range)
      guard Self.isValidUTF8(text) else {
        throw JSONScanError(offset: range.lowerBound, .syntax(.keyNotUTF8))
      }
      return String(decoding: text, as: UTF8.self)
    }
  }

  // MARK: - Whole values

  /// Reads one value of any kind, checking it completely (duplicate keys included), and returns
  /// its exact text.
  mutating func rawValue(depth: Int) throws(JSONScanError) -> RawJSON {
    let start = position
    try skipValue(depth: depth)
    return RawJSON(text: String(decoding: bytes.extracting(start..<position), as: UTF8.self))
  }

  /// Reads one value of any kind, checking it completely, and discards it.
  mutating func skipValue(depth: Int) throws(JSONScanError) {
    guard depth < Self.depthLimit else { throw error(.nestedTooDeeply) }
    switch peek() {
    case UInt8(ascii: "{"):
      guard try openObject() else { return }
      var keys: Set<String> = []
      repeat {
        let keyStart = position
        let key = try text(of: try memberKey())
        guard keys.insert(key).inserted else {
          throw JSONScanError(offset: keyStart, .repeatedKey(key))
        }
        try skipValue(depth: depth + 1)
      } while try nextMember()
    case UInt8(ascii: "["):
      guard try openArray() else { return }
      repeat { try skipValue(depth: depth + 1) } while try nextElement()
    case UInt8(ascii: "\""):
      try skipString()
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      _ = try number()
    case UInt8(ascii: "t"): try literal("true")
    case UInt8(ascii: "f"): try literal("false")
    case UInt8(ascii: "n"): try literal("null")
    default: throw error(.expectedValue)
    }
  }

  /// Reads `null` if it comes next.
  mutating func readNull() -> Bool {
    guard position + 4 <= bytes.count, bytes[position] == UInt8(ascii: "n"),
      bytes[position + 1] == UInt8(ascii: "u"), bytes[position + 2] == UInt8(ascii: "l"),
      bytes[position + 3] == UInt8(ascii: "l")
    else { return false }
    position += 4
    return true
  }

  /// Reads exactly `word` (`true`, `false` or `null`).
  private mutating func literal(_ word: StaticString) throws(JSONScanError) {
    let count = word.utf8CodeUnitCount
    let matches =
      position + count <= bytes.count
      && bytes.extracting(position..<position + count).isEqual(to: word)
    guard matches else { throw error(.expectedValue) }
    position += count
  }

  // MARK: - Numbers

  /// Reads a number by the JSON grammar and returns its bytes, and whether it is written as an
  /// integer (no fraction, no exponent).
  mutating func number() throws(JSONScanError) -> (range: Range<Int>, isInteger: Bool) {
    let start = position
    if peek() == UInt8(ascii: "-") { position += 1 }
    switch peek() {
    case UInt8(ascii: "0"): position += 1
    case UInt8(ascii: "1")...UInt8(ascii: "9"): skipDigits()
    default: throw error(.expectedDigit)
    }
    var isInteger = true
    if peek() == UInt8(ascii: ".") {
      position += 1
      guard Self.isDigit(peek()) else { throw error(.expectedFractionDigit) }
      skipDigits()
      isInteger = false
    }
    if peek() | 0x20 == UInt8(ascii: "e") {
      position += 1
      if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { position += 1 }
      guard Self.isDigit(peek()) else { throw error(.expectedExponentDigit) }
      skipDigits()
      isInteger = false
    }
    return (start..<position, isInteger)
  }

  /// The value of an integer read by ``number()``, or `nil` when it does not fit in 64 bits.
  func int64(_ range: Range<Int>) -> Int64? {
    var index = range.lowerBound
    let negative = bytes[index] == UInt8(ascii: "-")
    if negative { index += 1 }
    var magnitude: UInt64 = 0
    while index < range.upperBound {
      let (times, overflowTimes) = magnitude.multipliedReportingOverflow(by: 10)
      let (sum, overflowSum) = times.addingReportingOverflow(UInt64(bytes[index] &- 0x30))
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

  /// Skips ASCII digits.
  @inline(__always) private mutating func skipDigits() {
    while position < bytes.count, Self.isDigit(bytes[position]) { position += 1 }
  }

  /// Whether `byte` is an ASCII digit.
  @inline(__always) static func isDigit(_ byte: UInt8) -> Bool {
    byte &- UInt8(ascii: "0") < 10
  }
}

/// An object key as read: its bytes in the document when it has no escapes, else its text.
enum JSONKey {
  /// The key's bytes between the quotes; not yet checked as UTF-8.
  case plain(Range<Int>)
  /// The key's text after decoding its escapes.
  case decoded(String)
}
