import HannunDomain
import HannunKit
import HannunPresentation

/// The household's pages beside the calendar: budgets, recurring rules, search, categories and
/// redo. Each reads and writes through the core's view-models (``BudgetViewModel``,
/// ``RecurringViewModel``, ``TransactionSearchViewModel``, ``CategoryListViewModel``, the
/// browser's ``LedgerEditor``); the web reads the request, sends the intent and draws the state.
extension WebLedger {
  /// The frame of a page for `access`, with what its last write said (taken, so said once).
  func frame(_ access: Access, _ request: WebRequest? = nil, alerts: [String] = [])
    -> HouseholdFrame
  {
    let said = takeSaid(request, access)
    return HouseholdFrame(
      language: access.language, csrf: access.csrf, alerts: said.warnings + alerts,
      news: said.news)
  }

  /// A page's reply with the browser's cookies.
  func reply(_ html: String, _ access: Access, status: Int = 200) -> WebReply {
    var reply = WebReply.page(IdempotencyKey.fill(html), status: status)
    reply.cookies = access.cookies
    return reply
  }

  /// A redirect after a write, with the browser's cookies.
  func seeOther(_ path: String, _ access: Access) -> WebReply {
    var reply = WebReply.seeOther(pathSaying(path, access))
    reply.cookies = access.cookies
    return reply
  }

  // MARK: - Budgets

  /// `GET /budgets?month=YYYY-MM`: the month's budgets against its spending.
  func budgetsPage(_ request: WebRequest, access: Access) async -> WebReply {
    let month = request.query["month"].flatMap { try? YearMonth(iso: $0) } ?? clock.today.yearMonth
    return await budgetsReply(month, access, request: request)
  }

  private func budgetsReply(
    _ month: YearMonth, _ access: Access, request: WebRequest? = nil, alerts: [String] = [],
    typed: (category: String, amount: String, month: String) = ("", "", ""), status: Int = 200
  ) async -> WebReply {
    var alerts = alerts
    // The device's budgets route on the month, read as stored now.
    let screen = openBudgets(month, access)
    await screen.load()
    if let failure = screen.loadFailure { alerts.append(messages(access).describe(failure)) }
    var page = BudgetsPage(
      frame: frame(access, request, alerts: alerts), month: month, status: screen.status,
      money: MoneyFormatter(currency: currency))
    page.typed = typed
    return reply(page.render(), access, status: status)
  }

  /// `POST /budgets/set`: a monthly limit for the whole month or a category from a month on.
  func setBudget(_ request: WebRequest, access: Access) async -> WebReply {
    let language = access.language
    let typed = (
      category: request.form["category"] ?? "", amount: request.form["amount"] ?? "",
      month: request.form["month"] ?? ""
    )
    let shown = (try? YearMonth(iso: typed.month)) ?? clock.today.yearMonth
    let messages = self.messages(access)
    guard let month = try? YearMonth(iso: typed.month) else {
      return await budgetsReply(
        shown, access, alerts: [language.badMonth(typed.month)], typed: typed, status: 422)
    }
    let limit: Amount
    let scope: BudgetScope
    do {
      guard !typed.amount.trimmedForForm.isEmpty else {
        return await budgetsReply(
          month, access, alerts: [language.budgetAmountMissing], typed: typed, status: 422)
      }
      limit = try AmountParser(currency: currency).parse(typed.amount)
      let category = typed.category.trimmedForForm
      scope = try BudgetScope(category: category.isEmpty ? nil : category)
    } catch {
      return await budgetsReply(
        month, access, alerts: [messages.describe(AppError(error))], typed: typed, status: 422)
    }
    do {
      let screen = openBudgets(month, access)
      await screen.load()
      try await screen.set(limit, for: scope, from: month)
    } catch {
      return await budgetsReply(
        month, access, alerts: [messages.describe(AppError(error))], typed: typed, status: 409)
    }
    await noteWrite(access)
    owedNews[access.undoKey, default: []].append(
      language.budgetSet(limit, for: scope, from: month, money: MoneyFormatter(currency: currency))
    )
    return seeOther("/budgets?month=\(month.iso)", access)
  }

