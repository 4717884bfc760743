import HannunDomain
import HannunPresentation

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A ``LedgerReport`` as text: the span's totals, the change against the span before, every
/// category with a bar of its share, and each month of a longer span. Pure, like
/// ``CalendarRenderer``: no line is wider than ``width`` display columns (Hangul counts two), and
/// ledger text is escaped.
public struct ReportRenderer: ReportTextRenderer {
  /// Colours, width, language and money format.
  public let style: ReportTextStyle

  /// A renderer drawing in `style`.
  public init(style: ReportTextStyle) { self.style = style }

  /// The whole report, one line per row, each ending in a newline.
  /// - Parameter report: The report.
  /// - Returns: The text.
  public func text(_ report: LedgerReport) -> String {
    lines(report).map { $0 + "\n" }.joined()
  }

  /// The report's lines, without newlines.
  /// - Parameter report: The report.
  /// - Returns: The lines.
  public func lines(_ report: LedgerReport) -> [String] {
    body(report).map(Self.trimmingTrailingSpaces)
  }

  private static func trimmingTrailingSpaces(_ line: String) -> String {
    var line = Substring(line)
    while line.last == " " { line.removeLast() }
    return String(line)
  }

  private func body(_ report: LedgerReport) -> [String] {
    var lines = [theme.apply(.header, to: title(report))]
    // Narrow terminals wrap the totals and the change rather than cut a figure.
    lines += packed([
      "\(language.label(for: .income)) \(money.string(report.income))",
      "\(language.label(for: .expense)) \(money.string(report.expense))",
      "\(language.balanceLabel) \(money.string(report.balance))",
    ])
    if let previous = report.previous, let span = report.previousSpan {
      lines += packed(change(report, previous, span), gap: " ", indent: "  ")
    } else if let failure = report.previousFailure, let span = report.previousSpan {
      lines += comparisonUnavailable(span, failure)
    }
    for kind in [TransactionKind.income, .expense] {
      let shares = report.categories.filter { $0.kind == kind }
      guard !shares.isEmpty else { continue }
      lines.append("")
      lines.append(theme.apply(kind == .income ? .income : .expense, to: language.label(for: kind)))
      lines += categoryLines(shares, kind: kind)
    }
    if report.months.count > 1 {
      lines.append("")
      lines.append(language.screens.byMonth)
      lines += monthLines(report.months)
    }
    if report.categories.isEmpty {
      lines.append(language.screens.noEntriesInSpan)
    }
    return lines
  }

  // MARK: - Parts

  private func title(_ report: LedgerReport) -> String {
    let span: String
    if report.from == report.to {
      span = language.title(of: report.from)
    } else if report.from.month == 1, report.to.month == 12, report.from.year == report.to.year {
      span = language.screens.yearTitle(report.from.year)
    } else {
      span = "\(report.from.iso) – \(report.to.iso)"
    }
    return fit(language.screens.reportTitle(span))
  }

  /// The change against the span before, in pieces that stay whole when the line wraps.
  private func change(
    _ report: LedgerReport, _ previous: DaySummary, _ span: ClosedRange<YearMonth>
  )
    -> [String]
  {
    let income = percent(report.income, previous.income)
    let expense = percent(report.expense, previous.expense)
    let when = span.iso
    return language.screens.change(against: when, income: income, expense: expense)
  }

  /// In place of the change: why the span before could not be read, wrapped between words (a
  /// word wider than the line, a long path, cut as the calendar cuts it, so that no line is wider
  /// than ``width`` and the screen's rows are the terminal's), its later lines indented as the
  /// change's are.
  private func comparisonUnavailable(_ span: ClosedRange<YearMonth>, _ failure: LedgerError)
    -> [String]
  {
    let sentence = language.messages(hints: style.hints)
      .comparisonUnavailable(against: span, because: failure)
    let lines = TerminalText.wrapped(TerminalText.sanitized(sentence), toWidth: max(1, width - 2))
    return lines.enumerated().map { index, line in
      theme.apply(.error, to: index == 0 ? line : "  " + line)
    }
  }

  /// `+12.5%`, `-3.0%`, or `—` when there was nothing before.
  private func percent(_ now: Money, _ before: Money) -> String {
    guard !before.isZero else { return "—" }
    let change =
      (Decimal(now.minorUnits) - Decimal(before.minorUnits)) * 100
      / Decimal(before.minorUnits)
    let rounded = FoundationText.rounded(change, scale: 1, .plain)
    let text = rounded.description
    let withPoint = text.utf8.contains(UInt8(ascii: ".")) ? text : text + ".0"
    return (rounded > 0 ? "+" : "") + withPoint + "%"
  }

