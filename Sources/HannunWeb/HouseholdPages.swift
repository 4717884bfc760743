import HannunDomain
import HannunPresentation

/// The frame of the household's pages beside the calendar (budgets, recurring rules, search,
/// categories): the links between them, the title, what the last write said, then the content.
struct HouseholdFrame {
  /// The page's language.
  let language: DisplayLanguage
  /// The token every form carries.
  let csrf: String
  /// Errors to announce (a refusal), one a line.
  var alerts: [String] = []
  /// News that is not an error (a budget set), one a line.
  var news: [String] = []

  /// The links to every page; `current` is marked as the page shown.
  static func navigation(_ language: DisplayLanguage, current: String) -> String {
    let links = [
      ("/", language.calendarTitle), ("/report", language.reportTitle),
      ("/year", language.yearLabel), ("/budgets", language.budgetsTitle),
      ("/recurring", language.recurringTitle), ("/search", language.searchTitle),
      ("/categories", language.categoriesTitle), ("/moods", language.moodReportTitle),
      ("/import", language.web.importTitle), ("/export", language.exportTitle),
    ]
    var html = "<nav id=\"features\">"
    for (path, label) in links {
      html += "<a href=\"\(path)\"" + (path == current ? " aria-current=\"page\">" : ">")
      html += HTML.escape(label) + "</a>"
    }
    return html + "</nav>\n"
  }

  /// A whole page.
  /// - Parameters:
  ///   - title: The page's heading.
  ///   - path: The page's address, for the current link.
  ///   - content: The page's own HTML, escaped.
  func render(title: String, path: String, content: String) -> String {
    var html = Layout.head(title: title, language: language, body: "data-page=\"\(path)\"")
    html += "<header>" + Self.navigation(language, current: path) + "</header>\n<main>\n"
    html += "<h1 id=\"title\">\(HTML.escape(title))</h1>\n"
    for line in alerts { html += HTML.alert(line) + "\n" }
    for line in news { html += "<p class=\"notice\" role=\"status\">\(HTML.escape(line))</p>\n" }
    return html + content + "</main>\n" + Layout.tail
  }

  /// The hidden CSRF field of a form, and its idempotency key (``IdempotencyKey``).
  var csrfField: String {
    "<input type=\"hidden\" name=\"csrf\" value=\"\(HTML.escape(csrf))\">"
      + "<input type=\"hidden\" name=\"key\" value=\"\(IdempotencyKey.marker)\">"
  }

  /// The fields of a span of months (`from`, `to`, as `YYYY-MM` or blank) and the button that
  /// opens it: the inside of a page's span form.
  static func monthSpan(_ from: String, _ to: String, language: DisplayLanguage) -> String {
    field("from", language.fromLabel, from, type: "month")
      + field("to", language.toLabel, to, type: "month")
      + "<button type=\"submit\">\(HTML.escape(WebText(language: language).go))</button>"
  }

  /// A labelled text field.
  static func field(_ name: String, _ label: String, _ value: String, type: String = "text")
    -> String
  {
    "<label class=\"field\"><span>\(HTML.escape(label))</span><input type=\"\(type)\" "
      + "name=\"\(name)\" value=\"\(HTML.escape(value))\" autocomplete=\"off\"></label>"
  }
}

/// The budgets of a month: each budget's limit, what was spent and what is left (in words and
/// figures, not colour alone), with the forms that set, change and remove them.
struct BudgetsPage {
  let frame: HouseholdFrame
  let month: YearMonth
  let status: BudgetStatus?
  let money: MoneyFormatter
  /// The set form's fields as typed: category, amount, month.
  var typed = (category: "", amount: "", month: "")

