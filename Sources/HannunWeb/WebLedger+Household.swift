import Foundation
import HannunDomain
import HannunPresentation

/// The month page's household actions beside the entries: what is left of a budget after a
/// write that spends, and the due recurring entries with confirm, skip and change. Each action
/// is an intent of the core's view-models (``BudgetViewModel``, ``RecurringViewModel``); the
/// web only reads the form, sends the intent and says the outcome on the next page.
extension WebLedger {
  // MARK: - Budgets

  /// Keeps the over-budget warnings of `saved` for this browser's next page: the core's
  /// ``BudgetViewModel/notices(afterSaving:rereading:)``, said after every write that spends.
  func warnOverBudget(afterSaving saved: [Transaction], _ access: Access) async {
    let budgets = budgetModel()
    let money = MoneyFormatter(currency: currency)
    let lines = await budgets.notices(afterSaving: saved).flatMap {
      $0.lines(in: access.language, money: money)
    }
    if !lines.isEmpty { owedWarnings[access.undoKey, default: []] += lines }
  }

  /// The ledger's budgets.
  func budgetModel() -> BudgetViewModel {
    BudgetViewModel(repository: stores.budgets, entries: repository, calendar: nil)
  }

  /// The ledger's recurring rules, read, or `nil` when its store keeps none.
  private func recurringModel(_ access: Access) async -> RecurringViewModel? {
    let model = RecurringViewModel(
      rules: stores.recurring, entries: repository, clock: clock, currency: currency,
      language: access.language, makeID: makeID)
    await model.load()
    return model
  }

  // MARK: - Due entries

  /// `POST /due/confirm`: the occurrence the form names becomes an entry, once; the next page
  /// says so and warns when it took a budget over.
  func confirmDue(_ request: WebRequest, access: Access) async -> WebReply {
    await actOnDue(request, access) { model, occurrence in
      let entry = try await model.confirm(occurrence.key)
      self.owedNews[access.undoKey, default: []].append(
        access.language.dueConfirmed(
          category: entry.category,
          amount: MoneyFormatter(currency: self.currency).string(Money(entry.amount)),
          day: entry.day))
      await self.warnOverBudget(afterSaving: [entry], access)
      return entry.day
    }
  }

  /// `POST /due/confirm-all`: every occurrence due by today becomes an entry, in one write; the
  /// next page says how many and warns when they took a budget over.
  func confirmAllDue(_ request: WebRequest, access: Access) async -> WebReply {
    var state = request.form["back"].flatMap(Self.localPage) ?? access.state(clock.today)
    state.language = access.language
    state.mode = access.mode
    do {
      guard let model = await recurringModel(access) else { return notFound(access) }
      let entries = try await model.confirmAllDue()
      owedNews[access.undoKey, default: []].append(
        access.language.due.confirmed(count: entries.count))
      await warnOverBudget(afterSaving: entries, access)
      noteWrite(access)
      return redirect(to: state, access)
    } catch {
      let messages = access.language.messages(currency: currency)
      return await monthPage(
        state, access: access, notice: messages.describe(AppError(error)), status: 409)
    }
  }

  /// `POST /due/skip`: the occurrence the form names will not happen; its rule stays.
  func skipDue(_ request: WebRequest, access: Access) async -> WebReply {
    await actOnDue(request, access) { model, occurrence in
      let skipped = try await model.skip(occurrence.key)
      self.owedNews[access.undoKey, default: []].append(
        access.language.dueSkipped(category: skipped.category, day: skipped.day))
      return skipped.day
    }
  }

  /// `GET /due/change?rule=r1&date=2025-11-25`: the occurrence's day with the form that changes
  /// this time only.
  func changeDuePage(_ request: WebRequest, access: Access) async -> WebReply {
    guard let model = await recurringModel(access),
      let occurrence = occurrence(request.query["rule"], request.query["date"], in: model)
    else { return notFound(access) }
    return await monthPage(
      access.state(occurrence.day), access: access,
      panel: .changeOccurrence(
        occurrence, OccurrenceValues(occurrence, currency: currency), error: nil))
  }

