import HannunDomain
import HannunPresentation
import HannunTestSupport
import Testing

/// The coordinator's path as state a frontend drives: popped from outside (a swipe back), built
/// as a deep link, restored; and undo/redo availability a frontend can observe.
@MainActor
@Suite("Navigation as settable state")
struct NavigationStateTests {
  @Test("a frontend pops a route from the middle of the stack; its view-model is released")
  func popFromOutside() async throws {
    let ledger = await TestLedger.started()
    let bottom = ledger.coordinator.showAddForm()
    weak let middle = ledger.coordinator.showPicker()
    let top = try await ledger.coordinator.showDeleteConfirmation(for: .position(1))
    #expect(ledger.coordinator.path.count == 3)

    ledger.coordinator.path.remove(at: 1)
    #expect(middle == nil, "nothing else holds the popped picker")
    #expect(ledger.coordinator.picker == nil)
    #expect(ledger.coordinator.form === bottom)
    #expect(ledger.coordinator.deleteConfirmation === top)

    // The routes left still remove themselves when they finish.
    top.cancel()
    #expect(ledger.coordinator.path.map(\.kind) == [bottom.mode].map(Route.Kind.transactionForm))
    bottom.cancel()
    #expect(ledger.coordinator.path.isEmpty)
  }

  @Test("a deep link is built as state: routes a frontend constructs finish like opened ones")
  func deepLink() async throws {
    let ledger = await TestLedger.started()
    let picker = YearMonthPickerViewModel(initial: Fixtures.month("2025-11"))
    let form = TransactionFormViewModel(
      addingOn: Fixtures.day("2025-11-20"), editor: ledger.editor, currency: .krw,
      clock: ledger.clock)
    ledger.coordinator.path = [.yearMonthPicker(picker), .transactionForm(form)]
    #expect(ledger.coordinator.form === form)
    #expect(ledger.coordinator.top == .transactionForm(form))

    form.enter("3000", for: .amount)
    form.enter("간식", for: .category)
    #expect(await form.save() != nil)
    #expect(ledger.coordinator.path == [.yearMonthPicker(picker)])
    await picker.choose(Fixtures.month("2024-02"))
    #expect(ledger.coordinator.path.isEmpty)
    #expect(ledger.calendar.currentMonth == Fixtures.month("2024-02"))
  }

  @Test("clearing the path releases every route's view-model")
  func clearReleases() async throws {
    let ledger = await TestLedger.started()
    weak let form = ledger.coordinator.showAddForm()
    weak let picker = ledger.coordinator.showPicker()
    ledger.coordinator.path = []
    #expect(form == nil)
    #expect(picker == nil)
    #expect(ledger.coordinator.top == nil)
  }

  @Test("undo and redo availability follows saves, undos and redos")
  func undoAvailability() async throws {
    let ledger = await TestLedger.started()
    #expect(!ledger.coordinator.canUndo && !ledger.coordinator.canRedo)
    let form = ledger.coordinator.showAddForm()
    form.enter("1000", for: .amount)
    form.enter("snack", for: .category)
    #expect(await form.save() != nil)
    #expect(ledger.coordinator.canUndo && !ledger.coordinator.canRedo)
    _ = try await ledger.coordinator.undo()
    #expect(!ledger.coordinator.canUndo && ledger.coordinator.canRedo)
    _ = try await ledger.coordinator.redo()
    #expect(ledger.coordinator.canUndo && !ledger.coordinator.canRedo)
  }
}
