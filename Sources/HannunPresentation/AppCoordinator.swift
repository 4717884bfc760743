import HannunDomain
import Observation

/// Owns navigation as data: the calendar at the root and a stack of routes above it, with the
/// view-model of each open route. View-models reach it only through the closures it sets, and it
/// is the only one that decides what opens and closes.
@MainActor
@Observable
public final class AppCoordinator {
  /// The root: the calendar, always open under the routes.
  public let calendar: CalendarViewModel
  /// The routes open above the calendar, bottom first.
  public private(set) var path: [Route] = []
  /// The topmost open form, or `nil`.
  public private(set) var form: TransactionFormViewModel?
  /// The topmost open delete question, or `nil`.
  public private(set) var deleteConfirmation: DeleteConfirmationViewModel?
  /// The topmost open year-month picker, or `nil`.
  public private(set) var picker: YearMonthPickerViewModel?
  /// What the last finished route did, in words, for the frontend to show once.
  public private(set) var lastOutcome: Outcome?

  /// How a route ended.
  public enum Outcome: Hashable, Sendable {
    case saved(LedgerEdit)
    case deleted(Transaction)
    case cancelled
    case jumped(YearMonth)
  }

  /// The view-model of each route in ``path``, at the same positions, so that a route that
  /// finishes removes itself wherever it is in the stack.
  @ObservationIgnored private var models: [AnyObject] = []
  private let editor: LedgerEditor
  private let repository: any TransactionRepository
  private let clock: LedgerClock
  private let currency: Currency

  /// - Parameters:
  ///   - calendar: The root view-model.
  ///   - editor: Writes for every form and question, keeping one undo history.
  ///   - repository: Where a form or question reads the entry it opens on, as stored now.
  ///   - clock: Today, for new entries and typed dates.
  ///   - currency: The ledger's currency, for amounts typed and shown.
  public init(
    calendar: CalendarViewModel, editor: LedgerEditor, repository: any TransactionRepository,
    clock: LedgerClock, currency: Currency
  ) {
    self.calendar = calendar
    self.editor = editor
    self.repository = repository
    self.clock = clock
    self.currency = currency
  }

  /// The route on top, or `nil` when the calendar shows.
  public var top: Route? { path.last }

  /// The whole stack, root first: the calendar, then ``path``.
  public var stack: [Route] { [.calendar] + path }

  // MARK: - Opening routes

  /// Opens an empty form for a new entry on the selected day.
  @discardableResult
  public func showAddForm() -> TransactionFormViewModel {
    let form = TransactionFormViewModel(
      addingOn: calendar.selectedDay, editor: editor, currency: currency, clock: clock)
    present(form)
    return form
  }

  /// Opens the form pre-filled with an entry as it is stored now, which may be newer than the
  /// calendar's list: the save is based on that version.
  /// - Parameter reference: A position in the selected day's list, or an id or id prefix.
  /// - Throws: ``EntryReferenceError`` or ``LedgerError`` when no entry matches, and
  ///   ``LedgerError/staleTransaction(expected:current:)`` with no current entry when the listed
  ///   entry was deleted elsewhere; nothing opens.
  @discardableResult
  public func showEditForm(for reference: EntryReference) async throws -> TransactionFormViewModel {
    let entry = try await resolve(reference)
    let form = TransactionFormViewModel(
      editing: entry, editor: editor, currency: currency, clock: clock)
    present(form)
    return form
  }

  /// Asks whether to delete an entry, as it is stored now; only that version is deleted.
  /// - Parameter reference: A position in the selected day's list, or an id or id prefix.
  /// - Throws: What ``showEditForm(for:)`` throws; nothing opens.
  @discardableResult
  public func showDeleteConfirmation(for reference: EntryReference) async throws
    -> DeleteConfirmationViewModel
  {
    let entry = try await resolve(reference)
    let confirmation = DeleteConfirmationViewModel(
      entry: entry, editor: editor, money: calendar.money)
    confirmation.didFinish = { [weak self, weak confirmation] removed in
      self?.finish(confirmation, removed.map(Outcome.deleted) ?? .cancelled)
    }
    push(.deleteConfirmation(entry.id), confirmation)
    return confirmation
  }

