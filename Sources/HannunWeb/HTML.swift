/// Text made safe for an HTML page.
public enum HTML {
  /// Ledger text (or any text) as HTML text or an attribute value: `&`, `<`, `>`, `"` and `'`
  /// become entities, so what a person typed can never open a tag or leave an attribute.
  /// - Parameter text: Any text.
  /// - Returns: The text with the five characters escaped.
  public static func escape(_ text: String) -> String {
    guard
      text.utf8.contains(where: {
        $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27
      })
    else { return text }
    var result = ""
    result.reserveCapacity(text.utf8.count + 16)
    for character in text.unicodeScalars {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      default: result.unicodeScalars.append(character)
      }
    }
    return result
  }

  /// A message the page must announce (an error, a refusal): `<p class="error" role="alert">`
  /// around the escaped text.
  /// - Parameter message: Any text.
  /// - Returns: The paragraph.
  public static func alert(_ message: String) -> String {
    "<p class=\"error\" role=\"alert\">\(escape(message))</p>"
  }
}
