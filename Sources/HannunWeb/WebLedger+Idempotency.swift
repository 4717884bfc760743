import HannunDomain
import HannunPresentation

extension WebLedger {
  /// The answer to an add whose key (``IdempotencyKey``) is an entry the ledger already holds:
  /// the submission was saved before (its answer lost, or the form sent again), so nothing is
  /// written and the browser lands on the entry's day as after the first save. `nil` when no
  /// entry has that id.
  func alreadySaved(_ key: TransactionID, _ access: Access) async -> WebReply? {
    let stored = try? await device(access).coordinator.storedEntry(key)
    guard let entry = stored ?? nil else { return nil }
    var reply = WebReply.seeOther(PageState.path(day: entry.day))
    reply.cookies = access.cookies
    return reply
  }

  /// The answer to an edit sent with an older version of an entry that is now exactly what the
  /// form says (the same edit sent again after its answer was lost): nothing is written and the
  /// browser lands on the entry's day. `nil` when the entry differs from the form, which is a
  /// real conflict.
  func alreadyEdited(
    _ current: Transaction, to values: FormValues, _ request: WebRequest, _ access: Access
  ) async -> WebReply? {
    // Forms of the device's editor, never saved: they only read the values as typed.
    let editor = device(access).editor
    let typed = TransactionFormViewModel(
      editing: current, editor: editor, currency: currency, clock: clock)
    guard enter(values, into: typed, shownMonth: shownMonth(request), access: access) == nil
    else { return nil }
    let stored = TransactionFormViewModel(
      editing: current, editor: editor, currency: currency, clock: clock)
    guard FormValues(stored) == FormValues(typed) else { return nil }
    var reply = WebReply.seeOther(PageState.path(day: current.day))
    reply.cookies = access.cookies
    return reply
  }

  /// The answer to an undo whose key (drawn fresh with each page's undo button) this browser
  /// already used: the undo was made (its answer lost, or the form sent again), so nothing more
  /// is reverted and the browser goes back to the page. `nil` the first time a key is used, or
  /// for a form without one.
  func undoAlreadyDone(_ request: WebRequest, state: PageState, _ access: Access) -> WebReply? {
    guard let key = request.form["key"], !key.isEmpty,
      !sessions.useUndoKey(key, for: access.undoKey)
    else { return nil }
    var reply = WebReply.seeOther(state.path)
    reply.cookies = access.cookies
    return reply
  }
}

extension WebLedger {
  /// A write form's answer, made once per idempotency key: the form's `key` (of an id's form,
  /// see ``IdempotencyKey``) names this browser's write in ``writeOutcomes``, so the same form
  /// sent again answers as the first time without writing again. A form without a key writes
  /// each time. A key whose write was interrupted before its outcome was recorded (the server
  /// stopped between the two) is first asked of the ledger (``alreadyMade(_:_:)``): when what
  /// the form asks for is there, the write was made, and it is answered as made.
  func once(
    _ request: WebRequest, _ access: Access, _ write: () async -> WebReply
  ) async -> WebReply {
    guard let key = request.form["key"], IdempotencyKey.id(key) != nil else {
      return await write()
    }
    // The session's lookup prefix names it (``WebSessions``): not its secret, which the
    // outcomes' file never holds.
    var reply = await writeOutcomes.once(String(access.undoKey.prefix(16)) + " " + key) {
      retried in
      if retried, let made = await alreadyMade(request, access) { return made }
      return await write()
    }
    reply.cookies = access.cookies
    return reply
  }

