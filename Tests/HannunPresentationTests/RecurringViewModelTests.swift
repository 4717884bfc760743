import HannunDomain
import HannunPresentation
import HannunTestSupport
import Testing

@Suite("Recurring entries in the calendar and the due list")
@MainActor
struct RecurringViewModelTests {
  let rent = RecurringRule.fixture(.monthly(day: 25), memo: "집")
  let salary = RecurringRule.fixture(
    id: 2, .lastBusinessDay, kind: .income, amount: 3_200_000, category: "급여")

  private func ledger(today: String = "2025-11-26") async -> (TestLedger, RecurringViewModel) {
    let ledger = await TestLedger.started(today: today)
    let recurring = RecurringViewModel(
      repository: ledger.repository, clock: ledger.clock, currency: .krw, language: .korean,
      makeID: Fixtures.sequentialIDs(prefix: "r"))
    return (ledger, recurring)
  }

  @Test("planned occurrences stay out of the real totals and show beside them and in the cells")
  func plannedOutOfTotals() async throws {
    let (ledger, recurring) = await ledger()
    let income = ledger.calendar.monthIncome
    let expense = ledger.calendar.monthExpense
    _ = try await recurring.add(rent)
    _ = try await recurring.add(salary)
    await ledger.settle()
    #expect(ledger.calendar.monthIncome == income && ledger.calendar.monthExpense == expense)
    let planned = try ledger.calendar.plannedTotals()
    #expect(planned.income == Money(minorUnits: 3_200_000))
    #expect(planned.expense == Money(minorUnits: 650_000))
    let cells = ledger.calendar.weeks.joined().filter { $0.day == Fixtures.day("2025-11-25") }
    #expect(cells.first?.plannedExpense == Money(minorUnits: 650_000))
    #expect(cells.first?.expense == .zero)
    await ledger.calendar.select(day: Fixtures.day("2025-11-28"))
    #expect(ledger.calendar.selectedPlanned.map(\.key.rule) == [salary.id])
    #expect(ledger.calendar.selectedEntries.isEmpty)
  }

