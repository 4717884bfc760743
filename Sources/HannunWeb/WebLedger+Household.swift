import Foundation
import HannunDomain
import HannunKit
import HannunPresentation

/// The month page's household actions beside the entries: what is left of a budget after a
/// write that spends, and the due recurring entries with confirm, skip and change. Each action
/// is an intent of the core's view-models (``BudgetViewModel``, ``RecurringViewModel``); the
/// web only reads the form, sends the intent and says the outcome on the next page.
extension WebLedger {
  // MARK: - Budgets

  /// Keeps the over-budget warnings of `saved` for this browser's next page: the core's
  /// ``BudgetViewModel/notices(afterSaving:rereading:)`` of the device's budgets, said after every
  /// write that spends.
  func warnOverBudget(afterSaving saved: [Transaction], _ access: Access) async {
    let money = MoneyFormatter(currency: currency)
    let lines = await device(access).budgets.notices(afterSaving: saved).flatMap {
      $0.lines(in: access.language, money: money)
    }
    if !lines.isEmpty { owedWarnings[access.undoKey, default: []] += lines }
  }

  /// The device's due list route (``AppCoordinator/showDueList(rereadingBudgets:)``), read as
  /// stored now, with the planned occurrence a request names; `nil` when none is planned (or the
  /// rules cannot be read).
  private func openDueList(
    _ rule: String?, _ date: String?, _ access: Access
  ) async -> (DueListViewModel, Occurrence)? {
    let session = device(access)
    guard let rule, let date, let day = try? Day(iso: date),
      let due = try? await session.coordinator.showDueList(),
      let occurrence = try? session.recurring.plan.occurrence(
        OccurrenceKey(rule: RecurringRuleID(rule), date: day))
    else {
      session.coordinator.path = []
      return nil
    }
    return (due, occurrence)
  }

  // MARK: - Due entries

  /// `POST /due/confirm`: the due list's confirm of the occurrence the form names: it becomes
  /// an entry, once; the next page says so, with the list's budget notices when it took a
  /// budget over.
  func confirmDue(_ request: WebRequest, access: Access) async -> WebReply {
    if let key = occurrenceKey(request),
      case .confirmed(let entries)? = await dueAlreadyDone(.confirm(key), request, access)
    {
      // Confirmed before its answer was lost: said as then, nothing written.
      if let entry = entries.first { oweConfirmed(entry, access) }
      await warnOverBudget(afterSaving: entries, access)
      return redirect(to: access.state(entries.first?.day ?? key.date), access)
    }
    return await actOnDue(request, access) { due, occurrence in
      let entry = try await due.confirm(occurrence.key)
      self.oweConfirmed(entry, access)
      let money = MoneyFormatter(currency: self.currency)
      let lines = due.notices.flatMap { $0.lines(in: access.language, money: money) }
      if !lines.isEmpty { self.owedWarnings[access.undoKey, default: []] += lines }
      return entry.day
    }
  }

  /// Keeps for this browser's next page the line that says a due entry was confirmed.
  private func oweConfirmed(_ entry: Transaction, _ access: Access) {
    owedNews[access.undoKey, default: []].append(
      access.language.dueConfirmed(
        category: entry.category,
        amount: MoneyFormatter(currency: currency).string(Money(entry.amount)), day: entry.day))
  }

  /// The occurrence a due form names (`rule`, `date`), or `nil`.
  private func occurrenceKey(_ request: WebRequest) -> OccurrenceKey? {
    guard let rule = request.form["rule"], let date = request.form["date"],
      let day = try? Day(iso: date)
    else { return nil }
    return OccurrenceKey(rule: RecurringRuleID(rule), date: day)
  }

  /// For a form sent again after its write may have been made (``WebRequest/isRetry``): what
  /// the device's due list (``DueListViewModel/alreadyDone(_:)``) says `intent` already did, as
  /// the ledger is now; `nil` for a first send, or when it was not made.
  private func dueAlreadyDone(
    _ intent: DueListViewModel.Intent, _ request: WebRequest, _ access: Access
  ) async -> DueListViewModel.Action? {
    guard request.isRetry else { return nil }
    let coordinator = device(access).coordinator
    defer { coordinator.path = [] }
    guard let due = try? await coordinator.showDueList() else { return nil }
    return await due.alreadyDone(intent)
  }

