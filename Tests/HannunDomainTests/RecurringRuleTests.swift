import HannunDomain
import HannunTestSupport
import Testing

@Suite("Recurring rules: when they fall")
struct RecurringRuleTests {
  private func days(_ schedule: RecurrenceSchedule, _ from: String, _ to: String) -> [String] {
    schedule.days(in: Fixtures.day(from)...Fixtures.day(to)).map(\.iso)
  }

  @Test("the 31st falls on each month's last day: Feb 28, Apr 30, and Feb 29 in a leap year")
  func monthEnd() {
    #expect(
      days(.monthly(day: 31), "2025-01-01", "2025-05-31") == [
        "2025-01-31", "2025-02-28", "2025-03-31", "2025-04-30", "2025-05-31",
      ])
    #expect(days(.monthly(day: 31), "2024-02-01", "2024-02-29") == ["2024-02-29"])
    #expect(days(.monthly(day: 30), "2100-02-01", "2100-02-28") == ["2100-02-28"])
    #expect(days(.monthly(day: 29), "2000-02-01", "2000-03-31") == ["2000-02-29", "2000-03-29"])
  }

  @Test("yearly on Feb 29 falls on Feb 28 in common years and Feb 29 in leap years")
  func leapYear() {
    #expect(
      days(.yearly(month: 2, day: 29), "2023-01-01", "2025-12-31") == [
        "2023-02-28", "2024-02-29", "2025-02-28",
      ])
    #expect(
      days(.yearly(month: 3, day: 15), "2025-03-16", "2027-03-15") == [
        "2026-03-15", "2027-03-15",
      ])
  }

  @Test("the last business day steps back over a weekend")
  func lastBusinessDay() {
    // 2025-05-31 is a Saturday, 2025-08-31 a Sunday, 2025-10-31 a Friday.
    #expect(days(.lastBusinessDay, "2025-05-01", "2025-05-31") == ["2025-05-30"])
    #expect(days(.lastBusinessDay, "2025-08-01", "2025-08-31") == ["2025-08-29"])
    #expect(days(.lastBusinessDay, "2025-10-01", "2025-10-31") == ["2025-10-31"])
    for day in RecurrenceSchedule.lastBusinessDay.days(
      in: Fixtures.day("2020-01-01")...Fixtures.day("2030-12-31"))
    {
      #expect(![Weekday.saturday, .sunday].contains(day.weekday))
      let later = stride(from: day.day + 1, through: day.yearMonth.numberOfDays, by: 1).compactMap {
        try? day.yearMonth.day($0)
      }
      #expect(later.allSatisfy { [Weekday.saturday, .sunday].contains($0.weekday) })
    }
  }

  @Test("weekly falls on every such weekday of the range, the first one included")
  func weekly() {
    // 2025-11-07 is a Friday.
    #expect(
      days(.weekly(.friday), "2025-11-01", "2025-11-30") == [
        "2025-11-07", "2025-11-14", "2025-11-21", "2025-11-28",
      ])
    #expect(days(.weekly(.friday), "2025-11-07", "2025-11-07") == ["2025-11-07"])
    #expect(days(.weekly(.friday), "2025-11-08", "2025-11-13").isEmpty)
  }

  @Test("a rule falls only from its start to its end, both included")
  func bounds() {
    let rule = RecurringRule.fixture(.monthly(day: 25), from: "2025-03-25", until: "2025-06-25")
    #expect(
      rule.days(in: Fixtures.day("2025-01-01")...Fixtures.day("2025-12-31")).map(\.iso) == [
        "2025-03-25", "2025-04-25", "2025-05-25", "2025-06-25",
      ])
    #expect(!rule.falls(on: Fixtures.day("2025-02-25")))
    #expect(!rule.falls(on: Fixtures.day("2025-07-25")))
    #expect(
      throws: RecurringError.endBeforeStart(
        start: Fixtures.day("2025-05-01"), end: Fixtures.day("2025-04-01"))
    ) {
      try RecurringRule(
        id: RecurringRuleID(number: 1), schedule: .monthly(day: 1), kind: .expense,
        amount: Fixtures.amount(1), category: "x", start: Fixtures.day("2025-05-01"),
        end: Fixtures.day("2025-04-01"))
    }
  }

  @Test("schedules read as typed and print as stored")
  func scheduleText() throws {
    for text in ["monthly 25", "last-business-day", "yearly 03-15", "weekly fri"] {
      #expect(try RecurrenceSchedule(text: text).text == text)
    }
    #expect(try RecurrenceSchedule.weekly(weekdayText: "금요일") == .weekly(.friday))
    #expect(try RecurrenceSchedule.monthly(dayText: "25일") == .monthly(day: 25))
    #expect(throws: RecurringError.badSchedule("32")) {
      try RecurrenceSchedule.monthly(dayText: "32")
    }
    #expect(throws: RecurringError.badSchedule("02-30")) {
      try RecurrenceSchedule.yearly(dateText: "02-30")
    }
    #expect(try RecurringRuleID(userInput: "3") == RecurringRuleID("r3"))
    #expect(throws: RecurringError.unknownRule("x")) { try RecurringRuleID(userInput: "x") }
  }
}

