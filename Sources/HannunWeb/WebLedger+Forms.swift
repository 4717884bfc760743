import Foundation
import HannunDomain
import HannunPresentation

extension WebLedger {
  // MARK: - Add and edit

  /// `POST /entries`: the device's add form route (``AppCoordinator/showAddForm()``), read with
  /// the form's rules (`3만5천`, `어제`) and saved; a refused field shows the form again with what
  /// was typed and the terminal's message.
  func add(_ request: WebRequest, access: Access) async -> WebReply {
    let values = FormValues(request.form)
    let key = IdempotencyKey.id(values.key)
    if let key, let saved = await alreadySaved(key, values, request, access) { return saved }
    let shown = shownMonth(request)
    let coordinator = device(access).coordinator
    let form = coordinator.showAddForm()
    if let error = enter(values, into: form, shownMonth: shown, access: access) {
      return await refused(values, error: error, id: nil, version: nil, form: form, access)
    }
    guard let edit = await IdempotencyKey.$pending.withValue(key, operation: { await form.save() })
    else {
      // The same key sent twice at once: the store refused the second.
      if let key, let saved = await alreadySaved(key, values, request, access) { return saved }
      let error = firstError(of: form, access: access)
      return await refused(values, error: error, id: nil, version: nil, form: form, access)
    }
    return await landing(edit, access)
  }

  /// `GET /entries/ID/edit`: the entry's month with its day selected and the device's edit form
  /// route (``AppCoordinator/showEditForm(for:)``, a deep link) drawn filled.
  func editPage(_ id: TransactionID, access: Access) async -> WebReply {
    guard let (entry, form) = await openEditForm(id, access) else { return notFound(access) }
    return await monthPage(
      access.state(entry.day), access: access,
      panel: .edit(id, version: entry.webVersion, FormValues(form), error: nil))
  }

  /// `POST /entries/ID`: saves the edit when the entry is still the version the form was opened
  /// on; otherwise nothing is written and the page shows the conflict with the entry as it is now.
  func edit(_ id: TransactionID, _ request: WebRequest, access: Access) async -> WebReply {
    let values = FormValues(request.form)
    // The device's edit form route, opened on the entry as stored now.
    guard let (current, form) = await openEditForm(id, access) else {
      // Deleted first in another window: the typing comes back in the add form.
      let day = (try? Day(iso: values.date)) ?? clock.today
      return await monthPage(
        access.state(day), access: access,
        panel: .add(values, error: WebText(language: access.language).deletedElsewhere),
        status: 404)
    }
    guard request.form["version"] == String(current.webVersion) else {
      device(access).coordinator.path = []
      if let saved = await alreadyEdited(current, to: values, request, access) { return saved }
      return await conflictPage(current, typed: values, access: access)
    }
    if let error = enter(values, into: form, shownMonth: shownMonth(request), access: access) {
      return await refused(
        values, error: error, id: id, version: current.webVersion, form: form, access)
    }
    guard let edit = await form.save() else {
      if case .conflict(.changed(let now))? = form.refusal {
        return await conflictPage(now, typed: values, access: access)
      }
      return await refused(
        values, error: firstError(of: form, access: access), id: id,
        version: current.webVersion, form: form, access)
    }
    return await landing(edit, access)
  }

  /// The edit form again after another window changed the entry first: nothing was written,
  /// the form keeps what this browser typed (with the entry's new version, so saving again
  /// replaces the other change knowingly), and the message says what the entry is now — its
  /// category, amount, memo and day, never its id.
  private func conflictPage(
    _ current: Transaction, typed: FormValues, access: Access
  ) async -> WebReply {
    let text = WebText(language: access.language)
    let now = text.entry(
      category: current.category,
      amount: MoneyFormatter(currency: currency).string(Money(current.amount)),
      memo: current.memo, day: current.day.iso)
    return await monthPage(
      access.state((try? Day(iso: typed.date)) ?? current.day),
      access: access,
      panel: .edit(
        current.id, version: current.webVersion, typed, error: text.changedElsewhere(now)),
      status: 409)
  }

