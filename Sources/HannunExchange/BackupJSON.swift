/// A JSON value as a backup file holds it, with the line it starts on, so that a refusal names
/// the place. Numbers stay the exact text written, so money is read digit for digit.
struct BackupJSON: Sendable {
  /// The kinds of JSON value.
  indirect enum Value: Sendable {
    case object([(key: String, value: BackupJSON)])
    case array([BackupJSON])
    case string(String)
    case number(String)
    case bool(Bool)
    case null
  }

  /// The value.
  var value: Value
  /// The line it starts on, from 1.
  var line: Int

}

/// A strict JSON reader (RFC 8259) over UTF-8 bytes that keeps each value's line. It reads a
/// whole document in memory, or a file a piece at a time (``init(file:)``): then only the value
/// being read is kept, so a backup of any size is read in little memory, one record after
/// another (``openObject()``, ``nextMember()``, ``openArray()``, ``nextItem()``).
struct BackupJSONParser {
  /// The bytes read and not yet dropped; ``position`` is the next one.
  private var bytes: [UInt8]
  private var position = 0
  private var line = 1
  private var lineStart = 0
  /// The file's offset of `bytes[0]`.
  private var base = 0
  /// Where the string or number being read started: kept when more is read.
  private var keep: Int?
  /// The file read a piece at a time, or `nil` for a document given whole.
  private let file: ImportFile?
  /// How much is read from the file at a time.
  private let pieceSize: Int
  /// The file's problem that ended the reading, if one did.
  private(set) var readFailure: ImportFileProblem?
  /// How much is read from a file at a time, unless a test asks for less.
  static let chunkSize = 256 << 10
  /// Nesting deeper than this is refused rather than overflowing the stack.
  private static let depthLimit = 64

  /// - Parameter bytes: The document.
  init(_ bytes: [UInt8]) {
    self.bytes = bytes
    file = nil
    pieceSize = 0
  }

  /// A reader of `file`, from its start.
  /// - Parameters:
  ///   - file: The file.
  ///   - pieceSize: How many bytes to read at a time.
  init(file: ImportFile, pieceSize: Int = chunkSize) {
    bytes = []
    self.file = file
    self.pieceSize = max(pieceSize, 1)
  }

  /// Reads the whole document: one value and nothing after it but spaces.
  /// - Returns: The value.
  /// - Throws: ``BackupReadError/notJSON(line:column:)`` at the first byte that breaks JSON.
  mutating func parse() throws(BackupReadError) -> BackupJSON {
    try start()
    let value = try parseValue(depth: 0)
    try end()
    return value
  }

  /// Skips a byte-order mark and the spaces before the document.
  mutating func start() throws(BackupReadError) {
    if available(3), bytes[position..<position + 3].elementsEqual([0xEF, 0xBB, 0xBF]) {
      position += 3
    }
    skipSpaces()
  }

  /// Refuses anything after the document but spaces.
  mutating func end() throws(BackupReadError) {
    skipSpaces()
    guard !available() else { throw failure() }
  }

  // MARK: - A piece at a time

  /// Where the reader is: the file's offset of the next byte and its line, to come back to
  /// with ``seek(to:)``.
  struct Place {
    let offset: Int
    let line: Int
    /// The file's offset of the line's start.
    let lineStart: Int
  }

  /// The place of the next byte.
  var place: Place { Place(offset: base + position, line: line, lineStart: base + lineStart) }

  /// The line of the next value.
  var currentLine: Int { line }

  /// Goes back (or on) to a place found earlier in the same file.
  mutating func seek(to place: Place) {
    if place.offset >= base && place.offset <= base + bytes.count {
      position = place.offset - base
    } else {
      bytes = []
      base = place.offset
      position = 0
    }
    line = place.line
    lineStart = place.lineStart - base
  }

  /// The kind of the next value, without reading it: its first byte.
  mutating func peek() throws(BackupReadError) -> UInt8 {
    skipSpaces()
    guard available() else { throw failure() }
    return bytes[position]
  }

  /// Reads the `{` of an object; ``nextMember()`` then reads its members one by one.
  /// - Returns: `false` when the next value is not an object (nothing is read then).
  mutating func openObject() throws(BackupReadError) -> Bool {
    guard try peek() == UInt8(ascii: "{") else { return false }
    position += 1
    return true
  }

  /// The next member's name, with the reader at its value; `nil` at the object's `}` (read).
  /// - Parameter first: Whether no member was read yet (no comma comes before it).
  mutating func nextMember(first: Bool) throws(BackupReadError) -> String? {
    skipSpaces()
    guard available() else { throw failure() }
    if bytes[position] == UInt8(ascii: "}") {
      position += 1
      return nil
    }
    if !first {
      try expect(",")
      skipSpaces()
    }
    guard available(), bytes[position] == UInt8(ascii: "\"") else { throw failure() }
    let key = try parseString()
    skipSpaces()
    try expect(":")
    skipSpaces()
    return key
  }

