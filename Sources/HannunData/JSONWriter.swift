/// Appends JSON text to a byte buffer: strings escaped as JSON requires, integers as exact
/// decimal digits, and the punctuation and indentation of the pretty-printed files.
struct JSONWriter {
  /// The UTF-8 text written so far.
  private(set) var bytes: [UInt8] = []

  /// An empty writer with room for about `capacity` bytes.
  init(capacity: Int) {
    bytes.reserveCapacity(capacity)
  }

  /// Appends ASCII punctuation or a keyword as it is.
  mutating func append(_ text: StaticString) {
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  /// Appends JSON text that is already valid, such as a ``RawJSON`` value.
  mutating func appendVerbatim(_ text: String) {
    bytes.append(contentsOf: text.utf8)
  }

  /// Appends bytes that are already valid JSON text, such as a line copied from a file read.
  mutating func appendBytes(_ slice: ArraySlice<UInt8>) {
    bytes.append(contentsOf: slice)
  }

  /// Starts a new line indented by `indent` spaces.
  mutating func newline(indent: Int) {
    switch indent {
    case 0: append("\n")
    case 2: append("\n  ")
    case 4: append("\n    ")
    case 6: append("\n      ")
    default:
      bytes.append(0x0A)
      bytes.append(contentsOf: repeatElement(0x20, count: indent))
    }
  }

  /// Appends `"key" : `.
  mutating func key(_ key: String) {
    string(key)
    append(" : ")
  }

  /// Appends an integer in decimal digits.
  mutating func integer(_ value: Int64) {
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    let start = bytes.count
    repeat {
      bytes.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
      magnitude /= 10
    } while magnitude > 0
    bytes[start...].reverse()
  }

  /// Appends `text` as a JSON string: `"` and `\` escaped, control characters below U+0020 as
  /// `\n`, `\t`, … or `\u00XX`, U+2028 and U+2029 as `\u2028` and `\u2029` (some JavaScript
  /// readers take them for line ends); everything else, `/` included, as UTF-8.
  mutating func string(_ text: String) {
    var text = text
    text.withUTF8 { string(utf8: $0) }
  }

  /// Appends text given as its UTF-8 bytes as a JSON string, escaped as ``string(_:)`` escapes.
  mutating func string(utf8 units: UnsafeBufferPointer<UInt8>) {
    bytes.append(UInt8(ascii: "\""))
    var runStart = 0
    var index = 0
    while index < units.count {
      let byte = units[index]
      guard
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0xE2
      else {
        index += 1
        continue
      }
      bytes.append(contentsOf: units.extracting(runStart..<index))
      index = escape(units, at: index)
      runStart = index
    }
    bytes.append(contentsOf: units.extracting(runStart..<index))
    bytes.append(UInt8(ascii: "\""))
  }

  /// Appends the character that starts at `index` of `units`, escaped if it must be, and
  /// returns the index after it.
  private mutating func escape(_ units: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
    let byte = units[index]
    switch byte {
    case UInt8(ascii: "\""): append("\\\"")
    case UInt8(ascii: "\\"): append("\\\\")
    case 0x08: append("\\b")
    case 0x09: append("\\t")
    case 0x0A: append("\\n")
    case 0x0C: append("\\f")
    case 0x0D: append("\\r")
    case 0..<0x20:
      append("\\u00")
      bytes.append(Self.hexDigit(byte >> 4))
      bytes.append(Self.hexDigit(byte & 0x0F))
    case 0xE2
    where index + 2 < units.count && units[index + 1] == 0x80
      && (units[index + 2] == 0xA8 || units[index + 2] == 0xA9):
      append(units[index + 2] == 0xA8 ? "\\u2028" : "\\u2029")
      return index + 3
    default:
      bytes.append(byte)
    }
    return index + 1
  }

  /// The lowercase hexadecimal digit for `value` (0–15).
  private static func hexDigit(_ value: UInt8) -> UInt8 {
    value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
  }
}