  /// `POST /due/confirm-all`: the due list's confirm of all: every occurrence due by today
  /// becomes an entry, in one write; the next page says how many, with the list's budget
  /// notices when they took a budget over.
  func confirmAllDue(_ request: WebRequest, access: Access) async -> WebReply {
    var state = request.form["back"].flatMap(Self.localPage) ?? access.state(clock.today)
    state.language = access.language
    state.mode = access.mode
    if await dueAlreadyDone(.confirmAll, request, access) != nil {
      // Nothing is due any more: confirmed before its answer was lost, answered as it was to be
      // (``expect(_:for:_:witness:)``; without it, how many the ledger does not tell).
      return await expected(request, access) ?? redirect(to: state, access)
    }
    do {
      let due = try await device(access).coordinator.showDueList()
      // What it answers once made, on the disk before it writes.
      var answer = WebReply.seeOther(state.path)
      answer.news = [access.language.due.confirmed(count: due.due.count)]
      expect(answer, for: request, access)
      let entries = try await due.confirmAll()
      owedNews[access.undoKey, default: []].append(
        access.language.due.confirmed(count: entries.count))
      let money = MoneyFormatter(currency: currency)
      let lines = due.notices.flatMap { $0.lines(in: access.language, money: money) }
      if !lines.isEmpty { owedWarnings[access.undoKey, default: []] += lines }
      await noteWrite(access)
      return redirect(to: state, access)
    } catch {
      return await monthPage(
        state, access: access, notice: messages(access).describe(AppError(error)), status: 409)
    }
  }

  /// `POST /due/skip`: the due list's skip of the occurrence the form names: it will not
  /// happen; its rule stays.
  func skipDue(_ request: WebRequest, access: Access) async -> WebReply {
    if let key = occurrenceKey(request),
      case .skipped(let occurrences)? = await dueAlreadyDone(.skip(key), request, access)
    {
      // Skipped before its answer was lost: said as then, nothing written.
      for skipped in occurrences {
        owedNews[access.undoKey, default: []].append(
          access.language.dueSkipped(category: skipped.category, day: skipped.day))
      }
      return redirect(to: access.state(key.date), access)
    }
    return await actOnDue(request, access) { due, occurrence in
      let skipped = try await due.skip(occurrence.key)
      self.owedNews[access.undoKey, default: []].append(
        access.language.dueSkipped(category: skipped.category, day: skipped.day))
      return skipped.day
    }
  }

  /// `GET /due/change?rule=r1&date=2025-11-25`: the occurrence's day with the form that changes
  /// this time only.
  func changeDuePage(_ request: WebRequest, access: Access) async -> WebReply {
    guard
      let (_, occurrence) = await openDueList(request.query["rule"], request.query["date"], access)
    else { return notFound(access) }
    return await monthPage(
      access.state(occurrence.day), access: access,
      panel: .changeOccurrence(
        occurrence, OccurrenceValues(occurrence, currency: currency), error: nil))
  }

  /// `POST /due/change`: changes one occurrence's amount, memo or day (its rule untouched), the
  /// fields as typed into the core's ``OccurrenceFormViewModel``; a refused value shows the form
  /// again as typed, nothing written.
  func changeDue(_ request: WebRequest, access: Access) async -> WebReply {
    let values = OccurrenceValues(request.form)
    guard
      let (due, occurrence) = await openDueList(request.form["rule"], request.form["date"], access)
    else { return await missingOccurrence(request, access) }
    let form = OccurrenceFormViewModel(occurrence: occurrence, due: due, currency: currency)
    form.enter([.amount: values.amount, .memo: values.memo, .date: values.day])
    // Sent again after its write may have been made: the occurrence already so is the change.
    var saved = request.isRetry ? form.alreadySaved() : nil
    if saved == nil { saved = await form.save() }
    guard let changed = saved else {
      let refusal = form.refusal ?? .unchanged
      var status = 422
      if case .store = refusal { status = 409 }
      return await monthPage(
        access.state(occurrence.day), access: access,
        panel: .changeOccurrence(
          occurrence, values, error: messages(access).describe(occurrence: refusal)),
        status: status)
    }
    owedNews[access.undoKey, default: []].append(
      access.language.dueChanged(
        category: changed.category,
        amount: MoneyFormatter(currency: currency).string(Money(changed.amount)),
        day: changed.day))
    await noteWrite(access)
    return redirect(to: access.state(changed.day), access)
  }