  /// `POST /budgets/remove`: no budget of the scope from the month on.
  func removeBudget(_ request: WebRequest, access: Access) async -> WebReply {
    let language = access.language
    let messages = self.messages(access)
    let text = request.form["month"] ?? ""
    guard let month = try? YearMonth(iso: text) else {
      return await budgetsReply(
        clock.today.yearMonth, access, alerts: [language.badMonth(text)], status: 422)
    }
    let category = (request.form["category"] ?? "").trimmedForForm
    let scope: BudgetScope = category.isEmpty ? .total : .category(category)
    do {
      let screen = openBudgets(month, access)
      await screen.load()
      try await screen.remove(scope, from: month)
    } catch {
      return await budgetsReply(
        month, access, alerts: [messages.describe(AppError(error))], status: 409)
    }
    await noteWrite(access)
    owedNews[access.undoKey, default: []].append(language.budgetRemoved(scope, from: month))
    return seeOther("/budgets?month=\(month.iso)", access)
  }

  /// Opens the device's budgets route on a month (a deep link), not yet read.
  private func openBudgets(_ month: YearMonth, _ access: Access) -> BudgetMonthViewModel {
    let session = device(access)
    return session.coordinator.showBudgets(session.budgets, of: month)
  }

  // MARK: - Recurring rules

  /// `GET /recurring`: every rule, and how many entries are due.
  func recurringPage(_ request: WebRequest? = nil, access: Access) async -> WebReply {
    let (session, screen) = await openRules(access)
    let alerts = screen.failure.map { [messages(access).describe($0)] } ?? []
    let page = RecurringPage(
      frame: frame(access, request, alerts: alerts), rules: screen.rules,
      due: session.recurring.due, money: MoneyFormatter(currency: currency))
    return reply(page.render(), access)
  }

  /// Opens the device's recurring rules route, read as stored now (a failed read is in its
  /// ``RecurringRulesViewModel/failure``).
  private func openRules(_ access: Access) async -> (LedgerSession, RecurringRulesViewModel) {
    let session = device(access)
    if let screen = try? await session.coordinator.showRecurringRules() {
      return (session, screen)
    }
    // The rules could not be read: the screen over them says why, and shows none.
    let screen = RecurringRulesViewModel(recurring: session.recurring)
    try? await screen.load()
    session.coordinator.path.append(.recurringRules(screen))
    return (session, screen)
  }

  /// `POST /recurring`: adds a rule from the form (schedule, kind, amount, category, memo, first
  /// day — today when blank); a refused value shows the form again as typed, nothing written.
  func addRule(_ request: WebRequest, access: Access) async -> WebReply {
    let form = request.form
    var typed: [String: String] = [:]
    for name in ["schedule", "when", "kind", "amount", "category", "memo", "from"] {
      typed[name] = form[name] ?? ""
    }
    let messages = self.messages(access)
    let (session, screen) = await openRules(access)
    do {
      let kind = typed["schedule"] ?? ""
      let when = (typed["when"] ?? "").trimmedForForm
      let schedule = try RecurrenceSchedule(
        text: kind == "last-business-day" ? kind : "\(kind) \(when)")
      let fromText = (typed["from"] ?? "").trimmedForForm
      let template = try RecurringRule(
        id: RecurringRuleID(number: 0), schedule: schedule,
        kind: try TransactionRules.kind(typed["kind"] ?? ""),
        amount: try AmountParser(currency: currency).parse(typed["amount"] ?? ""),
        category: typed["category"] ?? "", memo: typed["memo"] ?? "",
        start: fromText.isEmpty ? clock.today : try Day(iso: fromText))
      let rule = try await screen.add(template)
      await noteWrite(access)
      owedNews[access.undoKey, default: []].append(
        access.language.ruleAdded(
          rule.id.rawValue, schedule: access.language.describe(rule.schedule)))
      return seeOther("/recurring", access)
    } catch {
      try? await screen.load()
      var page = RecurringPage(
        frame: frame(access, alerts: [messages.describe(AppError(error))]), rules: screen.rules,
        due: session.recurring.due, money: MoneyFormatter(currency: currency))
      page.typed = typed
      return reply(page.render(), access, status: 422)
    }
  }

