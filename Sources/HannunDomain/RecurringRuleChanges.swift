/// New values for some fields of a rule; `nil` keeps the rule's. Text fields are checked when
/// the changes are made, so applying them can only fail on the dates.
public struct RecurringRuleChanges: Hashable, Sendable {
  /// A new schedule.
  public var schedule: RecurrenceSchedule?
  /// A new kind.
  public var kind: TransactionKind?
  /// A new amount.
  public var amount: Amount?
  /// A new category, checked.
  public private(set) var category: String?
  /// A new memo, checked.
  public private(set) var memo: String?
  /// A new start.
  public var start: Day?
  /// A new end: `.some(nil)` removes the end.
  public var end: Day??

  /// - Parameters:
  ///   - schedule: A new schedule.
  ///   - kind: A new kind.
  ///   - amount: A new amount.
  ///   - category: A new category as typed; trimmed and checked.
  ///   - memo: A new memo as typed; trimmed and checked.
  ///   - start: A new start.
  ///   - end: A new end, or `.some(nil)` for none.
  /// - Throws: ``FieldInputError`` for a bad category or memo.
  public init(
    schedule: RecurrenceSchedule? = nil, kind: TransactionKind? = nil, amount: Amount? = nil,
    category: String? = nil, memo: String? = nil, start: Day? = nil, end: Day?? = nil
  ) throws(FieldInputError) {
    self.schedule = schedule
    self.kind = kind
    self.amount = amount
    self.category = try category.map { text throws(FieldInputError) in
      try TransactionRules.category(text)
    }
    self.memo = try memo.map { text throws(FieldInputError) in try TransactionRules.memo(text) }
    self.start = start
    self.end = end
  }

  /// Whether nothing would change.
  public var isEmpty: Bool {
    schedule == nil && kind == nil && amount == nil && category == nil && memo == nil
      && start == nil && end == nil
  }

  /// `rule` with these changes.
  /// - Parameter rule: The rule as stored.
  /// - Returns: The changed rule, same id.
  /// - Throws: ``RecurringError/endBeforeStart(start:end:)``.
  public func applied(to rule: RecurringRule) throws(RecurringError) -> RecurringRule {
    let start = self.start ?? rule.start
    let end = self.end ?? rule.end
    if let end, end < start { throw .endBeforeStart(start: start, end: end) }
    return RecurringRule(
      unchecked: rule.id, schedule: schedule ?? rule.schedule, kind: kind ?? rule.kind,
      amount: amount ?? rule.amount, category: category ?? rule.category, memo: memo ?? rule.memo,
      start: start, end: end)
  }
}
