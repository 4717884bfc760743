import HannunDomain
import HannunPresentation

/// Draws the month page from a calendar's state: the title, totals and grid the terminal draws,
/// the selected day's entries, and the forms. It holds no calendar logic of its own; it only
/// arranges what `CalendarViewModel` says (taken as a ``MonthSnapshot``, so any thread draws it)
/// and escapes every text from the ledger.
struct MonthPage: Sendable {
  /// The calendar, in the page's state.
  let calendar: MonthSnapshot
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

  /// The whole page, drawn on the global executor, off the main actor.
  @concurrent
  func drawn() async -> String { render() }

  /// The whole page.
  func render() -> String {
    var html = ""
    // A month page is about 20 KB: written into room made once, not grown step by step.
    html.reserveCapacity(32_768)
    html += Layout.head(
      title: calendar.title, language: state.language,
      body: "data-month=\"\(state.month.iso)\" data-selected=\"\(state.day.iso)\" "
        + "data-shape=\"\(state.shape.rawValue)\" data-live=\"1\"")
    html += header()
    html += "<main>\n"
    html += totals()
    html += grid()
    html += entries()
    html += dueList()
    html += "</main>\n<section id=\"forms\">\n"
    for line in notice.map({ $0.split(separator: "\n") }) ?? [] {
      html += HTML.alert(String(line)) + "\n"
    }
    for line in info.map({ $0.split(separator: "\n") }) ?? [] {
      html += "<p class=\"notice\" role=\"status\">\(HTML.escape(String(line)))</p>\n"
    }
    html += panelHTML()
    html += moodForm()
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
    let other = state.language.other
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
    let otherMode: DisplayMode = state.mode == .emotion ? .amounts : .emotion
    html += "<a id=\"mode\" href=\"\(HTML.escape(state.path))&amp;mode=\(otherMode.rawValue)\">"
    html += HTML.escape(
      otherMode == .emotion ? state.language.emotionModeLabel : state.language.amountsModeLabel)
    html += "</a> "
    html += "<a id=\"lang\" href=\"\(HTML.escape(state.path))&amp;lang=\(other.rawValue)\" "
    html += "hreflang=\"\(other.rawValue)\">\(HTML.escape(text.otherLanguage))</a>"
    html += "<form id=\"picker\" method=\"get\" action=\"/month\">"
    html += "<label>\(HTML.escape(text.chooseMonth)) "
    html += "<input type=\"month\" name=\"month\" value=\"\(state.month.iso)\" required></label>"
    html += "<button type=\"submit\">\(HTML.escape(text.go))</button></form>"
    html += "</nav>\n"
    html += HouseholdFrame.navigation(state.language, current: "/")
    return html + "</header>\n"
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
    var html = ""
    if let error = calendar.loadError {
      html += HTML.alert(error) + "\n"
    }
    let totals: PeriodTotals
    switch calendar.headerTotals {
    case .known(let known): totals = known
    case .unavailable:
      // A month on screen could not be read: its totals are unknown, never ₩0.
      return html + "<p id=\"totals\" class=\"totals unavailable\">"
        + HTML.escape(state.language.totalsUnavailableLabel) + "</p>\n" + plannedTotals()
    case .tooLarge:
      return html + "<p class=\"totals error\" role=\"alert\">"
        + HTML.escape(state.language.totalsTooLargeLabel) + "</p>\n"
    }
    html += "<dl class=\"totals\">"
    html += "<div><dt>\(HTML.escape(text.income))</dt><dd id=\"income\" class=\"in\">"
    html += "\(HTML.escape(money.string(totals.income)))</dd></div>"
    html += "<div><dt>\(HTML.escape(text.expense))</dt><dd id=\"expense\" class=\"out\">"
    html += "\(HTML.escape(money.string(totals.expense)))</dd></div>"
    html += "<div><dt>\(HTML.escape(text.balance))</dt><dd id=\"balance\">"
    html += "\(HTML.escape(money.string(totals.balance)))</dd></div>"
    html += budget()
    return html + "</dl>\n" + plannedTotals()
  }

