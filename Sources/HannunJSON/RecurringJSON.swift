import HannunDomain
import HannunPresentation

/// The `--json` shapes of recurring rules and their occurrences. Amounts are numbers in the
/// currency's major unit, written exactly, as in ``CalendarJSON``.
public enum RecurringJSON {
  /// One planned occurrence: `{"date","kind","amount","category","memo","rule"}`, the form of
  /// `month --json`'s `planned`. `date` is the day it falls on; a moved one also has
  /// `"scheduled"`, the day its rule gave.
  /// - Parameters:
  ///   - occurrence: The occurrence.
  ///   - currency: The ledger's currency.
  /// - Returns: The object.
  public static func occurrence(_ occurrence: Occurrence, _ currency: Currency) -> JSONValue {
    var members: [(String, JSONValue)] = [
      ("date", .string(occurrence.day.iso)),
      ("kind", .string(occurrence.kind.rawValue)),
      ("amount", .number(currency.decimalString(minorUnits: occurrence.amount.minorUnits))),
      ("category", .string(occurrence.category)),
      ("memo", .string(occurrence.memo)),
      ("rule", .string(occurrence.key.rule.rawValue)),
    ]
    if occurrence.day != occurrence.key.date {
      members.append(("scheduled", .string(occurrence.key.date.iso)))
    }
    return .object(members)
  }

  /// One rule: `{"id","schedule","kind","amount","category","memo","from","until"}`, `until`
  /// `null` for a rule without end; `schedule` as typed (`monthly 25`, `last-business-day`,
  /// `yearly 03-15`, `weekly fri`).
  /// - Parameters:
  ///   - rule: The rule.
  ///   - currency: The ledger's currency.
  /// - Returns: The object.
  public static func rule(_ rule: RecurringRule, _ currency: Currency) -> JSONValue {
    .object([
      ("id", .string(rule.id.rawValue)),
      ("schedule", .string(rule.schedule.text)),
      ("kind", .string(rule.kind.rawValue)),
      ("amount", .number(currency.decimalString(minorUnits: rule.amount.minorUnits))),
      ("category", .string(rule.category)),
      ("memo", .string(rule.memo)),
      ("from", .string(rule.start.iso)),
      ("until", rule.end.map { .string($0.iso) } ?? .null),
    ])
  }

  /// `recurring list --json`: `{"rules":[rule objects]}`.
  /// - Parameters:
  ///   - rules: The rules.
  ///   - currency: The ledger's currency.
  /// - Returns: The document.
  public static func rules(_ rules: [RecurringRule], _ currency: Currency) -> JSONValue {
    .object([("rules", .array(rules.map { rule($0, currency) }))])
  }

  /// `due --json`: `{"today","due":[occurrence objects]}`.
  /// - Parameters:
  ///   - due: The due occurrences.
  ///   - today: The clock's day.
  ///   - currency: The ledger's currency.
  /// - Returns: The document.
  public static func due(_ due: [Occurrence], today: Day, _ currency: Currency) -> JSONValue {
    .object([
      ("today", .string(today.iso)),
      ("due", .array(due.map { occurrence($0, currency) })),
    ])
  }
}
