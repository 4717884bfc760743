import Foundation
import HannunDomain
import HannunKit
import HannunPresentation

/// `MonthPage [DATA_DIRECTORY [YYYY-MM-DD]]`: prints the month of a Hannun ledger as one
/// self-contained HTML page — title, totals, the grid with each day's income and expense, and the
/// selected day's entries (today's, or the day given). Without a directory it opens the ledger
/// `hannun` would (HANNUN_DATA, XDG_DATA_HOME, HOME); the language follows LC_ALL / LANG.
@main
enum MonthPage {
  @MainActor static func main() async {
    let arguments = Array(CommandLine.arguments.dropFirst())
    do {
      let session = try await LedgerSession.open(.init(dataPath: arguments.first))
      if arguments.count > 1 { await session.calendar.select(day: try Day(iso: arguments[1])) }
      if let error = session.calendar.loadError { fail(error) }
      print(page(of: session.calendar))
    } catch {
      // Errors are values; the catalogue of the user's language says them.
      fail(LedgerSession.Options().language.messages.describe(any: error))
    }
  }

  /// Names what went wrong on standard error and exits with status 1.
  static func fail(_ error: String) -> Never {
    FileHandle.standardError.write(Data("MonthPage: \(error)\n".utf8))
    exit(1)
  }

  /// The whole page, drawn from the calendar's state alone.
  @MainActor static func page(of calendar: CalendarViewModel) -> String {
    let language = calendar.language
    let money = calendar.money
    let title = escape(calendar.title)
    var html = """
      <!doctype html>
      <html lang="\(language.rawValue)"><head><meta charset="utf-8"><title>\(title)</title>
      <style>body{font-family:sans-serif}table{border-collapse:collapse}
      th,td{border:1px solid #ccc;width:7em;height:3.5em;vertical-align:top;padding:3px}
      .in{color:#080}.out{color:#c00}.today{font-weight:bold}.selected{background:#ffd}</style>
      </head><body>
      <h1>\(title)</h1>
      <p>\(totals(calendar.monthIncome, calendar.monthExpense, language, money)) \
      \(escape(language.balanceLabel)) \(escape(money.string(calendar.monthBalance)))</p>
      <table><tr>
      """
    html += calendar.weekdays.map { "<th>\(escape(language.shortName(of: $0)))</th>" }.joined()
    html += "</tr>\n"
    for week in calendar.weeks {
      html += "<tr>" + week.map { cell($0, money) }.joined() + "</tr>\n"
    }
    let day = calendar.selectedDay
    let dayTotals = calendar.summary(of: day)
    html += "</table>\n<h2>\(escape(language.title(of: day)))</h2>\n"
    html += "<p>\(totals(dayTotals.income, dayTotals.expense, language, money))</p>\n<ul>\n"
    for entry in calendar.selectedEntries {
      let kind = entry.kind == .income ? "in" : "out"
      html += "<li class=\"\(kind)\">\(escape(language.label(for: entry.kind))) "
      html += "\(escape(money.string(Money(entry.amount)))) \(escape(entry.category))"
      html += entry.memo.isEmpty ? "</li>\n" : " — \(escape(entry.memo))</li>\n"
    }
    if calendar.selectedEntries.isEmpty { html += "<li>\(escape(language.noEntriesLabel))</li>\n" }
    return html + "</ul>\n</body></html>"
  }

  /// One day of the grid: its number and, when not zero, its income and expense.
  static func cell(_ cell: DayCell, _ money: MoneyFormatter) -> String {
    guard let number = cell.dayNumber else { return "<td></td>" }
    let classes = [cell.isToday ? "today" : "", cell.isSelected ? "selected" : ""]
    let names = classes.filter { !$0.isEmpty }.joined(separator: " ")
    var html = (names.isEmpty ? "<td>" : "<td class=\"\(names)\">") + "\(number)"
    if cell.income != .zero { html += "<br><span class=\"in\">+\(money.plain(cell.income))</span>" }
    if cell.expense != .zero {
      html += "<br><span class=\"out\">-\(money.plain(cell.expense))</span>"
    }
    return html + "</td>"
  }

  /// `Income ₩3,200,000 Expense ₩74,500`, in the calendar's language.
  static func totals(
    _ income: Money, _ expense: Money, _ language: DisplayLanguage, _ money: MoneyFormatter
  ) -> String {
    "<span class=\"in\">\(escape(language.label(for: .income))) \(escape(money.string(income)))"
      + "</span> <span class=\"out\">\(escape(language.label(for: .expense))) "
      + "\(escape(money.string(expense)))</span>"
  }

  /// Ledger text as HTML text: it can never open a tag or leave an attribute.
  static func escape(_ text: String) -> String {
    let entities: [Character: String] = [
      "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;",
    ]
    return text.map { entities[$0] ?? String($0) }.joined()
  }
}
