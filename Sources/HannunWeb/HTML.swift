import Foundation
import HannunPresentation

/// Text made safe for an HTML page.
public enum HTML {
  /// Escaped text with each word holding a `=` (`amount=이용금액`, an example of a `--map`
  /// pair) in a `<span class="pair">`, which a page's style keeps on one line: a phone's browser
  /// otherwise breaks Korean text after the `=`.
  /// - Parameter escaped: Text already made safe by ``escape(_:)``.
  /// - Returns: The text with its pairs marked.
  static func keepingPairsWhole(_ escaped: String) -> String {
    escaped.split(separator: " ", omittingEmptySubsequences: false).map { word in
      word.contains("=") ? "<span class=\"pair\">\(word)</span>" : String(word)
    }.joined(separator: " ")
  }

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
    "<p class=\"error\" role=\"alert\">\(linkingPages(escape(message)))</p>"
  }

  /// Escaped text with each page a hint names (``CommandHintStyle/web``: `the Recurring page`,
  /// `반복 항목 페이지`) made a link to that page.
  static func linkingPages(_ escaped: String) -> String {
    guard escaped.contains(" page") || escaped.contains("페이지") else { return escaped }
    var text = escaped
    for (phrase, path) in pagePhrases where text.contains(phrase) {
      text = text.replacingOccurrences(of: phrase, with: "<a href=\"\(path)\">\(phrase)</a>")
    }
    return text
  }

  /// Each page a hint can name, as the hint says it in each language, with its address.
  private static let pagePhrases: [(String, String)] = {
    let pages: [(CommandHint, String)] = [
      (.recurringList, "/recurring"), (.setBudget(amount: "", category: ""), "/budgets"),
      (.allCategories, "/categories"), (.openMonth, "/"),
    ]
    return [DisplayLanguage.korean, .english].flatMap { language in
      pages.map { (escape(CommandHintStyle.web.say($0.0, in: language)), $0.1) }
    }
  }()
}
