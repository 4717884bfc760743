import HannunDomain

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension StoredRecurring {
  /// The stored form of a plan, rules in id order and decisions in day order.
  init(_ plan: RecurringPlan) {
    self.init(
      schemaVersion: supportedSchemaVersion, nextRule: plan.nextRuleNumber,
      rules: plan.rules.map(StoredRule.init),
      decisions: plan.decisions.sorted { $0.key < $1.key }.map(StoredDecision.init))
  }

  /// The plan this document describes, after checking every field by the Domain's rules.
  /// - Parameter path: The file, for the error.
  /// - Throws: ``LedgerError/unreadableFile(path:reason:)`` naming the field that is wrong.
  func plan(path: String) throws(LedgerError) -> RecurringPlan {
    func refuse(_ place: String, _ reason: String) -> LedgerError {
      .unreadableFile(path: path, reason: .invalidContent("\(place): \(reason)"))
    }
    var rules: [RecurringRule] = []
    var ids: Set<RecurringRuleID> = []
    for (index, stored) in self.rules.enumerated() {
      let rule: RecurringRule
      do throws(StoredRecordProblem) {
        rule = try stored.rule()
      } catch {
        throw refuse("rules[\(index)]", error.reason)
      }
      guard ids.insert(rule.id).inserted else {
        throw refuse("rules[\(index)]", "the id '\(rule.id)' is used twice")
      }
      rules.append(rule)
    }
    var decisions: [OccurrenceKey: OccurrenceDecision] = [:]
    for (index, stored) in self.decisions.enumerated() {
      let key: OccurrenceKey
      let decision: OccurrenceDecision
      do throws(StoredRecordProblem) {
        (key, decision) = try stored.decision()
      } catch {
        throw refuse("decisions[\(index)]", error.reason)
      }
      guard ids.contains(key.rule) else {
        throw refuse("decisions[\(index)]", "no rule has the id '\(key.rule)'")
      }
      guard decisions.updateValue(decision, forKey: key) == nil else {
        throw refuse("decisions[\(index)]", "\(key.rule) \(key.date) is decided twice")
      }
    }
    guard nextRule > 0 else { throw refuse("nextRule", "it must be greater than zero") }
    return RecurringPlan(rules: rules, decisions: decisions, nextRuleNumber: nextRule)
  }
}

extension StoredRule {
  init(_ rule: RecurringRule) {
    self.init(
      id: rule.id.rawValue, schedule: rule.schedule.text, kind: rule.kind.rawValue,
      amountMinor: rule.amount.minorUnits, category: rule.category, memo: rule.memo,
      start: rule.start.iso, end: rule.end?.iso)
  }

  func rule() throws(StoredRecordProblem) -> RecurringRule {
    guard let number = RecurringRuleID(id).number, number > 0 else {
      throw StoredRecordProblem(reason: "the id '\(id)' is not r and a number")
    }
    let schedule: RecurrenceSchedule
    do { schedule = try RecurrenceSchedule(text: self.schedule) } catch {
      throw StoredRecordProblem(reason: "schedule '\(self.schedule)' is not a schedule")
    }
    guard let kind = TransactionKind(rawValue: kind) else {
      throw StoredRecordProblem(reason: "kind '\(kind)' is neither income nor expense")
    }
    let amount = try storedAmount(amountMinor)
    let start = try storedDay(self.start, "start")
    let end = try self.end.map { text throws(StoredRecordProblem) in try storedDay(text, "end") }
    do {
      return try RecurringRule(
        id: RecurringRuleID(number: number), schedule: schedule, kind: kind, amount: amount,
        category: category, memo: memo, start: start, end: end)
    } catch let error as FieldInputError {
      throw StoredRecordProblem(reason: "the category or memo breaks the rules (\(error))")
    } catch {
      throw StoredRecordProblem(reason: "end \(end?.iso ?? "") is before start \(start.iso)")
    }
  }
}

extension StoredDecision {
  init(_ element: (key: OccurrenceKey, value: OccurrenceDecision)) {
    let (key, decision) = element
    switch decision {
    case .confirmed(let id):
      self.init(
        rule: key.rule.rawValue, date: key.date.iso, status: "confirmed", entry: id.rawValue)
    case .skipped:
      self.init(rule: key.rule.rawValue, date: key.date.iso, status: "skipped")
    case .changed(let change):
      self.init(
        rule: key.rule.rawValue, date: key.date.iso, status: "changed",
        amountMinor: change.amount?.minorUnits, memo: change.memo, day: change.day?.iso)
    }
  }

  func decision() throws(StoredRecordProblem) -> (OccurrenceKey, OccurrenceDecision) {
    let key = OccurrenceKey(rule: RecurringRuleID(rule), date: try storedDay(date, "date"))
    switch status {
    case "confirmed":
      guard let entry, !entry.isEmpty else {
        throw StoredRecordProblem(reason: "a confirmed occurrence needs its entry")
      }
      return (key, .confirmed(TransactionID(entry)))
    case "skipped":
      return (key, .skipped)
    case "changed":
      let amount = try amountMinor.map { units throws(StoredRecordProblem) in
        try storedAmount(units)
      }
      let day = try self.day.map { text throws(StoredRecordProblem) in try storedDay(text, "day") }
      do {
        return (key, .changed(try OccurrenceChange(amount: amount, memo: memo, day: day)))
      } catch {
        throw StoredRecordProblem(reason: "the memo breaks the rules (\(error))")
      }
    default:
      throw StoredRecordProblem(
        reason: "status '\(status)' is not confirmed, skipped or changed")
    }
  }
}

private func storedAmount(_ units: Int64) throws(StoredRecordProblem) -> Amount {
  do { return try Amount(minorUnits: units) } catch {
    throw StoredRecordProblem(
      reason: "amountMinor \(units) is not an amount: it must be greater than zero and at most "
        + "\(Amount.maximumMinorUnits)")
  }
}

private func storedDay(_ text: String, _ field: String) throws(StoredRecordProblem) -> Day {
  do { return try Day(iso: text) } catch {
    throw StoredRecordProblem(
      reason: "\(field) '\(text)' is not a day from 1583-01-01 to 9999-12-31")
  }
}
