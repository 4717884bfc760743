import HannunDomain
import HannunPresentation

/// Draws the month page from a calendar's state: the title, totals and grid the terminal draws,
/// the selected day's entries, and the forms. It holds no calendar logic of its own; it only
/// arranges what `CalendarViewModel` says and escapes every text from the ledger.
@MainActor
struct MonthPage {
  /// The calendar, in the page's state.
  let calendar: CalendarViewModel
  /// The page's month, day, shape and language.
  let state: PageState
  /// The token every form carries.
  let csrf: String
  /// The form or question below the calendar.
  let panel: PagePanel
  /// A message above the forms (a refused undo), or `nil`.
  var notice: String?
  /// News above the forms that is not an error (the ledger just created), or `nil`.
  var info: String?

  private var text: WebText { WebText(language: state.language) }
  private var money: MoneyFormatter { calendar.money }

  /// The whole page.
  func render() -> String {
    var html = Layout.head(
      title: calendar.title, language: state.language,
      body: "data-month=\"\(state.month.iso)\" data-selected=\"\(state.day.iso)\" "
        + "data-shape=\"\(state.shape.rawValue)\" data-live=\"1\"")
    html += header()
    html += "<main>\n"
    html += totals()
    html += grid()
    html += entries()
    html += "</main>\n<section id=\"forms\">\n"
    if let notice {
      html += HTML.alert(notice) + "\n"
    }
    if let info {
      html += "<p class=\"notice\" role=\"status\">\(HTML.escape(info))</p>\n"
    }
    html += panelHTML()
    html += undoForm()
    html += "</section>\n"
    return html + Layout.tail
  }

  // MARK: - Header

  private func header() -> String {
    let (previous, next) = neighbours()
    let shapeLink =
      state.shape == .week
      ? PageState.path(day: state.day) : PageState.path(day: state.day, shape: .week)
    let other: DisplayLanguage = state.language == .korean ? .english : .korean
    var html = "<header>\n<nav class=\"months\">"
    html += link(
      id: "prev", previous.map { PageState.path(day: $0, shape: state.shape) },
      label: "‹", title: state.shape == .week ? text.previousWeek : text.previous)
    html += "<h1 id=\"title\">\(HTML.escape(calendar.title))</h1>"
    html += link(
      id: "next", next.map { PageState.path(day: $0, shape: state.shape) },
      label: "›", title: state.shape == .week ? text.nextWeek : text.next)
    html += "</nav>\n<nav class=\"tools\">"
    html +=
      "<a id=\"today\" href=\"/month/\(calendar.today.yearMonth.iso)?day=\(calendar.today.iso)"
    html += state.shape == .week ? "&amp;shape=week\">" : "\">"
    html += "\(HTML.escape(text.today))</a> "
    html += "<a id=\"shape\" href=\"\(HTML.escape(shapeLink))\">"
    html += HTML.escape(state.shape == .week ? text.showMonth : text.showWeek) + "</a> "
    html += "<a id=\"lang\" href=\"\(HTML.escape(state.path))&amp;lang=\(other.rawValue)\" "
    html += "hreflang=\"\(other.rawValue)\">\(HTML.escape(text.otherLanguage))</a>"
    html += "<form id=\"picker\" method=\"get\" action=\"/month\">"
    html += "<label>\(HTML.escape(text.chooseMonth)) "
    html += "<input type=\"month\" name=\"month\" value=\"\(state.month.iso)\" required></label>"
    html += "<button type=\"submit\">\(HTML.escape(text.go))</button></form>"
    return html + "</nav>\n</header>\n"
  }

  /// The days the previous and next links select: a month away (the 1st, or today in today's
  /// month) or, in week shape, a week away; `nil` at the ends of the supported range.
  private func neighbours() -> (Day?, Day?) {
    switch state.shape {
    case .week:
      return (state.day.adding(days: -7), state.day.adding(days: 7))
    case .month:
      func landing(_ month: YearMonth?) -> Day? {
        guard let month else { return nil }
        return calendar.today.yearMonth == month ? calendar.today : month.firstDay
      }
      return (
        landing(try? state.month.adding(months: -1)), landing(try? state.month.adding(months: 1))
      )
    }
  }

  private func link(id: String, _ path: String?, label: String, title: String) -> String {
    guard let path else { return "<span id=\"\(id)\" class=\"disabled\">\(label)</span>" }
    return "<a id=\"\(id)\" href=\"\(HTML.escape(path))\" title=\"\(HTML.escape(title))\" "
      + "aria-label=\"\(HTML.escape(title))\">\(label)</a>"
  }

  // MARK: - Calendar

  private func totals() -> String {
    guard let totals = try? calendar.shownTotals() else {
      return "<p class=\"totals error\" role=\"alert\">"
        + HTML.escape(state.language.totalsTooLargeLabel) + "</p>\n"
    }
    var html = ""
    if let error = calendar.loadError {
      html += HTML.alert(error) + "\n"
    }
    html += "<dl class=\"totals\">"
    html += "<div><dt>\(HTML.escape(text.income))</dt><dd id=\"income\" class=\"in\">"
    html += "\(HTML.escape(money.string(totals.income)))</dd></div>"
    html += "<div><dt>\(HTML.escape(text.expense))</dt><dd id=\"expense\" class=\"out\">"
    html += "\(HTML.escape(money.string(totals.expense)))</dd></div>"
    html += "<div><dt>\(HTML.escape(text.balance))</dt><dd id=\"balance\">"
    html += "\(HTML.escape(money.string(totals.balance)))</dd></div>"
    return html + "</dl>\n"
  }

