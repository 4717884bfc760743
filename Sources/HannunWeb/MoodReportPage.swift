import HannunDomain
import HannunPresentation

/// The mood report (`/moods`): for each mood of the diary, its days, their expense and daily
/// average, and the categories spent more on those days than on others — the core's
/// ``MoodSpendingReport``, as `hannun mood report` prints it.
struct MoodReportPage {
  let frame: HouseholdFrame
  let report: MoodSpendingReport?
  let span: ClosedRange<YearMonth>
  let money: MoneyFormatter

  func render() -> String {
    let language = frame.language
    var html = "<form id=\"span\" method=\"get\" action=\"/moods\">"
    html += HouseholdFrame.monthSpan(
      span.lowerBound.iso, span.upperBound.iso, language: language)
    html += "</form>\n"
    if let report {
      html += "<table id=\"moods\" class=\"figures\"><thead><tr>"
      html += "<th>\(HTML.escape(language.moodLabel))</th>"
      html += "<th>\(HTML.escape(language.daysLabel))</th>"
      html += "<th>\(HTML.escape(language.label(for: .expense)))</th>"
      html += "<th>\(HTML.escape(language.dailyAverageLabel))</th>"
      html += "<th>\(HTML.escape(language.risingLabel))</th></tr></thead><tbody>\n"
      for spending in report.moods {
        let name = HTML.escape(language.name(of: spending.mood))
        html += "<tr data-mood=\"\(spending.mood.rawValue)\"><th scope=\"row\">"
        html += "\(spending.mood.emoji) \(name)</th>" + figures(spending.spending) + "<td>"
        html += spending.rising.map { rise in
          HTML.escape("\(rise.category) +\(money.string(rise.rise))")
        }.joined(separator: ", ")
        html += "</td></tr>\n"
      }
      html += "<tr class=\"without\"><th scope=\"row\">\(HTML.escape(language.noMoodLabel))</th>"
      html += figures(report.withoutMood) + "<td></td></tr>\n</tbody></table>\n"
    }
    return frame.render(title: language.moodReportTitle, path: "/moods", content: html)
  }

  private func figures(_ days: MoodSpending.Days) -> String {
    "<td>\(days.days)</td><td>\(HTML.escape(money.string(days.expense)))</td>"
      + "<td>\(HTML.escape(money.string(days.averageDaily)))</td>"
  }
}
