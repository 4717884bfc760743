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

/// A strict JSON reader (RFC 8259) over UTF-8 bytes that keeps each value's line.
struct BackupJSONParser {
  private let bytes: [UInt8]
  private var position = 0
  private var line = 1
  private var lineStart = 0
  /// Nesting deeper than this is refused rather than overflowing the stack.
  private static let depthLimit = 64

  /// - Parameter bytes: The document.
  init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// Reads the whole document: one value and nothing after it but spaces.
  /// - Returns: The value.
  /// - Throws: ``BackupReadError/notJSON(line:column:)`` at the first byte that breaks JSON.
  mutating func parse() throws(BackupReadError) -> BackupJSON {
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
    skipSpaces()
    let value = try parseValue(depth: 0)
    skipSpaces()
    guard position == bytes.count else { throw failure() }
    return value
  }

  private func failure() -> BackupReadError {
    .notJSON(line: line, column: position - lineStart + 1)
  }

  private mutating func skipSpaces() {
    while position < bytes.count {
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
    guard position < bytes.count, depth < Self.depthLimit else { throw failure() }
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
      guard position < bytes.count, bytes[position] == byte else { throw failure() }
      position += 1
    }
  }

  private mutating func parseObject(depth: Int) throws(BackupReadError) -> BackupJSON.Value {
    position += 1
    var members: [(key: String, value: BackupJSON)] = []
    skipSpaces()
    if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
      position += 1
      return .object(members)
    }
    while true {
      skipSpaces()
      guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw failure() }
      let key = try parseString()
      skipSpaces()
      try expect(":")
      skipSpaces()
      members.append((key, try parseValue(depth: depth + 1)))
      skipSpaces()
      guard position < bytes.count else { throw failure() }
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
    if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
      position += 1
      return .array(items)
    }
    while true {
      skipSpaces()
      items.append(try parseValue(depth: depth + 1))
      skipSpaces()
      guard position < bytes.count else { throw failure() }
      if bytes[position] == UInt8(ascii: ",") {
        position += 1
        continue
      }
      try expect("]")
      return .array(items)
    }
  }

  private mutating func parseNumber() throws(BackupReadError) -> String {
    let start = position
    func digits(_ parser: inout BackupJSONParser) -> Int {
      let first = parser.position
      while parser.position < parser.bytes.count,
        (0x30...0x39).contains(parser.bytes[parser.position])
      {
        parser.position += 1
      }
      return parser.position - first
    }
    if position < bytes.count, bytes[position] == UInt8(ascii: "-") { position += 1 }
    let integer = position
    guard digits(&self) > 0 else { throw failure() }
    if bytes[integer] == 0x30, position - integer > 1 {
      position = integer + 1
      throw failure()
    }
    if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
      position += 1
      guard digits(&self) > 0 else { throw failure() }
    }
    if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
      position += 1
      if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == 0x2D {
        position += 1
      }
      guard digits(&self) > 0 else { throw failure() }
    }
    return String(decoding: bytes[start..<position], as: UTF8.self)
  }

  private mutating func parseString() throws(BackupReadError) -> String {
    position += 1
    var scalars = String.UnicodeScalarView()
    var runStart = position
    func flush(_ parser: BackupJSONParser) throws(BackupReadError) {
      guard let text = String(validating: parser.bytes[runStart..<parser.position], as: UTF8.self)
      else { throw parser.failure() }
      scalars.append(contentsOf: text.unicodeScalars)
    }
    while true {
      guard position < bytes.count else { throw failure() }
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") {
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
      guard position < bytes.count else { throw failure() }
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
      runStart = position
    }
  }

  private mutating func hex4() throws(BackupReadError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard position < bytes.count, let digit = Self.hexValue(bytes[position]) else {
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
