import HannunDomain

extension RecurringRule {
  /// A rule with sensible defaults (rent, ₩650,000 on the 25th, from 2025-01-01); name only
  /// what the test is about.
  public static func fixture(
    id: Int = 1, _ schedule: RecurrenceSchedule = .monthly(day: 25),
    kind: TransactionKind = .expense, amount: Int64 = 650_000, category: String = "월세",
    memo: String = "", from start: String = "2025-01-01", until end: String? = nil
  ) -> RecurringRule {
    // The defaults are valid, so this cannot fail for the fixtures tests build.
    guard
      let rule = try? RecurringRule(
        id: RecurringRuleID(number: id), schedule: schedule, kind: kind,
        amount: Fixtures.amount(amount), category: category, memo: memo,
        start: Fixtures.day(start), end: end.map(Fixtures.day))
    else { preconditionFailure("bad rule fixture") }
    return rule
  }
}

extension RecurringPlan {
  /// A plan holding `rules` under their own ids and nothing decided.
  public static func fixture(_ rules: [RecurringRule]) -> RecurringPlan {
    RecurringPlan(rules: rules, decisions: [:], nextRuleNumber: 1)
  }
}
