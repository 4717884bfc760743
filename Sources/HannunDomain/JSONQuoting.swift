/// How every JSON output of Hannun writes a string: the one rule, so that the CLI's `--json`, the
/// backup file and any other JSON a frontend writes escape ledger text the same way.
public enum JSONQuoting {
  /// Appends `text` to `out` as a JSON string: quotes, backslashes, every control character and
  /// the invisible format characters that can reorder or hide text on a screen (bidi embeddings
  /// and overrides U+202A–U+202E, isolates U+2066–U+2069, zero-width and direction marks
  /// U+200B–U+200F, line and paragraph separators, U+FEFF) escaped, so ledger text cannot break
  /// the document, reach a terminal raw, or disguise itself; everything else, Hangul included,
  /// as it is.
  /// - Parameters:
  ///   - text: The text.
  ///   - out: Where the quoted text goes.
  public static func append(_ text: String, to out: inout String) {
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

  /// `text` as a JSON string (see ``append(_:to:)``).
  /// - Parameter text: The text.
  /// - Returns: The quoted text.
  public static func quoted(_ text: String) -> String {
    var out = ""
    append(text, to: &out)
    return out
  }
}