  func render() -> String {
    let language = frame.language
    var html = "<nav class=\"months\">"
    if let previous = try? month.adding(months: -1) {
      html += "<a id=\"prev\" href=\"/budgets?month=\(previous.iso)\">‹</a>"
    }
    html += "<h2>\(HTML.escape(language.title(of: month)))</h2>"
    if let next = try? month.adding(months: 1) {
      html += "<a id=\"next\" href=\"/budgets?month=\(next.iso)\">›</a>"
    }
    html += "</nav>\n"
    if let status, !status.isEmpty {
      html += "<table id=\"budgets\"><thead><tr><th>\(HTML.escape(language.budgetLabel))</th>"
      html += "<th>\(HTML.escape(language.limitLabel))</th>"
      html += "<th>\(HTML.escape(language.spentLabel))</th>"
      html += "<th>\(HTML.escape(language.leftLabel))</th><th></th></tr></thead><tbody>\n"
      for line in status.lines { html += row(line) }
      html += "</tbody></table>\n"
    } else {
      html += "<p class=\"empty\">\(HTML.escape(language.noBudgetLabel))</p>\n"
    }
    html += "<form id=\"set-budget\" method=\"post\" action=\"/budgets/set\">"
    html += "<h2>\(HTML.escape(language.setBudgetTitle))</h2>" + frame.csrfField
    html += HouseholdFrame.field("category", language.budgetCategoryLabel, typed.category)
    html += HouseholdFrame.field("amount", language.limitLabel, typed.amount)
    html += HouseholdFrame.field(
      "month", language.fromMonthLabel, typed.month.isEmpty ? month.iso : typed.month,
      type: "month")
    html += "<button type=\"submit\">\(HTML.escape(language.setLabel))</button></form>\n"
    return frame.render(title: language.budgetsTitle, path: "/budgets", content: html)
  }

  private func row(_ line: BudgetLine) -> String {
    let language = frame.language
    let name = line.scope.category ?? language.budgetTotalLabel
    let over = line.isOver
    // A limit is positive, so `remaining` is above Int64.min and can be negated.
    let left = over ? Money(minorUnits: -line.remaining.minorUnits) : line.remaining
    var html = "<tr class=\"\(over ? "over" : "within")\" data-scope=\"\(HTML.escape(name))\">"
    html += "<th scope=\"row\">\(HTML.escape(name))</th>"
    html += "<td>\(HTML.escape(money.string(Money(line.limit))))</td>"
    html += "<td>\(HTML.escape(money.string(line.spent)))</td>"
    html += "<td class=\"\(over ? "out" : "in")\">\(HTML.escape(money.string(left))) "
    html += HTML.escape(over ? language.budgetOverLabel : language.budgetLeftLabel) + "</td>"
    html += "<td><form class=\"remove\" method=\"post\" action=\"/budgets/remove\">"
    html += frame.csrfField
    html += "<input type=\"hidden\" name=\"category\" "
    html += "value=\"\(HTML.escape(line.scope.category ?? ""))\">"
    html += "<input type=\"hidden\" name=\"month\" value=\"\(month.iso)\">"
    html += "<button type=\"submit\" class=\"danger\">\(HTML.escape(language.removeLabel))"
    return html + "</button></form></td></tr>\n"
  }
}

/// The search page: the words and category asked, then every entry found with its day (a link
/// to the calendar on that day) and its edit link, and the found entries' totals.
@MainActor
struct SearchPage {
  /// How many results a page shows.
  static let pageSize = 50

  let frame: HouseholdFrame
  let fields: SearchFields
  let search: TransactionSearchViewModel?
  let money: MoneyFormatter