  /// Reads the `[` of an array; ``nextItem()`` then tells whether an item follows.
  /// - Returns: `false` when the next value is not an array (nothing is read then).
  mutating func openArray() throws(BackupReadError) -> Bool {
    guard try peek() == UInt8(ascii: "[") else { return false }
    position += 1
    return true
  }

  /// Whether another item follows (the reader is then at it), or the array's `]` (read).
  /// - Parameter first: Whether no item was read yet (no comma comes before it).
  mutating func nextItem(first: Bool) throws(BackupReadError) -> Bool {
    skipSpaces()
    guard available() else { throw failure() }
    if bytes[position] == UInt8(ascii: "]") {
      position += 1
      return false
    }
    if !first {
      try expect(",")
      skipSpaces()
    }
    return true
  }

  /// Reads the next value whole.
  /// - Parameter depth: How deep the value lies, for the nesting limit.
  mutating func value(depth: Int) throws(BackupReadError) -> BackupJSON {
    skipSpaces()
    return try parseValue(depth: depth)
  }

  /// Reads past the next value, checking it as ``value(depth:)`` does but keeping nothing.
  mutating func skipValue(depth: Int) throws(BackupReadError) {
    skipSpaces()
    guard available(), depth < Self.depthLimit else { throw failure() }
    switch bytes[position] {
    case UInt8(ascii: "{"):
      position += 1
      var first = true
      while try nextMember(first: first) != nil {
        try skipValue(depth: depth + 1)
        first = false
      }
    case UInt8(ascii: "["):
      position += 1
      var first = true
      while try nextItem(first: first) {
        try skipValue(depth: depth + 1)
        first = false
      }
    default:
      _ = try parseValue(depth: depth)
    }
  }

  // MARK: - Bytes

  /// Whether `count` more bytes are there, reading from the file when need be.
  private mutating func available(_ count: Int = 1) -> Bool {
    if position + count <= bytes.count { return true }
    guard let file, readFailure == nil else { return false }
    // Drop what was read, keeping the string or number under way.
    let drop = min(keep ?? position, position)
    if drop > 0 {
      bytes.removeSubrange(0..<drop)
      position -= drop
      lineStart -= drop
      if let kept = keep { keep = kept - drop }
      base += drop
    }
    while position + count > bytes.count {
      let before = bytes.count
      do throws(ImportFileProblem) {
        try file.readBytes(at: base + before, upTo: pieceSize, into: &bytes)
      } catch {
        readFailure = error
        return false
      }
      if bytes.count == before { return false }
    }
    return true
  }

  private func failure() -> BackupReadError {
    .notJSON(line: line, column: position - lineStart + 1)
  }

  private mutating func skipSpaces() {
    while available() {
      switch bytes[position] {
      case 0x20, 0x09, 0x0D: position += 1
      case 0x0A:
        position += 1
        line += 1
        lineStart = position
      default: return
      }
    }
  }

  private mutating func parseValue(depth: Int) throws(BackupReadError) -> BackupJSON {
    guard available(), depth < Self.depthLimit else { throw failure() }
    let start = line
    switch bytes[position] {
    case UInt8(ascii: "{"): return BackupJSON(value: try parseObject(depth: depth), line: start)
    case UInt8(ascii: "["): return BackupJSON(value: try parseArray(depth: depth), line: start)
    case UInt8(ascii: "\""): return BackupJSON(value: .string(try parseString()), line: start)
    case UInt8(ascii: "t"):
      try expect("true")
      return BackupJSON(value: .bool(true), line: start)
    case UInt8(ascii: "f"):
      try expect("false")
      return BackupJSON(value: .bool(false), line: start)
    case UInt8(ascii: "n"):
      try expect("null")
      return BackupJSON(value: .null, line: start)
    default: return BackupJSON(value: .number(try parseNumber()), line: start)
    }
  }

  private mutating func expect(_ word: String) throws(BackupReadError) {
    for byte in word.utf8 {
      guard available(), bytes[position] == byte else { throw failure() }
      position += 1
    }
  }

  private mutating func parseObject(depth: Int) throws(BackupReadError) -> BackupJSON.Value {
    position += 1
    var members: [(key: String, value: BackupJSON)] = []
    skipSpaces()
    if available(), bytes[position] == UInt8(ascii: "}") {
      position += 1
      return .object(members)
    }
    while true {
      skipSpaces()
      guard available(), bytes[position] == UInt8(ascii: "\"") else { throw failure() }
      let key = try parseString()
      skipSpaces()
      try expect(":")
      skipSpaces()
      members.append((key, try parseValue(depth: depth + 1)))
      skipSpaces()
      guard available() else { throw failure() }
      if bytes[position] == UInt8(ascii: ",") {
        position += 1
        continue
      }
      try expect("}")
      return .object(members)
    }
  }

