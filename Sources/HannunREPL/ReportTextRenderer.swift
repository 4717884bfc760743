import HannunDomain
import HannunPresentation

/// What the report renderers (budgets, categories, reports, spending by mood, search results)
/// draw with: colours, the width lines must fit, the language of labels and the money format.
public struct ReportTextStyle {
  /// Colours, and whether emoji show.
  public let theme: Theme
  /// The widest a line may be, at least 40.
  public let width: Int
  /// The language of labels.
  public let language: DisplayLanguage
  /// Formats amounts in the ledger's currency.
  public let money: MoneyFormatter

  /// - Parameters:
  ///   - theme: Colours, and whether emoji show.
  ///   - width: The terminal's columns; below 40 counts as 40.
  ///   - language: The language of labels.
  ///   - money: Formats amounts in the ledger's currency.
  public init(theme: Theme, width: Int = 80, language: DisplayLanguage, money: MoneyFormatter) {
    self.theme = theme
    self.width = max(40, width)
    self.language = language
    self.money = money
  }
}

/// A renderer of ledger text drawn in a ``ReportTextStyle``: one initializer and the style's
/// parts for all of them.
public protocol ReportTextRenderer {
  /// Colours, width, language and money format.
  var style: ReportTextStyle { get }
  /// A renderer drawing in `style`.
  init(style: ReportTextStyle)
}

extension ReportTextRenderer {
  /// - Parameters:
  ///   - theme: Colours, and whether emoji show.
  ///   - width: The terminal's columns; below 40 counts as 40.
  ///   - language: The language of labels.
  ///   - money: Formats amounts in the ledger's currency.
  public init(theme: Theme, width: Int = 80, language: DisplayLanguage, money: MoneyFormatter) {
    self.init(style: ReportTextStyle(theme: theme, width: width, language: language, money: money))
  }

  /// Colours, and whether emoji show.
  public var theme: Theme { style.theme }
  /// The widest a line may be, at least 40.
  public var width: Int { style.width }
  /// The language of labels.
  public var language: DisplayLanguage { style.language }
  /// Formats amounts in the ledger's currency.
  public var money: MoneyFormatter { style.money }
}

extension ReportTextRenderer {
  /// `parts` joined by `gap` on as few lines as ``width`` allows: see
  /// ``ReportTextStyle/packed(_:width:gap:indent:)``.
  func packed(_ parts: [String], gap: String = "   ", indent: String = "") -> [String] {
    ReportTextStyle.packed(parts, width: width, gap: gap, indent: indent)
  }
}

extension ReportTextStyle {
  /// `parts` joined by `gap` on as few lines as `width` allows, each part whole: a part moves
  /// to the next line rather than be cut (a figure is never lost to `…`), and one wider than
  /// `width` alone is broken between words.
  /// - Parameters:
  ///   - parts: Plain text pieces, such as `수입 ₩3,200,000`.
  ///   - width: The widest a line may be.
  ///   - gap: What separates two parts on one line.
  ///   - indent: What starts each line after the first.
  static func packed(_ parts: [String], width: Int, gap: String, indent: String) -> [String] {
    var lines: [String] = []
    var current = ""
    for part in parts {
      let joined = current.isEmpty ? part : current + gap + part
      if current.isEmpty || TerminalText.displayWidth(joined) <= width {
        current = joined
      } else {
        lines.append(current)
        current = indent + part
      }
    }
    if !current.isEmpty { lines.append(current) }
    return lines.flatMap { line in
      TerminalText.displayWidth(line) <= width ? [line] : TerminalText.wrapped(line, toWidth: width)
    }
  }
}