  /// An entry form sent with a CSRF token this server does not know for the browser (its
  /// session was forgotten, as in a restart): nothing is written and the form comes back as
  /// typed, with the browser's current token, saying why. `nil` for any other form.
  func staleForm(_ request: WebRequest, access: Access) async -> WebReply? {
    guard let carry = Self.carried(path: request.path, form: request.form) else { return nil }
    let values = FormValues(carry.fields)
    let error = WebText(language: access.language).staleFormKept
    let day = (try? Day(iso: values.date)) ?? clock.today
    let panel: PagePanel
    if carry.then == "/entries" {
      panel = .add(values, error: error)
    } else {
      let id = TransactionID(
        String(carry.then.dropFirst("/entries/".count)).removingPercentEncoding ?? "")
      let version = carry.fields["version"].flatMap { Int64($0) } ?? 0
      panel = .edit(id, version: version, values, error: error)
    }
    return await monthPage(
      access.state(day), access: access, panel: panel, status: 403)
  }

  // MARK: - Delete

  /// `GET /entries/ID/delete`: the device's delete question route
  /// (``AppCoordinator/showDeleteConfirmation(for:)``), nothing deleted yet.
  func deletePage(_ id: TransactionID, access: Access) async -> WebReply {
    guard let question = await openDeleteQuestion(id, access) else { return notFound(access) }
    return await monthPage(
      access.state(question.entry.day), access: access,
      panel: .delete(question.entry, error: nil))
  }

  /// `POST /entries/ID/delete`: deletes the entry as it was when the question was asked.
  func delete(_ id: TransactionID, _ request: WebRequest, access: Access) async -> WebReply {
    let messages = self.messages(access)
    // The device's delete question route, asked about the entry as stored now.
    guard let question = await openDeleteQuestion(id, access) else {
      // Sent again after its write may have been made: the entry gone is the delete made.
      if request.isRetry, await device(access).coordinator.alreadyDeleted(id) {
        let day = request.form["day"].flatMap { try? Day(iso: $0) } ?? clock.today
        return seeOther(access.state(day).path, access)
      }
      return await monthPage(
        access.state(clock.today), access: access,
        notice: messages.describe(AppError.ledger(.unknownTransaction(id.rawValue))),
        status: 404)
    }
    let current = question.entry
    guard request.form["version"] == String(current.webVersion) else {
      question.cancel()
      return await monthPage(
        access.state(current.day), access: access,
        panel: .delete(
          current,
          error: messages.describe(
            AppError.ledger(.staleTransaction(expected: current, current: current)))),
        status: 409)
    }
    guard let removed = await question.confirm() else {
      let error = question.error.map(messages.describe) ?? ""
      let day = question.conflict?.current?.day ?? current.day
      let panel: PagePanel =
        question.conflict?.current.map { .delete($0, error: error) }
        ?? .add(FormValues(day: day), error: error)
      return await monthPage(
        access.state(day), access: access, panel: panel,
        status: 409)
    }
    return await landing(.deleted(removed), access)
  }

  // MARK: - Undo