  /// What is left of the month's budget, or by how much it is over, in words as well as colour.
  private func budget() -> String {
    guard let status = calendar.budgetStatus, let left = Self.budgetLeft(status) else {
      return ""
    }
    let language = state.language
    let isOver = left.minorUnits < 0
    // A sum of positive limits less spending stays above Int64.min, so it can be negated.
    let amount = isOver ? Money(minorUnits: -left.minorUnits) : left
    var html = "<div><dt>\(HTML.escape(language.budgetLabel))</dt>"
    html += "<dd id=\"budget\" class=\"\(isOver ? "out over" : "in")\">"
    html += HTML.escape(money.string(amount)) + " "
    html += HTML.escape(isOver ? language.budgetOverLabel : language.budgetLeftLabel)
    return html + "</dd></div>"
  }

  /// What is left of a month's budget: the whole month's, or without one the categories'
  /// together; `nil` when a sum does not fit.
  static func budgetLeft(_ status: BudgetStatus) -> Money? {
    if let total = status.total { return total.remaining }
    var limit = Money.zero
    var spent = Money.zero
    do throws(LedgerError) {
      for line in status.categories {
        limit = try limit.adding(Money(line.limit))
        spent = try spent.adding(line.spent)
      }
      return try limit.subtracting(spent)
    } catch {
      return nil
    }
  }

