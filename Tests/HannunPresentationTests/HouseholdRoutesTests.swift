import HannunDomain
import HannunPresentation
import HannunTestSupport
import Testing

/// The household screens as routes: each opens through the coordinator, is driven by its
/// intents and read through its typed state, and removes itself when done.
@Suite("Household routes: rules, due list, a day's mood, import preview")
@MainActor
struct HouseholdRoutesTests {
  let rent = RecurringRule.fixture(.monthly(day: 25), memo: "집")

  /// A ledger whose coordinator has the store's rules and budgets; November's whole budget is
  /// ₩100,000.
  private func ledger(today: String = "2025-11-26") async throws -> TestLedger {
    let ledger = await TestLedger.started(today: today)
    let budgets = ledger.coordinator.budgets
    await budgets.refresh()
    try await budgets.set(Fixtures.amount(100_000), for: .total, from: month("2025-11"))
    return ledger
  }

  @Test("the rules route adds, changes and removes rules and says what it did, typed")
  func rulesRoute() async throws {
    let ledger = try await ledger()
    let coordinator = ledger.coordinator
    let rules = try await coordinator.showRecurringRules()
    #expect(coordinator.top?.kind == .recurringRules)
    #expect(rules.rules.isEmpty)
    let added = try await rules.add(rent)
    #expect(rules.rules.map(\.id) == [added.id])
    #expect(rules.lastChange == .added(added))
    let edited = try await rules.edit(added.id, try RecurringRuleChanges(memo: "월세 집"))
    #expect(edited.memo == "월세 집")
    #expect(rules.lastChange == .edited(edited))
    #expect(rules.rules.first?.memo == "월세 집")
    let missing = try RecurringRuleID(userInput: "r9")
    await #expect(throws: LedgerError.self) { try await rules.remove(missing) }
    #expect(rules.failure != nil)
    #expect(rules.lastChange == .edited(edited))
    let removed = try await rules.remove(added.id)
    #expect(removed.id == added.id && rules.rules.isEmpty)
    #expect(rules.lastChange == .removed(removed))
    rules.close()
    #expect(coordinator.path.isEmpty)
    #expect(coordinator.takeOutcome() == .closed)
  }

  @Test("the coordinator's rules and budgets are the capabilities it is given, each its own store")
  func capabilitiesFromStores() async throws {
    let clock = LedgerClock.fixed(at: day("2025-11-26"))
    let entries = InMemoryTransactionRepository(TestLedger.sample)
    // Rules and budgets live in a store of their own, written before the coordinator opens.
    let household = InMemoryTransactionRepository()
    let seed = RecurringViewModel(
      repository: household, clock: clock, currency: .krw, language: .korean)
    await seed.load()
    _ = try await seed.add(rent)
    let seedBudgets = BudgetViewModel(repository: household, entries: household, calendar: nil)
    await seedBudgets.refresh()
    try await seedBudgets.set(Fixtures.amount(100_000), for: .total, from: month("2025-11"))
    let stores = LedgerStores(
      entries: entries, budgets: household, recurring: household, moods: entries,
      versions: entries, restoring: entries)
    let calendar = CalendarViewModel(
      entries: entries, moods: entries, recurring: household, clock: clock, currency: .krw,
      language: .korean)
    let coordinator = AppCoordinator(
      calendar: calendar, editor: LedgerEditor(repository: entries, clock: clock),
      stores: stores, clock: clock, currency: .krw)
    await calendar.start()
    let rules = try await coordinator.showRecurringRules()
    #expect(rules.rules.map(\.memo) == ["집"])
    await coordinator.budgets.refresh()
    #expect(try await coordinator.budgets.status(of: month("2025-11")).total != nil)
    #expect(try await entries.recurringPlan().rules.isEmpty)
  }

  @Test("confirming a due item over the budget warns, as an add does")
  func dueConfirmWarns() async throws {
    let ledger = try await ledger()
    _ = try await ledger.coordinator.showRecurringRules().add(rent)
    let due = try await ledger.coordinator.showDueList()
    #expect(ledger.coordinator.top?.kind == .dueList)
    #expect(due.due.map(\.day.iso).last == "2025-11-25")
    let position = due.due.count
    let entries = try await due.confirm(positions: [position, position])
    #expect(entries.map(\.day.iso) == ["2025-11-25"])
    #expect(due.lastAction == .confirmed(entries))
    #expect(due.notices.map(\.month) == [month("2025-11")])
    #expect(due.notices.first?.overruns.map(\.scope) == [.total])
    #expect(!due.due.contains { $0.day.iso == "2025-11-25" })
    await ledger.settle()
    #expect(ledger.calendar.monthExpense == money(16_500 + 650_000))
  }

