import Foundation

/// Names one occurrence of a rule: the rule and the day its schedule gives, whatever day the
/// occurrence was moved to.
public struct OccurrenceKey: Hashable, Comparable, Sendable {
  /// The rule.
  public let rule: RecurringRuleID
  /// The day the schedule gives.
  public let date: Day

  /// - Parameters:
  ///   - rule: The rule.
  ///   - date: The day the rule's schedule gives.
  public init(rule: RecurringRuleID, date: Day) {
    self.rule = rule
    self.date = date
  }

  /// `Comparable`: by day, then by rule.
  public static func < (lhs: OccurrenceKey, rhs: OccurrenceKey) -> Bool {
    (lhs.date, lhs.rule) < (rhs.date, rhs.rule)
  }
}

/// What one occurrence does differently from its rule, this one time.
public struct OccurrenceChange: Hashable, Sendable {
  /// Another amount, or `nil` for the rule's.
  public var amount: Amount?
  /// Another memo (checked by ``TransactionRules/memo(_:)``), or `nil` for the rule's.
  public var memo: String?
  /// Another day, or `nil` for the scheduled one.
  public var day: Day?

  /// - Parameters:
  ///   - amount: Another amount, or `nil`.
  ///   - memo: Another memo as typed, trimmed and checked; or `nil`.
  ///   - day: Another day, or `nil`.
  /// - Throws: ``FieldInputError`` for a memo that breaks the rules.
  public init(amount: Amount? = nil, memo: String? = nil, day: Day? = nil) throws(FieldInputError) {
    self.amount = amount
    self.memo = try memo.map { text throws(FieldInputError) in try TransactionRules.memo(text) }
    self.day = day
  }

  /// This change with `other`'s fields laid over it.
  /// - Parameter other: The newer change.
  /// - Returns: The fields of both, `other`'s where both have one.
  public func merged(with other: OccurrenceChange) -> OccurrenceChange {
    var result = self
    result.amount = other.amount ?? amount
    result.memo = other.memo ?? memo
    result.day = other.day ?? day
    return result
  }
}

/// What the user decided about one occurrence.
public enum OccurrenceDecision: Hashable, Sendable {
  /// It became this entry.
  case confirmed(TransactionID)
  /// It will not happen.
  case skipped
  /// It is still planned, with these differences from its rule.
  case changed(OccurrenceChange)
}

/// One occurrence of a rule still planned — neither confirmed nor skipped — with the fields the
/// entry it becomes will have.
public struct Occurrence: Identifiable, Hashable, Sendable {
  /// The rule and scheduled day.
  public let key: OccurrenceKey
  /// The day it falls on: the scheduled one, or the one it was moved to.
  public let day: Day
  /// Income or expense.
  public let kind: TransactionKind
  /// How much: the rule's, or this time's.
  public let amount: Amount
  /// The rule's category.
  public let category: String
  /// The rule's memo, or this time's.
  public let memo: String
  /// Whether this occurrence was changed from its rule.
  public let isChanged: Bool

  /// `Identifiable`: the ``key``.
  public var id: OccurrenceKey { key }

  /// The occurrence of `rule` on `date`, with `change` applied.
  /// - Parameters:
  ///   - rule: The rule.
  ///   - date: A day the rule falls on.
  ///   - change: This time's differences, or `nil`.
  public init(rule: RecurringRule, date: Day, change: OccurrenceChange?) {
    key = OccurrenceKey(rule: rule.id, date: date)
    day = change?.day ?? date
    kind = rule.kind
    amount = change?.amount ?? rule.amount
    category = rule.category
    memo = change?.memo ?? rule.memo
    isChanged = change != nil
  }

  /// The entry it becomes when confirmed.
  /// - Parameters:
  ///   - id: The new entry's id.
  ///   - stamp: When it is confirmed.
  /// - Returns: The entry.
  public func transaction(id: TransactionID, stamp: Date) -> Transaction {
    Transaction(
      id: id, day: day, kind: kind, amount: amount, category: category, memo: memo,
      createdAt: stamp, updatedAt: stamp)
  }
}