  func render() -> String {
    let language = frame.language
    let text = WebText(language: language)
    var html = "<form id=\"search\" method=\"get\" action=\"/search\">"
    html += HouseholdFrame.field("q", language.searchWordsLabel, fields.text, type: "search")
    html += HouseholdFrame.field("category", text.category, fields.category)
    // The kind, days and amounts, open when one of them is given.
    let narrowed = [fields.kind, fields.from, fields.to, fields.minimum, fields.maximum]
      .contains { !$0.isEmpty }
    html += "<details class=\"filters\"\(narrowed ? " open" : "")>"
    html += "<summary>\(HTML.escape(language.moreFiltersLabel))</summary>"
    html += "<label class=\"field\"><span>\(HTML.escape(text.kind))</span><select name=\"kind\">"
    let kind = (try? TransactionRules.kind(fields.kind))?.rawValue ?? ""
    for (value, label) in [
      ("", language.anyKindLabel), ("expense", language.label(for: .expense)),
      ("income", language.label(for: .income)),
    ] {
      html += "<option value=\"\(value)\"\(value == kind ? " selected" : "")>"
      html += "\(HTML.escape(label))</option>"
    }
    html += "</select></label>"
    html += HouseholdFrame.field("from", language.fromLabel, fields.from, type: "date")
    html += HouseholdFrame.field("to", language.toLabel, fields.to, type: "date")
    html += HouseholdFrame.field("min", language.minimumLabel, fields.minimum)
    html += HouseholdFrame.field("max", language.maximumLabel, fields.maximum)
    html += "</details>"
    html += "<button type=\"submit\">\(HTML.escape(language.searchButton))</button></form>\n"
    if let search, search.query != nil {
      let paging = search.paging
      let results = search.results[paging.range]
      html += "<p id=\"found\">\(HTML.escape(language.foundCount(search.results.count)))"
      html += " <span class=\"in\">"
      html += HTML.escape(language.label(for: .income) + " " + money.string(search.totals.income))
      html += "</span> <span class=\"out\">"
      html += HTML.escape(
        language.label(for: .expense) + " " + money.string(search.totals.expense))
      html += "</span></p>\n<ul id=\"results\">\n"
      for entry in results {
        let id = Layout.pathComponent(entry.id.rawValue)
        html +=
          "<li class=\"entry \(entry.kind.rawValue)\" data-id=\"\(HTML.escape(entry.id.rawValue))\">"
        html += "<a class=\"when\" href=\"\(HTML.escape(PageState.path(day: entry.day)))\">"
        html += "\(entry.day.iso)</a>"
        html += "<span class=\"category\">\(HTML.escape(entry.category))</span>"
        if !entry.memo.isEmpty {
          html += "<span class=\"memo\">\(HTML.escape(entry.memo))</span>"
        }
        html += "<span class=\"amount \(entry.kind == .income ? "in" : "out")\">"
        html += (entry.kind == .income ? "+" : "-")
        html += HTML.escape(money.string(Money(entry.amount))) + "</span>"
        html += "<a class=\"edit\" href=\"/entries/\(id)/edit\">"
        html += HTML.escape(WebText(language: language).edit) + "</a></li>\n"
      }
      if results.isEmpty {
        html += "<li class=\"empty\">\(HTML.escape(language.nothingFound))</li>\n"
      }
      html += "</ul>\n" + pageLinks(paging)
    }
    return frame.render(title: language.searchTitle, path: "/search", content: html)
  }

  /// The links to the pages of results before and after the one shown, each keeping the query.
  private func pageLinks(_ paging: Paging) -> String {
    guard paging.count > 1 else { return "" }
    let language = frame.language
    var html = "<nav class=\"pages\">"
    if paging.hasPrevious {
      html += "<a rel=\"prev\" href=\"\(HTML.escape(address(page: paging.number - 1)))\">"
      html += "\(HTML.escape(language.previousPageLabel))</a>"
    }
    html += "<span>\(HTML.escape(language.pageOf(paging.number, paging.count)))</span>"
    if paging.hasNext {
      html += "<a rel=\"next\" href=\"\(HTML.escape(address(page: paging.number + 1)))\">"
      html += "\(HTML.escape(language.nextPageLabel))</a>"
    }
    return html + "</nav>\n"
  }

  /// This search's address on page `page`: the fields given, then the page.
  private func address(page: Int) -> String {
    let given = [
      ("q", fields.text), ("category", fields.category), ("kind", fields.kind),
      ("from", fields.from), ("to", fields.to), ("min", fields.minimum), ("max", fields.maximum),
    ].filter { !$0.1.isEmpty }
    let parts = given.map { "\($0.0)=\(Layout.pathComponent($0.1))" } + ["page=\(page)"]
    return "/search?" + parts.joined(separator: "&")
  }
}

/// Every category of the ledger with its total and count, each with the form that renames it
/// (a name already in use merges the two).
struct CategoriesPage {
  let frame: HouseholdFrame
  let categories: [CategoryTotal]
  /// The months listed, or `nil` for all time.
  let span: ClosedRange<YearMonth>?
  let money: MoneyFormatter

