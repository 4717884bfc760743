/// A JSON document with keys kept in the order written, and numbers kept as exact decimal text,
/// so money goes out digit for digit.
public indirect enum JSONValue: Equatable, Sendable {
  /// An object whose members are written in this order.
  case object([(String, JSONValue)])
  /// An array.
  case array([JSONValue])
  /// A string, escaped when written (see ``serialized()``).
  case string(String)
  /// A number written exactly as given; callers pass canonical decimal text such as `12.50`.
  case number(String)
  /// `true` or `false`.
  case bool(Bool)
  /// `null`.
  case null

  /// Whether two documents are written as the same text, member order included.
  /// - Parameters:
  ///   - lhs: A document.
  ///   - rhs: Another document.
  /// - Returns: `true` when both serialize to the same text.
  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    lhs.serialized() == rhs.serialized()
  }

  /// Compact JSON text on one line.
  ///
  /// Strings escape quotes, backslashes, every control character, and the invisible format
  /// characters that can reorder or hide text on a screen.
  /// - Returns: The document as text, with no spaces and no newline.
  public func serialized() -> String {
    var out = ""
    write(into: &out)
    return out
  }

  private func write(into out: inout String) {
    switch self {
    case .object(let members):
      out += "{"
      for (index, (key, value)) in members.enumerated() {
        if index > 0 { out += "," }
        JSONValue.writeString(key, into: &out)
        out += ":"
        value.write(into: &out)
      }
      out += "}"
    case .array(let items):
      out += "["
      for (index, item) in items.enumerated() {
        if index > 0 { out += "," }
        item.write(into: &out)
      }
      out += "]"
    case .string(let text): JSONValue.writeString(text, into: &out)
    case .number(let text): out += text
    case .bool(let flag): out += flag ? "true" : "false"
    case .null: out += "null"
    }
  }

  /// Escapes quotes, backslashes, every control character, and the invisible format characters
  /// that can reorder or hide text on a screen (bidi embeddings and overrides U+202A–U+202E,
  /// isolates U+2066–U+2069, zero-width and direction marks U+200B–U+200F, U+FEFF), so ledger text
  /// cannot break the document, reach a terminal raw, or disguise itself.
  private static func writeString(_ text: String, into out: inout String) {
    out += "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _
      where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
        || (0x2028...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
        || (0x200B...0x200F).contains(scalar.value) || scalar.value == 0xFEFF:
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    out += "\""
  }
}