  /// `POST /undo`: the device's coordinator reverts its last change, when it says there is one
  /// (``AppCoordinator/canUndo``), unless someone else changed the entry since (then the step
  /// is dropped and the page says so).
  func undo(_ request: WebRequest, access: Access) async -> WebReply {
    var state = request.form["back"].flatMap(Self.localPage) ?? PageState(day: clock.today)
    state.language = access.language
    state.mode = access.mode
    if let done = undoAlreadyDone(request, state: state, access) { return done }
    // Sent again after a stop that lost its answer (and this browser's history with it).
    if request.isRetry, let made = await expected(request, access) { return made }
    let messages = self.messages(access)
    let coordinator = devices.existing(for: access.undoKey)?.coordinator
    await coordinator?.refreshHistory()
    guard let coordinator, coordinator.canUndo else {
      return await monthPage(
        state, access: access, notice: WebText(language: access.language).nothingToUndo,
        status: 409)
    }
    await expectHistoryStep(undoing: true, coordinator, request, state, access)
    do {
      guard let edit = try await coordinator.undo() else {
        return await monthPage(
          state, access: access, notice: WebText(language: access.language).nothingToUndo,
          status: 409)
      }
      owedNews[access.undoKey, default: []].append(editReport(access).describe(edit, .undone))
      return await landing(edit, access, reverted: true)
    } catch LedgerError.editNoLongerApplies(let step, let current) {
      return await monthPage(
        state, access: access,
        notice: editReport(access).stepDropped(step, current: current, undoing: true),
        status: 409)
    } catch {
      return await monthPage(
        state, access: access, notice: messages.describe(AppError(error)), status: 409)
    }
  }

  /// Presentation's sentences for what an edit did, in the browser's language.
  func editReport(_ access: Access) -> EditReport {
    EditReport(language: access.language, money: MoneyFormatter(currency: currency))
  }

  /// Keeps, before an undo (`undoing`) or redo is made, where it lands once made, the budgets it
  /// takes over their limit, and what the ledger then holds (``LedgerEditWitness``): sent again
  /// after a stop that lost its answer and the history, it is answered as made when the ledger
  /// holds that.
  func expectHistoryStep(
    undoing: Bool, _ coordinator: AppCoordinator, _ request: WebRequest, _ back: PageState,
    _ access: Access
  ) async {
    guard let step = await coordinator.nextHistoryStep(undoing: undoing),
      let witness = LedgerEditWitness(step, reverting: undoing)
    else { return }
    // Where ``landing(_:_:reverted:)`` (an undo, a redo of one entry) or the redo of a batch
    // sends the browser.
    let path: String
    switch step {
    case .added(let entry), .deleted(let entry): path = PageState.path(day: entry.day)
    case .edited(let before, let after):
      path = PageState.path(day: undoing ? before.day : after.day)
    case .batch, .imported, .mood: path = undoing ? PageState.path(day: clock.today) : back.path
    }
    var reply = WebReply.seeOther(path)
    reply.news = [editReport(access).describe(step, undoing ? .undone : .redone)]
    // What ``landing(_:_:reverted:)`` warns of: the entry the step leaves spending, counted
    // instead of the version it replaces.
    let saved: (entry: Transaction, replacing: [Transaction])? =
      switch (step, undoing) {
      case (.added(let entry), false), (.deleted(let entry), true): (entry, [])
      case (.edited(let before, let after), true): (before, [after])
      case (.edited(let before, let after), false): (after, [before])
      default: nil
      }
    if let saved {
      let money = MoneyFormatter(currency: currency)
      reply.warnings = await device(access).budgets.notices(
        beforeSaving: [TransactionDraft(saved.entry)], replacing: saved.replacing
      ).flatMap { $0.lines(in: access.language, money: money) }
    }
    expect(reply, for: request, access, witness: witness.text)
  }

  // MARK: - Helpers

  /// Opens the device's edit form route on an entry as stored now (a deep link to it).
  /// - Returns: The entry and its form; `nil` when no entry has exactly this id.
  private func openEditForm(
    _ id: TransactionID, _ access: Access
  ) async -> (Transaction, TransactionFormViewModel)? {
    let coordinator = device(access).coordinator
    // The exact id (the coordinator also takes a prefix, which an address never means). The
    // version is read after the form opened: a write between the two makes the save conflict.
    guard let form = try? await coordinator.showEditForm(for: .id(id.rawValue)),
      form.mode == .edit(id), let entry = await stored(id, coordinator)
    else {
      coordinator.path = []
      return nil
    }
    return (entry, form)
  }