  /// `~ 예정 수입 ₩0 지출 ₩650,000`: the month's planned totals, apart from the real ones.
  private func plannedTotals() -> String {
    guard calendar.hasPlanned else { return "" }
    let language = state.language
    guard let planned = calendar.plannedTotals else {
      return "<p id=\"planned\" class=\"planned error\">"
        + HTML.escape(language.totalsTooLargeLabel) + "</p>\n"
    }
    var html = "<p id=\"planned\" class=\"planned\"><span class=\"mark\">"
    html += HTML.escape(CellAmount.plannedMark + " " + language.plannedLabel) + "</span>"
    for (kind, value) in [(TransactionKind.income, planned.income), (.expense, planned.expense)] {
      html += " <span class=\"\(kind == .income ? "in" : "out")\">"
      html += HTML.escape(language.label(for: kind) + " " + money.string(value)) + "</span>"
    }
    return html + "</p>\n"
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
      html += "<tr>"
      for day in week { cell(day, into: &html) }
      html += "</tr>\n"
    }
    return html + "</tbody></table>\n"
  }

  /// A day's cell, appended to `html`: a month page draws forty-two, each written in place.
  private func cell(_ cell: DayCell, into html: inout String) {
    guard let day = cell.day else {
      html += "<td class=\"blank\"></td>"
      return
    }
    let iso = day.iso
    html += "<td class=\"day"
    if cell.isToday { html += " today" }
    if cell.isSelected { html += " selected" }
    let role = className(cell.role)
    if !role.isEmpty { html += " " + role }
    if !cell.isInShownMonth { html += " outside" }
    html += "\" data-day=\""
    html += iso
    // The day's page, `PageState.path(day:shape:)` escaped: its `&` is its only character to
    // escape.
    html += "\"><a href=\"/month/"
    html += day.yearMonth.iso
    html += "?day="
    html += iso
    if state.shape == .week { html += "&amp;shape=week" }
    html += cell.isSelected ? "\" aria-current=\"date\">" : "\">"
    html += "<span class=\"num\">"
    html += String(day.day)
    html += "</span>"
    switch calendar.displayMode {
    case .amounts where cell.isUnreadable:
      // The day's month could not be read: its amounts are unknown, and a blank would say none.
      html += "<span class=\"unreadable\" title=\""
      html += HTML.escape(state.language.totalsUnavailableLabel)
      html += "\">" + DayCell.unreadableMark + "</span>"
    case .amounts:
      if cell.income != .zero { amount(cell.income, class: "in", sign: "+", into: &html) }
      if cell.expense != .zero { amount(cell.expense, class: "out", sign: "-", into: &html) }
      let mark = CellAmount.plannedMark
      if cell.plannedIncome != .zero {
        amount(cell.plannedIncome, class: "in planned", sign: mark + "+", into: &html)
      }
      if cell.plannedExpense != .zero {
        amount(cell.plannedExpense, class: "out planned", sign: mark + "-", into: &html)
      }
    case .emotion:
      if let mood = cell.mood {
        let name = HTML.escape(state.language.name(of: mood))
        html += "<span class=\"mood\" title=\"\(name)\" role=\"img\" aria-label=\"\(name)\">"
        html += "\(mood.emoji)</span>"
      }
    case .dateOnly:
      break
    }
    html += "</a></td>"
  }

  /// A day's total, short enough for a seventh of a phone's width (`3.5만`, `35K`), with the
  /// exact amount as its title, appended to `html`.
  private func amount(
    _ value: Money, class name: String, sign: String, into html: inout String
  ) {
    // The exact amount is the first short form tried: when it fits, no other is worked out. It
    // is ASCII (digits, `,`, `.`, `-`), and every short form is one scalar a character (digits,
    // `≈`, a unit), so their characters are counted as bytes and scalars.
    let plain = money.plain(value)
    let short =
      plain.utf8.count <= 6
      ? plain
      : money.compact(value, language: state.language) { $0.unicodeScalars.count <= 6 }?.text
        ?? plain
    let exact =
      name.hasSuffix("planned")
      ? state.language.plannedLabel + " " + money.string(value) : money.string(value)
    html += "<span class=\"" + name + "\" title=\""
    html += HTML.escape(exact)
    html += "\">"
    html += HTML.escape(sign + short)
    html += "</span>"
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
    var html = "<section id=\"day\">" + dayHeading(day) + "\n<ul id=\"entries\">\n"
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
    let planned = calendar.selectedPlanned
    for occurrence in planned {
      html += occurrenceItem(occurrence, showsDay: false)
    }
    if list.isEmpty && planned.isEmpty {
      let label =
        calendar.selectedDayIsUnreadable ? state.language.entriesUnavailableLabel : text.noEntries
      html += "<li class=\"empty\">\(HTML.escape(label))</li>\n"
    }
    return html + "</ul></section>\n"
  }

  /// The selected day's heading: its date (and `오늘`), then its income and expense and its
  /// mood with the note, as the terminal's day heading has them.
  private func dayHeading(_ day: Day) -> String {
    let language = state.language
    var html = "<h2>\(HTML.escape(language.title(of: day)))"
    if day == calendar.today {
      html += " <span class=\"today-tag\">\(HTML.escape(language.todayLabel))</span>"
    }
    html += "</h2><p id=\"day-summary\">"
    let totals = calendar.selectedSummary
    if calendar.selectedDayIsUnreadable {
      html += "<span class=\"unavailable\">"
      html += HTML.escape(language.totalsUnavailableLabel) + "</span> "
    } else {
      for (kind, value) in [(TransactionKind.income, totals.income), (.expense, totals.expense)] {
        html += "<span class=\"\(kind == .income ? "in" : "out")\">"
        html += HTML.escape(language.label(for: kind) + " " + money.string(value)) + "</span> "
      }
    }
    if let mood = calendar.selectedMood {
      html += "<span class=\"mood\">\(HTML.escape(language.moodLabel)) \(mood.mood.emoji) "
      html += HTML.escape(language.name(of: mood.mood)) + "</span>"
      if !mood.note.isEmpty {
        html += " <span class=\"mood-note\">\(HTML.escape(mood.note))</span>"
      }
    }
    return html + "</p>"
  }

  /// A planned occurrence in a list, dim and marked `~ 예정`; when it is due, with its confirm
  /// and skip buttons and the link that changes it this time.
  private func occurrenceItem(_ occurrence: Occurrence, showsDay: Bool) -> String {
    let language = state.language
    let kind = occurrence.kind == .income ? "in" : "out"
    let rule = HTML.escape(occurrence.key.rule.rawValue)
    var html = "<li class=\"entry planned \(occurrence.kind.rawValue)\" data-rule=\"\(rule)\" "
    html += "data-date=\"\(occurrence.key.date.iso)\">"
    html += "<span class=\"mark\">"
    html += HTML.escape(CellAmount.plannedMark + " " + language.plannedLabel) + "</span>"
    if showsDay {
      html += "<a class=\"when\" href=\"\(HTML.escape(state.moved(to: occurrence.day).path))\">"
      html += "\(HTML.escape(language.shortTitle(of: occurrence.day)))</a>"
    }
    html += "<span class=\"category\">\(HTML.escape(occurrence.category))</span>"
    if !occurrence.memo.isEmpty {
      html += "<span class=\"memo\">\(HTML.escape(occurrence.memo))</span>"
    }
    html += "<span class=\"amount \(kind)\">\(occurrence.kind == .income ? "+" : "-")"
    html += "\(HTML.escape(money.string(Money(occurrence.amount))))</span>"
    if occurrence.key.date <= calendar.today || occurrence.day <= calendar.today {
      html += "<span class=\"actions\">"
      html += dueButton("/due/confirm", occurrence, label: language.confirmLabel)
      html += dueButton("/due/skip", occurrence, label: language.skipLabel)
      let ruleParameter = Layout.pathComponent(occurrence.key.rule.rawValue)
      html += "<a class=\"change\" href=\"/due/change?rule=\(ruleParameter)"
      html += "&amp;date=\(occurrence.key.date.iso)\">\(HTML.escape(language.changeOnceLabel))</a>"
      html += "</span>"
    }
    return html + "</li>\n"
  }

  /// A one-button form that sends an intent about a due occurrence.
  private func dueButton(_ action: String, _ occurrence: Occurrence, label: String) -> String {
    let name = action.split(separator: "/").last.map(String.init) ?? ""
    var html = "<form class=\"due-action \(name)\" method=\"post\" action=\"\(action)\">"
    html += "<input type=\"hidden\" name=\"csrf\" value=\"\(HTML.escape(csrf))\">"
    html += "<input type=\"hidden\" name=\"rule\" "
    html += "value=\"\(HTML.escape(occurrence.key.rule.rawValue))\">"
    html += "<input type=\"hidden\" name=\"date\" value=\"\(occurrence.key.date.iso)\">"
    html += "<input type=\"hidden\" name=\"back\" value=\"\(HTML.escape(state.path))\">"
    html += "<input type=\"hidden\" name=\"key\" value=\"\(IdempotencyKey.marker)\">"
    return html + "<button type=\"submit\">\(HTML.escape(label))</button></form>"
  }

  /// Every recurring occurrence due by today and not yet confirmed or skipped, oldest first,
  /// each with its actions; nothing when none is.
  private func dueList() -> String {
    let due = calendar.due
    guard !due.isEmpty else { return "" }
    var html = "<section id=\"due\"><h2>\(HTML.escape(state.language.dueTitle))</h2>"
    html += "<ul class=\"due\">\n"
    for occurrence in due { html += occurrenceItem(occurrence, showsDay: true) }
    html += "</ul><form class=\"due-action confirm-all\" method=\"post\" "
    html += "action=\"/due/confirm-all\">"
    html += "<input type=\"hidden\" name=\"csrf\" value=\"\(HTML.escape(csrf))\">"
    html += "<input type=\"hidden\" name=\"back\" value=\"\(HTML.escape(state.path))\">"
    html += "<input type=\"hidden\" name=\"key\" value=\"\(IdempotencyKey.marker)\">"
    html += "<button type=\"submit\">\(HTML.escape(state.language.confirmAllLabel))</button>"
    return html + "</form></section>\n"
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
      // Its day: where a delete sent again after a restart lands once the entry is gone.
      html += "<input type=\"hidden\" name=\"day\" value=\"\(entry.day.iso)\">"
      html += "<input type=\"hidden\" name=\"key\" value=\"\(IdempotencyKey.marker)\">"
      html += "<button type=\"submit\" class=\"danger\">\(HTML.escape(text.yesDelete))</button> "
      html += "<a class=\"cancel\" href=\"\(HTML.escape(state.path))\">"
      return html + "\(HTML.escape(text.cancel))</a></form>\n"
    case .changeOccurrence(let occurrence, let values, let error):
      return changeOccurrenceForm(occurrence, values, error: error)
    }
  }

  /// The form that changes one due or planned occurrence: its amount, memo and day this time.
  private func changeOccurrenceForm(
    _ occurrence: Occurrence, _ values: OccurrenceValues, error: String?
  ) -> String {
    let language = state.language
    var html = "<form id=\"change-occurrence\" method=\"post\" action=\"/due/change\">"
    html += "<h2>\(HTML.escape(language.changeOccurrenceTitle))</h2>"
    if let error { html += HTML.alert(error) }
    html += "<p class=\"question\">"
    html += HTML.escape(
      occurrence.category + " " + money.string(Money(occurrence.amount)) + " "
        + occurrence.day.iso)
    html += "</p><input type=\"hidden\" name=\"csrf\" value=\"\(HTML.escape(csrf))\">"
    html += "<input type=\"hidden\" name=\"rule\" "
    html += "value=\"\(HTML.escape(occurrence.key.rule.rawValue))\">"
    html += "<input type=\"hidden\" name=\"date\" value=\"\(occurrence.key.date.iso)\">"
    html += "<input type=\"hidden\" name=\"key\" value=\"\(IdempotencyKey.marker)\">"
    for (name, label, value) in [
      ("amount", text.amount, values.amount), ("memo", text.memo, values.memo),
      ("day", text.date, values.day),
    ] {
      html += "<label class=\"field\"><span>\(HTML.escape(label))</span>"
      html += "<input name=\"\(name)\" value=\"\(HTML.escape(value))\" autocomplete=\"off\">"
      html += "</label>"
    }
    html += "<button type=\"submit\">\(HTML.escape(text.save))</button> "
    html += "<a class=\"cancel\" href=\"\(HTML.escape(state.path))\">"
    return html + "\(HTML.escape(text.cancel))</a></form>\n"
  }

  /// The selected day's mood: one of the diary's moods (or none) and a note; saved as one undo
  /// step of this browser.
  private func moodForm() -> String {
    let day = calendar.selectedDay
    let current = calendar.selectedMood
    let language = state.language
    var html = "<form id=\"mood\" method=\"post\" action=\"/moods\">"
    html += "<h2>\(HTML.escape(language.moodLabel)) · \(HTML.escape(language.shortTitle(of: day)))"
    html += "</h2><input type=\"hidden\" name=\"csrf\" value=\"\(HTML.escape(csrf))\">"
    html += "<input type=\"hidden\" name=\"day\" value=\"\(day.iso)\">"
    html += "<input type=\"hidden\" name=\"key\" value=\"\(IdempotencyKey.marker)\">"
    html += "<fieldset class=\"moods\"><legend>\(HTML.escape(language.moodLabel))</legend>"
    html += "<label><input type=\"radio\" name=\"mood\" value=\"\""
    html += current == nil ? " checked>" : ">"
    html += " —</label>"
    for mood in Mood.allCases {
      let name = HTML.escape(language.name(of: mood))
      html += "<label><input type=\"radio\" name=\"mood\" value=\"\(mood.rawValue)\""
      html += current?.mood == mood ? " checked>" : ">"
      html += " \(mood.emoji) \(name)</label>"
    }
    html += "</fieldset><label class=\"field\"><span>\(HTML.escape(text.memo))</span>"
    html += "<input name=\"note\" value=\"\(HTML.escape(current?.note ?? ""))\" "
    html += "autocomplete=\"off\"></label>"
    return html + "<button type=\"submit\">\(HTML.escape(text.save))</button></form>\n"
  }

  private func undoForm() -> String {
    "<form id=\"undo\" method=\"post\" action=\"/undo\">"
      + "<input type=\"hidden\" name=\"csrf\" value=\"\(HTML.escape(csrf))\">"
      + "<input type=\"hidden\" name=\"back\" value=\"\(HTML.escape(state.path))\">"
      + "<input type=\"hidden\" name=\"key\" value=\"\(IdempotencyKey.marker)\">"
      + "<button type=\"submit\">\(HTML.escape(text.undo))</button></form>\n"
      + "<form id=\"redo\" method=\"post\" action=\"/redo\">"
      + "<input type=\"hidden\" name=\"csrf\" value=\"\(HTML.escape(csrf))\">"
      + "<input type=\"hidden\" name=\"back\" value=\"\(HTML.escape(state.path))\">"
      + "<input type=\"hidden\" name=\"key\" value=\"\(IdempotencyKey.marker)\">"
      + "<button type=\"submit\">\(HTML.escape(state.language.redoLabel))</button></form>\n"
  }
}
