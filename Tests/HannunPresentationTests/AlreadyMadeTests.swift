import HannunDomain
import HannunPresentation
import HannunTestSupport
import Testing

/// Each write's own view-model answers whether its intent is already in the ledger — what a
/// frontend asks when the same intent is sent again after its answer was lost (the web's form
/// replayed after a restart) — driven through the intents themselves: not there before the
/// intent, there after it (asked of a route opened anew, as after a restart), and not there for
/// an intent that differs. Nothing is written by asking.
@Suite("Each view-model says whether its intent is already in the ledger")
@MainActor
struct AlreadyMadeTests {
  /// A phone bill on the 10th and a gym fee on the 12th, both due by 2025-11-14.
  static let plan = RecurringPlan.fixture([
    .fixture(id: 1, .monthly(day: 10), amount: 50_000, category: "phone", from: "2025-11-01"),
    .fixture(id: 2, .monthly(day: 12), amount: 30_000, category: "gym", from: "2025-11-01"),
  ])
  static let phone = OccurrenceKey(rule: RecurringRuleID("r1"), date: Fixtures.day("2025-11-10"))
  static let gym = OccurrenceKey(rule: RecurringRuleID("r2"), date: Fixtures.day("2025-11-12"))

  private func ledger() async -> TestLedger {
    let ledger = await TestLedger.started()
    await ledger.repository.replacePlanUnannounced(Self.plan)
    return ledger
  }

  @Test("a delete is made once no entry has the id")
  func delete() async throws {
    let ledger = await ledger()
    let id = TransactionID("t1")
    #expect(await ledger.coordinator.alreadyDeleted(id) == false)
    let question = try await ledger.coordinator.showDeleteConfirmation(for: .id("t1"))
    #expect(await question.confirm() != nil)
    #expect(await ledger.coordinator.alreadyDeleted(id))
    #expect(await ledger.coordinator.alreadyDeleted(TransactionID("t3")) == false)
  }

  @Test("a due confirm, skip and confirm-all are made once the ledger holds their decisions")
  func due() async throws {
    let ledger = await ledger()
    let count = try await ledger.repository.transactions(matching: TransactionQuery()).count
    let due = try await ledger.coordinator.showDueList()
    #expect(await due.alreadyDone(.confirm(Self.phone)) == nil)
    #expect(await due.alreadyDone(.skip(Self.gym)) == nil)
    #expect(await due.alreadyDone(.confirmAll) == nil)
    let entry = try await due.confirm(Self.phone)
    let skipped = try await due.skip(Self.gym)
    // Asked of a due list read anew, as after a restart.
    let again = try await ledger.coordinator.showDueList()
    #expect(await again.alreadyDone(.confirm(Self.phone)) == .confirmed([entry]))
    #expect(await again.alreadyDone(.skip(Self.gym)) == .skipped([skipped]))
    #expect(await again.alreadyDone(.confirmAll) == .confirmed([]))
    // The other decision is not this intent's.
    #expect(await again.alreadyDone(.skip(Self.phone)) == nil)
    #expect(await again.alreadyDone(.confirm(Self.gym)) == nil)
    let now = try await ledger.repository.transactions(matching: TransactionQuery()).count
    #expect(now == count + 1)
  }

  @Test("an occurrence's change is made once it is planned as typed")
  func occurrenceChange() async throws {
    let ledger = await ledger()
    let due = try await ledger.coordinator.showDueList()
    let typed: [OccurrenceFormViewModel.Field: String] = [.amount: "6만", .memo: "", .date: ""]
    let form = OccurrenceFormViewModel(
      occurrence: try Self.plan.occurrence(Self.phone), due: due, currency: .krw)
    form.enter(typed)
    #expect(form.alreadySaved() == nil)
    let changed = try #require(await form.save())
    // The form opened again on the occurrence as planned now.
    let now = try await ledger.coordinator.showDueList()
    let planned = try ledger.coordinator.recurring.plan.occurrence(Self.phone)
    let again = OccurrenceFormViewModel(occurrence: planned, due: now, currency: .krw)
    again.enter(typed)
    #expect(again.alreadySaved() == changed)
    let other = OccurrenceFormViewModel(occurrence: planned, due: now, currency: .krw)
    other.enter([.amount: "7만"])
    #expect(other.alreadySaved() == nil)
  }

