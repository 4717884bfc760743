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
    var lines = [korean ? "기분별 지출 · \(span)" : "Spending by mood · \(span)"]
    if report.moods.isEmpty {
      lines.append(
        korean
          ? "이 기간에는 기분을 적은 날이 없습니다. mood 기쁨 처럼 적어 보세요."
          : "No day of this span has a mood; note one with, for example, mood joy.")
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
        ["   " + (korean ? "더 쓴 분류:" : "more on:")] + rises, gap: " ", indent: "     ")
    }
    lines.append(row(korean ? "기분 없음" : "No mood", report.withoutMood))
    // Truncated before styling, so escape codes are never counted or cut; a line too wide is a
    // mood row, whose average moves under it rather than be cut.
    let fitted = lines.flatMap { line -> [String] in
      TerminalText.displayWidth(line) <= width
        ? [line] : TerminalText.wrapped(line, toWidth: width)
    }
    return [theme.apply(.header, to: fitted[0])] + fitted.dropFirst()
  }

  private func row(_ tag: String, _ days: MoodSpending.Days) -> String {
    let count = korean ? "\(days.days)일" : "\(days.days) \(days.days == 1 ? "day" : "days")"
    let average =
      korean ? "하루 \(money.string(days.averageDaily))" : "\(money.string(days.averageDaily)) a day"
    return TerminalText.pad(tag, toWidth: 12)
      + TerminalText.pad(count, toWidth: 8, alignment: .right) + "   " + average
  }
}