  /// The answer to a form whose write may have been made before the server stopped (its intent
  /// recorded, its outcome not): a redirect to where the write would have sent the browser when
  /// the ledger already holds what the form asks for — the entry deleted, the occurrence
  /// confirmed, skipped or changed as typed, every due entry confirmed, the budget set or
  /// removed, the same rule added or the rule removed, the category renamed, the day's mood
  /// set — so nothing is written twice and no refusal is said for a write that was made. `nil`
  /// when it is not there (the write was not made): the form is then written as any other.
  /// Adds and edits need no asking: an add's key is its entry's id, and an edit already made
  /// is recognised by the entry matching the form (``alreadyEdited(_:to:_:_:)``).
  func alreadyMade(_ request: WebRequest, _ access: Access) async -> WebReply? {
    let form = request.form
    let coordinator = device(access).coordinator
    defer { coordinator.path = [] }
    switch request.path {
    case "/due/confirm", "/due/skip", "/due/change":
      return await occurrenceMade(request, access)
    case "/due/confirm-all":
      guard let due = try? await coordinator.showDueList(), due.due.isEmpty else { return nil }
      var state = form["back"].flatMap(Self.localPage) ?? access.state(clock.today)
      state.language = access.language
      state.mode = access.mode
      return seeOther(state.path, access)
    case "/budgets/set", "/budgets/remove":
      return await budgetMade(request, access)
    case "/recurring":
      guard let screen = try? await coordinator.showRecurringRules() else { return nil }
      let typed = ruleForm(request, on: screen)
      guard typed.errors.isEmpty, let schedule = typed.schedule, let amount = typed.amount,
        screen.rules.contains(where: {
          $0.schedule == schedule && $0.kind == typed.kind && $0.amount == amount
            && $0.category == typed.category && $0.memo == typed.memo
            && $0.start == (typed.start ?? clock.today)
        })
      else { return nil }
      return seeOther("/recurring", access)
    case "/recurring/remove":
      guard let screen = try? await coordinator.showRecurringRules(), screen.failure == nil,
        !screen.rules.contains(where: { $0.id.rawValue == form["rule"] })
      else { return nil }
      return seeOther("/recurring", access)
    case "/categories/rename":
      let list = await coordinator.categoryList(of: nil)
      // The new name as a rename keeps it (``TransactionRules/category(_:)``).
      guard list.loadFailure == nil, let old = form["old"],
        let new = try? TransactionRules.category(form["new"] ?? ""),
        !list.namesByUse.contains(old), list.namesByUse.contains(new)
      else { return nil }
      return seeOther("/categories", access)
    case "/moods":
      guard let day = form["day"].flatMap({ try? Day(iso: $0) }),
        let screen = try? await coordinator.showMood(of: day), screen.failure == nil
      else { return nil }
      let chosen = form["mood"] ?? ""
      // The mood and note as the day's screen keeps them (``MoodRules/note(_:)``).
      let note = try? MoodRules.note(form["note"] ?? "")
      let asked = (try? Mood(parsing: chosen)).flatMap { mood in
        note.map { DayMood(mood, note: $0) }
      }
      guard chosen.isEmpty || asked != nil, screen.mood == asked else { return nil }
      return seeOther(access.state(day).path, access)
    default:
      guard request.path.hasPrefix("/entries/"), request.path.hasSuffix("/delete") else {
        return nil
      }
      let id = String(request.path.dropFirst("/entries/".count).dropLast("/delete".count))
      do {
        guard try await coordinator.storedEntry(TransactionID(id)) == nil else { return nil }
      } catch {
        return nil
      }
      let day = form["day"].flatMap { try? Day(iso: $0) } ?? clock.today
      return seeOther(access.state(day).path, access)
    }
  }

  /// ``alreadyMade(_:_:)`` of a due occurrence's confirm, skip or change: the occurrence's
  /// decision as stored is the one the form asks for.
  private func occurrenceMade(_ request: WebRequest, _ access: Access) async -> WebReply? {
    let form = request.form
    let session = device(access)
    guard let rule = form["rule"], let date = form["date"].flatMap({ try? Day(iso: $0) }),
      let due = try? await session.coordinator.showDueList()
    else { return nil }
    let key = OccurrenceKey(rule: RecurringRuleID(rule), date: date)
    switch (request.path, session.recurring.plan.decisions[key]) {
    case ("/due/confirm", .confirmed(let id)?):
      let entry = (try? await session.coordinator.storedEntry(id)) ?? nil
      return seeOther(access.state(entry?.day ?? date).path, access)
    case ("/due/skip", .skipped?):
      return seeOther(access.state(date).path, access)
    case ("/due/change", .changed?):
      // The fields read as the change's form reads them (a blank one keeps what is planned).
      guard let occurrence = try? session.recurring.plan.occurrence(key) else { return nil }
      let typed = OccurrenceFormViewModel(occurrence: occurrence, due: due, currency: currency)
      typed.enter([
        .amount: form["amount"] ?? "", .memo: form["memo"] ?? "", .date: form["day"] ?? "",
      ])
      guard typed.errors.isEmpty, (typed.amount ?? occurrence.amount) == occurrence.amount,
        (typed.memo ?? occurrence.memo) == occurrence.memo,
        (typed.day ?? occurrence.day) == occurrence.day
      else { return nil }
      return seeOther(access.state(occurrence.day).path, access)
    default:
      return nil
    }
  }

  /// ``alreadyMade(_:_:)`` of a budget set or removed: the scope's limit from the month on is
  /// the one the form asks for (none, for a removal).
  private func budgetMade(_ request: WebRequest, _ access: Access) async -> WebReply? {
    let text = request.form["month"] ?? ""
    let shown = (try? YearMonth(iso: text)) ?? clock.today.yearMonth
    let form = budgetForm(shown, access)
    let removing = request.path == "/budgets/remove"
    var fields: [BudgetFormViewModel.Field: String] = [.month: text]
    let category = request.form["category"] ?? ""
    if !category.trimmedForForm.isEmpty { fields[.category] = category }
    if !removing { fields[.amount] = request.form["amount"] ?? "" }
    form.enter(fields)
    let budgets = device(access).budgets
    await budgets.refresh()
    guard form.errors.isEmpty, budgets.loadFailure == nil, let month = form.month else {
      return nil
    }
    // The limit in effect from the month on is the one asked for (none, for a removal).
    let current = budgets.plan.changes(for: form.scope).last { $0.from <= month }
    guard current?.limit == (removing ? nil : form.amount) else { return nil }
    return seeOther("/budgets?month=\(month.iso)", access)
  }
}