  @Test("a budget set or removed is made once the limit in effect is the one asked for")
  func budget() async throws {
    let ledger = await ledger()
    let month = Fixtures.month("2025-11")
    let form = {
      let screen = ledger.coordinator.showBudgets(ledger.coordinator.budgets, of: month)
      return ledger.coordinator.budgetForm(on: screen)
    }
    let set = form()
    set.enter([.month: "2025-11", .category: "food", .amount: "1만"])
    #expect(await set.alreadySaved() == nil)
    #expect(await set.alreadyRemoved() != nil)
    let outcome = try #require(await set.save())
    let again = form()
    again.enter([.month: "2025-11", .category: "food", .amount: "1만"])
    #expect(await again.alreadySaved() == outcome)
    #expect(await again.alreadyRemoved() == nil)
    let other = form()
    other.enter([.month: "2025-11", .category: "food", .amount: "2만"])
    #expect(await other.alreadySaved() == nil)
    let remove = form()
    remove.enter([.month: "2025-11", .category: "food"])
    let removed = try #require(await remove.remove())
    let removedAgain = form()
    removedAgain.enter([.month: "2025-11", .category: "food"])
    #expect(await removedAgain.alreadyRemoved() == removed)
    #expect(try await ledger.repository.budgetPlan().limits(in: month).isEmpty)
  }

  @Test("a rule added is made once the same rule is there; a rule removed once it is gone")
  func rules() async throws {
    let ledger = await ledger()
    let typed: [RecurringRuleFormViewModel.Field: String] = [
      .schedule: "monthly 5", .kind: "expense", .amount: "3만", .category: "swim",
      .memo: "", .start: "",
    ]
    let screen = try await ledger.coordinator.showRecurringRules()
    let form = screen.ruleForm()
    form.enter(typed)
    #expect(form.alreadySaved() == nil)
    let rule = try #require(await form.save())
    let rules = try await ledger.coordinator.showRecurringRules()
    let again = rules.ruleForm()
    again.enter(typed)
    #expect(again.alreadySaved() == rule)
    let other = rules.ruleForm()
    other.enter(typed.merging([.amount: "4만"]) { $1 })
    #expect(other.alreadySaved() == nil)
    let edit = rules.ruleForm(editing: rule.id)
    edit.enter(typed)
    #expect(edit.alreadySaved() == nil)
    #expect(rules.alreadyRemoved(rule.id) == false)
    try await rules.remove(rule.id)
    let after = try await ledger.coordinator.showRecurringRules()
    #expect(after.alreadyRemoved(rule.id))
    #expect(after.alreadyRemoved(RecurringRuleID("r1")) == false)
  }

  @Test("a rename is made once the old name is gone and the new one there, as a rename keeps it")
  func rename() async throws {
    let ledger = await ledger()
    let list = ledger.coordinator.showCategories(of: nil)
    await list.load()
    #expect(list.alreadyRenamed("cafe", to: "coffee") == false)
    try await list.rename("cafe", to: "coffee")
    let again = ledger.coordinator.showCategories(of: nil)
    await again.load()
    #expect(again.alreadyRenamed("cafe", to: " coffee "))
    #expect(again.alreadyRenamed("cafe", to: "tea") == false)
    #expect(again.alreadyRenamed("food", to: "coffee") == false)
  }

  @Test("a day's mood set or cleared is made once the day has exactly that")
  func mood() async throws {
    let ledger = await ledger()
    let day = Fixtures.day("2025-11-12")
    let screen = try await ledger.coordinator.showMood(of: day)
    #expect(screen.alreadySet(.calm, note: "quiet") == false)
    #expect(screen.alreadySet(nil))
    try await screen.set(.calm, note: "quiet")
    let again = try await ledger.coordinator.showMood(of: day)
    #expect(again.alreadySet(.calm, note: " quiet "))
    #expect(again.alreadySet(.calm, note: "loud") == false)
    #expect(again.alreadySet(nil) == false)
  }

  @Test("an undo or redo is made once the ledger holds what its witness says, kept as text")
  func history() async throws {
    let ledger = await ledger()
    let draft = try TransactionDraft(
      day: Fixtures.day("2025-11-20"), kind: .expense, amount: Fixtures.amount(9_000),
      category: "taxi", memo: "")
    try await ledger.editor.add(draft)
    await ledger.coordinator.refreshHistory()
    let step = try #require(await ledger.coordinator.nextHistoryStep(undoing: true))
    let undo = try #require(LedgerEditWitness(step, reverting: true))
    let redo = try #require(LedgerEditWitness(step, reverting: false))
    // Kept as text and read back, as after a restart.
    let kept = try #require(LedgerEditWitness(text: undo.text))
    #expect(kept == undo)
    #expect(await ledger.coordinator.holds(kept) == false)
    #expect(await ledger.coordinator.holds(redo))
    _ = try await ledger.coordinator.undo()
    #expect(await ledger.coordinator.holds(kept))
    #expect(await ledger.coordinator.holds(redo) == false)
    #expect(await ledger.coordinator.nextHistoryStep(undoing: false) == step)
    _ = try await ledger.coordinator.redo()
    #expect(await ledger.coordinator.holds(redo))
    #expect(LedgerEditWitness(text: "") == nil)
    #expect(LedgerEditWitness(text: "x:zz") == nil)
  }

