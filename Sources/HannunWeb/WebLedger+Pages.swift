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

  /// A page for a browser that may see it, drawn by `draw` once the ledger's version was looked
  /// at (``lookAtVersion()``); the sign-in page's address otherwise. One hop to the main actor
  /// answers the request: who asks, the version and the drawing.
  func page(
    _ request: WebRequest, _ draw: (WebRequest, Access) async -> WebReply
  ) async -> WebReply {
    guard let access = access(request) else { return .seeOther("/signin") }
    await lookAtVersion()
    return await draw(request, access)
  }

  /// Looks at the ledger's version before a page or form is answered: what the devices read
  /// through the one ``LedgerReadCache`` is forgotten when anyone changed the ledger since.
  func lookAtVersion() async {
    await pages.cache.currentVersion()
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

  /// `GET /budgets?month=YYYY-MM`: the month's budgets against its spending (this month's
  /// without one; a month that is none is refused, 422).
  func budgetsPage(_ request: WebRequest, access: Access) async -> WebReply {
    let month: YearMonth
    do {
      month = try Self.month(request, "month") ?? clock.today.yearMonth
    } catch {
      return refusedAddress(error, title: access.language.budgetsTitle, path: "/budgets", access)
    }
    return await budgetsReply(month, access, request: request)
  }

  /// The month a page's address gives under `name`, or `nil` when it gives none (no such field,
  /// or a blank one).
  /// - Throws: The `DateInputError` of a text that is no month, naming it.
  private static func month(_ request: WebRequest, _ name: String) throws(DateInputError)
    -> YearMonth?
  {
    guard let text = request.query[name], !text.isEmpty else { return nil }
    return try YearMonth(typed: text)
  }

  /// The span of months a page's address gives (`from`, `to`): this month without either, the
  /// month `from` alone.
  /// - Throws: The `DateInputError` of a month that is none; `TransactionQueryError` for a span
  ///   backwards.
  private func span(_ request: WebRequest) throws -> (from: YearMonth, to: YearMonth) {
    let from = try Self.month(request, "from") ?? clock.today.yearMonth
    let to = try Self.month(request, "to") ?? from
    guard from <= to else {
      throw TransactionQueryError.daysBackwards(from: from.firstDay, to: to.lastDay)
    }
    return (from, to)
  }

  /// A page saying only why its address was refused (422): a month, year or span in it that is
  /// none, or a span backwards. Nothing in its place, so that no other month passes for it.
  private func refusedAddress(
    _ error: any Error, title: String, path: String, _ access: Access
  ) -> WebReply {
    let said = messages(access).describe(AppError(error))
    return reply(
      frame(access, alerts: [said]).render(title: title, path: path, content: ""), access,
      status: 422)
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

  /// `POST /budgets/set`: a monthly limit for the whole month or a category from a month on, the
  /// fields as typed into the budget form (``BudgetFormViewModel``); a refusal shows the form
  /// again as typed, nothing written.
  func setBudget(_ request: WebRequest, access: Access) async -> WebReply {
    let typed = (
      category: request.form["category"] ?? "", amount: request.form["amount"] ?? "",
      month: request.form["month"] ?? ""
    )
    let shown = (try? YearMonth(iso: typed.month)) ?? clock.today.yearMonth
    let form = budgetForm(shown, access)
    // The category is optional on the page: left blank, it is not given (the whole ledger).
    let fields: [BudgetFormViewModel.Field: String?] = [
      .month: typed.month, .amount: typed.amount, .category: given(typed.category),
    ]
    form.enter(fields.compactMapValues { $0 })
    // Sent again after its write may have been made: the limit already in effect is the set.
    var outcome = request.isRetry ? await form.alreadySaved() : nil
    if outcome == nil { outcome = await form.save() }
    guard case .set(let limit, let scope, let month)? = outcome else {
      return await budgetsReply(
        shown, access, alerts: [refusal(form, access)], typed: typed,
        status: form.refusal?.field == nil ? 409 : 422)
    }
    await noteWrite(access)
    owedNews[access.undoKey, default: []].append(
      access.language.budgetSet(
        limit, for: scope, from: month, money: MoneyFormatter(currency: currency)))
    return seeOther("/budgets?month=\(month.iso)", access)
  }

  /// `POST /budgets/remove`: no budget of the scope from the month on, through the budget form.
  func removeBudget(_ request: WebRequest, access: Access) async -> WebReply {
    let text = request.form["month"] ?? ""
    let shown = (try? YearMonth(iso: text)) ?? clock.today.yearMonth
    let form = budgetForm(shown, access)
    let fields: [BudgetFormViewModel.Field: String?] = [
      .month: text, .category: given(request.form["category"] ?? ""),
    ]
    form.enter(fields.compactMapValues { $0 })
    // Sent again after its write may have been made: no limit in effect is the removal.
    var outcome = request.isRetry ? await form.alreadyRemoved() : nil
    if outcome == nil { outcome = await form.remove() }
    guard case .removed(let scope, let month)? = outcome else {
      return await budgetsReply(
        shown, access, alerts: [refusal(form, access)],
        status: form.refusal?.field == nil ? 409 : 422)
    }
    await noteWrite(access)
    owedNews[access.undoKey, default: []].append(access.language.budgetRemoved(scope, from: month))
    return seeOther("/budgets?month=\(month.iso)", access)
  }

  /// The budget form on the device's budgets route of a month.
  func budgetForm(_ month: YearMonth, _ access: Access) -> BudgetFormViewModel {
    device(access).coordinator.budgetForm(on: openBudgets(month, access))
  }

  /// An optional field's text, or `nil` when it was left blank.
  private func given(_ text: String) -> String? {
    text.trimmedForForm.isEmpty ? nil : text
  }

  /// What the budget form says first, in the browser's language.
  private func refusal(_ form: BudgetFormViewModel, _ access: Access) -> String {
    messages(access).describe(budget: form.refusal ?? .store(.other("")))
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
  /// day — today when blank — and last day, none when blank), its fields as typed into the rule form
  /// (``RecurringRuleFormViewModel``); a refused value shows the form again as typed, nothing
  /// written.
  func addRule(_ request: WebRequest, access: Access) async -> WebReply {
    var typed: [String: String] = [:]
    for name in Self.ruleFields { typed[name] = request.form[name] ?? "" }
    let (session, screen) = await openRules(access)
    let form = ruleForm(request, on: screen)
    // Sent again after its write may have been made: the same rule there is the add.
    var saved = request.isRetry ? form.alreadySaved() : nil
    if saved == nil { saved = await form.save() }
    guard let rule = saved else {
      try? await screen.load()
      let said = messages(access).describe(rule: form.refusal ?? .store(.other("")))
      var page = RecurringPage(
        frame: frame(access, alerts: [said]), rules: screen.rules,
        due: session.recurring.due, money: MoneyFormatter(currency: currency))
      page.typed = typed
      return reply(page.render(), access, status: 422)
    }
    await noteWrite(access)
    owedNews[access.undoKey, default: []].append(
      access.language.ruleAdded(
        rule.id.rawValue, schedule: access.language.describe(rule.schedule)))
    return seeOther("/recurring", access)
  }

  /// The fields of the forms that add and change a rule.
  nonisolated static let ruleFields = [
    "schedule", "when", "kind", "amount", "category", "memo", "from", "until",
  ]

  /// A new rule's form on the rules route, with the page's fields as typed entered.
  func ruleForm(
    _ request: WebRequest, on screen: RecurringRulesViewModel
  ) -> RecurringRuleFormViewModel {
    let form = screen.ruleForm()
    form.enter(Self.ruleValues { request.form[$0] ?? "" })
    return form
  }

  /// The rule form's fields from a page's (``ruleFields``, each read by `read`): the schedule's
  /// kind and its day, date or weekday as one text (`monthly 25`), the others as they are.
  private static func ruleValues(
    _ read: (String) -> String
  ) -> [RecurringRuleFormViewModel.Field: String] {
    let schedule = read("schedule")
    return [
      .schedule: schedule == "last-business-day" ? schedule : "\(schedule) \(read("when"))",
      .kind: read("kind"), .amount: read("amount"), .category: read("category"),
      .memo: read("memo"), .start: read("from"), .end: read("until"),
    ]
  }

  /// `GET /recurring/ID/edit`: the form that changes a rule, its fields as the rule has them.
  func ruleEditPage(_ id: RecurringRuleID, _ request: WebRequest, access: Access) async -> WebReply
  {
    let (_, screen) = await openRules(access)
    guard let rule = screen.rules.first(where: { $0.id == id }) else { return notFound(access) }
    let values = RecurringPage.values(of: rule, money: MoneyFormatter(currency: currency))
    let page = RuleEditPage(
      frame: frame(access, request), rule: id, values: values, opened: values)
    return reply(page.render(), access)
  }

  /// `POST /recurring/ID/edit`: changes the fields changed on the form — those that differ from
  /// what it was opened on, so that a field another window changed since is kept — through the
  /// rule form (``RecurringRuleFormViewModel``) in its change mode; a refused value shows the form
  /// again as typed, nothing written. Sent again, it sets the same fields to the same values.
  func editRule(_ id: RecurringRuleID, _ request: WebRequest, access: Access) async -> WebReply {
    let typed = { (name: String) in request.form[name] ?? "" }
    let opened = { (name: String) in request.form["was-" + name] ?? "" }
    let (_, screen) = await openRules(access)
    let form = screen.ruleForm(editing: id)
    let before = Self.ruleValues(opened)
    var changed = Self.ruleValues(typed).filter { before[$0.key] != $0.value }
    // A last day emptied is no end.
    if changed[.end]?.isEmpty == true { changed[.end] = "none" }
    guard !changed.isEmpty else { return seeOther("/recurring", access) }
    form.enter(changed)
    guard let rule = await form.save() else {
      guard screen.rules.contains(where: { $0.id == id }) else { return notFound(access) }
      let said = messages(access).describe(rule: form.refusal ?? .store(.other("")))
      var values: [String: String] = [:]
      var was: [String: String] = [:]
      for name in Self.ruleFields {
        values[name] = typed(name)
        was[name] = opened(name)
      }
      let page = RuleEditPage(
        frame: frame(access, alerts: [said]), rule: id, values: values, opened: was)
      return reply(page.render(), access, status: 422)
    }
    await noteWrite(access)
    owedNews[access.undoKey, default: []].append(access.language.due.edited(rule.id))
    return seeOther("/recurring", access)
  }

  /// `POST /recurring/remove`: removes a rule and its decisions; entries it became stay.
  func removeRule(_ request: WebRequest, access: Access) async -> WebReply {
    let id = RecurringRuleID(request.form["rule"] ?? "")
    let (_, screen) = await openRules(access)
    if request.isRetry, screen.alreadyRemoved(id) {
      // Removed before its answer was lost: said as then, nothing written.
      owedNews[access.undoKey, default: []].append(access.language.ruleRemoved(id.rawValue))
      return seeOther("/recurring", access)
    }
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

  /// `GET /search?q=…&category=…&kind=…&from=…&to=…&min=…&max=…&page=N`: the entries whose memo
  /// or category has the words, narrowed as `find`'s options narrow them (``SearchFields``),
  /// ``SearchPage/pageSize`` to a page; the count and totals are of every match.
  func searchPage(_ request: WebRequest, access: Access) async -> WebReply {
    let query = { (name: String) in request.query[name] ?? "" }
    let fields = SearchFields(
      text: query("q"), category: query("category"), kind: query("kind"), from: query("from"),
      to: query("to"), minimum: query("min"), maximum: query("max"))
    var alerts: [String] = []
    var search: TransactionSearchViewModel?
    if !fields.isBlank {
      // The device's search route, run with the page's query.
      let model = device(access).coordinator.showSearch()
      do {
        try await model.search(fields.query(today: clock.today, currency: currency))
        model.fit(pageSize: SearchPage.pageSize)
        model.show(page: Int(query("page")) ?? 1)
        search = model
      } catch {
        alerts.append(messages(access).describe(AppError(error)))
      }
    }
    let page = SearchPage(
      frame: frame(access, request, alerts: alerts), fields: fields, search: search,
      money: MoneyFormatter(currency: currency))
    return reply(page.render(), access)
  }

  // MARK: - Categories

  /// `GET /categories?from=YYYY-MM&to=YYYY-MM`: every category of the span (of all time without
  /// one), with its total and count, as `hannun categories` lists them.
  func categoriesPage(
    _ request: WebRequest? = nil, access: Access, alerts: [String] = [], status: Int = 200
  ) async -> WebReply {
    var span: ClosedRange<YearMonth>?
    let given = { (name: String) in !(request?.query[name] ?? "").isEmpty }
    if let request, given("from") || given("to") {
      do {
        let (from, to) = try self.span(request)
        span = from...to
      } catch {
        let title = access.language.categoriesTitle
        return refusedAddress(error, title: title, path: "/categories", access)
      }
    }
    // The device's categories route, on the span or all time.
    let list = device(access).coordinator.showCategories(of: span)
    await list.load()
    var alerts = alerts
    if let failure = list.loadFailure {
      alerts.append(messages(access).describe(failure))
    }
    let page = CategoriesPage(
      frame: frame(access, request, alerts: alerts), categories: list.categories, span: span,
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
      let coordinator = device(access).coordinator
      let list = coordinator.showCategories(of: nil)
      if request.isRetry {
        // Renamed before its answer was lost: the line kept before the write says what it did.
        await list.load()
        if list.alreadyRenamed(old, to: new) {
          return await expected(request, access) ?? seeOther("/categories", access)
        }
      }
      // What it answers once made, on the disk before it writes (the ledger does not tell
      // afterwards how many entries it moved).
      if IdempotencyKey.id(request.form["key"]) != nil,
        let counts = await coordinator.renameCounts(old, to: new)
      {
        var made = WebReply.seeOther("/categories")
        made.news = [Self.renamed(counts, messages)]
        expect(made, for: request, access)
      }
      guard let batch = try await list.rename(old, to: new) else { throw CancellationError() }
      await noteWrite(access)
      if let counts = batch.renameCounts {
        owedNews[access.undoKey, default: []].append(Self.renamed(counts, messages))
      }
      return seeOther("/categories", access)
    } catch {
      return await categoriesPage(
        access: access, alerts: [messages.describe(AppError(error))], status: 422)
    }
  }

  /// A rename's confirmation line.
  private static func renamed(_ counts: CategoryRenameCounts, _ messages: any MessageCatalog)
    -> String
  {
    messages.categoryRenamed(
      from: counts.from, to: counts.to, merged: counts.merged, entries: counts.entries,
      budgets: counts.budgets, rules: counts.rules)
  }

  // MARK: - Redo

  /// `POST /redo`: the device's coordinator makes its last undone change again, when it says
  /// there is one (``AppCoordinator/canRedo``).
  func redo(_ request: WebRequest, access: Access) async -> WebReply {
    var state = request.form["back"].flatMap(Self.localPage) ?? access.state(clock.today)
    state.language = access.language
    state.mode = access.mode
    // Sent again after a stop that lost its answer (and this browser's history with it).
    if request.isRetry, let made = await expected(request, access) { return made }
    let coordinator = devices.existing(for: access.undoKey)?.coordinator
    await coordinator?.refreshHistory()
    guard let coordinator, coordinator.canRedo else {
      return await monthPage(
        state, access: access, notice: access.language.nothingToRedo, status: 409)
    }
    await expectHistoryStep(undoing: false, coordinator, request, state, access)
    do {
      guard let edit = try await coordinator.redo() else {
        return await monthPage(
          state, access: access, notice: access.language.nothingToRedo, status: 409)
      }
      owedNews[access.undoKey, default: []].append(editReport(access).describe(edit, .redone))
      switch edit {
      case .added, .deleted, .edited: return await landing(edit, access)
      case .batch, .imported, .mood:
        await noteWrite(access)
        return seeOther(state.path, access)
      }
    } catch LedgerError.editNoLongerApplies(let step, let current) {
      return await monthPage(
        state, access: access,
        notice: editReport(access).stepDropped(step, current: current, undoing: false),
        status: 409)
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
    let from: YearMonth
    let to: YearMonth
    do {
      (from, to) = try span(request)
    } catch {
      return refusedAddress(error, title: language.reportTitle, path: "/report", access)
    }
    let title =
      from == to
      ? language.title(of: from) : language.title(of: from) + " – " + language.title(of: to)
    // The device's report route on the span.
    let screen = device(access).coordinator.showReport(of: from...to)
    await screen.load()
    return report(
      screen.report, of: from...to, screen.loadFailure, title: title, path: "/report", access)
  }

  /// `GET /year?year=YYYY`: the year's report, each month with its totals and its calendar.
  func yearPage(_ request: WebRequest, access: Access) async -> WebReply {
    let months: ClosedRange<YearMonth>
    do {
      let text = request.query["year"] ?? ""
      months =
        try text.isEmpty
        ? YearMonth.months(ofYear: clock.today.year) : YearMonth.months(ofYearText: text)
    } catch {
      return refusedAddress(error, title: access.language.yearLabel, path: "/year", access)
    }
    let year = months.lowerBound.year
    // The device's year route.
    let screen = device(access).coordinator.showYear(year)
    await screen.load()
    return report(
      screen.report, of: months, screen.loadFailure, title: access.language.yearTitle(year),
      path: "/year", access)
  }

  /// A report route's state as a page: its report, or why it could not be read in its place
  /// (200, as the month page and `/search` answer an unreadable month), with the links to the
  /// spans beside it either way.
  private func report(
    _ report: LedgerReport?, of span: ClosedRange<YearMonth>, _ failure: AppError?,
    title: String, path: String, _ access: Access
  ) -> WebReply {
    let alerts = failure.map { [messages(access).describe($0)] } ?? []
    var page = ReportPage(
      frame: frame(access, alerts: alerts), span: span, report: report,
      money: MoneyFormatter(currency: currency), path: path, title: title)
    if let before = report?.previousSpan, let error = report?.previousFailure {
      page.comparisonFailure = messages(access).comparisonUnavailable(
        against: before, because: error)
    }
    return reply(page.render(), access)
  }
}

extension WebLedger {
  /// `GET /moods?from=YYYY-MM&to=YYYY-MM`: the mood report of the span (this month by default).
  func moodReportPage(_ request: WebRequest, access: Access) async -> WebReply {
    let from: YearMonth
    let to: YearMonth
    do {
      (from, to) = try span(request)
    } catch {
      let title = access.language.moodReportTitle
      return refusedAddress(error, title: title, path: "/moods", access)
    }
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
