import Foundation
import HannunDomain

extension LedgerBackup {
  /// A backup with something of every kind: entries over several months and years (Hangul,
  /// quotes and backslashes in memos, stamps with milliseconds, an edited entry), budgets changed
  /// mid-year and removed, two rules with confirmed, skipped and changed occurrences, and moods
  /// with and without notes.
  public static var fixture: LedgerBackup {
    // Whole milliseconds, as a store keeps them, so that what is read back is equal.
    func at(_ milliseconds: Int64) -> Date {
      Date(timeIntervalSince1970: Double(1_735_000_000_123 + milliseconds) / 1000)
    }
    var edited = Transaction.fixture(
      id: "e3", day: "2025-03-02", amount: 4_500, category: "카페", memo: #"라떼 "샷 추가" \ 두 잔"#,
      created: at(60_000))
    edited.updatedAt = at(3_600_456)
    let entries = [
      Transaction.fixture(
        id: "e1", day: "2024-12-31", amount: 12_000, category: "식비", memo: "점심 \"김밥\"",
        created: at(0)),
      Transaction.fixture(
        id: "e2", day: "2025-01-25", kind: .income, amount: 3_500_000, category: "Salary",
        created: at(30_001)),
      edited,
      Transaction.fixture(
        id: "e4", day: "2025-01-25", amount: 650_000, category: "월세", memo: "rent",
        created: at(90_999)),
      Transaction.fixture(
        id: "e5", day: "2026-02-28", amount: 999_999_999_999_999, category: "집",
        created: at(120_000)),
    ]
    var budgets = BudgetPlan.empty
    budgets.set(Fixtures.amount(500_000), for: .total, from: Fixtures.month("2025-01"))
    budgets.set(Fixtures.amount(200_000), for: .category("식비"), from: Fixtures.month("2025-01"))
    budgets.set(Fixtures.amount(250_000), for: .category("식비"), from: Fixtures.month("2025-07"))
    try? budgets.remove(.total, from: Fixtures.month("2025-09"))
    var recurring = RecurringPlan.empty
    recurring.add(RecurringRule.fixture(memo: #"rent "apt""#))
    recurring.add(
      RecurringRule.fixture(
        id: 2, .weekly(.friday), kind: .income, amount: 30_000, category: "용돈",
        until: "2025-12-31"))
    try? recurring.confirm(
      OccurrenceKey(rule: RecurringRuleID("r1"), date: Fixtures.day("2025-01-25")),
      as: TransactionID("e4"))
    _ = try? recurring.skip(
      OccurrenceKey(rule: RecurringRuleID("r1"), date: Fixtures.day("2025-02-25")))
    if let change = try? OccurrenceChange(
      amount: Fixtures.amount(600_000), memo: "3월 할인", day: Fixtures.day("2025-03-26"))
    {
      _ = try? recurring.change(
        OccurrenceKey(rule: RecurringRuleID("r1"), date: Fixtures.day("2025-03-25")), change)
    }
    let moods: [Day: DayMood] = [
      Fixtures.day("2024-12-31"): DayMood(.tired),
      Fixtures.day("2025-03-02"): DayMood(.joy, note: #"월급날 "최고""#),
      Fixtures.day("2025-01-25"): DayMood(.anxious, note: "월세 😰"),
    ]
    return LedgerBackup(
      currency: .krw, entries: entries, budgets: budgets, recurring: recurring, moods: moods)
  }
}