@Suite("Recurring plan: planned, due, confirmed, skipped and changed occurrences")
struct RecurringPlanTests {
  let rent = RecurringRule.fixture(id: 1, .monthly(day: 25))
  let salary = RecurringRule.fixture(id: 2, .lastBusinessDay, kind: .income, amount: 3_200_000)
  private func key(_ rule: RecurringRule, _ date: String) -> OccurrenceKey {
    OccurrenceKey(rule: rule.id, date: Fixtures.day(date))
  }

  @Test("planned lists each rule's undecided occurrences of the range by day; due stops today")
  func plannedAndDue() {
    let plan = RecurringPlan.fixture([rent, salary])
    let november = Fixtures.month("2025-11").dayRange
    #expect(plan.planned(in: november).map(\.day.iso) == ["2025-11-25", "2025-11-28"])
    let due = plan.due(asOf: Fixtures.day("2025-02-25"))
    #expect(
      due.map { "\($0.key.rule) \($0.day)" } == [
        "r1 2025-01-25", "r2 2025-01-31", "r1 2025-02-25",
      ])
  }

  @Test("a confirmed occurrence is confirmed once; a second confirmation is refused")
  func confirmOnce() throws {
    var plan = RecurringPlan.fixture([rent])
    let november = key(rent, "2025-11-25")
    try plan.confirm(november, as: TransactionID("e1"))
    #expect(plan.planned(in: Fixtures.month("2025-11").dayRange).isEmpty)
    #expect(
      throws: RecurringError.alreadyConfirmed(rent.id, november.date, entry: TransactionID("e1"))
    ) {
      try plan.confirm(november, as: TransactionID("e2"))
    }
    #expect(throws: RecurringError.notAnOccurrence(rent.id, Fixtures.day("2025-11-24"))) {
      try plan.confirm(key(rent, "2025-11-24"), as: TransactionID("e3"))
    }
  }

  @Test("skipping one occurrence leaves the rule and its other occurrences planned")
  func skip() throws {
    var plan = RecurringPlan.fixture([rent])
    try plan.skip(key(rent, "2025-11-25"))
    #expect(plan.rules == [rent])
    #expect(plan.planned(in: Fixtures.month("2025-11").dayRange).isEmpty)
    #expect(plan.planned(in: Fixtures.month("2025-12").dayRange).count == 1)
    #expect(throws: RecurringError.alreadySkipped(rent.id, Fixtures.day("2025-11-25"))) {
      try plan.skip(key(rent, "2025-11-25"))
    }
  }

  @Test("changing one occurrence's amount, memo and day moves only that one, even to another month")
  func changeOne() throws {
    var plan = RecurringPlan.fixture([rent])
    let november = key(rent, "2025-11-25")
    try plan.change(november, try OccurrenceChange(amount: Fixtures.amount(700_000), memo: "인상"))
    try plan.change(november, try OccurrenceChange(day: Fixtures.day("2025-12-01")))
    #expect(plan.planned(in: Fixtures.month("2025-11").dayRange).isEmpty)
    let december = plan.planned(in: Fixtures.month("2025-12").dayRange)
    #expect(december.map(\.day.iso) == ["2025-12-01", "2025-12-25"])
    #expect(december[0].amount == Fixtures.amount(700_000) && december[0].memo == "인상")
    #expect(december[0].key == november && december[0].isChanged)
    #expect(december[1].amount == rent.amount && !december[1].isChanged)
    #expect(plan.rules == [rent])
    // The moved one is confirmed by its key and becomes an entry on its new day.
    let entry = try plan.occurrence(november).transaction(
      id: TransactionID("e1"), stamp: .distantPast)
    #expect(entry.day == Fixtures.day("2025-12-01") && entry.amount == Fixtures.amount(700_000))
  }

  @Test("rules get new ids in order, never reused; removing a rule drops its decisions")
  func ids() throws {
    var plan = RecurringPlan.empty
    let first = plan.add(rent)
    let second = plan.add(salary)
    #expect([first.id, second.id] == [RecurringRuleID("r1"), RecurringRuleID("r2")])
    try plan.skip(key(first, "2025-11-25"))
    try plan.remove(first.id)
    #expect(plan.decisions.isEmpty)
    #expect(plan.add(rent).id == RecurringRuleID("r3"))
    #expect(throws: RecurringError.unknownRule("r1")) { try plan.remove(RecurringRuleID("r1")) }
  }
}