  /// Reads the occurrence a form names and runs `act` on it; the page of the day it returns
  /// follows. A refusal shows the page with the reason, nothing changed.
  private func actOnDue(
    _ request: WebRequest, _ access: Access,
    _ act: (DueListViewModel, Occurrence) async throws -> Day
  ) async -> WebReply {
    guard
      let (due, occurrence) = await openDueList(request.form["rule"], request.form["date"], access)
    else { return await missingOccurrence(request, access) }
    do {
      let day = try await act(due, occurrence)
      await noteWrite(access)
      return redirect(to: access.state(day), access)
    } catch {
      let messages = self.messages(access)
      return await monthPage(
        access.state(occurrence.day), access: access,
        notice: messages.describe(AppError(error)), status: 409)
    }
  }

  /// The page of the form's `back` address, saying that no such occurrence is planned.
  private func missingOccurrence(_ request: WebRequest, _ access: Access) async -> WebReply {
    var state = request.form["back"].flatMap(Self.localPage) ?? access.state(clock.today)
    state.language = access.language
    state.mode = access.mode
    return await monthPage(
      state, access: access,
      notice: access.language.noSuchOccurrence(
        rule: request.form["rule"] ?? request.query["rule"] ?? "",
        date: request.form["date"] ?? request.query["date"] ?? ""),
      status: 404)
  }

  /// A redirect to a page, with the browser's cookies.
  private func redirect(to state: PageState, _ access: Access) -> WebReply {
    var reply = WebReply.seeOther(pathSaying(state.path, access))
    reply.cookies = access.cookies
    return reply
  }
}

/// The fields of the form that changes one occurrence, kept as typed (the core's
/// ``OccurrenceFormViewModel`` reads them).
struct OccurrenceValues: Hashable, Sendable {
  var amount = ""
  var memo = ""
  var day = ""

  /// The occurrence as planned now.
  init(_ occurrence: Occurrence, currency: Currency) {
    amount = currency.decimalString(minorUnits: occurrence.amount.minorUnits)
    memo = occurrence.memo
    day = occurrence.day.iso
  }

  /// The fields of a submitted form.
  init(_ body: FormBody) {
    amount = body["amount"] ?? ""
    memo = body["memo"] ?? ""
    day = body["day"] ?? ""
  }
}

extension WebLedger {
  // MARK: - Moods

  /// `POST /moods`: sets (or, with no mood chosen, clears) a day's mood and note, one undo step
  /// of this browser; a refused note shows the day again with the reason, nothing written.
  func setMood(_ request: WebRequest, access: Access) async -> WebReply {
    let messages = self.messages(access)
    guard let day = request.form["day"].flatMap({ try? Day(iso: $0) }) else {
      return notFound(access)
    }
    let chosen = request.form["mood"] ?? ""
    do {
      // The device's route on the day's mood: set, or clear with no mood chosen.
      let screen = try await device(access).coordinator.showMood(of: day)
      let asked = chosen.isEmpty ? nil : try? Mood(parsing: chosen)
      if request.isRetry, chosen.isEmpty || asked != nil,
        screen.alreadySet(asked, note: request.form["note"] ?? "")
      {
        // Set before its answer was lost: nothing written.
        return redirect(to: access.state(day), access)
      }
      if chosen.isEmpty {
        try await screen.clear()
      } else {
        try await screen.set(try Mood(parsing: chosen), note: request.form["note"] ?? "")
      }
      await noteWrite(access)
      return redirect(to: access.state(day), access)
    } catch {
      return await monthPage(
        access.state(day), access: access, notice: messages.describe(AppError(error)),
        status: 422)
    }
  }
}
