/// Every recurring rule of a ledger and what the user decided about their occurrences: the
/// value a ``RecurringRepository`` stores, with the rules that decide what is planned and due.
public struct RecurringPlan: Hashable, Sendable {
  /// The rules, in id order.
  public private(set) var rules: [RecurringRule]
  /// Confirmed, skipped and changed occurrences; an occurrence without one is planned as its
  /// rule says.
  public private(set) var decisions: [OccurrenceKey: OccurrenceDecision]
  /// The number of the next rule's id; ids are never reused.
  public private(set) var nextRuleNumber: Int

  /// A ledger without rules.
  public static let empty = RecurringPlan(rules: [], decisions: [:], nextRuleNumber: 1)

  /// A plan as stored.
  /// - Parameters:
  ///   - rules: The rules; their ids must differ.
  ///   - decisions: The decisions; those of rules not in `rules` are dropped.
  ///   - nextRuleNumber: The next id's number; raised past every rule's.
  public init(
    rules: [RecurringRule], decisions: [OccurrenceKey: OccurrenceDecision], nextRuleNumber: Int
  ) {
    self.rules = rules.sorted { $0.id < $1.id }
    let ids = Set(rules.map(\.id))
    self.decisions = decisions.filter { ids.contains($0.key.rule) }
    let highest = rules.compactMap(\.id.number).max() ?? 0
    self.nextRuleNumber = max(nextRuleNumber, highest + 1)
  }

  // MARK: - Questions

  /// The rule with this id.
  /// - Parameter id: The rule's id.
  /// - Returns: The rule.
  /// - Throws: ``RecurringError/unknownRule(_:)``.
  public func rule(_ id: RecurringRuleID) throws(RecurringError) -> RecurringRule {
    guard let rule = rules.first(where: { $0.id == id }) else { throw .unknownRule(id.rawValue) }
    return rule
  }

  /// The occurrences still planned (neither confirmed nor skipped) that fall within `days`, a
  /// changed one on the day it was moved to; ordered by day, then rule.
  /// - Parameter days: The range, such as a month or the calendar's window.
  /// - Returns: The planned occurrences.
  public func planned(in days: ClosedRange<Day>) -> [Occurrence] {
    var result: [Occurrence] = []
    for rule in rules {
      for date in rule.days(in: days) {
        let key = OccurrenceKey(rule: rule.id, date: date)
        guard let occurrence = planned(rule, key) else { continue }
        if days.contains(occurrence.day) { result.append(occurrence) }
      }
    }
    // Occurrences moved into the range from a scheduled day outside it.
    for (key, decision) in decisions where !days.contains(key.date) {
      guard case .changed(let change) = decision, let day = change.day, days.contains(day),
        let rule = rules.first(where: { $0.id == key.rule }), rule.falls(on: key.date)
      else { continue }
      result.append(Occurrence(rule: rule, date: key.date, change: change))
    }
    return result.sorted { ($0.day, $0.key) < ($1.day, $1.key) }
  }

  /// The planned occurrences that are due: on `today` or before it.
  /// - Parameter today: The clock's day.
  /// - Returns: The due occurrences, oldest first.
  public func due(asOf today: Day) -> [Occurrence] {
    planned(in: Day.supportedRange.lowerBound...today)
  }

  /// The occurrence `key` names, while it is still planned.
  /// - Parameter key: A rule and one of its scheduled days.
  /// - Returns: The occurrence, with its change if it has one.
  /// - Throws: ``RecurringError/unknownRule(_:)``, ``RecurringError/notAnOccurrence(_:_:)``, or
  ///   ``RecurringError/alreadyConfirmed(_:_:entry:)`` / ``RecurringError/alreadySkipped(_:_:)``
  ///   when it was decided.
  public func occurrence(_ key: OccurrenceKey) throws(RecurringError) -> Occurrence {
    let rule = try rule(key.rule)
    guard rule.falls(on: key.date) else { throw .notAnOccurrence(key.rule, key.date) }
    switch decisions[key] {
    case .confirmed(let id): throw .alreadyConfirmed(key.rule, key.date, entry: id)
    case .skipped: throw .alreadySkipped(key.rule, key.date)
    case .changed(let change): return Occurrence(rule: rule, date: key.date, change: change)
    case nil: return Occurrence(rule: rule, date: key.date, change: nil)
    }
  }

  private func planned(_ rule: RecurringRule, _ key: OccurrenceKey) -> Occurrence? {
    switch decisions[key] {
    case .confirmed, .skipped: nil
    case .changed(let change): Occurrence(rule: rule, date: key.date, change: change)
    case nil: Occurrence(rule: rule, date: key.date, change: nil)
    }
  }

  // MARK: - Changes

  /// Adds a rule under the next id.
  /// - Parameter template: The rule's fields; its id is replaced.
  /// - Returns: The rule as added, with its id.
  @discardableResult
  public mutating func add(_ template: RecurringRule) -> RecurringRule {
    let rule = template.withID(RecurringRuleID(number: nextRuleNumber))
    nextRuleNumber += 1
    rules.append(rule)
    return rule
  }

