import HannunDomain
import HannunPresentation

/// Recurring rules at the prompt: what is due is offered when the session starts, and the
/// `recurring`, `due`, `confirm`, `skip` and `change` commands act through
/// ``RecurringViewModel``.
extension REPLSession {
  /// At a terminal, lists what is due and asks once what to do: `a` confirms all, numbers
  /// (`1 3`) confirm those, `s` and numbers skip those, Enter leaves them for later. A script
  /// (no terminal) gets one line saying how many are due, so its lines are never taken as
  /// answers. The list is the coordinator's due-list route, closed once answered.
  func offerDue() async {
    guard let due = try? await openDueList() else { return }
    // Left on every way out; before drawing, so that the calendar is drawn, not the list.
    defer { due.close() }
    guard !due.due.isEmpty else { return }
    let words = RecurringText(language: calendar.language)
    guard interactive else {
      say(words.dueNotice(due.due.count))
      return
    }
    // The list has the screen to itself, as many lines as fit above the question.
    write("\u{1B}[H\u{1B}[2J")
    var lines = renderer(due.money).dueLines(due.due, today: due.today)
    let height = rows?() ?? columns().flatMap { _ in Terminal.rows(environment: [:]) }
    // Rows: the list, the choices (two lines when narrow) and the prompt.
    if let height, lines.count > max(2, height - 4) {
      let kept = max(1, height - 5)
      let left = lines.count - kept
      lines = Array(lines.prefix(kept)) + [words.moreDue(left)]
    }
    // The lines are styled and already fit the width, so they are written as they are.
    write(lines.map { $0 + "\n" }.joined())
    say(words.dueChoices)
    guard let reply = answer("> ", prefill: "") else {
      due.close()
      draw()
      return
    }
    do {
      if let message = try await settleDue(reply, due) {
        note(message)
        note(due.notices)
      }
    } catch {
      note(text.messages.describe(any: error))
    }
    // Answered: the calendar comes back under the message.
    due.close()
    await catchUp()
    draw()
    flushNotes()
  }

  /// Carries out a recurring command through the coordinator's rules or due-list route. The
  /// list (`recurring`, `due`) stays on top, drawn instead of the calendar until the next
  /// command; an intent's route is left once done, and the calendar shows its message.
  func perform(_ command: RecurringCommand) async throws {
    let words = RecurringText(language: calendar.language)
    switch command {
    case .listRules: _ = try await openRules()
    case .due: _ = try await openDueList()
    case .addRule, .editRule, .removeRule:
      let rules = try await openRules()
      defer { rules.close() }
      try await perform(command, on: rules, words)
    case .confirm, .skip, .change:
      let due = try await openDueList()
      defer { due.close() }
      do {
        try await perform(command, on: due, words)
      } catch is DueListError {
        throw SessionMessage(description: words.badDueAnswer(due.due.count))
      }
    }
  }

  // MARK: - Helpers

  /// The rules route's intents.
  private func perform(
    _ command: RecurringCommand, on rules: RecurringRulesViewModel, _ words: RecurringText
  ) async throws {
    switch command {
    case .addRule(let typed):
      let rule = try await save(rules.ruleForm(), typed)
      note(words.added(rule, language: calendar.language))
    case .editRule(let id, let field, let value):
      note(
        words.edited(try await save(rules.ruleForm(editing: id), [Self.formField(field): value])))
    case .removeRule(let id):
      note(words.removed(try await rules.remove(id)))
    case .listRules, .due, .confirm, .skip, .change: break
    }
  }

