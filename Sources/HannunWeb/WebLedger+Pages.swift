import HannunDomain
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
    let messages = self.messages(access)
    var alerts = alerts
    var budgetStatus: BudgetStatus?
    let model = budgetModel()
    await model.refresh()
    if let failure = model.loadFailure { alerts.append(messages.describe(failure)) }
    do {
      budgetStatus = try await model.status(of: month)
    } catch {
      alerts.append(messages.describe(AppError(error)))
    }
    var page = BudgetsPage(
      frame: frame(access, request, alerts: alerts), month: month, status: budgetStatus,
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
    let model = budgetModel()
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
      await model.refresh()
      try await model.set(limit, for: scope, from: month)
    } catch {
      return await budgetsReply(
        month, access, alerts: [messages.describe(AppError(error))], typed: typed, status: 409)
    }
    noteWrite(access)
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
    let model = budgetModel()
    let category = (request.form["category"] ?? "").trimmedForForm
    let scope: BudgetScope = category.isEmpty ? .total : .category(category)
    do {
      await model.refresh()
      try await model.remove(scope, from: month)
    } catch {
      return await budgetsReply(
        month, access, alerts: [messages.describe(AppError(error))], status: 409)
    }
    noteWrite(access)
    owedNews[access.undoKey, default: []].append(language.budgetRemoved(scope, from: month))
    return seeOther("/budgets?month=\(month.iso)", access)
  }

  // MARK: - Recurring rules

  /// `GET /recurring`: every rule, and how many entries are due.
  func recurringPage(_ request: WebRequest? = nil, access: Access) async -> WebReply {
    let model = RecurringViewModel(
      rules: stores.recurring, entries: repository, clock: clock, currency: currency,
      language: access.language, makeID: makeID)
    await model.load()
    let alerts = model.loadFailure.map { [messages(access).describe($0)] } ?? []
    let page = RecurringPage(
      frame: frame(access, request, alerts: alerts), rules: model.rules, due: model.due,
      money: MoneyFormatter(currency: currency))
    return reply(page.render(), access)
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
    let model = RecurringViewModel(
      rules: stores.recurring, entries: repository, clock: clock, currency: currency,
      language: access.language, makeID: makeID)
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
      let rule = try await model.add(template)
      noteWrite(access)
      owedNews[access.undoKey, default: []].append(
        access.language.ruleAdded(
          rule.id.rawValue, schedule: access.language.describe(rule.schedule)))
      return seeOther("/recurring", access)
    } catch {
      await model.load()
      var page = RecurringPage(
        frame: frame(access, alerts: [messages.describe(AppError(error))]), rules: model.rules,
        due: model.due, money: MoneyFormatter(currency: currency))
      page.typed = typed
      return reply(page.render(), access, status: 422)
    }
  }

  /// `POST /recurring/remove`: removes a rule and its decisions; entries it became stay.
  func removeRule(_ request: WebRequest, access: Access) async -> WebReply {
    let id = RecurringRuleID(request.form["rule"] ?? "")
    let model = RecurringViewModel(
      rules: stores.recurring, entries: repository, clock: clock, currency: currency,
      language: access.language, makeID: makeID)
    do {
      let removed = try await model.remove(id)
      noteWrite(access)
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
      let model = TransactionSearchViewModel(repository: repository)
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
    let list = CategoryListViewModel(repository: repository, span: nil)
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
      let batch = try await editor(access).renameCategory(old, to: new)
      noteWrite(access)
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

  /// `POST /redo`: makes this browser's last undone change again.
  func redo(_ request: WebRequest, access: Access) async -> WebReply {
    var state = request.form["back"].flatMap(Self.localPage) ?? access.state(clock.today)
    state.language = access.language
    state.mode = access.mode
    guard let editor = sessions.existingEditor(for: access.undoKey) else {
      return await monthPage(
        state, access: access, notice: access.language.nothingToRedo, status: 409)
    }
    do {
      guard let edit = try await editor.redo() else {
        return await monthPage(
          state, access: access, notice: access.language.nothingToRedo, status: 409)
      }
      switch edit {
      case .added, .deleted, .edited: return await landing(edit, access)
      case .batch, .mood:
        noteWrite(access)
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
    return await report(from...to, title: title, path: "/report", access)
  }

  /// `GET /year?year=YYYY`: the year's report, each month with its totals and its calendar.
  func yearPage(_ request: WebRequest, access: Access) async -> WebReply {
    let year = request.query["year"].flatMap { Int($0) } ?? clock.today.year
    guard let first = try? YearMonth(year: year, month: 1),
      let last = try? YearMonth(year: year, month: 12)
    else { return notFound(access) }
    return await report(
      first...last, title: access.language.yearTitle(year), path: "/year", access)
  }

  private func report(
    _ span: ClosedRange<YearMonth>, title: String, path: String, _ access: Access
  ) async -> WebReply {
    do {
      let report = try await LedgerReport.load(span, from: repository)
      let page = ReportPage(
        frame: frame(access), report: report, money: MoneyFormatter(currency: currency),
        path: path, title: title)
      return reply(page.render(), access)
    } catch {
      let message = messages(access).describe(AppError(error))
      return reply(
        frame(access, alerts: [message]).render(title: title, path: path, content: ""), access,
        status: 500)
    }
  }
}

extension WebLedger {
  /// `GET /moods?from=YYYY-MM&to=YYYY-MM`: the mood report of the span (this month by default).
  func moodReportPage(_ request: WebRequest, access: Access) async -> WebReply {
    let today = clock.today
    let from = request.query["from"].flatMap { try? YearMonth(iso: $0) } ?? today.yearMonth
    let to = max(from, request.query["to"].flatMap { try? YearMonth(iso: $0) } ?? from)
    var alerts: [String] = []
    var report: MoodSpendingReport?
    do {
      report = try await MoodSpendingReport.load(
        from...to, today: today, entries: stores.entries, moods: stores.moods)
    } catch {
      alerts.append(messages(access).describe(AppError(error)))
    }
    let page = MoodReportPage(
      frame: frame(access, request, alerts: alerts), report: report, span: from...to,
      money: MoneyFormatter(currency: currency))
    return reply(page.render(), access)
  }
}