  @Test("skip and change act on one item each; a bad position writes nothing")
  func dueSkipChange() async throws {
    let ledger = try await ledger(today: "2025-03-26")
    _ = try await ledger.coordinator.showRecurringRules().add(rent)
    let due = try await ledger.coordinator.showDueList()
    #expect(due.due.map(\.day.iso) == ["2025-01-25", "2025-02-25", "2025-03-25"])
    await #expect(throws: DueListError.noSuchPosition(4, count: 3)) {
      try await due.skip(positions: [1, 4])
    }
    await #expect(throws: DueListError.nothingChosen(count: 3)) {
      try await due.confirm(positions: [])
    }
    #expect(due.due.count == 3 && due.lastAction == nil)
    let skipped = try await due.skip(positions: [1])
    #expect(skipped.map(\.day.iso) == ["2025-01-25"])
    #expect(due.lastAction == .skipped(skipped))
    let key = try due.key(at: 1)
    let changed = try await due.change(key, try OccurrenceChange(amount: Fixtures.amount(700_000)))
    #expect(changed.amount == Fixtures.amount(700_000))
    #expect(due.lastAction == .changed(changed))
    #expect(due.notices.isEmpty)
    let all = try await due.confirmAll()
    #expect(all.map(\.amount) == [Fixtures.amount(700_000), Fixtures.amount(650_000)])
    #expect(due.due.isEmpty)
    // The budget starts in November: these months have none, so nothing is over.
    #expect(due.notices.isEmpty)
    due.close()
    // The rules screen it was opened over is on top again.
    #expect(ledger.coordinator.path.map(\.kind) == [.recurringRules])
  }

  @Test("a day's mood is set and cleared through the coordinator, one undo step each")
  func moodRoute() async throws {
    let ledger = try await ledger()
    let coordinator = ledger.coordinator
    let mood = try await coordinator.showMood(of: day("2025-11-03"))
    #expect(coordinator.top?.kind == .dayMood(day("2025-11-03")))
    #expect(mood.mood == nil)
    let edit = try await mood.set(.joy, note: "payday")
    #expect(mood.mood == DayMood(.joy, note: "payday"))
    #expect(edit?.after == DayMood(.joy, note: "payday") && mood.lastEdit == edit)
    #expect(coordinator.canUndo)
    #expect(try await mood.set(.joy, note: "payday") == nil)
    await #expect(throws: FieldInputError.self) {
      try await mood.set(.sad, note: String(repeating: "가", count: 101))
    }
    #expect(mood.mood == DayMood(.joy, note: "payday") && mood.failure != nil)
    let cleared = try await mood.clear()
    #expect(cleared?.after == nil && mood.mood == nil)
    _ = try await coordinator.undo()
    try await mood.load()
    #expect(mood.mood == DayMood(.joy, note: "payday"))
    mood.close()
    #expect(coordinator.path.isEmpty && coordinator.takeOutcome() == .closed)
  }

  @Test("an import preview shows additions, duplicates and refusals, then imports once")
  func importPreview() async throws {
    let ledger = try await ledger()
    let coordinator = ledger.coordinator
    let lunch = TransactionDraft(TestLedger.sample[0])
    let tv = try TransactionDraft(
      day: day("2025-11-20"), kind: .expense, amount: Fixtures.amount(990_000),
      category: "가전", memo: "TV")
    let refusal = ImportRefusal(
      line: 7, text: "2025/11/21 refund", reason: FieldInputError.emptyCategory)
    let preview = try await coordinator.showImportPreview([lunch, tv], refused: [refusal])
    #expect(coordinator.top?.kind == .importPreview)
    #expect(Array(preview.additions) == [tv] && preview.duplicates == 1)
    #expect(preview.refused.map(\.line) == [7])
    #expect(await ledger.repository.all.count == TestLedger.sample.count)
    let added = try await preview.confirm()
    #expect(added.count == 1 && added.skipped == 1)
    #expect(preview.imported == added && preview.additions.isEmpty)
    #expect(preview.notices.map(\.month) == [month("2025-11")])
    #expect(coordinator.path.isEmpty)
    #expect(coordinator.takeOutcome() == .saved(.imported(added)))
    #expect(coordinator.canUndo)
    #expect(await ledger.repository.all.count == TestLedger.sample.count + 1)
  }

  @Test("a cancelled import preview writes nothing")
  func importCancelled() async throws {
    let ledger = try await ledger()
    let tv = try TransactionDraft(
      day: day("2025-11-20"), kind: .expense, amount: Fixtures.amount(990_000), category: "가전")
    let preview = try await ledger.coordinator.showImportPreview([tv], refused: [])
    preview.cancel()
    #expect(ledger.coordinator.path.isEmpty)
    #expect(ledger.coordinator.takeOutcome() == .cancelled)
    #expect(await ledger.repository.all.count == TestLedger.sample.count)
  }
}
