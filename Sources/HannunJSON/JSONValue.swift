import HannunDomain

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
        JSONQuoting.append(key, to: &out)
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
    case .string(let text): JSONQuoting.append(text, to: &out)
    case .number(let text): out += text
    case .bool(let flag): out += flag ? "true" : "false"
    case .null: out += "null"
    }
  }
}