  func render() -> String {
    let language = frame.language
    var html = "<form id=\"span\" method=\"get\" action=\"/categories\">"
    html += HouseholdFrame.monthSpan(
      span?.lowerBound.iso ?? "", span?.upperBound.iso ?? "", language: language)
    if span != nil {
      html +=
        " <a id=\"all-time\" href=\"/categories\">\(HTML.escape(language.screens.allTime))</a>"
    }
    html += "</form>\n<table id=\"categories\"><thead><tr>"
    html += "<th>\(HTML.escape(language.categoriesTitle))</th>"
    html += "<th>\(HTML.escape(WebText(language: language).kind))</th>"
    html += "<th>\(HTML.escape(WebText(language: language).amount))</th>"
    html += "<th>\(HTML.escape(language.countLabel))</th>"
    html += "<th>\(HTML.escape(language.renameButton))</th></tr></thead><tbody>\n"
    for total in categories {
      let name = HTML.escape(total.category)
      html += "<tr data-category=\"\(name)\"><th scope=\"row\">"
      html +=
        "<a href=\"/search?category=\(Layout.pathComponent(total.category))\">\(name)</a></th>"
      html += "<td>\(HTML.escape(language.label(for: total.kind)))</td>"
      html += "<td class=\"\(total.kind == .income ? "in" : "out")\">"
      html += "\(HTML.escape(money.string(total.amount)))</td><td>\(total.count)</td>"
      html += "<td><form class=\"rename\" method=\"post\" action=\"/categories/rename\">"
      html += frame.csrfField
      html += "<input type=\"hidden\" name=\"old\" value=\"\(name)\">"
      html += "<label><span class=\"visually-hidden\">\(HTML.escape(language.renameLabel))"
      html += "</span><input name=\"new\" value=\"\(name)\" autocomplete=\"off\"></label>"
      html += "<button type=\"submit\">\(HTML.escape(language.renameButton))</button></form>"
      html += "</td></tr>\n"
    }
    html += "</tbody></table>\n"
    if categories.isEmpty {
      html += "<p class=\"empty\">\(HTML.escape(language.noEntriesLabel))</p>\n"
    }
    return frame.render(title: language.categoriesTitle, path: "/categories", content: html)
  }
}

/// The recurring rules: each one's schedule, amount, category and span, with its edit link and
/// the form that removes it, and the due list's link.
struct RecurringPage {
  let frame: HouseholdFrame
  let rules: [RecurringRule]
  let due: [Occurrence]
  let money: MoneyFormatter

  func render() -> String {
    let language = frame.language
    var html = ""
    if !due.isEmpty {
      html += "<p id=\"due-count\"><a href=\"/#due\">\(HTML.escape(language.dueTitle))"
      html += " \(HTML.escape(language.foundCount(due.count)))</a></p>\n"
    }
    html += "<ul id=\"rules\">\n"
    for rule in rules {
      html +=
        "<li class=\"rule \(rule.kind.rawValue)\" data-rule=\"\(HTML.escape(rule.id.rawValue))\">"
      html += "<span class=\"id\">\(HTML.escape(rule.id.rawValue))</span>"
      html += "<span class=\"schedule\">\(HTML.escape(language.describe(rule.schedule)))</span>"
      html += "<span class=\"category\">\(HTML.escape(rule.category))</span>"
      if !rule.memo.isEmpty { html += "<span class=\"memo\">\(HTML.escape(rule.memo))</span>" }
      html += "<span class=\"amount \(rule.kind == .income ? "in" : "out")\">"
      html += (rule.kind == .income ? "+" : "-") + HTML.escape(money.string(Money(rule.amount)))
      html += "</span><span class=\"span\">\(rule.start.iso) – \(rule.end?.iso ?? "")</span>"
      html +=
        "<a class=\"edit\" href=\"/recurring/\(Layout.pathComponent(rule.id.rawValue))/edit\">"
      html += "\(HTML.escape(WebText(language: language).edit))</a>"
      html += "<form class=\"remove\" method=\"post\" action=\"/recurring/remove\">"
      html += frame.csrfField
      html += "<input type=\"hidden\" name=\"rule\" value=\"\(HTML.escape(rule.id.rawValue))\">"
      html += "<button type=\"submit\" class=\"danger\">\(HTML.escape(language.removeLabel))"
      html += "</button></form></li>\n"
    }
    if rules.isEmpty {
      html += "<li class=\"empty\">\(HTML.escape(language.noRulesLabel))</li>\n"
    }
    html += "</ul>\n" + addForm()
    return frame.render(title: language.recurringTitle, path: "/recurring", content: html)
  }

  /// The fields of the add form as typed, kept when a value is refused.
  var typed: [String: String] = [:]