  @Test("confirming a due occurrence makes it a real entry once and takes it off the plan")
  func confirm() async throws {
    let (ledger, recurring) = await ledger()
    let rule = try await recurring.add(rent)
    await recurring.load()
    let due = recurring.due
    #expect(due.map(\.day.iso).last == "2025-11-25")
    let key = OccurrenceKey(rule: rule.id, date: Fixtures.day("2025-11-25"))
    let entry = try await recurring.confirm(key)
    await ledger.settle()
    #expect(ledger.calendar.monthExpense.minorUnits == 16_500 + 650_000)
    #expect(try ledger.calendar.plannedTotals().expense == .zero)
    #expect(!recurring.due.contains { $0.key == key })
    await #expect(
      throws: LedgerError.recurring(.alreadyConfirmed(rule.id, key.date, entry: entry.id))
    ) {
      _ = try await recurring.confirm(key)
    }
    #expect(await ledger.repository.all.filter { $0.category == "월세" }.count == 1)
  }

  @Test("confirm all posts every due occurrence and nothing after today")
  func confirmAll() async throws {
    let (_, recurring) = await ledger(today: "2025-03-31")
    _ = try await recurring.add(rent)
    _ = try await recurring.add(salary)
    let entries = try await recurring.confirmAllDue()
    #expect(
      entries.map(\.day.iso) == [
        "2025-01-25", "2025-01-31", "2025-02-25", "2025-02-28", "2025-03-25", "2025-03-31",
      ])
    #expect(recurring.due.isEmpty)
    #expect(try await recurring.confirmAllDue().isEmpty)
  }

  @Test(
    "confirm all is one write for every due occurrence: 1,000 of them, one commit, each posted once"
  )
  func confirmAllOneWrite() async throws {
    let (ledger, recurring) = await ledger(today: "2025-11-26")
    // Weekly since early 2006: a little over 1,000 Mondays up to today.
    _ = try await recurring.add(
      RecurringRule.fixture(.weekly(.monday), amount: 1_000, from: "2006-06-05"))
    let due = recurring.due.count
    #expect(due >= 1_000)
    let revision = await ledger.repository.latestRevision()
    let entries = try await recurring.confirmAllDue()
    #expect(await ledger.repository.latestRevision() == revision + 1, "one commit")
    #expect(entries.count == due)
    #expect(Set(entries.map(\.id)).count == due)
    #expect(recurring.due.isEmpty)
    #expect(recurring.plan.decisions.count == due)
    #expect(await ledger.repository.all.filter { $0.amount.minorUnits == 1_000 }.count == due)
  }

  @Test("confirm all leaves out what another window confirmed meanwhile, and posts the rest once")
  func confirmAllAfterAnotherWindow() async throws {
    let (ledger, recurring) = await ledger(today: "2025-03-31")
    let rule = try await recurring.add(rent)
    let other = RecurringViewModel(
      repository: ledger.repository, clock: ledger.clock, currency: .krw, language: .korean,
      makeID: Fixtures.sequentialIDs(prefix: "o"))
    _ = try await other.confirm(OccurrenceKey(rule: rule.id, date: Fixtures.day("2025-02-25")))
    let entries = try await recurring.confirmAllDue()
    #expect(entries.map(\.day.iso) == ["2025-01-25", "2025-03-25"])
    #expect(await ledger.repository.all.filter { $0.category == "월세" }.count == 3)
  }

  @Test("skip and change touch one occurrence, not the rule")
  func skipAndChange() async throws {
    let (ledger, recurring) = await ledger()
    let rule = try await recurring.add(rent)
    let november = OccurrenceKey(rule: rule.id, date: Fixtures.day("2025-11-25"))
    let december = OccurrenceKey(rule: rule.id, date: Fixtures.day("2025-12-25"))
    _ = try await recurring.skip(november)
    _ = try await recurring.change(
      december,
      try OccurrenceChange(amount: Fixtures.amount(700_000), day: Fixtures.day("2025-12-24")))
    await ledger.settle()
    #expect(try ledger.calendar.plannedTotals().expense == .zero)
    await ledger.calendar.show(month: Fixtures.month("2025-12"))
    #expect(ledger.calendar.monthPlanned.map(\.day.iso) == ["2025-12-24"])
    #expect(try ledger.calendar.plannedTotals().expense == Money(minorUnits: 700_000))
    #expect(recurring.rules == [rule])
  }

  @Test("editing a rule changes what is planned; removing it leaves confirmed entries")
  func editAndRemove() async throws {
    let (ledger, recurring) = await ledger()
    let rule = try await recurring.add(rent)
    _ = try await recurring.confirm(OccurrenceKey(rule: rule.id, date: Fixtures.day("2025-10-25")))
    _ = try await recurring.edit(rule.id, try RecurringRuleChanges(amount: Fixtures.amount(1)))
    await ledger.settle()
    #expect(try ledger.calendar.plannedTotals().expense == Money(minorUnits: 1))
    _ = try await recurring.remove(rule.id)
    await ledger.settle()
    #expect(ledger.calendar.monthPlanned.isEmpty)
    #expect(await ledger.repository.all.contains { $0.day == Fixtures.day("2025-10-25") })
    await #expect(
      throws: LedgerError.recurring(
        .endBeforeStart(
          start: Fixtures.day("2025-01-01"), end: Fixtures.day("2024-12-31")))
    ) {
      let other = try await recurring.add(rent)
      _ = try await recurring.edit(
        other.id, try RecurringRuleChanges(end: .some(Fixtures.day("2024-12-31"))))
    }
  }

  @Test("errors about rules are said in Korean and English")
  func messages() {
    let error = LedgerError.recurring(
      .alreadySkipped(RecurringRuleID("r1"), Fixtures.day("2025-11-25")))
    #expect(DisplayLanguage.korean.messages.describe(error).contains("건너뛰었습니다"))
    #expect(DisplayLanguage.english.messages.describe(error).contains("already skipped"))
    #expect(DisplayLanguage.korean.describe(RecurrenceSchedule.weekly(.friday)) == "매주 금요일")
    #expect(
      DisplayLanguage.english.describe(RecurrenceSchedule.monthly(day: 22))
        == "monthly on the 22nd")
  }
}
