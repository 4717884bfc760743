/// A JSON document with keys kept in the order written, and numbers kept as exact decimal text,
/// so money goes out digit for digit.
public indirect enum JSONValue: Equatable, Sendable {
  case object([(String, JSONValue)])
  case array([JSONValue])
  case string(String)
  /// A number written exactly as given; callers pass canonical decimal text such as `12.50`.
  case number(String)
  case bool(Bool)
  case null

  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    lhs.serialized() == rhs.serialized()
  }

  /// Compact JSON text on one line.
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

  /// Escapes quotes, backslashes and every control character, so ledger text cannot break the
  /// document or reach a terminal raw.
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
        || scalar == "\u{2028}" || scalar == "\u{2029}":
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    out += "\""
  }
}