  /// The form that adds a rule: its schedule, kind, amount, category, memo, first and last day.
  private func addForm() -> String {
    let language = frame.language
    var html = "<form id=\"add-rule\" method=\"post\" action=\"/recurring\">"
    html += "<h2>\(HTML.escape(language.addRuleTitle))</h2>" + frame.csrfField
    html += Self.fields(typed, language: language, end: true)
    return html
      + "<button type=\"submit\">\(HTML.escape(WebText(language: language).add))</button></form>\n"
  }

  /// A rule's fields as `typed` has them (by the names of ``WebLedger/ruleFields``): its
  /// schedule, kind, amount, category, memo and first day, and its last day with `end`.
  static func fields(
    _ typed: [String: String], language: DisplayLanguage, end: Bool = false
  ) -> String {
    let text = WebText(language: language)
    var html = "<fieldset class=\"kind\"><legend>\(HTML.escape(language.scheduleLabel))</legend>"
    let chosen = typed["schedule"] ?? "monthly"
    for kind in ["monthly", "last-business-day", "yearly", "weekly"] {
      html += "<label><input type=\"radio\" name=\"schedule\" value=\"\(kind)\""
      html += kind == chosen ? " checked>" : ">"
      html += " \(HTML.escape(language.scheduleChoice(kind)))</label>"
    }
    html += "</fieldset>"
    html += HouseholdFrame.field("when", language.scheduleValueLabel, typed["when"] ?? "")
    html += "<fieldset class=\"kind\"><legend>\(HTML.escape(text.kind))</legend>"
    let kind = typed["kind"] ?? TransactionKind.expense.rawValue
    for option in [TransactionKind.expense, .income] {
      html += "<label><input type=\"radio\" name=\"kind\" value=\"\(option.rawValue)\""
      html += option.rawValue == kind ? " checked>" : ">"
      html += " \(HTML.escape(language.label(for: option)))</label>"
    }
    html += "</fieldset>"
    html += HouseholdFrame.field("amount", text.amount, typed["amount"] ?? "")
    html += HouseholdFrame.field("category", text.category, typed["category"] ?? "")
    html += HouseholdFrame.field("memo", text.memo, typed["memo"] ?? "")
    html += HouseholdFrame.field("from", language.fromLabel, typed["from"] ?? "", type: "date")
    if end {
      html += HouseholdFrame.field(
        "until", language.ruleEndLabel, typed["until"] ?? "", type: "date")
    }
    return html
  }

  /// The fields of `rule` as its edit form shows them, by the names of ``WebLedger/ruleFields``:
  /// each one as typing it back gives it.
  static func values(of rule: RecurringRule, money: MoneyFormatter) -> [String: String] {
    let schedule = rule.schedule.text
    let kind = String(schedule.prefix { $0 != " " })
    return [
      "schedule": kind, "when": String(schedule.dropFirst(kind.count + 1)),
      "kind": rule.kind.rawValue, "amount": money.plain(Money(rule.amount)),
      "category": rule.category, "memo": rule.memo, "from": rule.start.iso,
      "until": rule.end?.iso ?? "",
    ]
  }
}

/// The form that changes one recurring rule, its fields as the rule has them (or as typed, when a
/// value was refused); what it was opened on goes with it, so that only the fields changed here
/// are written over what another window may have changed since.
struct RuleEditPage {
  let frame: HouseholdFrame
  let rule: RecurringRuleID
  /// The fields as the form shows them.
  let values: [String: String]
  /// The fields as the rule had them when the form was first opened.
  let opened: [String: String]

  func render() -> String {
    let language = frame.language
    let id = Layout.pathComponent(rule.rawValue)
    var html = "<form id=\"edit-rule\" method=\"post\" action=\"/recurring/\(id)/edit\">"
    html += "<h2>\(HTML.escape(language.editRuleTitle(rule.rawValue)))</h2>" + frame.csrfField
    for name in WebLedger.ruleFields {
      html +=
        "<input type=\"hidden\" name=\"was-\(name)\" value=\"\(HTML.escape(opened[name] ?? ""))\">"
    }
    html += RecurringPage.fields(values, language: language, end: true)
    let text = WebText(language: language)
    html += "<button type=\"submit\">\(HTML.escape(text.save))</button> "
    html += "<a class=\"cancel\" href=\"/recurring\">\(HTML.escape(text.cancel))</a></form>\n"
    return frame.render(title: language.recurringTitle, path: "/recurring", content: html)
  }
}
