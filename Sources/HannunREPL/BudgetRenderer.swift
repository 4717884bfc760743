import HannunDomain
import HannunPresentation

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A month's budgets as text (`hannun budget`, the REPL's `budget`, and the budget part of a
/// month's report): each budget's spent and limit, a bar of how much is used, and what is left
/// or how much it is over. Pure; no line is wider than ``width`` display columns, and category
/// names are escaped.
public struct BudgetRenderer: ReportTextRenderer {
  /// Colours, width, language and money format.
  public let style: ReportTextStyle

  /// A renderer drawing in `style`.
  public init(style: ReportTextStyle) { self.style = style }

  /// The title, then one line per budget (or a line saying there is none), each ending in a
  /// newline.
  /// - Parameter status: The month's budgets.
  /// - Returns: The text.
  public func text(_ status: BudgetStatus) -> String {
    lines(status).map { $0 + "\n" }.joined()
  }

  /// The title and the budget lines.
  /// - Parameter status: The month's budgets.
  /// - Returns: The lines, without newlines.
  public func lines(_ status: BudgetStatus) -> [String] {
    let when = language.title(of: status.month)
    let title = language.screens.budgetsTitle(when)
    var lines = [theme.apply(.header, to: TerminalText.truncate(title, toWidth: width))]
    if status.isEmpty {
      // Wrapped, never cut: the command line's example is longer than the REPL's.
      lines += TerminalText.wrapped(language.screens.noBudgets(style.hints), toWidth: width)
    } else {
      lines += budgetLines(status)
    }
    return lines
  }

  /// One line per budget, the whole month's first: `  식비  ₩312,000 / ₩300,000  ████  ₩12,000
  /// 초과`. When the width is short, amounts lose their currency symbol, then take short forms,
  /// then the bar goes, then the names are cut; an amount is never cut (with no room left for a
  /// name, it goes on the line under the amounts).
  /// - Parameter status: The month's budgets.
  /// - Returns: The lines.
  public func budgetLines(_ status: BudgetStatus) -> [String] {
    let budgets = status.lines
    let names = budgets.map { line in
      line.scope.category.map(TerminalText.sanitized) ?? language.budgetTotalLabel
    }
    let nameWidth = min(16, names.map(TerminalText.displayWidth).max() ?? 0)
    // Short forms (`30.5만`, `305K`) last, so that narrow terminals keep the bar.
    let short = { (amount: Money) -> String in
      let forms = money.compactForms(amount, language: language).map(\.text)
      return forms.first { TerminalText.displayWidth($0) <= 6 } ?? forms.last ?? money.plain(amount)
    }
    let formats: [(Money) -> String] = [money.string, money.plain, short]
    for (attempt, format) in formats.enumerated() {
      let spent = budgets.map { format($0.spent) }
      let limits = budgets.map { format(Money($0.limit)) }
      let left = budgets.map { line in
        line.isOver
          ? "\(format(Money(minorUnits: -line.remaining.minorUnits))) \(language.budgetOverLabel)"
          : "\(format(line.remaining)) \(language.budgetLeftLabel)"
      }
      let spentWidth = spent.map(TerminalText.displayWidth).max() ?? 0
      let limitWidth = limits.map(TerminalText.displayWidth).max() ?? 0
      let leftWidth = left.map(TerminalText.displayWidth).max() ?? 0
      // "  name  spent / limit  bar  left"
      let fixed = 2 + nameWidth + 2 + spentWidth + 3 + limitWidth + 2 + 2 + leftWidth
      let barWidth = width - fixed
      let withBar = barWidth >= 4
      guard withBar || attempt == formats.count - 1 else { continue }
      // Without the bar, the names give up what the amounts need, down to a few columns.
      let shownNameWidth = withBar ? nameWidth : min(nameWidth, barWidth + 2 + nameWidth)
      let nameOnItsOwnLine = shownNameWidth < 3
      return budgets.indices.flatMap { index -> [String] in
        let line = budgets[index]
        let style: ANSIStyle = line.isOver ? .error : .income
        let figures =
          TerminalText.pad(spent[index], toWidth: spentWidth, alignment: .right) + " / "
          + TerminalText.pad(limits[index], toWidth: limitWidth, alignment: .right) + "  "
        guard !nameOnItsOwnLine else {
          // The name, then the amounts under it, what is left on a line of its own if need be.
          let name = "  " + TerminalText.truncate(names[index], toWidth: width - 2)
          let under = "    " + figures + left[index]
          guard TerminalText.displayWidth(under) > width else { return [name, under] }
          return [name, "    " + String(figures.dropLast(2)), "    " + left[index]].map {
            TerminalText.truncate($0, toWidth: width)
          }
        }
        let amounts =
          "  " + TerminalText.fit(names[index], toWidth: shownNameWidth) + "  " + figures
        guard withBar else { return [amounts + left[index]] }
        let share = Decimal(max(0, line.spent.minorUnits)) / Decimal(line.limit.minorUnits)
        let bar = ReportRenderer.bar(share, width: barWidth)
        return [amounts + theme.apply(style, to: bar) + "  " + theme.apply(style, to: left[index])]
      }
    }
    return []
  }
}