  /// Replaces the rule with `rule`'s id. Decisions already taken stay.
  /// - Parameter rule: The rule's new fields.
  /// - Throws: ``RecurringError/unknownRule(_:)``.
  public mutating func replace(_ rule: RecurringRule) throws(RecurringError) {
    guard let index = rules.firstIndex(where: { $0.id == rule.id }) else {
      throw .unknownRule(rule.id.rawValue)
    }
    rules[index] = rule
  }

  /// Removes a rule and its decisions; entries it became stay in the ledger.
  /// - Parameter id: The rule's id.
  /// - Returns: The removed rule.
  /// - Throws: ``RecurringError/unknownRule(_:)``.
  @discardableResult
  public mutating func remove(_ id: RecurringRuleID) throws(RecurringError) -> RecurringRule {
    let rule = try rule(id)
    rules.removeAll { $0.id == id }
    decisions = decisions.filter { $0.key.rule != id }
    return rule
  }

  /// Records that a planned occurrence will not happen.
  /// - Parameter key: The occurrence.
  /// - Returns: The occurrence as it was planned.
  /// - Throws: What ``occurrence(_:)`` throws.
  @discardableResult
  public mutating func skip(_ key: OccurrenceKey) throws(RecurringError) -> Occurrence {
    let occurrence = try occurrence(key)
    decisions[key] = .skipped
    return occurrence
  }

  /// Changes one planned occurrence (its amount, memo or day) without touching its rule; a
  /// change made before is kept where `change` says nothing.
  /// - Parameters:
  ///   - key: The occurrence.
  ///   - change: This time's differences.
  /// - Returns: The occurrence as now planned.
  /// - Throws: What ``occurrence(_:)`` throws.
  @discardableResult
  public mutating func change(_ key: OccurrenceKey, _ change: OccurrenceChange)
    throws(RecurringError) -> Occurrence
  {
    _ = try occurrence(key)
    var merged = change
    if case .changed(let earlier) = decisions[key] { merged = earlier.merged(with: change) }
    decisions[key] = .changed(merged)
    let rule = try rule(key.rule)
    return Occurrence(rule: rule, date: key.date, change: merged)
  }

  /// The plan with `edit` made, provided every rule and decision it changes is still as it was
  /// read; nothing else changes.
  /// - Parameter edit: The rules and decisions to change.
  /// - Returns: The plan after the edit.
  /// - Throws: ``RecurringError/staleRule(_:)`` when a rule changed or went since it was read
  ///   (or a decision changed otherwise), ``RecurringError/alreadyConfirmed(_:_:entry:)`` or
  ///   ``RecurringError/alreadySkipped(_:_:)`` when an occurrence was decided meanwhile,
  ///   ``RecurringError/notAnOccurrence(_:_:)`` when the rule does not fall on its day.
  public func applying(_ edit: RecurringEdit) throws(RecurringError) -> RecurringPlan {
    var plan = self
    for change in edit.rules {
      guard change.before.id == change.after.id,
        let index = plan.rules.firstIndex(where: { $0.id == change.before.id }),
        plan.rules[index] == change.before
      else { throw .staleRule(change.before.id) }
      plan.rules[index] = change.after
    }
    for change in edit.decisions {
      let key = change.key
      let rule = try plan.rule(key.rule)
      guard plan.decisions[key] == change.before else {
        switch plan.decisions[key] {
        case .confirmed(let entry): throw .alreadyConfirmed(key.rule, key.date, entry: entry)
        case .skipped: throw .alreadySkipped(key.rule, key.date)
        case .changed, nil: throw .staleRule(key.rule)
        }
      }
      if change.after != nil, !rule.falls(on: key.date) {
        throw .notAnOccurrence(key.rule, key.date)
      }
      plan.decisions[key] = change.after
    }
    return plan
  }

  /// Records that a planned occurrence became an entry.
  /// - Parameters:
  ///   - key: The occurrence.
  ///   - entry: The entry's id.
  /// - Throws: What ``occurrence(_:)`` throws, so an occurrence is confirmed once.
  public mutating func confirm(_ key: OccurrenceKey, as entry: TransactionID)
    throws(RecurringError)
  {
    _ = try occurrence(key)
    decisions[key] = .confirmed(entry)
  }
}

extension RecurringRule {
  /// The same rule under another id.
  func withID(_ id: RecurringRuleID) -> RecurringRule {
    RecurringRule(
      unchecked: id, schedule: schedule, kind: kind, amount: amount, category: category,
      memo: memo, start: start, end: end)
  }

  /// A rule from fields already checked.
  init(
    unchecked id: RecurringRuleID, schedule: RecurrenceSchedule, kind: TransactionKind,
    amount: Amount, category: String, memo: String, start: Day, end: Day?
  ) {
    self.id = id
    self.schedule = schedule
    self.kind = kind
    self.amount = amount
    self.category = category
    self.memo = memo
    self.start = start
    self.end = end
  }
}
