import HannunDomain
import HannunPresentation

/// Draws a ``MoodSpendingReport`` as terminal lines no wider than ``width``: a heading, then one
/// line per mood (emoji or text tag, days, the average day's expense) with the categories that
/// rise most on that mood's days on the line below, and the days without a mood last.
public struct MoodReportRenderer: ReportTextRenderer {
  /// Colours, width, language and money format.
  public let style: ReportTextStyle

  /// A renderer drawing in `style`.
  public init(style: ReportTextStyle) { self.style = style }

  /// The report's lines, each ended by a line feed.
  public func text(_ report: MoodSpendingReport) -> String {
    lines(report).map { $0 + "\n" }.joined()
  }

  /// The report's lines, none wider than ``width``.
  public func lines(_ report: MoodSpendingReport) -> [String] {
    let span = "\(report.from.iso) – \(report.to.iso)"
    var lines = [language.screens.moodReportTitle(span)]
    if report.moods.isEmpty {
      lines.append(
        language.screens.noMoodInSpan)
    }
    for line in report.moods {
      let name = language.name(of: line.mood)
      let tag = theme.emoji ? "\(line.mood.emoji) \(name)" : name
      lines.append(row(tag, line.spending))
      guard !line.rising.isEmpty else { continue }
      let rises = line.rising.enumerated().map { index, rise in
        "\(TerminalText.sanitized(rise.category)) +\(money.string(rise.rise))"
          + (index < line.rising.count - 1 ? "," : "")
      }
      // Wrapped, never cut: each category keeps its figure.
      lines += packed(
        ["   " + language.screens.moreOn] + rises, gap: " ", indent: "     ")
    }
    lines.append(row(language.screens.noMood, report.withoutMood))
    // Truncated before styling, so escape codes are never counted or cut; a line too wide is a
    // mood row, whose average moves under it rather than be cut.
    let fitted = lines.flatMap { line -> [String] in
      TerminalText.displayWidth(line) <= width
        ? [line] : TerminalText.wrapped(line, toWidth: width)
    }
    return [theme.apply(.header, to: fitted[0])] + fitted.dropFirst()
  }

  private func row(_ tag: String, _ days: MoodSpending.Days) -> String {
    let count = language.screens.days(days.days)
    let average =
      language.screens.perDay(money.string(days.averageDaily))
    return TerminalText.pad(tag, toWidth: 12)
      + TerminalText.pad(count, toWidth: 8, alignment: .right) + "   " + average
  }
}