  /// `POST /recurring/remove`: removes a rule and its decisions; entries it became stay.
  func removeRule(_ request: WebRequest, access: Access) async -> WebReply {
    let id = RecurringRuleID(request.form["rule"] ?? "")
    let (_, screen) = await openRules(access)
    do {
      let removed = try await screen.remove(id)
      await noteWrite(access)
      owedNews[access.undoKey, default: []].append(
        access.language.ruleRemoved(removed.id.rawValue))
    } catch {
      owedWarnings[access.undoKey, default: []].append(
        messages(access).describe(AppError(error)))
    }
    return seeOther("/recurring", access)
  }

  // MARK: - Search

  /// `GET /search?q=…&category=…`: the entries whose memo or category has the words.
  func searchPage(_ request: WebRequest, access: Access) async -> WebReply {
    let words = request.query["q"] ?? ""
    let category = request.query["category"] ?? ""
    var alerts: [String] = []
    var search: TransactionSearchViewModel?
    if !words.trimmedForForm.isEmpty || !category.trimmedForForm.isEmpty {
      // The device's search route, run with the page's query.
      let model = device(access).coordinator.showSearch()
      do {
        try await model.search(
          TransactionQuery(text: words, category: category.isEmpty ? nil : category))
        search = model
      } catch {
        alerts.append(messages(access).describe(AppError(error)))
      }
    }
    let page = SearchPage(
      frame: frame(access, request, alerts: alerts), words: words, category: category,
      search: search,
      money: MoneyFormatter(currency: currency))
    return reply(page.render(), access)
  }

  // MARK: - Categories

  /// `GET /categories`: every category of the ledger, with its total and count.
  func categoriesPage(
    _ request: WebRequest? = nil, access: Access, alerts: [String] = [], status: Int = 200
  ) async -> WebReply {
    // The device's categories route, all time.
    let list = device(access).coordinator.showCategories(of: nil)
    await list.load()
    var alerts = alerts
    if let failure = list.loadFailure {
      alerts.append(messages(access).describe(failure))
    }
    let page = CategoriesPage(
      frame: frame(access, request, alerts: alerts), categories: list.categories,
      money: MoneyFormatter(currency: currency))
    return reply(page.render(), access, status: status)
  }

  /// `POST /categories/rename`: renames a category everywhere (entries, budgets, rules) in one
  /// write and one undo step of this browser; a name in use merges the two.
  func renameCategory(_ request: WebRequest, access: Access) async -> WebReply {
    let old = request.form["old"] ?? ""
    let new = request.form["new"] ?? ""
    let messages = self.messages(access)
    do {
      // The categories route's rename: one write and one undo step of this device.
      let list = device(access).coordinator.showCategories(of: nil)
      guard let batch = try await list.rename(old, to: new) else { throw CancellationError() }
      await noteWrite(access)
      if case .renameCategory(let from, let to, let merged) = batch.purpose {
        owedNews[access.undoKey, default: []].append(
          messages.categoryRenamed(
            from: from, to: to, merged: merged, entries: batch.changes.count,
            budgets: batch.budgetsMoved, rules: batch.rulesMoved))
      }
      return seeOther("/categories", access)
    } catch {
      return await categoriesPage(
        access: access, alerts: [messages.describe(AppError(error))], status: 422)
    }
  }

  // MARK: - Redo

