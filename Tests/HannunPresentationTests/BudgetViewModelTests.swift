import HannunDomain
import HannunPresentation
import HannunTestSupport
import Testing

@MainActor
@Suite("Budgets: the view-model, the calendar's budget and the over-budget notice")
struct BudgetViewModelTests {
  private func budgets(_ ledger: TestLedger) async -> BudgetViewModel {
    let model = BudgetViewModel(
      repository: ledger.repository, entries: ledger.repository, calendar: ledger.calendar)
    await model.refresh()
    return model
  }

  @Test("setting budgets shows them on the calendar with what is left of the month")
  func setShowsOnCalendar() async throws {
    let ledger = await TestLedger.started()
    #expect(ledger.calendar.budgetStatus == nil)
    let model = await budgets(ledger)
    #expect(ledger.calendar.budgetStatus == nil)
    try await model.set(
      Fixtures.amount(100_000), for: .total, from: Fixtures.month("2025-11"))
    try await model.set(
      Fixtures.amount(10_000), for: .category("food"), from: Fixtures.month("2025-01"))
    let status = try #require(ledger.calendar.budgetStatus)
    // November's expenses: food 12,000 and cafe 4,500.
    #expect(status.total?.remaining.minorUnits == 83_500)
    #expect(status.categories.map(\.remaining.minorUnits) == [-2_000])
    #expect(try await ledger.repository.budgetPlan() == model.plan)
  }

  @Test(
    "what is left of the shown month is the whole month's budget, or the categories' together")
  func budgetLeft() async throws {
    let ledger = await TestLedger.started()
    #expect(ledger.calendar.budgetLeft == nil)
    let model = await budgets(ledger)
    // November's expenses: food 12,000 and cafe 4,500.
    try await model.set(
      Fixtures.amount(10_000), for: .category("food"), from: Fixtures.month("2025-11"))
    try await model.set(
      Fixtures.amount(5_000), for: .category("cafe"), from: Fixtures.month("2025-11"))
    #expect(ledger.calendar.budgetLeft?.minorUnits == -1_500)
    try await model.set(
      Fixtures.amount(100_000), for: .total, from: Fixtures.month("2025-11"))
    #expect(ledger.calendar.budgetLeft?.minorUnits == 83_500)
  }

  @Test("removing a budget from a month on takes it off that month and later ones")
  func removeFromMonth() async throws {
    let ledger = await TestLedger.started()
    let model = await budgets(ledger)
    try await model.set(
      Fixtures.amount(10_000), for: .category("food"), from: Fixtures.month("2025-10"))
    try await model.remove(.category("food"), from: Fixtures.month("2025-11"))
    #expect(ledger.calendar.budgetStatus == nil)
    let october = try await model.status(of: Fixtures.month("2025-10"))
    #expect(october.categories.map(\.spent.minorUnits) == [8_000])
    await #expect(throws: LedgerError.noBudget(.category("food"), from: Fixtures.month("2025-12")))
    {
      try await model.remove(.category("food"), from: Fixtures.month("2025-12"))
    }
  }