  /// The due list's intents.
  private func perform(
    _ command: RecurringCommand, on due: DueListViewModel, _ words: RecurringText
  ) async throws {
    switch command {
    case .confirm(.all):
      note(words.confirmed(try await due.confirmAll().count))
      note(due.notices)
    case .confirm(let reference):
      let entry = try await due.confirm(try key(reference, due))
      await calendar.select(day: entry.day)
      note(words.confirmed(entry, money: calendar.money, language: calendar.language))
      note(due.notices)
    case .skip(let reference):
      note(words.skipped(try await due.skip(try key(reference, due))))
    case .change(let reference, let field, let value):
      let form = try due.changeForm(for: try key(reference, due))
      let formField: OccurrenceFormViewModel.Field =
        switch field {
        case .amount: .amount
        case .memo: .memo
        case .date: .date
        }
      if let refusal = form.enter([formField: value], shownMonth: calendar.currentMonth) {
        throw refusal
      }
      guard let changed = await form.save() else { throw form.refusal ?? .unchanged }
      note(words.changed(changed, field, money: calendar.money))
    case .listRules, .due, .addRule, .editRule, .removeRule: break
    }
  }

  /// The lines a household route shows instead of the calendar, drawn from its state: the
  /// rules, or what is due; `nil` for a route drawn otherwise (a day's mood shows in the
  /// calendar's heading, an import preview through ``importPreviewText(_:)``).
  func householdLines(_ route: Route) -> [String]? {
    switch route {
    case .recurringRules(let rules): renderer(rules.money).ruleLines(rules.rules)
    case .dueList(let due): renderer(due.money).dueLines(due.due, today: due.today)
    default: nil
    }
  }

  /// Opens the coordinator's rules route.
  private func openRules() async throws -> RecurringRulesViewModel {
    try await coordinator.showRecurringRules()
  }

  /// Opens the coordinator's due list; a confirm's budget notices read the budgets again only
  /// when nothing keeps them current.
  private func openDueList() async throws -> DueListViewModel {
    try await coordinator.showDueList(rereadingBudgets: changes == nil)
  }

  /// Acts on the answer to the start-up question about due items.
  /// - Returns: What to say; `nil` for Enter.
  private func settleDue(_ reply: String, _ due: DueListViewModel) async throws -> String? {
    let words = RecurringText(language: calendar.language)
    let parts = reply.split(separator: " ").map { $0.lowercased() }
    guard let first = parts.first else { return nil }
    if ["a", "all", "모두", "전부"].contains(first), parts.count == 1 {
      return words.confirmed(try await due.confirmAll().count)
    }
    let skipping = first == "s" || first == "skip"
    let numbers = skipping ? Array(parts.dropFirst()) : parts
    let positions = numbers.compactMap { Int($0) }
    let count = due.due.count
    guard positions.count == numbers.count else {
      throw SessionMessage(description: words.badDueAnswer(count))
    }
    do {
      return skipping
        ? words.skipped(count: try await due.skip(positions: positions).count)
        : words.confirmed(try await due.confirm(positions: positions).count)
    } catch is DueListError {
      throw SessionMessage(description: words.badDueAnswer(count))
    }
  }

  private func key(_ reference: OccurrenceReference, _ due: DueListViewModel) throws
    -> OccurrenceKey
  {
    switch reference {
    case .key(let key): return key
    case .all: throw DueListError.nothingChosen(count: due.due.count)
    case .position(let position): return try due.key(at: position)
    }
  }

  /// Fills a rule form with the words typed and saves it; what it says first fails the command.
  private func save(
    _ form: RecurringRuleFormViewModel, _ typed: [RecurringRuleFormViewModel.Field: String]
  ) async throws -> RecurringRule {
    if let refusal = form.enter(typed, shownMonth: calendar.currentMonth) { throw refusal }
    guard let rule = await form.save() else {
      throw form.refusal ?? .store(.other("the rule was not saved"))
    }
    return rule
  }

  /// The rule form's field that `recurring edit ID FIELD` names.
  private static func formField(_ field: RecurringCommand.RuleField)
    -> RecurringRuleFormViewModel.Field
  {
    switch field {
    case .amount: .amount
    case .category: .category
    case .memo: .memo
    case .kind: .kind
    case .from: .start
    case .until: .end
    case .schedule: .schedule
    }
  }

  private func renderer(_ money: MoneyFormatter) -> RecurringRenderer {
    RecurringRenderer(
      theme: theme, width: columns() ?? TerminalSize.standard.columns,
      language: calendar.language, money: money)
  }
}
