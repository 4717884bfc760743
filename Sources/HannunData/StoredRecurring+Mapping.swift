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
    func refuse(_ place: String, _ fault: RecordFault) -> LedgerError {
      .unreadableFile(path: path, reason: .invalidContent(.planElement(place, fault)))
    }
    // What `rule()` and `decision()` throw is always an entry's fault, placed here.
    func placing(_ problem: StoredRecordProblem, at place: String) -> LedgerError {
      guard case .entry(let fault) = problem.reason else {
        return .unreadableFile(path: path, reason: .invalidContent(problem.reason))
      }
      return refuse(place, fault)
    }
    var rules: [RecurringRule] = []
    var ids: Set<RecurringRuleID> = []
    for (index, stored) in self.rules.enumerated() {
      let rule: RecurringRule
      do throws(StoredRecordProblem) {
        rule = try stored.rule()
      } catch {
        throw placing(error, at: "rules[\(index)]")
      }
      guard ids.insert(rule.id).inserted else {
        throw refuse("rules[\(index)]", .ruleIDRepeated(rule.id))
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
        throw placing(error, at: "decisions[\(index)]")
      }
      guard ids.contains(key.rule) else {
        throw refuse("decisions[\(index)]", .unknownRule(key.rule))
      }
      guard decisions.updateValue(decision, forKey: key) == nil else {
        throw refuse("decisions[\(index)]", .decidedTwice(key.rule, key.date))
      }
    }
    guard nextRule > 0 else { throw refuse("nextRule", .notPositive) }
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
      throw StoredRecordProblem(.entry(.notARuleID(id)))
    }
    let schedule: RecurrenceSchedule
    do { schedule = try RecurrenceSchedule(text: self.schedule) } catch {
      throw StoredRecordProblem(.entry(.notASchedule(self.schedule)))
    }
    guard let kind = TransactionKind(rawValue: kind) else {
      throw StoredRecordProblem(.entry(.notAKind(kind)))
    }
    let amount = try storedAmount(amountMinor)
    let start = try storedDay(self.start, "start")
    let end = try self.end.map { text throws(StoredRecordProblem) in try storedDay(text, "end") }
    do {
      return try RecurringRule(
        id: RecurringRuleID(number: number), schedule: schedule, kind: kind, amount: amount,
        category: category, memo: memo, start: start, end: end)
    } catch let error as FieldInputError {
      throw StoredRecordProblem(.entry(.ruleText(error)))
    } catch {
      throw StoredRecordProblem(.entry(.endBeforeStart(end: end, start: start)))
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
        throw StoredRecordProblem(.entry(.confirmedWithoutEntry))
      }
      return (key, .confirmed(TransactionID(entry)))
    case "skipped":
      return (key, .skipped)
    case "changed":
      let amount = try amountMinor.map { units throws(StoredRecordProblem) in
        try storedAmount(units)
      }
      let day = try self.day.map { text throws(StoredRecordProblem) in try storedDay(text, "day") }
      do throws(FieldInputError) {
        return (key, .changed(try OccurrenceChange(amount: amount, memo: memo, day: day)))
      } catch {
        throw StoredRecordProblem(.entry(.changeText(error)))
      }
    default:
      throw StoredRecordProblem(.entry(.notAStatus(status)))
    }
  }
}

private func storedAmount(_ units: Int64) throws(StoredRecordProblem) -> Amount {
  do { return try Amount(minorUnits: units) } catch {
    throw StoredRecordProblem(.entry(.notAnAmount(units)))
  }
}

private func storedDay(_ text: String, _ field: String) throws(StoredRecordProblem) -> Day {
  do { return try Day(iso: text) } catch {
    throw StoredRecordProblem(.entry(.notADay(field: field, text: text)))
  }
}