  @Test("a change of a budget another window changed since is refused; the stored plan shows")
  func staleChange() async throws {
    let ledger = await TestLedger.started()
    let model = await budgets(ledger)
    let theirs = BudgetPlan.fixture([(nil, "2025-01", 500_000)])
    await ledger.repository.replaceBudgetPlanUnannounced(theirs)
    await #expect(throws: LedgerError.staleBudgets(current: theirs)) {
      try await model.set(Fixtures.amount(1_000), for: .total, from: Fixtures.month("2025-11"))
    }
    #expect(model.plan == theirs)
    #expect(try await ledger.repository.budgetPlan() == theirs)
    try await model.set(Fixtures.amount(1_000), for: .total, from: Fixtures.month("2025-11"))
    #expect(try await ledger.repository.budgetPlan().changes.count == 2)
  }

  @Test(
    "budgets of different categories set from two windows at once both stay; only the same category conflicts"
  )
  func differentScopesMerge() async throws {
    let ledger = await TestLedger.started()
    let mine = await budgets(ledger)
    let theirs = await budgets(ledger)
    let late = await budgets(ledger)
    try await theirs.set(
      Fixtures.amount(300_000), for: .category("식비"), from: Fixtures.month("2025-11"))
    try await mine.set(
      Fixtures.amount(100_000), for: .category("교통"), from: Fixtures.month("2025-11"))
    let both = BudgetPlan.fixture([("식비", "2025-11", 300_000), ("교통", "2025-11", 100_000)])
    #expect(try await ledger.repository.budgetPlan() == both)
    #expect(mine.plan == both, "the model shows what is stored, both budgets")
    await #expect(throws: LedgerError.staleBudgets(current: both)) {
      try await late.set(
        Fixtures.amount(1_000), for: .category("식비"), from: Fixtures.month("2025-11"))
    }
    #expect(try await ledger.repository.budgetPlan() == both)
  }

  @Test("an expense that takes its category over says so, in Korean and English")
  func noticeAfterAdd() async throws {
    let ledger = await TestLedger.started()
    let model = await budgets(ledger)
    try await model.set(
      Fixtures.amount(20_000), for: .category("food"), from: Fixtures.month("2025-11"))
    let small = LedgerEdit.added(
      try await ledger.editor.add(
        TransactionDraft(
          day: Fixtures.day("2025-11-14"), kind: .expense, amount: Fixtures.amount(5_000),
          category: "food", memo: "")))
    #expect(await model.notice(after: small) == nil)
    let large = LedgerEdit.added(
      try await ledger.editor.add(
        TransactionDraft(
          day: Fixtures.day("2025-11-15"), kind: .expense, amount: Fixtures.amount(6_000),
          category: "food", memo: "")))
    let notice = try #require(await model.notice(after: large))
    let money = MoneyFormatter(currency: .krw)
    #expect(
      notice.lines(in: .korean, money: money) == [
        "2025년 11월 'food' 예산을 ₩3,000 넘었습니다 (₩23,000 / ₩20,000)"
      ])
    #expect(
      notice.lines(in: .english, money: money) == [
        "Over the 'food' budget for November 2025 by ₩3,000 (₩23,000 of ₩20,000)"
      ])
    let other = LedgerEdit.added(
      try await ledger.editor.add(
        TransactionDraft(
          day: Fixtures.day("2025-11-15"), kind: .expense, amount: Fixtures.amount(6_000),
          category: "cafe", memo: "")))
    #expect(await model.notice(after: other) == nil)
  }

  @Test("an edit that moves an entry into an over-budget month says so, with the whole month's")
  func noticeAfterEdit() async throws {
    let ledger = await TestLedger.started()
    let model = await budgets(ledger)
    try await model.set(Fixtures.amount(15_000), for: .total, from: Fixtures.month("2025-11"))
    let rent = try #require(try await ledger.repository.transaction(withID: TransactionID("t6")))
    var moved = rent
    moved.day = Fixtures.day("2025-11-30")
    let (before, after) = try await ledger.editor.update(rent, to: TransactionDraft(moved))
    let edit = LedgerEdit.edited(before: before, after: after)
    let notice = try #require(await model.notice(after: edit))
    #expect(notice.overruns.map(\.scope) == [.total])
    #expect(
      notice.lines(in: .english, money: MoneyFormatter(currency: .krw)) == [
        "Over the budget for November 2025 by ₩21,500 (₩36,500 of ₩15,000)"
      ])
  }

  @Test("an import's added entries are warned about; a rename, which adds none, is not")
  func noticesAfterBatch() async throws {
    let ledger = await TestLedger.started()
    let model = await budgets(ledger)
    try await model.set(
      Fixtures.amount(20_000), for: .category("food"), from: Fixtures.month("2025-11"))
    let draft = try TransactionDraft(
      day: Fixtures.day("2025-11-20"), kind: .expense, amount: Fixtures.amount(25_000),
      category: "food", memo: "market")
    let plan = ImportPlan(additions: [draft], duplicates: 0)
    try await ledger.editor.importEntries(plan)
    // An import's notices come from its rows: its undo step keeps ids, not entries.
    let notices = await model.notices(afterSaving: plan.additions)
    #expect(notices.map(\.month) == [Fixtures.month("2025-11")])
    #expect(notices.first?.overruns.map(\.scope) == [.category("food")])
    let renamed = try await ledger.editor.renameCategory("food", to: "groceries")
    #expect(await model.notices(after: .batch(renamed)).isEmpty)
  }

  @Test("a failed read keeps the error and takes the budget off the calendar")
  func readFailure() async throws {
    let ledger = await TestLedger.started()
    let model = await budgets(ledger)
    try await model.set(Fixtures.amount(1_000), for: .total, from: Fixtures.month("2025-11"))
    let failing = BudgetViewModel(
      repository: FailingBudgets(), entries: ledger.repository, calendar: ledger.calendar)
    await failing.refresh()
    #expect(failing.loadFailure == .ledger(.totalOverflow))
    #expect(ledger.calendar.budgetStatus == nil)
  }
}

/// Budgets that cannot be read.
private struct FailingBudgets: BudgetRepository {
  func budgetPlan() async throws -> BudgetPlan { throw LedgerError.totalOverflow }
  func replaceBudgetPlan(_ current: BudgetPlan, with updated: BudgetPlan) async throws {
    throw LedgerError.totalOverflow
  }
  func changeBudgets(_ edit: BudgetEdit) async throws -> BudgetPlan {
    throw LedgerError.totalOverflow
  }
}
