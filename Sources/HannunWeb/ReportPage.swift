import Foundation
import HannunDomain
import HannunPresentation

/// A report of a span of months (`/report`) or of a year (`/year`), from the core's
/// ``LedgerReport``: the totals, each category's share of its kind and the months of the span,
/// each as a chart drawn on the server in SVG and as figures in text. The charts never rely on
/// colour alone: every bar has its label and figures beside it, and income and expense differ in
/// pattern (solid or hatched) as well as in hue. A span that could not be read shows only its
/// links to the spans beside it (the frame's alert says why); a span whose span before could not
/// be read says so below its totals, where the comparison would be.
struct ReportPage {
  let frame: HouseholdFrame
  /// The months of the page, read or not.
  let span: ClosedRange<YearMonth>
  /// The report, or `nil` when its span could not be read.
  let report: LedgerReport?
  let money: MoneyFormatter
  /// `/report` or `/year`: which page this is.
  let path: String
  /// The page's heading.
  let title: String
  /// Why the span before, which the report compares with, could not be read, or `nil`.
  var comparisonFailure: String?

  private var language: DisplayLanguage { frame.language }

  func render() -> String {
    var html = navigation()
    guard let report else { return frame.render(title: title, path: path, content: html) }
    html += "<dl class=\"totals\">"
    for (label, value, name) in [
      (language.label(for: .income), report.income, "in"),
      (language.label(for: .expense), report.expense, "out"),
      (language.balanceLabel, report.balance, "balance"),
    ] {
      html += "<div><dt>\(HTML.escape(label))</dt><dd id=\"report-\(name)\">"
      html += HTML.escape(money.string(value)) + "</dd></div>"
    }
    html += "</dl>\n"
    if let comparisonFailure {
      html += "<p id=\"report-comparison\" class=\"error\">" + HTML.escape(comparisonFailure)
      html += "</p>\n"
    }
    for kind in [TransactionKind.expense, .income] {
      let shares = report.categories.filter { $0.kind == kind }
      guard !shares.isEmpty else { continue }
      html += "<section class=\"shares\" id=\"shares-\(kind.rawValue)\">"
      html += "<h2>\(HTML.escape(language.label(for: kind)))</h2>"
      html += sharesChart(shares, kind: kind) + "</section>\n"
    }
    if report.categories.isEmpty {
      html += "<p class=\"empty\">\(HTML.escape(language.noEntriesLabel))</p>\n"
    }
    if report.months.count > 1 {
      html += "<section id=\"months\"><h2>\(HTML.escape(language.monthsLabel))</h2>"
      html += monthsChart(report.months) + "</section>\n"
    }
    return frame.render(title: title, path: path, content: html)
  }

  /// Links to the span before and after, and the year's or month's report.
  private func navigation() -> String {
    let length = span.upperBound.monthIndex - span.lowerBound.monthIndex + 1
    var html = "<nav class=\"months\">"
    if path == "/year" {
      let year = span.lowerBound.year
      html += "<a id=\"prev\" href=\"/year?year=\(year - 1)\">‹</a>"
      html += "<a id=\"next\" href=\"/year?year=\(year + 1)\">›</a>"
    } else if let before = try? span.lowerBound.adding(months: -length),
      let after = try? span.upperBound.adding(months: length)
    {
      let last = (try? span.lowerBound.adding(months: -1)) ?? before
      let first = (try? span.upperBound.adding(months: 1)) ?? after
      html += "<a id=\"prev\" href=\"/report?from=\(before.iso)&amp;to=\(last.iso)\">‹</a>"
      html += "<a id=\"next\" href=\"/report?from=\(first.iso)&amp;to=\(after.iso)\">›</a>"
    }
    html += "<form id=\"span\" method=\"get\" action=\"/report\">"
    html += HouseholdFrame.monthSpan(
      span.lowerBound.iso, span.upperBound.iso, language: language)
    return html + "</form></nav>\n"
  }

  /// One bar a category, its length its share of the kind, with the name, share and amount in
  /// text beside it; the bars alternate patterns so that neighbours differ without colour.
  private func sharesChart(_ shares: [LedgerReport.Share], kind: TransactionKind) -> String {
    let rowHeight = 28
    let height = shares.count * rowHeight + 4
    let id = "shares-\(kind.rawValue)-title"
    var svg = "<svg class=\"chart\" viewBox=\"0 0 360 \(height)\" width=\"100%\" role=\"img\" "
    svg += "aria-labelledby=\"\(id)\"><title id=\"\(id)\">"
    svg += HTML.escape(language.sharesChartTitle(language.label(for: kind))) + "</title>"
    let prefix = kind.rawValue + "-"
    svg += Self.patterns(prefix)
    for (index, share) in shares.enumerated() {
      let percent = Self.percent(share.share)
      let y = index * rowHeight + 2
      let width = max(1, Int((Double(percent) / 100 * 150).rounded()))
      let pattern = Self.patternNames[index % Self.patternNames.count]
      svg += "<g class=\"bar \(kind == .income ? "in" : "out")\">"
      svg += "<rect x=\"0\" y=\"\(y + 4)\" width=\"\(width)\" height=\"18\" "
      svg += "fill=\"url(#\(prefix + pattern))\" stroke=\"currentColor\"/>"
      svg += "<text x=\"\(width + 6)\" y=\"\(y + 18)\" font-size=\"13\" fill=\"currentColor\">"
      svg += HTML.escape("\(share.category) \(percent)% \(money.string(share.amount))")
      svg += "</text></g>"
    }
    svg += "</svg>"
    var table = "<table class=\"figures\"><tbody>"
    for share in shares {
      table += "<tr><th scope=\"row\">\(HTML.escape(share.category))</th>"
      table += "<td>\(Self.percent(share.share))%</td>"
      table += "<td>\(HTML.escape(money.string(share.amount)))</td>"
      table += "<td>\(HTML.escape(language.foundCount(share.count)))</td></tr>"
    }
    return svg + table + "</tbody></table>"
  }