  /// Opens the year-month picker on the shown month.
  @discardableResult
  public func showPicker() -> YearMonthPickerViewModel {
    let picker = YearMonthPickerViewModel(initial: calendar.currentMonth)
    picker.didPick = { [weak self, weak picker] month in
      guard let self else { return }
      guard let month else { return self.finish(picker, .cancelled) }
      await self.calendar.show(month: month)
      self.finish(picker, .jumped(month))
    }
    push(.yearMonthPicker, picker)
    return picker
  }

  // MARK: - Undo and redo

  /// Reverts the latest change of this session.
  /// - Returns: What was reverted, or `nil` when there was nothing to undo.
  /// - Throws: ``LedgerError/editNoLongerApplies(_:current:)`` when another window made the step
  ///   impossible; it was dropped, so the next undo reaches the step before it.
  public func undo() async throws -> LedgerEdit? {
    let edit = try await editor.undo()
    await calendar.settle()
    return edit
  }

  /// Re-applies the latest undone change.
  /// - Returns: What was re-applied, or `nil` when there was nothing to redo.
  /// - Throws: ``LedgerError/editNoLongerApplies(_:current:)`` as ``undo()`` does.
  public func redo() async throws -> LedgerEdit? {
    let edit = try await editor.redo()
    await calendar.settle()
    return edit
  }

  // MARK: - Closing routes

  private func present(_ form: TransactionFormViewModel) {
    form.actions = TransactionFormViewModel.Actions(
      didSave: { [weak self, weak form] edit in self?.finish(form, .saved(edit)) },
      didDelete: { [weak self, weak form] entry in self?.finish(form, .deleted(entry)) },
      didCancel: { [weak self, weak form] in self?.finish(form, .cancelled) })
    push(.transactionForm(form.mode), form)
  }

  private func push(_ route: Route, _ model: AnyObject) {
    path.append(route)
    models.append(model)
    showTopModels()
  }

  /// Removes the route of `model`, wherever it is in the stack (not merely the top one).
  private func finish(_ model: AnyObject?, _ outcome: Outcome) {
    guard let model, let index = models.firstIndex(where: { $0 === model }) else { return }
    models.remove(at: index)
    path.remove(at: index)
    showTopModels()
    lastOutcome = outcome
  }

  /// Points ``form``, ``deleteConfirmation`` and ``picker`` at the topmost open route of each
  /// kind, or `nil`.
  private func showTopModels() {
    form = models.last { $0 is TransactionFormViewModel } as? TransactionFormViewModel
    deleteConfirmation =
      models.last { $0 is DeleteConfirmationViewModel } as? DeleteConfirmationViewModel
    picker = models.last { $0 is YearMonthPickerViewModel } as? YearMonthPickerViewModel
  }

  /// Takes the outcome of the last finished route, once.
  public func takeOutcome() -> Outcome? {
    defer { lastOutcome = nil }
    return lastOutcome
  }

  private func resolve(_ reference: EntryReference) async throws -> Transaction {
    switch reference {
    case .position(let position):
      let entries = calendar.selectedEntries
      guard (1...max(1, entries.count)).contains(position), position <= entries.count else {
        throw EntryReferenceError.noSuchPosition(position, count: entries.count)
      }
      // The list may be older than the store (another window wrote since it was drawn): open
      // the entry as it is stored now, the version an edit or delete is then based on.
      let shown = entries[position - 1]
      guard let current = try await repository.transaction(withID: shown.id) else {
        throw LedgerError.staleTransaction(expected: shown, current: nil)
      }
      return current
    case .id(let id):
      return try await repository.resolve(id: id)
    }
  }
}

/// How a user points at an entry: its position in the selected day's list, or its id.
public enum EntryReference: Hashable, Sendable {
  case position(Int)
  case id(String)

  /// A number is a position (ids always start with a letter); anything else is an id or prefix.
  public init(_ text: String) {
    if let number = Int(text), text.allSatisfy(\.isASCII) {
      self = .position(number)
    } else {
      self = .id(text)
    }
  }
}

/// A position in the selected day's list that does not exist.
public enum EntryReferenceError: Error, Equatable, CustomStringConvertible {
  case noSuchPosition(Int, count: Int)

  public var description: String {
    switch self {
    case .noSuchPosition(let position, let count):
      count == 0
        ? "the selected day has no entries; select a day with entries, or give an entry id"
        : "there is no entry \(position): the selected day has \(count) (1-\(count)), or give an id"
    }
  }
}