  /// Opens the device's delete question route on an entry as stored now (a deep link to it).
  /// - Returns: The question; `nil` when no entry has exactly this id.
  private func openDeleteQuestion(
    _ id: TransactionID, _ access: Access
  ) async -> DeleteConfirmationViewModel? {
    let coordinator = device(access).coordinator
    guard let question = try? await coordinator.showDeleteConfirmation(for: .id(id.rawValue)),
      question.entry.id == id
    else {
      coordinator.path = []
      return nil
    }
    return question
  }

  /// The entry with exactly this id as stored now, asked of the device's coordinator.
  private func stored(_ id: TransactionID, _ coordinator: AppCoordinator) async -> Transaction? {
    (try? await coordinator.storedEntry(id)) ?? nil
  }

  /// The month the form was on, for dates typed without one (`3일`).
  func shownMonth(_ request: WebRequest) -> YearMonth? {
    request.form["month"].flatMap { try? YearMonth(iso: $0) }
  }

  /// Reads every field through the form's rules; the first refusal's message, or `nil`.
  func enter(
    _ values: FormValues, into form: TransactionFormViewModel, shownMonth: YearMonth?,
    access: Access
  ) -> String? {
    let refusal = form.enter(
      [
        .kind: values.kind, .amount: values.amount, .category: values.category,
        .memo: values.memo, .date: values.date,
      ], shownMonth: shownMonth)
    return refusal.map { messages(access).describe($0.error) }
  }

  /// The message of what the form says first (``TransactionFormViewModel/refusal``): the first
  /// refused field in the form's order, or the failed save.
  private func firstError(of form: TransactionFormViewModel, access: Access) -> String {
    form.refusal.map { messages(access).describe($0.error) } ?? ""
  }

  /// The page again with the form as typed and its error; nothing was written.
  private func refused(
    _ values: FormValues, error: String, id: TransactionID?, version: Int64?,
    form: TransactionFormViewModel, _ access: Access
  ) async -> WebReply {
    let day = (try? Day(iso: values.date)) ?? form.day
    var values = values
    values.refused = form.refusal?.field?.rawValue
    let panel: PagePanel =
      if let id, let version {
        .edit(id, version: version, values, error: error)
      } else {
        .add(values, error: error)
      }
    return await monthPage(
      access.state(day), access: access, panel: panel,
      status: 422)
  }

  /// Where a write sends the browser: the month of the entry with its day selected.
  func landing(
    _ edit: LedgerEdit, _ access: Access, reverted: Bool = false
  ) async -> WebReply {
    await noteWrite(access)
    // Any write that leaves an entry spending warns: a save, a redo, or an undo that brings an
    // entry (or its earlier amount) back.
    let saved: Transaction? =
      switch (edit, reverted) {
      case (.added(let entry), false), (.edited(_, let entry), false): entry
      case (.deleted(let entry), true), (.edited(let entry, _), true): entry
      default: nil
      }
    if let saved { await warnOverBudget(afterSaving: [saved], access) }
    let day: Day
    switch edit {
    case .added(let entry), .deleted(let entry): day = entry.day
    case .edited(let before, let after): day = reverted ? before.day : after.day
    case .batch, .imported, .mood: day = clock.today
    }
    var reply = WebReply.seeOther(pathSaying(PageState.path(day: day), access))
    reply.cookies = access.cookies
    return reply
  }

  /// The state of a page path the server drew (`/month/2025-11?day=2025-11-03`), or `nil` for
  /// anything else: a form's `back` field never sends the browser elsewhere.
  static func localPage(_ path: String) -> PageState? {
    guard path.hasPrefix("/month/"), let query = path.split(separator: "?").last,
      let day = FormBody(String(query))["day"].flatMap({ try? Day(iso: $0) })
    else { return nil }
    return PageState(day: day, shape: path.contains("shape=week") ? .week : .month)
  }
}