  /// `POST /due/change`: changes one occurrence's amount, memo or day (its rule untouched); a
  /// refused value shows the form again as typed, nothing written.
  func changeDue(_ request: WebRequest, access: Access) async -> WebReply {
    let values = OccurrenceValues(request.form)
    guard let model = await recurringModel(access),
      let occurrence = occurrence(request.form["rule"], request.form["date"], in: model)
    else { return await missingOccurrence(request, access) }
    let messages = self.messages(access)
    let change: OccurrenceChange
    do {
      change = try values.change(
        from: occurrence, currency: currency, today: clock.today)
    } catch {
      return await monthPage(
        access.state(occurrence.day), access: access,
        panel: .changeOccurrence(
          occurrence, values, error: error.message(access.language, messages)),
        status: 422)
    }
    do {
      let changed = try await model.change(occurrence.key, change)
      owedNews[access.undoKey, default: []].append(
        access.language.dueChanged(
          category: changed.category,
          amount: MoneyFormatter(currency: currency).string(Money(changed.amount)),
          day: changed.day))
      noteWrite(access)
      return redirect(to: access.state(changed.day), access)
    } catch {
      return await monthPage(
        access.state(occurrence.day), access: access,
        panel: .changeOccurrence(
          occurrence, values, error: messages.describe(AppError(error))),
        status: 409)
    }
  }

  /// Reads the occurrence a form names and runs `act` on it; the page of the day it returns
  /// follows. A refusal shows the page with the reason, nothing changed.
  private func actOnDue(
    _ request: WebRequest, _ access: Access,
    _ act: (RecurringViewModel, Occurrence) async throws -> Day
  ) async -> WebReply {
    guard let model = await recurringModel(access),
      let occurrence = occurrence(request.form["rule"], request.form["date"], in: model)
    else { return await missingOccurrence(request, access) }
    do {
      let day = try await act(model, occurrence)
      noteWrite(access)
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

  /// The planned occurrence of `rule` on `date`, when there is one.
  private func occurrence(
    _ rule: String?, _ date: String?, in model: RecurringViewModel
  ) -> Occurrence? {
    guard let rule, let date, let day = try? Day(iso: date) else { return nil }
    return try? model.plan.occurrence(OccurrenceKey(rule: RecurringRuleID(rule), date: day))
  }

  /// A redirect to a page, with the browser's cookies.
  private func redirect(to state: PageState, _ access: Access) -> WebReply {
    var reply = WebReply.seeOther(pathSaying(state.path, access))
    reply.cookies = access.cookies
    return reply
  }
}

/// The fields of the form that changes one occurrence, kept as typed.
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

  /// The change these fields make to `occurrence`: only what differs from it.
  /// - Throws: The refusal of a field; ``OccurrenceValues/Unchanged`` when nothing differs.
  func change(from occurrence: Occurrence, currency: Currency, today: Day) throws
    -> OccurrenceChange
  {
    let trimmed = amount.trimmingCharacters(in: .whitespaces)
    let newAmount = trimmed.isEmpty ? nil : try AmountParser(currency: currency).parse(trimmed)
    let dayText = day.trimmingCharacters(in: .whitespaces)
    let newDay =
      dayText.isEmpty
      ? nil
      : try Day(userInput: dayText, today: today, shownMonth: occurrence.day.yearMonth)
    let change = try OccurrenceChange(
      amount: newAmount == occurrence.amount ? nil : newAmount,
      memo: memo == occurrence.memo ? nil : memo,
      day: newDay == occurrence.day ? nil : newDay)
    guard change.amount != nil || change.memo != nil || change.day != nil else {
      throw Unchanged()
    }
    return change
  }

  /// Nothing in the form differs from the occurrence as planned.
  struct Unchanged: Error {}
}

extension Error {
  /// The sentence for a refused value in the catalogue of `language`.
  fileprivate func message(_ language: DisplayLanguage, _ messages: any MessageCatalog) -> String {
    self is OccurrenceValues.Unchanged
      ? language.emptyOccurrenceChange : messages.describe(AppError(self))
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
      let mood: DayMood? =
        chosen.isEmpty
        ? nil
        : DayMood(try Mood(parsing: chosen), note: try MoodRules.note(request.form["note"] ?? ""))
      _ = try await editor(access).setMood(mood, on: day)
      noteWrite(access)
      return redirect(to: access.state(day), access)
    } catch {
      return await monthPage(
        access.state(day), access: access, notice: messages.describe(AppError(error)),
        status: 422)
    }
  }
}
