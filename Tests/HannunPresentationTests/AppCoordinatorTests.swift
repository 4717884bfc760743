import HannunDomain
import HannunPresentation
import HannunTestSupport
import Testing

@Suite("App coordinator")
@MainActor
struct AppCoordinatorTests {
  // MARK: - Adding

  @Test("the path starts empty with the calendar at the root")
  func startsEmpty() async {
    let coordinator = await TestLedger.started().coordinator
    #expect(coordinator.path.isEmpty)
    #expect(coordinator.top == nil)
    #expect(coordinator.form == nil)
    #expect(coordinator.deleteConfirmation == nil)
    #expect(coordinator.picker == nil)
    #expect(coordinator.takeOutcome() == nil)
  }

  @Test("showAddForm pushes an add form on the selected day")
  func addFormOnSelectedDay() async throws {
    let ledger = await TestLedger.started()
    try await ledger.calendar.selectDay(number: 20)
    let form = ledger.coordinator.showAddForm()
    #expect(
      ledger.coordinator.path.map(\.kind) == [.transactionForm(.add(defaultDay: day("2025-11-20")))]
    )
    #expect(ledger.coordinator.top?.kind == .transactionForm(.add(defaultDay: day("2025-11-20"))))
    #expect(ledger.coordinator.form === form)
    #expect(form.isEditing == false)
    #expect(form.editableText(of: .date) == "2025-11-20")
    #expect(form.editableText(of: .kind) == "expense")
    #expect(form.editableText(of: .amount) == "")
  }

  @Test("saving an add form pops it, reports saved, and the calendar shows the new totals")
  func saveAdds() async throws {
    let ledger = await TestLedger.started()
    let form = ledger.coordinator.showAddForm()
    form.enter("₩5,000", for: .amount)
    form.enter("taxi", for: .category)
    form.enter("home", for: .memo)
    let edit = await form.save()
    let expected = Transaction(
      id: TransactionID("n1"), day: day("2025-11-14"), kind: .expense,
      amount: Fixtures.amount(5_000), category: "taxi", memo: "home", createdAt: ledger.now,
      updatedAt: ledger.now)
    #expect(edit == .added(expected))
    #expect(ledger.coordinator.path.isEmpty)
    #expect(ledger.coordinator.form == nil)
    #expect(ledger.coordinator.takeOutcome() == .saved(.added(expected)))
    #expect(ledger.coordinator.takeOutcome() == nil)

    await ledger.settle()
    #expect(ledger.calendar.monthExpense == money(21_500))
    #expect(ledger.calendar.cell(of: day("2025-11-14"))?.expense == money(9_500))
    #expect(ledger.calendar.selectedEntries.map(\.id.rawValue) == ["t3", "n1"])
    #expect(await ledger.repository.all.contains(expected))
  }

  @Test("cancelling a form pops it and writes nothing")
  func cancelWritesNothing() async throws {
    let ledger = await TestLedger.started()
    let revision = await ledger.repository.latestRevision()
    let form = ledger.coordinator.showAddForm()
    form.enter("5000", for: .amount)
    form.enter("taxi", for: .category)
    form.cancel()
    #expect(ledger.coordinator.path.isEmpty)
    #expect(ledger.coordinator.form == nil)
    #expect(ledger.coordinator.takeOutcome() == .cancelled)
    #expect(await ledger.repository.latestRevision() == revision)
    #expect(await ledger.repository.all == TestLedger.sample.sorted(by: Transaction.listOrder))
  }

  // MARK: - Editing

  @Test("the edit form for position 1 is pre-filled with that entry")
  func editPrefill() async throws {
    let ledger = await TestLedger.started()
    try await ledger.calendar.selectDay(number: 3)
    let form = try await ledger.coordinator.showEditForm(for: .position(1))
    #expect(ledger.coordinator.path.map(\.kind) == [.transactionForm(.edit(TransactionID("t1")))])
    #expect(form.mode == .edit(TransactionID("t1")))
    #expect(form.isEditing)
    #expect(form.editableText(of: .kind) == "expense")
    #expect(form.editableText(of: .amount) == "12000")
    #expect(form.editableText(of: .category) == "food")
    #expect(form.editableText(of: .memo) == "lunch")
    #expect(form.editableText(of: .date) == "2025-11-03")
    #expect(form.errors.isEmpty)

    form.cancel()
    let second = try await ledger.coordinator.showEditForm(for: .position(2))
    #expect(second.editableText(of: .kind) == "income")
    #expect(second.editableText(of: .amount) == "50000")
    #expect(second.editableText(of: .memo) == "birthday")
  }

  @Test("an edit form in a cents currency shows the amount with its decimals")
  func editPrefillUSD() async throws {
    let ledger = await TestLedger.started(
      entries: [.fixture(id: "u1", day: "2025-11-14", amount: 1_250)], currency: .usd)
    let form = try await ledger.coordinator.showEditForm(for: .position(1))
    #expect(form.editableText(of: .amount) == "12.50")
  }

  @Test("an edit moving an entry to December leaves both months' totals right")
  func editAcrossMonths() async throws {
    let ledger = await TestLedger.started()
    try await ledger.calendar.selectDay(number: 3)
    let form = try await ledger.coordinator.showEditForm(for: .position(1))
    form.enter("2025-12-05", for: .date)
    let edit = await form.save()
    guard case .edited(let before, let after) = try #require(edit) else {
      Issue.record("expected an edit, got \(String(describing: edit))")
      return
    }
    #expect(before.day == day("2025-11-03"))
    #expect(after.day == day("2025-12-05"))
    #expect(after.id == before.id)
    #expect(after.createdAt == before.createdAt)
    #expect(after.updatedAt == ledger.now)
    #expect(ledger.coordinator.path.isEmpty)
    #expect(ledger.coordinator.takeOutcome() == .saved(.edited(before: before, after: after)))

    await ledger.settle()
    let calendar = ledger.calendar
    #expect(calendar.monthExpense == money(4_500))
    #expect(calendar.selectedEntries.map(\.id.rawValue) == ["a2"])
    #expect(calendar.summaries[month("2025-12")]?.total.expense == money(32_000))
    try await calendar.showNext()
    #expect(calendar.monthExpense == money(32_000))
    #expect(calendar.cell(of: day("2025-12-05"))?.expense == money(12_000))
  }

  @Test("an edit turning an expense into income moves it between the totals")
  func expenseToIncome() async throws {
    let ledger = await TestLedger.started()
    try await ledger.calendar.selectDay(number: 3)
    let form = try await ledger.coordinator.showEditForm(for: .position(1))
    #expect(form.enter("수입", for: .kind) == nil)
    #expect(await form.save() != nil)
    await ledger.settle()
    #expect(ledger.calendar.monthIncome == money(3_062_000))
    #expect(ledger.calendar.monthExpense == money(4_500))
    #expect(ledger.calendar.monthBalance == money(3_057_500))
    #expect(ledger.calendar.cell(of: day("2025-11-03"))?.income == money(62_000))
    #expect(ledger.calendar.cell(of: day("2025-11-03"))?.expense == money(0))
    #expect(await ledger.repository.all.first { $0.id.rawValue == "t1" }?.kind == .income)
  }

  @Test("deleting from the edit form pops it and reports the deleted entry")
  func deleteFromForm() async throws {
    let ledger = await TestLedger.started()
    let form = try await ledger.coordinator.showEditForm(for: .position(1))
    let removed = await form.delete()
    #expect(removed?.id == TransactionID("t3"))
    #expect(ledger.coordinator.path.isEmpty)
    #expect(ledger.coordinator.takeOutcome() == .deleted(try #require(removed)))
    await ledger.settle()
    #expect(ledger.calendar.monthExpense == money(12_000))
  }

  // MARK: - References

  @Test("a position past the selected day's list throws and opens nothing")
  func badPosition() async throws {
    let ledger = await TestLedger.started()
    await #expect(throws: EntryReferenceError.noSuchPosition(5, count: 1)) {
      try await ledger.coordinator.showEditForm(for: .position(5))
    }
    await #expect(throws: EntryReferenceError.noSuchPosition(0, count: 1)) {
      try await ledger.coordinator.showDeleteConfirmation(for: .position(0))
    }
    #expect(ledger.coordinator.path.isEmpty)
    #expect(ledger.coordinator.form == nil)
    #expect(
      EnglishMessages().describe(EntryReferenceError.noSuchPosition(5, count: 1))
        == "there is no entry 5: the selected day has 1 (1-1), or give an id")

    try await ledger.calendar.selectDay(number: 4)
    await #expect(throws: EntryReferenceError.noSuchPosition(1, count: 0)) {
      try await ledger.coordinator.showEditForm(for: .position(1))
    }
    #expect(
      EnglishMessages().describe(EntryReferenceError.noSuchPosition(1, count: 0))
        == "the selected day has no entries; select a day with entries, or give an entry id")
  }

  @Test("an id or unambiguous id prefix finds an entry in any month")
  func idReferences() async throws {
    let entries: [Transaction] = [
      .fixture(id: "abc123", day: "2025-11-03"),
      .fixture(id: "abd456", day: "2024-05-05", kind: .income, amount: 7_000, memo: "old"),
    ]
    let ledger = await TestLedger.started(entries: entries)
    let form = try await ledger.coordinator.showEditForm(for: .id("abd"))
    #expect(form.mode == .edit(TransactionID("abd456")))
    #expect(form.editableText(of: .date) == "2024-05-05")
    #expect(form.editableText(of: .amount) == "7000")
    form.cancel()

    let exact = try await ledger.coordinator.showEditForm(for: EntryReference("abc123"))
    #expect(exact.mode == .edit(TransactionID("abc123")))
    exact.cancel()

    await #expect(throws: LedgerError.ambiguousTransaction("ab")) {
      try await ledger.coordinator.showEditForm(for: .id("ab"))
    }
    await #expect(throws: LedgerError.unknownTransaction("zz")) {
      try await ledger.coordinator.showEditForm(for: .id("zz"))
    }
    #expect(ledger.coordinator.path.isEmpty)
  }

  @Test("typed references: digits are positions, anything else an id")
  func entryReferenceParsing() {
    #expect(EntryReference("1") == .position(1))
    #expect(EntryReference("12") == .position(12))
    #expect(EntryReference("abc") == .id("abc"))
    #expect(EntryReference("a1") == .id("a1"))
    #expect(EntryReference("١") == .id("١"))
  }

  // MARK: - Undo and redo

  @Test("undo and redo of an add go through the coordinator and show at once")
  func undoRedoAdd() async throws {
    let ledger = await TestLedger.started()
    #expect(try await ledger.coordinator.undo() == nil)
    let form = ledger.coordinator.showAddForm()
    form.enter("1000", for: .amount)
    form.enter("snack", for: .category)
    let added = try #require(await form.save())

    #expect(try await ledger.coordinator.undo() == added)
    #expect(ledger.calendar.monthExpense == money(16_500))
    #expect(try await ledger.coordinator.redo() == added)
    #expect(ledger.calendar.monthExpense == money(17_500))
    #expect(try await ledger.coordinator.redo() == nil)
  }

  @Test("undoing a delete brings the same entry back, id and stamps included")
  func undoDelete() async throws {
    let ledger = await TestLedger.started()
    try await ledger.calendar.selectDay(number: 3)
    let original = ledger.calendar.selectedEntries[0]
    let confirmation = try await ledger.coordinator.showDeleteConfirmation(for: .position(1))
    let removed = try #require(await confirmation.confirm())
    await ledger.settle()
    #expect(ledger.calendar.monthExpense == money(4_500))

    #expect(try await ledger.coordinator.undo() == .deleted(removed))
    #expect(ledger.calendar.monthExpense == money(16_500))
    #expect(ledger.calendar.selectedEntries == [original, TestLedger.sample[1]])
    #expect(await ledger.repository.all.first { $0.id == original.id } == original)

    #expect(try await ledger.coordinator.redo() == .deleted(removed))
    #expect(ledger.calendar.monthExpense == money(4_500))
    #expect(await ledger.repository.all.contains(original) == false)
  }

  @Test("undoing a cross-month edit puts the entry back in both months")
  func undoCrossMonthEdit() async throws {
    let ledger = await TestLedger.started()
    try await ledger.calendar.selectDay(number: 3)
    let form = try await ledger.coordinator.showEditForm(for: .position(1))
    form.enter("2025-10-15", for: .date)
    form.enter("2만", for: .amount)
    #expect(await form.save() != nil)
    await ledger.settle()
    let october = month("2025-10")
    #expect(ledger.calendar.monthExpense == money(4_500))
    #expect(ledger.calendar.summaries[october]?.total.expense == money(28_000))

    _ = try await ledger.coordinator.undo()
    #expect(ledger.calendar.monthExpense == money(16_500))
    #expect(ledger.calendar.summaries[october]?.total.expense == money(8_000))
    #expect(ledger.calendar.selectedEntries.map(\.id.rawValue) == ["t1", "a2"])
    #expect(await ledger.repository.all == TestLedger.sample.sorted(by: Transaction.listOrder))

    _ = try await ledger.coordinator.redo()
    #expect(ledger.calendar.monthExpense == money(4_500))
    #expect(ledger.calendar.summaries[october]?[day("2025-10-15")].expense == money(20_000))
  }

  // MARK: - Releasing closed routes

  @Test("a saved form's view-model is released once its route is popped")
  func savedFormReleased() async throws {
    let ledger = await TestLedger.started()
    ledger.coordinator.showAddForm()
    weak let form = ledger.coordinator.form
    #expect(form != nil)
    form?.enter("1000", for: .amount)
    form?.enter("snack", for: .category)
    _ = await form?.save()
    #expect(ledger.coordinator.path.isEmpty)
    #expect(form == nil)
  }

  @Test("a cancelled edit form's view-model is released")
  func cancelledFormReleased() async throws {
    let ledger = await TestLedger.started()
    try await ledger.coordinator.showEditForm(for: .position(1))
    weak let form = ledger.coordinator.form
    #expect(form != nil)
    form?.cancel()
    #expect(form == nil)
  }

  @Test("a finished delete confirmation and picker are released")
  func otherRoutesReleased() async throws {
    let ledger = await TestLedger.started()
    try await ledger.coordinator.showDeleteConfirmation(for: .position(1))
    weak let confirmation = ledger.coordinator.deleteConfirmation
    #expect(confirmation != nil)
    confirmation?.cancel()
    #expect(confirmation == nil)

    ledger.coordinator.showPicker()
    weak let picker = ledger.coordinator.picker
    #expect(picker != nil)
    await picker?.choose(Fixtures.month("2024-02"))
    #expect(picker == nil)
  }

  @Test("the calendar and coordinator are released with their last owner")
  func stackReleased() async throws {
    weak var calendar: CalendarViewModel?
    weak var coordinator: AppCoordinator?
    do {
      let ledger = await TestLedger.started()
      calendar = ledger.calendar
      coordinator = ledger.coordinator
      let form = ledger.coordinator.showAddForm()
      form.enter("1000", for: .amount)
      form.enter("snack", for: .category)
      _ = await form.save()
      await ledger.settle()
    }
    #expect(coordinator == nil)
    #expect(calendar == nil)
  }

  // MARK: - Interleaved routes

  @Test("cancelling a form under an open picker removes the form's route, not the picker's")
  func formUnderPicker() async throws {
    let ledger = await TestLedger.started()
    let form = ledger.coordinator.showAddForm()
    let picker = ledger.coordinator.showPicker()
    form.cancel()
    #expect(ledger.coordinator.path.map(\.kind) == [.yearMonthPicker])
    #expect(ledger.coordinator.form == nil)
    #expect(ledger.coordinator.picker === picker)
    await picker.choose(Fixtures.month("2024-02"))
    #expect(ledger.coordinator.path.isEmpty)
    #expect(ledger.calendar.currentMonth == Fixtures.month("2024-02"))
  }

  @Test("cancelling the second of two add forms leaves the first open and current")
  func twoForms() async throws {
    let ledger = await TestLedger.started()
    let first = ledger.coordinator.showAddForm()
    weak let second = ledger.coordinator.showAddForm()
    #expect(ledger.coordinator.path.count == 2)
    second?.cancel()
    #expect(ledger.coordinator.path.count == 1)
    #expect(ledger.coordinator.form === first)
    #expect(second == nil)
    first.cancel()
    #expect(ledger.coordinator.path.isEmpty)
    #expect(ledger.coordinator.form == nil)
  }

  @Test("finishing the bottom form of two releases it and keeps the top one")
  func bottomFormFinishes() async throws {
    let ledger = await TestLedger.started()
    weak let bottom = ledger.coordinator.showAddForm()
    let top = ledger.coordinator.showAddForm()
    bottom?.cancel()
    #expect(bottom == nil)
    #expect(ledger.coordinator.form === top)
    #expect(ledger.coordinator.path.count == 1)
  }
}
