import HannunDomain
import HannunPresentation

/// Recurring rules at the prompt: what is due is offered when the session starts, and the
/// `recurring`, `due`, `confirm`, `skip` and `change` commands act through
/// ``RecurringViewModel``.
extension REPLSession {
  /// At a terminal, lists what is due and asks once what to do: `a` confirms all, numbers
  /// (`1 3`) confirm those, `s` and numbers skip those, Enter leaves them for later. A script
  /// (no terminal) gets one line saying how many are due, so its lines are never taken as
  /// answers.
  func offerDue() async {
    guard let recurring else { return }
    await recurring.load()
    let due = recurring.due
    guard !due.isEmpty else { return }
    let words = RecurringText(language: calendar.language)
    guard interactive else {
      say(words.dueNotice(due.count))
      return
    }
    // The list has the screen to itself, as many lines as fit above the question.
    write("\u{1B}[H\u{1B}[2J")
    var lines = renderer(recurring).dueLines(due, today: recurring.today)
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
      draw()
      return
    }
    do {
      if let (message, saved) = try await settleDue(reply, due, recurring) {
        note(message)
        await noteBudgetNotices(afterSaving: saved)
      }
    } catch {
      note(text.messages.describe(any: error))
    }
    await catchUp()
    draw()
    flushNotes()
  }

  /// Carries out a recurring command.
  /// - Returns: Lines to show instead of the calendar (`recurring`, `due`), or `nil` when the
  ///   calendar is drawn again with a message under it.
  func perform(_ command: RecurringCommand) async throws -> [String]? {
    guard let recurring else {
      throw SessionMessage(description: RecurringText(language: calendar.language).unsupported)
    }
    await recurring.load()
    if let failure = recurring.loadFailure { throw failure }
    let words = RecurringText(language: calendar.language)
    let renderer = renderer(recurring)
    let parser = AmountParser(currency: calendar.money.currency)
    switch command {
    case .listRules:
      return renderer.ruleLines(recurring.rules)
    case .due:
      return renderer.dueLines(recurring.due, today: recurring.today)
    case .addRule(
      let schedule, let kind, let amountText, let category, let memo, let from, let until):
      let template = try RecurringRule(
        id: RecurringRuleID(number: 0), schedule: schedule, kind: kind,
        amount: try parser.parse(amountText), category: category, memo: memo,
        start: from ?? recurring.today, end: until)
      let rule = try await recurring.add(template)
      note(words.added(rule, language: calendar.language))
    case .editRule(let id, let field, let value):
      let rule = try await recurring.edit(id, try changes(field, value, parser))
      note(words.edited(rule))
    case .removeRule(let id):
      let rule = try await recurring.remove(id)
      note(words.removed(rule))
    case .confirm(.all):
      let entries = try await recurring.confirmAllDue()
      note(words.confirmed(entries.count))
      await noteBudgetNotices(afterSaving: entries)
    case .confirm(let reference):
      let entry = try await recurring.confirm(try key(reference, recurring))
      await calendar.select(day: entry.day)
      note(words.confirmed(entry, money: calendar.money, language: calendar.language))
      await noteBudgetNotices(afterSaving: [entry])
    case .skip(let reference):
      let skipped = try await recurring.skip(try key(reference, recurring))
      note(words.skipped(skipped))
    case .change(let reference, let field, let value):
      let change: OccurrenceChange
      switch field {
      case .amount: change = try OccurrenceChange(amount: try parser.parse(value))
      case .memo: change = try OccurrenceChange(memo: value)
      case .date:
        change = try OccurrenceChange(
          day: try Day(userInput: value, today: calendar.today, shownMonth: calendar.currentMonth))
      }
      let changed = try await recurring.change(try key(reference, recurring), change)
      note(words.changed(changed, field, money: calendar.money))
    }
    return nil
  }

  // MARK: - Helpers

  /// Acts on the answer to the start-up question about due items.
  /// - Returns: What to say, and the entries confirmed (for the budget notices); `nil` for Enter.
  private func settleDue(_ reply: String, _ due: [Occurrence], _ recurring: RecurringViewModel)
    async throws -> (String, [Transaction])?
  {
    let words = RecurringText(language: calendar.language)
    let parts = reply.split(separator: " ").map { $0.lowercased() }
    guard let first = parts.first else { return nil }
    if ["a", "all", "모두", "전부"].contains(first), parts.count == 1 {
      let entries = try await recurring.confirmAllDue()
      return (words.confirmed(entries.count), entries)
    }
    let skipping = first == "s" || first == "skip"
    let numbers = skipping ? Array(parts.dropFirst()) : parts
    let positions = numbers.compactMap { Int($0) }
    guard !positions.isEmpty, positions.count == numbers.count,
      positions.allSatisfy({ (1...due.count).contains($0) })
    else { throw SessionMessage(description: words.badDueAnswer(due.count)) }
    var saved: [Transaction] = []
    for position in Set(positions).sorted() {
      let key = due[position - 1].key
      if skipping {
        _ = try await recurring.skip(key)
      } else {
        saved.append(try await recurring.confirm(key))
      }
    }
    return skipping
      ? (words.skipped(count: Set(positions).count), [])
      : (words.confirmed(Set(positions).count), saved)
  }

  private func key(_ reference: OccurrenceReference, _ recurring: RecurringViewModel)
    throws -> OccurrenceKey
  {
    switch reference {
    case .key(let key): return key
    case .all:
      throw SessionMessage(
        description: RecurringText(language: calendar.language).badDueAnswer(recurring.due.count))
    case .position(let position):
      let due = recurring.due
      guard (1...max(1, due.count)).contains(position), position <= due.count else {
        throw SessionMessage(
          description: RecurringText(language: calendar.language).badDueAnswer(due.count))
      }
      return due[position - 1].key
    }
  }

  private func changes(
    _ field: RecurringCommand.RuleField, _ value: String, _ parser: AmountParser
  ) throws -> RecurringRuleChanges {
    let today = calendar.today
    switch field {
    case .amount: return try RecurringRuleChanges(amount: try parser.parse(value))
    case .category: return try RecurringRuleChanges(category: value)
    case .memo: return try RecurringRuleChanges(memo: value)
    case .kind: return try RecurringRuleChanges(kind: try TransactionRules.kind(value))
    case .from: return try RecurringRuleChanges(start: try Day(userInput: value, today: today))
    case .until:
      if ["none", "없음", "-"].contains(value.lowercased()) {
        return try RecurringRuleChanges(end: .some(nil))
      }
      return try RecurringRuleChanges(end: .some(try Day(userInput: value, today: today)))
    case .schedule:
      do {
        return try RecurringRuleChanges(schedule: try RecurrenceSchedule(text: value))
      } catch let error as RecurringError {
        throw LedgerError.recurring(error)
      }
    }
  }

  private func renderer(_ recurring: RecurringViewModel) -> RecurringRenderer {
    RecurringRenderer(
      theme: theme, width: columns() ?? TerminalSize.standard.columns,
      language: recurring.language, money: recurring.money)
  }
}