  /// Each month of the span: its income (solid) and expense (hatched) bars side by side, scaled
  /// to the largest, with the month and both figures in text; each month links to its calendar.
  private func monthsChart(_ months: [LedgerReport.MonthTotals]) -> String {
    let largest = months.map { max($0.income.minorUnits, $0.expense.minorUnits) }.max() ?? 0
    let rowHeight = 40
    let height = months.count * rowHeight + 4
    var svg = "<svg class=\"chart\" viewBox=\"0 0 360 \(height)\" width=\"100%\" role=\"img\" "
    svg += "aria-labelledby=\"months-title\"><title id=\"months-title\">"
    svg += HTML.escape(language.monthsChartTitle) + "</title>" + Self.patterns("months-")
    for (index, month) in months.enumerated() {
      let y = index * rowHeight + 2
      func width(_ value: Money) -> Int {
        guard largest > 0 else { return 0 }
        return Int((Double(value.minorUnits) / Double(largest) * 200).rounded())
      }
      svg += "<text x=\"0\" y=\"\(y + 15)\" font-size=\"12\" fill=\"currentColor\">"
      svg += HTML.escape(language.shortMonth(month.month)) + "</text>"
      svg += "<rect class=\"in\" x=\"60\" y=\"\(y + 4)\" width=\"\(width(month.income))\" "
      svg += "height=\"14\" fill=\"url(#months-solid)\" stroke=\"currentColor\"/>"
      svg += "<rect class=\"out\" x=\"60\" y=\"\(y + 20)\" width=\"\(width(month.expense))\" "
      svg += "height=\"14\" fill=\"url(#months-hatch)\" stroke=\"currentColor\"/>"
      svg += "<text x=\"\(64 + width(month.income))\" y=\"\(y + 15)\" font-size=\"11\" "
      svg += "fill=\"currentColor\">+" + HTML.escape(money.plain(month.income)) + "</text>"
      svg += "<text x=\"\(64 + width(month.expense))\" y=\"\(y + 31)\" font-size=\"11\" "
      svg += "fill=\"currentColor\">-" + HTML.escape(money.plain(month.expense)) + "</text>"
    }
    svg += "</svg>"
    var table = "<table class=\"figures\"><thead><tr><th></th>"
    table += "<th>\(HTML.escape(language.label(for: .income)))</th>"
    table += "<th>\(HTML.escape(language.label(for: .expense)))</th></tr></thead><tbody>"
    for month in months {
      let page = PageState.path(day: month.month.firstDay)
      table += "<tr><th scope=\"row\"><a href=\"\(HTML.escape(page))\">"
      table += HTML.escape(language.title(of: month.month)) + "</a></th>"
      table += "<td class=\"in\">\(HTML.escape(money.string(month.income)))</td>"
      table += "<td class=\"out\">\(HTML.escape(money.string(month.expense)))</td></tr>"
    }
    return svg + table + "</tbody></table>"
  }

  /// A share as a whole percentage.
  static func percent(_ share: Decimal) -> Int {
    Int((NSDecimalNumber(decimal: share).doubleValue * 100).rounded())
  }

  /// The fills of the bars, told apart by pattern: solid, hatched, dotted, crossed.
  static let patternNames = ["solid", "hatch", "dots", "cross"]

  /// The patterns' definitions, in the current text colour, their ids starting with `prefix`
  /// (ids are unique in a page with several charts).
  static func patterns(_ prefix: String) -> String {
    "<defs><pattern id=\"\(prefix)solid\" width=\"4\" height=\"4\" "
      + "patternUnits=\"userSpaceOnUse\">"
      + "<rect width=\"4\" height=\"4\" fill=\"currentColor\" opacity=\".55\"/></pattern>"
      + "<pattern id=\"\(prefix)hatch\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" "
      + "patternTransform=\"rotate(45)\"><rect width=\"2\" height=\"6\" fill=\"currentColor\"/>"
      + "</pattern><pattern id=\"\(prefix)dots\" width=\"5\" height=\"5\" "
      + "patternUnits=\"userSpaceOnUse\">"
      + "<circle cx=\"2.5\" cy=\"2.5\" r=\"1.3\" fill=\"currentColor\"/></pattern>"
      + "<pattern id=\"\(prefix)cross\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\">"
      + "<path d=\"M0 0L6 6M6 0L0 6\" stroke=\"currentColor\" stroke-width=\"1\"/></pattern></defs>"
  }
}