  private mutating func parseArray(depth: Int) throws(BackupReadError) -> BackupJSON.Value {
    position += 1
    var items: [BackupJSON] = []
    skipSpaces()
    if available(), bytes[position] == UInt8(ascii: "]") {
      position += 1
      return .array(items)
    }
    while true {
      skipSpaces()
      items.append(try parseValue(depth: depth + 1))
      skipSpaces()
      guard available() else { throw failure() }
      if bytes[position] == UInt8(ascii: ",") {
        position += 1
        continue
      }
      try expect("]")
      return .array(items)
    }
  }

  private mutating func parseNumber() throws(BackupReadError) -> String {
    keep = position
    defer { keep = nil }
    if available(), bytes[position] == UInt8(ascii: "-") { position += 1 }
    let integer = position - (keep ?? 0)
    guard digits() > 0 else { throw failure() }
    let start = keep ?? 0
    if bytes[start + integer] == 0x30, position - (start + integer) > 1 {
      position = start + integer + 1
      throw failure()
    }
    if available(), bytes[position] == UInt8(ascii: ".") {
      position += 1
      guard digits() > 0 else { throw failure() }
    }
    if available(), bytes[position] | 0x20 == UInt8(ascii: "e") {
      position += 1
      if available(), bytes[position] == UInt8(ascii: "+") || bytes[position] == 0x2D {
        position += 1
      }
      guard digits() > 0 else { throw failure() }
    }
    return String(decoding: bytes[(keep ?? 0)..<position], as: UTF8.self)
  }

  /// Reads past decimal digits; returns how many.
  private mutating func digits() -> Int {
    var count = 0
    while available(), (0x30...0x39).contains(bytes[position]) {
      position += 1
      count += 1
    }
    return count
  }

  private mutating func parseString() throws(BackupReadError) -> String {
    position += 1
    var scalars = String.UnicodeScalarView()
    // The run of plain bytes under way starts at `keep`, which a read from the file moves.
    keep = position
    defer { keep = nil }
    func flush(_ parser: BackupJSONParser) throws(BackupReadError) {
      let run = parser.bytes[(parser.keep ?? parser.position)..<parser.position]
      guard let text = String(validating: run, as: UTF8.self) else { throw parser.failure() }
      scalars.append(contentsOf: text.unicodeScalars)
    }
    while true {
      guard available() else { throw failure() }
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") {
        // A string without escapes (most of them) is its run of bytes: no scalars are copied.
        if scalars.isEmpty {
          let run = bytes[(keep ?? position)..<position]
          guard let text = String(validating: run, as: UTF8.self) else { throw failure() }
          position += 1
          return text
        }
        try flush(self)
        position += 1
        return String(scalars)
      }
      guard byte >= 0x20 else { throw failure() }
      guard byte == UInt8(ascii: "\\") else {
        position += 1
        continue
      }
      try flush(self)
      position += 1
      guard available() else { throw failure() }
      let escape = bytes[position]
      position += 1
      switch escape {
      case UInt8(ascii: "\""): scalars.append("\"")
      case UInt8(ascii: "\\"): scalars.append("\\")
      case UInt8(ascii: "/"): scalars.append("/")
      case UInt8(ascii: "b"): scalars.append("\u{08}")
      case UInt8(ascii: "f"): scalars.append("\u{0C}")
      case UInt8(ascii: "n"): scalars.append("\n")
      case UInt8(ascii: "r"): scalars.append("\r")
      case UInt8(ascii: "t"): scalars.append("\t")
      case UInt8(ascii: "u"):
        var code = try hex4()
        if (0xD800...0xDBFF).contains(code) {
          try expect("\\u")
          let low = try hex4()
          guard (0xDC00...0xDFFF).contains(low) else { throw failure() }
          code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let scalar = Unicode.Scalar(code) else { throw failure() }
        scalars.append(scalar)
      default:
        position -= 1
        throw failure()
      }
      keep = position
    }
  }

  private mutating func hex4() throws(BackupReadError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard available(), let digit = Self.hexValue(bytes[position]) else {
        throw failure()
      }
      value = value * 16 + digit
      position += 1
    }
    return value
  }

  private static func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case 0x30...0x39: UInt32(byte - 0x30)
    case 0x41...0x46: UInt32(byte - 0x41 + 10)
    case 0x61...0x66: UInt32(byte - 0x61 + 10)
    default: nil
    }
  }
}
