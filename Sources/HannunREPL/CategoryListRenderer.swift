import HannunDomain
import HannunPresentation

/// A ``CategoryList`` as text: the period, its income and expense, then each kind's categories
/// with their entry counts and totals, largest first. Pure, like ``ReportRenderer``: no line is
/// wider than ``width`` display columns (Hangul counts two), and category names are escaped.
public struct CategoryListRenderer: ReportTextRenderer {
  /// Colours, width, language and money format.
  public let style: ReportTextStyle

  /// A renderer drawing in `style`.
  public init(style: ReportTextStyle) { self.style = style }

  /// The list, one line per row, each ending in a newline.
  /// - Parameter list: The categories of a period.
  /// - Returns: The text.
  public func text(_ list: CategoryList) -> String {
    lines(list).map { $0 + "\n" }.joined()
  }

  /// The list's lines, without newlines.
  /// - Parameter list: The categories of a period.
  /// - Returns: The lines.
  public func lines(_ list: CategoryList) -> [String] {
    var lines = [theme.apply(.header, to: fit(title(list.span)))]
    guard !list.categories.isEmpty else {
      lines.append(language.screens.noEntriesInPeriod)
      return lines
    }
    lines += totalsLines(list.summary)
    let names = list.categories.map { TerminalText.sanitized($0.category) }
    let counts = list.categories.map { language.screens.entryCount($0.count) }
    let amounts = list.categories.map { money.string($0.amount) }
    let heads = language.screens.categoryHeads
    let countWidth = (counts + [heads.1]).map(TerminalText.displayWidth).max() ?? 0
    let amountWidth = (amounts + [heads.2]).map(TerminalText.displayWidth).max() ?? 0
    // "  name  count  amount": the name gives way first, down to 6 columns.
    let fixed = 2 + 2 + countWidth + 2 + amountWidth
    let widest = (names + [heads.0]).map(TerminalText.displayWidth).max() ?? 0
    let nameWidth = max(6, min(widest, width - fixed))
    let header =
      "  " + TerminalText.fit(heads.0, toWidth: nameWidth) + "  "
      + TerminalText.pad(heads.1, toWidth: countWidth, alignment: .right) + "  "
      + TerminalText.pad(heads.2, toWidth: amountWidth, alignment: .right)
    lines.append(theme.apply(.dim, to: fit(header)))
    for kind in [TransactionKind.income, .expense] {
      let rows = list.categories.indices.filter { list.categories[$0].kind == kind }
      guard !rows.isEmpty else { continue }
      lines.append(theme.apply(kind == .income ? .income : .expense, to: language.label(for: kind)))
      for row in rows {
        let line =
          "  " + TerminalText.fit(names[row], toWidth: nameWidth) + "  "
          + TerminalText.pad(counts[row], toWidth: countWidth, alignment: .right) + "  "
          + TerminalText.pad(amounts[row], toWidth: amountWidth, alignment: .right)
        lines.append(fit(line))
      }
    }
    return lines.map(Self.trimmingTrailingSpaces)
  }

  /// `수입 ₩3,000,000   지출 ₩450,000`, with a narrower gap or without the currency symbol when
  /// short of room, else packed as the report packs its totals: never an amount cut.
  private func totalsLines(_ summary: DaySummary) -> [String] {
    let income = { (format: (Money) -> String) in
      "\(language.label(for: .income)) \(format(summary.income))"
    }
    let expense = { (format: (Money) -> String) in
      "\(language.label(for: .expense)) \(format(summary.expense))"
    }
    for (gap, format) in [("   ", money.string), ("  ", money.string), (" ", money.plain)] {
      let line = income(format) + gap + expense(format)
      if TerminalText.displayWidth(line) <= width { return [line] }
    }
    return packed([income(money.string), expense(money.string)])
  }

  private func title(_ span: ClosedRange<YearMonth>?) -> String {
    let period: String
    if let span {
      if span.lowerBound == span.upperBound {
        period = language.title(of: span.lowerBound)
      } else if span.lowerBound.month == 1, span.upperBound.month == 12,
        span.lowerBound.year == span.upperBound.year
      {
        period = language.screens.yearTitle(span.lowerBound.year)
      } else {
        period = "\(span.lowerBound.iso) – \(span.upperBound.iso)"
      }
    } else {
      period = language.screens.allTime
    }
    return language.screens.categoriesTitle(period)
  }

  private func fit(_ line: String) -> String { TerminalText.truncate(line, toWidth: width) }

  private static func trimmingTrailingSpaces(_ line: String) -> String {
    var line = Substring(line)
    while line.last == " " { line.removeLast() }
    return String(line)
  }
}
