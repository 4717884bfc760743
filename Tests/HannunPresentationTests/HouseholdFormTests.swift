import HannunDomain
import HannunPresentation
import HannunTestSupport
import Testing

/// The budget and recurring rule forms, driven through their intents as every frontend drives
/// them: typed text in, one refusal out in one order, said from the catalogues in Korean and
/// English, nothing written on refusal.
@Suite("The budget and recurring rule forms")
@MainActor
struct HouseholdFormTests {
  private func month(_ text: String) -> YearMonth { Fixtures.month(text) }

  private func budgetForm(_ ledger: TestLedger) -> BudgetFormViewModel {
    let screen = ledger.coordinator.showBudgets(ledger.coordinator.budgets, of: month("2025-11"))
    return ledger.coordinator.budgetForm(on: screen)
  }

  @Test("a budget's refusals are said month first, then amount, then category, whatever was typed")
  func budgetOrder() async throws {
    let ledger = await TestLedger.started()
    let form = budgetForm(ledger)
    #expect(
      form.enter([.category: "", .amount: "abc", .month: "2025-13"])
        == .field(.month, .date(.noSuchMonth("2025-13"))))
    #expect(await form.save() == nil)
    #expect(form.refusal?.field == .month)
    form.enter("2025-03", for: .month)
    #expect(form.refusal == .field(.amount, .amount(.malformed("abc"))))
    form.enter(String(repeating: "x", count: 41), for: .category)
    #expect(form.refusal?.field == .amount)
    form.enter("30만", for: .amount)
    #expect(form.refusal?.field == .category)
    #expect(await form.save() == nil)
    #expect(try await ledger.repository.budgetPlan() == .empty)
    // A blank category is refused as missing; one never entered is the whole ledger.
    #expect(form.enter(" ", for: .category) == .field(.emptyCategory))
    #expect(await form.save() == nil)
    let whole = budgetForm(ledger)
    whole.enter([.month: "2025-03", .amount: "30만"])
    #expect(await whole.save() == .set(Fixtures.amount(300_000), .total, from: month("2025-03")))
    #expect(whole.refusal == nil)
    #expect(whole.screen.month == month("2025-03"))
    #expect(try await ledger.repository.budgetPlan().limits(in: month("2025-03")).count == 1)
  }

  @Test(
    "a budget amount of -5, 0, too much or none is refused as the amount, nothing written",
    arguments: [
      ("-5", AmountInputError.notPositive("-5")), ("0", .notPositive("0")),
      ("99999999999999999999", .tooLarge("99999999999999999999")),
    ])
  func budgetAmounts(_ text: String, _ error: AmountInputError) async throws {
    let ledger = await TestLedger.started()
    let form = budgetForm(ledger)
    #expect(form.enter(text, for: .amount) == .amount(error))
    #expect(await form.save() == nil)
    #expect(form.refusal == .field(.amount, .amount(error)))
    #expect(try await ledger.repository.budgetPlan() == .empty)
    // Never entered: missing.
    let empty = budgetForm(ledger)
    #expect(await empty.save() == nil)
    #expect(empty.refusal == .field(.amount, .amount(.empty)))
  }

  @Test("a budget's refusals are said as a budget's, in Korean and English")
  func budgetMessages() async throws {
    let ledger = await TestLedger.started()
    let form = budgetForm(ledger)
    form.enter("-5", for: .amount)
    let refusal = try #require(form.refusal)
    #expect(
      DisplayLanguage.english.messages.describe(budget: refusal)
        == "'-5' is not an amount greater than zero; a budget is a positive limit")
    #expect(
      DisplayLanguage.korean.messages.describe(budget: refusal)
        == "'-5'은(는) 0보다 큰 금액이 아닙니다. 예산은 양수인 한 달 한도입니다")
    let empty = budgetForm(ledger)
    await empty.save()
    let missing = try #require(empty.refusal)
    #expect(DisplayLanguage.english.messages.describe(any: missing).hasPrefix("Enter the monthly"))
    #expect(DisplayLanguage.korean.messages.describe(any: missing).hasPrefix("한 달 예산 금액을"))
    form.enter("2025-13", for: .month)
    let month = try #require(form.refusal)
    #expect(
      DisplayLanguage.english.messages.describe(budget: month)
        == DisplayLanguage.english.messages.describe(DateInputError.noSuchMonth("2025-13")))
  }

  @Test("removing a budget needs no amount; a missing budget is the store's refusal")
  func budgetRemove() async throws {
    let ledger = await TestLedger.started()
    let form = budgetForm(ledger)
    form.enter([.amount: "5만", .category: "food"])
    #expect(
      await form.save() == .set(Fixtures.amount(50_000), .category("food"), from: month("2025-11")))
    let remove = budgetForm(ledger)
    remove.enter("food", for: .category)
    #expect(await remove.remove() == .removed(.category("food"), from: month("2025-11")))
    #expect(await remove.remove() == nil)
    #expect(
      remove.refusal == .store(.ledger(.noBudget(.category("food"), from: month("2025-11")))))
  }

  // MARK: - Recurring rules

  private func ruleForm(_ ledger: TestLedger, editing id: RecurringRuleID? = nil) async throws
    -> RecurringRuleFormViewModel
  {
    try await ledger.coordinator.showRecurringRules().ruleForm(editing: id)
  }

  @Test("a rule's refusals are said in the form's order: schedule, kind, amount, category, …")
  func ruleOrder() async throws {
    let ledger = await TestLedger.started()
    let form = try await ruleForm(ledger)
    #expect(
      form.enter([
        .end: "someday", .category: "", .amount: "0", .kind: "gift", .schedule: "monthly 32",
      ]) == .field(.schedule, .ledger(.recurring(.badSchedule("32")))))
    form.enter("monthly 25", for: .schedule)
    #expect(form.refusal == .field(.kind, .field(.badKind("gift"))))
    form.enter("income", for: .kind)
    #expect(form.refusal == .field(.amount, .amount(.notPositive("0"))))
    form.enter("65만", for: .amount)
    #expect(form.refusal == .field(.category, .field(.emptyCategory)))
    form.enter("월세", for: .category)
    #expect(form.refusal?.field == .end)
    form.enter("2025-10-01", for: .end)
    // An end before today's start is the end's refusal.
    #expect(await form.save() == nil)
    #expect(
      form.refusal
        == .field(
          .end,
          .ledger(
            .recurring(
              .endBeforeStart(start: Fixtures.day("2025-11-14"), end: Fixtures.day("2025-10-01"))
            ))))
    #expect(try await ledger.repository.recurringPlan().rules.isEmpty)
    form.enter("none", for: .end)
    let rule = try #require(await form.save())
    #expect(rule.schedule == .monthly(day: 25) && rule.kind == .income && rule.end == nil)
    #expect(rule.start == Fixtures.day("2025-11-14"))
    #expect(try await ledger.repository.recurringPlan().rules == [rule])
  }

  @Test(
    "a rule's amount of -5, 0 or too much, and an unknown schedule, are refused, nothing written",
    arguments: [
      (RecurringRuleFormViewModel.Field.amount, "-5", AppError.amount(.notPositive("-5"))),
      (.amount, "0", .amount(.notPositive("0"))),
      (.amount, "99999999999999999999", .amount(.tooLarge("99999999999999999999"))),
      (.schedule, "fortnightly 3", .ledger(.recurring(.badSchedule("fortnightly 3")))),
    ])
  func ruleRefusals(_ field: RecurringRuleFormViewModel.Field, _ text: String, _ error: AppError)
    async throws
  {
    let ledger = await TestLedger.started()
    let form = try await ruleForm(ledger)
    form.enter([.schedule: "weekly fri", .amount: "3만", .category: "장보기"])
    #expect(form.enter(text, for: field) == error)
    #expect(await form.save() == nil)
    #expect(form.refusal == .field(field, error))
    #expect(try await ledger.repository.recurringPlan().rules.isEmpty)
    for language in [DisplayLanguage.korean, .english] {
      let said = language.messages.describe(rule: try #require(form.refusal))
      #expect(said == language.messages.describe(error))
      #expect(said.contains(text), "\(said)")
    }
  }

  @Test("a rule never given a schedule, an amount or a category says the first missing")
  func ruleMissing() async throws {
    let ledger = await TestLedger.started()
    let form = try await ruleForm(ledger)
    form.enter("x", for: .category)
    #expect(await form.save() == nil)
    #expect(form.refusal?.field == .schedule)
    form.enter("last-business-day", for: .schedule)
    #expect(await form.save() == nil)
    #expect(form.refusal == .field(.amount, .amount(.empty)))
  }

  @Test("editing a rule changes only the fields entered; an unknown rule is the store's refusal")
  func ruleEdit() async throws {
    let ledger = await TestLedger.started()
    let add = try await ruleForm(ledger)
    add.enter([.schedule: "monthly 25", .amount: "65만", .category: "월세", .memo: "집"])
    let rule = try #require(await add.save())
    let edit = try await ruleForm(ledger, editing: rule.id)
    edit.enter([.amount: "70만", .end: "2026-12-31"])
    let changed = try #require(await edit.save())
    #expect(changed.amount == Fixtures.amount(700_000) && changed.memo == "집")
    #expect(changed.end == Fixtures.day("2026-12-31") && changed.category == "월세")
    let none = try await ruleForm(ledger, editing: RecurringRuleID("r9"))
    none.enter("1", for: .amount)
    #expect(await none.save() == nil)
    #expect(none.refusal == .store(.ledger(.recurring(.unknownRule("r9")))))
  }

  // MARK: - One occurrence

  /// A ledger with rule r1, 월세 ₩650,000 on the 25th from October, and its due list.
  private func dueList() async throws -> (TestLedger, DueListViewModel, OccurrenceKey) {
    let ledger = await TestLedger.started(today: "2025-11-26")
    let add = try await ruleForm(ledger)
    add.enter([.schedule: "monthly 25", .amount: "65만", .category: "월세", .start: "2025-10-01"])
    let rule = try #require(await add.save())
    let due = try await ledger.coordinator.showDueList()
    return (ledger, due, OccurrenceKey(rule: rule.id, date: Fixtures.day("2025-10-25")))
  }

  @Test("an occurrence's refusals are said amount, memo, day; nothing that differs is refused")
  func occurrenceOrder() async throws {
    let (ledger, due, key) = try await dueList()
    let form = try due.changeForm(for: key)
    #expect(
      form.enter([.date: "someday", .amount: "-5"])
        == .field(.amount, .amount(.notPositive("-5"))))
    form.enter("0", for: .amount)
    #expect(form.refusal == .field(.amount, .amount(.notPositive("0"))))
    form.enter("650000", for: .amount)
    #expect(form.refusal == .field(.date, .date(.malformedDate("someday"))))
    form.enter("", for: .date)
    // The planned amount again, no day: nothing differs.
    #expect(await form.save() == nil)
    #expect(form.refusal == .unchanged)
    #expect(
      DisplayLanguage.english.messages.describe(occurrence: .unchanged)
        == DisplayLanguage.english.emptyOccurrenceChange)
    #expect(
      DisplayLanguage.korean.messages.describe(any: OccurrenceFormViewModel.Refusal.unchanged)
        == DisplayLanguage.korean.emptyOccurrenceChange)
    #expect(try await ledger.repository.recurringPlan().decisions.isEmpty)
    form.enter("27일", for: .date)
    let changed = try #require(await form.save())
    #expect(changed.day == Fixtures.day("2025-10-27") && changed.amount == Fixtures.amount(650_000))
    #expect(due.lastAction == .changed(changed))
  }

  @Test("an occurrence no longer planned is refused when its form opens")
  func occurrenceGone() async throws {
    let (_, due, key) = try await dueList()
    _ = try await due.skip(key)
    #expect(throws: LedgerError.recurring(.alreadySkipped(key.rule, key.date))) {
      try due.changeForm(for: key)
    }
  }
}