  /// Undoes and redoes the next step, checking its witnesses (kept as text and read back, as
  /// after a restart) against the ledger at each turn.
  private func checkWitnesses(_ ledger: TestLedger) async throws {
    await ledger.coordinator.refreshHistory()
    let step = try #require(await ledger.coordinator.nextHistoryStep(undoing: true))
    let undoing = try #require(LedgerEditWitness(step, reverting: true))
    let redoing = try #require(LedgerEditWitness(step, reverting: false))
    let undo = try #require(LedgerEditWitness(text: undoing.text))
    let redo = try #require(LedgerEditWitness(text: redoing.text))
    #expect(undo == undoing && redo == redoing)
    #expect(await ledger.coordinator.holds(undo) == false)
    #expect(await ledger.coordinator.holds(redo))
    _ = try await ledger.coordinator.undo()
    #expect(await ledger.coordinator.holds(undo))
    #expect(await ledger.coordinator.holds(redo) == false)
    _ = try await ledger.coordinator.redo()
    #expect(await ledger.coordinator.holds(redo))
    #expect(await ledger.coordinator.holds(undo) == false)
  }

  @Test("a mood's undo or redo is made once the day's mood is what its witness says")
  func moodHistory() async throws {
    let ledger = await ledger()
    let screen = try await ledger.coordinator.showMood(of: Fixtures.day("2025-11-12"))
    try await screen.set(.calm, note: "quiet")
    try await checkWitnesses(ledger)
  }

  @Test("a rename only budgets, or only rules, had is undone or redone once they say so")
  func budgetAndRuleOnlyHistory() async throws {
    let ledger = await ledger()
    let budgets = BudgetPlan(changes: [
      BudgetChange(
        scope: .category("책, 잡지:월간"), from: Fixtures.month("2025-10"),
        limit: Fixtures.amount(20_000))
    ])
    await ledger.repository.replaceBudgetPlanUnannounced(budgets)
    _ = try await ledger.coordinator.renameCategory("책, 잡지:월간", to: "reading")
    try await checkWitnesses(ledger)
    // The rules of `gym` alone.
    _ = try await ledger.coordinator.renameCategory("gym", to: "fitness")
    try await checkWitnesses(ledger)
  }

  @Test("an import's notices said before it is made are the ones it gives once made")
  func plannedNotices() async throws {
    let ledger = await ledger()
    let food = BudgetPlan(changes: [
      BudgetChange(
        scope: .category("food"), from: Fixtures.month("2025-11"), limit: Fixtures.amount(20_000)),
      BudgetChange(scope: .total, from: Fixtures.month("2025-12"), limit: Fixtures.amount(5_000)),
    ])
    await ledger.repository.replaceBudgetPlanUnannounced(food)
    let drafts = try [("2025-11-20", "food", 9_000), ("2025-12-02", "taxi", 6_000)].map {
      try TransactionDraft(
        day: Fixtures.day($0.0), kind: .expense, amount: Fixtures.amount($0.2), category: $0.1)
    }
    let preview = try await ledger.coordinator.showImportPreview(drafts, refused: [])
    let planned = await preview.plannedNotices()
    #expect(planned.map(\.month) == [Fixtures.month("2025-11"), Fixtures.month("2025-12")])
    try await preview.confirm()
    #expect(planned == preview.notices)
    // An edit's notices, said before it is made, count the new amount instead of the old one.
    let stored = try #require(await ledger.repository.transaction(withID: TransactionID("t1")))
    var draft = TransactionDraft(stored)
    draft.amount = Fixtures.amount(25_000)
    let budgets = ledger.coordinator.budgets
    let before = await budgets.notices(beforeSaving: [draft], replacing: [stored])
    let (_, after) = try await ledger.editor.update(stored, to: draft)
    #expect(before == (await budgets.notices(afterSaving: [after])))
    #expect(before.flatMap(\.overruns).map(\.spent) == [Money(Fixtures.amount(34_000))])
  }
}
