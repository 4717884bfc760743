import HannunDomain
import HannunJSON
import HannunPresentation
import HannunTestSupport
import Testing

@Suite("The recurring JSON contract")
@MainActor
struct RecurringJSONTests {
  @Test("month --json lists the month's planned occurrences, not the confirmed or skipped ones")
  func monthPlanned() async throws {
    let repository = InMemoryTransactionRepository([
      .fixture(id: "t1", day: "2025-11-03", amount: 12_000)
    ])
    let rent = RecurringRule.fixture(.monthly(day: 25), memo: "집")
    let salary = RecurringRule.fixture(
      id: 2, .lastBusinessDay, kind: .income, amount: 3_200_000, category: "급여")
    let fridays = RecurringRule.fixture(id: 3, .weekly(.friday), amount: 30_000, category: "장")
    var plan = RecurringPlan.fixture([rent, salary, fridays])
    try plan.confirm(
      OccurrenceKey(rule: fridays.id, date: Fixtures.day("2025-11-07")), as: TransactionID("x"))
    try plan.skip(OccurrenceKey(rule: fridays.id, date: Fixtures.day("2025-11-14")))
    await repository.replacePlanUnannounced(plan)
    let calendar = CalendarViewModel(
      repository: repository, clock: .fixed(at: Fixtures.day("2025-11-03")), currency: .krw,
      language: .english)
    await calendar.start()
    let text = CalendarJSON.month(calendar).serialized()
    #expect(
      text.hasSuffix(
        #""income":0,"expense":12000,"balance":-12000,"planned":["#
          + #"{"date":"2025-11-21","kind":"expense","amount":30000,"category":"장","memo":"","rule":"r3"},"#
          + #"{"date":"2025-11-25","kind":"expense","amount":650000,"category":"월세","memo":"집","rule":"r1"},"#
          + #"{"date":"2025-11-28","kind":"income","amount":3200000,"category":"급여","memo":"","rule":"r2"},"#
          + #"{"date":"2025-11-28","kind":"expense","amount":30000,"category":"장","memo":"","rule":"r3"}]}"#
      ), "\(text)")
  }

  @Test("rules and due lists: every field, until null without an end, amounts exact")
  func rulesAndDue() {
    let rule = RecurringRule.fixture(.yearly(month: 3, day: 15), amount: 1_250, category: "ins")
    #expect(
      RecurringJSON.rules([rule], .usd).serialized()
        == #"{"rules":[{"id":"r1","schedule":"yearly 03-15","kind":"expense","amount":12.50,"#
        + #""category":"ins","memo":"","from":"2025-01-01","until":null}]}"#)
    let due = RecurringPlan.fixture([rule]).due(asOf: Fixtures.day("2025-03-15"))
    #expect(
      RecurringJSON.due(due, today: Fixtures.day("2025-03-15"), .usd).serialized()
        == #"{"today":"2025-03-15","due":[{"date":"2025-03-15","kind":"expense","amount":12.50,"#
        + #""category":"ins","memo":"","rule":"r1"}]}"#)
  }
}