  /// `POST /redo`: the device's coordinator makes its last undone change again, when it says
  /// there is one (``AppCoordinator/canRedo``).
  func redo(_ request: WebRequest, access: Access) async -> WebReply {
    var state = request.form["back"].flatMap(Self.localPage) ?? access.state(clock.today)
    state.language = access.language
    state.mode = access.mode
    let coordinator = devices.existing(for: access.undoKey)?.coordinator
    await coordinator?.refreshHistory()
    guard let coordinator, coordinator.canRedo else {
      return await monthPage(
        state, access: access, notice: access.language.nothingToRedo, status: 409)
    }
    do {
      guard let edit = try await coordinator.redo() else {
        return await monthPage(
          state, access: access, notice: access.language.nothingToRedo, status: 409)
      }
      switch edit {
      case .added, .deleted, .edited: return await landing(edit, access)
      case .batch, .mood:
        await noteWrite(access)
        return seeOther(state.path, access)
      }
    } catch {
      return await monthPage(
        state, access: access,
        notice: messages(access).describe(AppError(error)),
        status: 409)
    }
  }
}

extension String {
  /// The text without the spaces around it, as a form field is read.
  var trimmedForForm: String {
    var text = Substring(self)
    while text.first?.isWhitespace == true { text.removeFirst() }
    while text.last?.isWhitespace == true { text.removeLast() }
    return String(text)
  }
}

extension WebLedger {
  // MARK: - Reports

  /// `GET /report?from=YYYY-MM&to=YYYY-MM`: the core's report of the span (this month by
  /// default), with its charts.
  func reportPage(_ request: WebRequest, access: Access) async -> WebReply {
    let language = access.language
    let today = clock.today.yearMonth
    let from = request.query["from"].flatMap { try? YearMonth(iso: $0) } ?? today
    let to = request.query["to"].flatMap { try? YearMonth(iso: $0) } ?? from
    guard from <= to else {
      let error = TransactionQueryError.daysBackwards(from: from.firstDay, to: to.lastDay)
      return reply(
        frame(access, alerts: [messages(access).describe(AppError(error))])
          .render(title: language.reportTitle, path: "/report", content: ""),
        access, status: 422)
    }
    let title =
      from == to
      ? language.title(of: from) : language.title(of: from) + " – " + language.title(of: to)
    // The device's report route on the span.
    let screen = device(access).coordinator.showReport(of: from...to)
    await screen.load()
    return report(screen.report, screen.loadFailure, title: title, path: "/report", access)
  }

  /// `GET /year?year=YYYY`: the year's report, each month with its totals and its calendar.
  func yearPage(_ request: WebRequest, access: Access) async -> WebReply {
    let year = request.query["year"].flatMap { Int($0) } ?? clock.today.year
    guard (try? YearMonth(year: year, month: 1)) != nil else { return notFound(access) }
    // The device's year route.
    let screen = device(access).coordinator.showYear(year)
    await screen.load()
    return report(
      screen.report, screen.loadFailure, title: access.language.yearTitle(year), path: "/year",
      access)
  }

  /// A report route's state as a page: its report, or why it could not be read.
  private func report(
    _ report: LedgerReport?, _ failure: AppError?, title: String, path: String,
    _ access: Access
  ) -> WebReply {
    guard let report else {
      let message = failure.map { messages(access).describe($0) } ?? ""
      return reply(
        frame(access, alerts: [message]).render(title: title, path: path, content: ""), access,
        status: 500)
    }
    let page = ReportPage(
      frame: frame(access), report: report, money: MoneyFormatter(currency: currency),
      path: path, title: title)
    return reply(page.render(), access)
  }
}

extension WebLedger {
  /// `GET /moods?from=YYYY-MM&to=YYYY-MM`: the mood report of the span (this month by default).
  func moodReportPage(_ request: WebRequest, access: Access) async -> WebReply {
    let today = clock.today
    let from = request.query["from"].flatMap { try? YearMonth(iso: $0) } ?? today.yearMonth
    let to = max(from, request.query["to"].flatMap { try? YearMonth(iso: $0) } ?? from)
    // The device's report route by mood on the span.
    let screen = device(access).coordinator.showReport(of: from...to, subject: .moods)
    await screen.load()
    let alerts = screen.loadFailure.map { [messages(access).describe($0)] } ?? []
    let page = MoodReportPage(
      frame: frame(access, request, alerts: alerts), report: screen.moodSpending, span: from...to,
      money: MoneyFormatter(currency: currency))
    return reply(page.render(), access)
  }
}