  private func grid() -> String {
    var html = "<table id=\"grid\" class=\"\(state.shape.rawValue)\"><thead><tr>"
    for weekday in calendar.weekdays {
      let role = className(WeekdayRole(weekday))
      html += "<th\(role.isEmpty ? "" : " class=\"\(role)\"")>"
      html += "\(HTML.escape(state.language.shortName(of: weekday)))</th>"
    }
    html += "</tr></thead>\n<tbody>\n"
    for week in calendar.weeks {
      html += "<tr>" + week.map(cell).joined() + "</tr>\n"
    }
    return html + "</tbody></table>\n"
  }

  private func cell(_ cell: DayCell) -> String {
    guard let day = cell.day else { return "<td class=\"blank\"></td>" }
    var classes = ["day"]
    if cell.isToday { classes.append("today") }
    if cell.isSelected { classes.append("selected") }
    let role = className(cell.role)
    if !role.isEmpty { classes.append(role) }
    if !cell.isInShownMonth { classes.append("outside") }
    let target = PageState.path(day: day, shape: state.shape)
    var html = "<td class=\"\(classes.joined(separator: " "))\" data-day=\"\(day.iso)\">"
    html += "<a href=\"\(HTML.escape(target))\""
    html += cell.isSelected ? " aria-current=\"date\">" : ">"
    html += "<span class=\"num\">\(day.day)</span>"
    if calendar.displayMode == .amounts {
      if cell.income != .zero { html += amount(cell.income, class: "in", sign: "+") }
      if cell.expense != .zero { html += amount(cell.expense, class: "out", sign: "-") }
    }
    return html + "</a></td>"
  }

  /// A day's total, short enough for a seventh of a phone's width (`3.5만`, `35K`), with the
  /// exact amount as its title.
  private func amount(_ value: Money, class name: String, sign: String) -> String {
    let short =
      money.compact(value, language: state.language) { $0.count <= 6 }?.text
      ?? money.plain(value)
    return "<span class=\"\(name)\" title=\"\(HTML.escape(money.string(value)))\">"
      + "\(HTML.escape(sign + short))</span>"
  }

  private func className(_ role: WeekdayRole) -> String {
    switch role {
    case .sunday: "sun"
    case .saturday: "sat"
    case .weekday: ""
    }
  }

  private func entries() -> String {
    let day = calendar.selectedDay
    var html = "<section id=\"day\"><h2>\(HTML.escape(state.language.title(of: day)))</h2>\n"
    html += "<ul id=\"entries\">\n"
    let list = calendar.selectedEntries
    for entry in list {
      let kind = entry.kind == .income ? "in" : "out"
      html +=
        "<li class=\"entry \(entry.kind.rawValue)\" data-id=\"\(HTML.escape(entry.id.rawValue))\">"
      html += "<span class=\"category\">\(HTML.escape(entry.category))</span>"
      if !entry.memo.isEmpty { html += "<span class=\"memo\">\(HTML.escape(entry.memo))</span>" }
      html += "<span class=\"amount \(kind)\">\(entry.kind == .income ? "+" : "-")"
      html += "\(HTML.escape(money.string(Money(entry.amount))))</span>"
      let id = Layout.pathComponent(entry.id.rawValue)
      html += "<span class=\"actions\"><a class=\"edit\" href=\"/entries/\(id)/edit\">"
      html += "\(HTML.escape(text.edit))</a> <a class=\"delete\" href=\"/entries/\(id)/delete\">"
      html += "\(HTML.escape(text.delete))</a></span></li>\n"
    }
    if list.isEmpty { html += "<li class=\"empty\">\(HTML.escape(text.noEntries))</li>\n" }
    return html + "</ul></section>\n"
  }

  // MARK: - Forms

  private func panelHTML() -> String {
    switch panel {
    case .add(let values, let error):
      return EntryForm(
        text: text, id: "add", action: "/entries", title: text.addTitle, button: text.add,
        values: values, error: error, csrf: csrf, month: state.month, version: nil,
        cancel: nil
      ).render()
    case .edit(let id, let version, let values, let error):
      return EntryForm(
        text: text, id: "edit", action: "/entries/\(Layout.pathComponent(id.rawValue))",
        title: text.editTitle, button: text.save, values: values, error: error, csrf: csrf,
        month: state.month, version: version, cancel: state.path
      ).render()
    case .delete(let entry, let error):
      let label = entry.memo.isEmpty ? entry.category : entry.memo
      var html = "<form id=\"delete\" method=\"post\" "
      html += "action=\"/entries/\(Layout.pathComponent(entry.id.rawValue))/delete\">"
      html += "<h2>\(HTML.escape(text.deleteTitle))</h2>"
      if let error { html += HTML.alert(error) }
      html += "<p class=\"question\">"
      html += HTML.escape(text.deleteQuestion(label, money.string(Money(entry.amount))))
      html += "</p><input type=\"hidden\" name=\"csrf\" value=\"\(HTML.escape(csrf))\">"
      html += "<input type=\"hidden\" name=\"version\" value=\"\(entry.webVersion)\">"
      html += "<button type=\"submit\" class=\"danger\">\(HTML.escape(text.yesDelete))</button> "
      html += "<a class=\"cancel\" href=\"\(HTML.escape(state.path))\">"
      return html + "\(HTML.escape(text.cancel))</a></form>\n"
    }
  }

  private func undoForm() -> String {
    "<form id=\"undo\" method=\"post\" action=\"/undo\">"
      + "<input type=\"hidden\" name=\"csrf\" value=\"\(HTML.escape(csrf))\">"
      + "<input type=\"hidden\" name=\"back\" value=\"\(HTML.escape(state.path))\">"
      + "<input type=\"hidden\" name=\"key\" value=\"\(IdempotencyKey.marker)\">"
      + "<button type=\"submit\">\(HTML.escape(text.undo))</button></form>\n"
  }
}