  private func categoryLines(_ shares: [LedgerReport.Share], kind: TransactionKind) -> [String] {
    let names = shares.map { TerminalText.sanitized($0.category) }
    let amounts = shares.map { money.string($0.amount) }
    let counts = shares.map { language.screens.entryCount($0.count) }
    let amountWidth = amounts.map(TerminalText.displayWidth).max() ?? 0
    let countWidth = counts.map(TerminalText.displayWidth).max() ?? 0
    // "  name  amount  100%  bar  count": the name gives way first, keeping a bar of 4; then
    // the bar goes. The figures never do.
    let fixed = 2 + 2 + amountWidth + 2 + 4 + 2 + 2 + countWidth
    let nameWidth = min(
      16, names.map(TerminalText.displayWidth).max() ?? 0, max(4, width - fixed - 4))
    let barWidth = width - fixed - nameWidth
    return shares.indices.map { index in
      let name = TerminalText.fit(names[index], toWidth: nameWidth)
      let amount = TerminalText.pad(amounts[index], toWidth: amountWidth, alignment: .right)
      let percent = TerminalText.pad(
        "\(Int((FoundationText.approximateDouble(shares[index].share) * 100).rounded()))%",
        toWidth: 4, alignment: .right)
      let count = TerminalText.pad(counts[index], toWidth: countWidth, alignment: .right)
      guard barWidth > 0 else { return "  \(name)  \(amount)  \(percent)  \(count)" }
      let bar = Self.bar(shares[index].share, width: barWidth)
      let styled = theme.apply(kind == .income ? .income : .expense, to: bar)
      return "  \(name)  \(amount)  \(percent)  \(styled)  \(count)"
    }
  }

  private func monthLines(_ months: [LedgerReport.MonthTotals]) -> [String] {
    let largest = months.map { max($0.income.minorUnits, $0.expense.minorUnits) }.max() ?? 0
    let incomes = months.map { money.string($0.income) }
    let expenses = months.map { money.string($0.expense) }
    let incomeWidth = incomes.map(TerminalText.displayWidth).max() ?? 0
    let expenseWidth = expenses.map(TerminalText.displayWidth).max() ?? 0
    let barWidth = width - 2 - 7 - 2 - incomeWidth - 2 - expenseWidth - 2
    guard barWidth >= 0 else {
      // Too narrow for both columns and a bar: the month, then its income and expense whole,
      // wrapped under it when they do not fit beside it.
      return months.flatMap { month in
        packed(
          [
            "  " + month.month.iso, "+" + money.string(month.income),
            "-" + money.string(month.expense),
          ], gap: "  ", indent: "             ")
      }
    }
    let header =
      "  " + String(repeating: " ", count: 7) + "  "
      + TerminalText.pad(language.label(for: .income), toWidth: incomeWidth, alignment: .right)
      + "  "
      + TerminalText.pad(language.label(for: .expense), toWidth: expenseWidth, alignment: .right)
    return [theme.apply(.dim, to: header)]
      + months.indices.map { index in
        let month = months[index]
        let share =
          largest == 0 ? Decimal(0) : Decimal(month.expense.minorUnits) / Decimal(largest)
        let bar = theme.apply(.expense, to: Self.bar(share, width: max(0, barWidth)))
        return "  \(month.month.iso)  "
          + theme.apply(
            .income, to: TerminalText.pad(incomes[index], toWidth: incomeWidth, alignment: .right))
          + "  "
          + TerminalText.pad(expenses[index], toWidth: expenseWidth, alignment: .right) + "  "
          + bar
      }
  }

  /// A horizontal bar of `share` (0…1) of `width` columns, in eighths: `████▌`, padded with
  /// spaces to the full width so that columns after it line up.
  static func bar(_ share: Decimal, width: Int) -> String {
    guard width > 0 else { return "" }
    let fraction = min(1, max(0, FoundationText.approximateDouble(share)))
    let eighths = Int((fraction * Double(width * 8)).rounded())
    let full = eighths / 8
    let partial = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"][eighths % 8]
    let bar = String(repeating: "█", count: full) + partial
    return bar + String(repeating: " ", count: max(0, width - full - (partial.isEmpty ? 0 : 1)))
  }

  private func fit(_ line: String) -> String { TerminalText.truncate(line, toWidth: width) }
}
