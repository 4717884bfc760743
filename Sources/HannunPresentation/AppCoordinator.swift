import HannunDomain
import Observation

/// Owns navigation as data: the calendar at the root and a stack of routes above it, each
/// carrying its view-model. View-models reach it only through the closures it sets. The stack is
/// settable, as SwiftUI's `NavigationStack(path:)` needs: a frontend may pop any route (a swipe
/// back) or restore a stack it built; a route that finishes removes itself wherever it is.
@MainActor
@Observable
public final class AppCoordinator {
  /// The root: the calendar, always open under the routes.
  public let calendar: CalendarViewModel
  /// The routes open above the calendar, bottom first. Setting it drops the routes removed (their
  /// view-models are released once nothing else holds them) and wires the ones added.
  public var path: [Route] = [] {
    didSet { for route in path { wire(route) } }
  }
  /// The topmost open form, or `nil`.
  public var form: TransactionFormViewModel? {
    path.reversed().lazy.compactMap {
      if case .transactionForm(let model) = $0 { model } else { nil }
    }.first
  }
  /// The topmost open delete question, or `nil`.
  public var deleteConfirmation: DeleteConfirmationViewModel? {
    path.reversed().lazy.compactMap {
      if case .deleteConfirmation(let model) = $0 { model } else { nil }
    }.first
  }
  /// The topmost open year-month picker, or `nil`.
  public var picker: YearMonthPickerViewModel? {
    path.reversed().lazy.compactMap {
      if case .yearMonthPicker(let model) = $0 { model } else { nil }
    }.first
  }
  /// What the last finished route did, for the frontend to show once.
  public private(set) var lastOutcome: Outcome?
  /// Whether ``undo()`` has a step to take back, kept current after every change.
  public private(set) var canUndo = false
  /// Whether ``redo()`` has a step to make again.
  public private(set) var canRedo = false

  /// How a route ended.
  public enum Outcome: Hashable, Sendable {
    /// A form saved this edit.
    case saved(LedgerEdit)
    /// A form or a delete question removed this entry.
    case deleted(Transaction)
    /// The route was left with nothing written.
    case cancelled
    /// The picker moved the calendar to this month.
    case jumped(YearMonth)
    /// A screen (a page of entries, a report, a list, the rules, the due list, a day's mood)
    /// was left; what it wrote, if anything, was written as it went.
    case closed
  }

  /// The ledger's recurring rules, for ``showRecurringRules()`` and
  /// ``showDueList(rereadingBudgets:)``.
  public let recurring: RecurringViewModel
  /// The ledger's budgets, for the notices after a write that spends.
  public let budgets: BudgetViewModel

  let editor: LedgerEditor
  let repository: any TransactionRepository
  private let clock: LedgerClock
  private let currency: Currency

  /// A coordinator with no routes open above `calendar`.
  /// - Parameters:
  ///   - calendar: The root view-model.
  ///   - editor: Writes for every form and question, keeping one undo history.
  ///   - repository: Where a form or question reads the entry it opens on, as stored now.
  ///   - recurring: The ledger's recurring rules.
  ///   - budgets: The ledger's budgets.
  ///   - clock: Today, for new entries and typed dates.
  ///   - currency: The ledger's currency, for amounts typed and shown.
  public init(
    calendar: CalendarViewModel, editor: LedgerEditor, repository: any TransactionRepository,
    recurring: RecurringViewModel, budgets: BudgetViewModel, clock: LedgerClock,
    currency: Currency
  ) {
    self.calendar = calendar
    self.editor = editor
    self.repository = repository
    self.recurring = recurring
    self.budgets = budgets
    self.clock = clock
    self.currency = currency
  }

  /// A coordinator with no routes open above `calendar`, whose rules and budgets are read from
  /// the ledger's capabilities.
  /// - Parameters:
  ///   - calendar: The root view-model.
  ///   - editor: Writes for every form and question, keeping one undo history.
  ///   - stores: The ledger's capabilities: entries, budgets and recurring rules.
  ///   - clock: Today, for new entries and typed dates.
  ///   - currency: The ledger's currency, for amounts typed and shown.
  ///   - makeID: Makes ids for the entries a confirmed occurrence adds.
  public convenience init(
    calendar: CalendarViewModel, editor: LedgerEditor, stores: LedgerStores, clock: LedgerClock,
    currency: Currency, makeID: @escaping @Sendable () -> TransactionID = TransactionID.random
  ) {
    self.init(
      calendar: calendar, editor: editor, repository: stores.entries,
      recurring: RecurringViewModel(
        rules: stores.recurring, entries: stores.entries, clock: clock, currency: currency,
        language: calendar.language, makeID: makeID),
      budgets: BudgetViewModel(
        repository: stores.budgets, entries: stores.entries, calendar: calendar),
      clock: clock, currency: currency)
  }

  /// A coordinator with no routes open above `calendar`, over one store that keeps every
  /// capability (``LedgerStores/init(_:)``).
  /// - Parameters:
  ///   - calendar: The root view-model.
  ///   - editor: Writes for every form and question, keeping one undo history.
  ///   - repository: The store.
  ///   - clock: Today, for new entries and typed dates.
  ///   - currency: The ledger's currency, for amounts typed and shown.
  ///   - makeID: Makes ids for the entries a confirmed occurrence adds.
  public convenience init(
    calendar: CalendarViewModel, editor: LedgerEditor, repository: some LedgerStore,
    clock: LedgerClock, currency: Currency,
    makeID: @escaping @Sendable () -> TransactionID = TransactionID.random
  ) {
    self.init(
      calendar: calendar, editor: editor, stores: LedgerStores(repository), clock: clock,
      currency: currency, makeID: makeID)
  }

  /// The route on top, or `nil` when the calendar shows.
  public var top: Route? { path.last }

  /// Reads the screen on top again, for a frontend that learns another process wrote the ledger
  /// while it showed it: budgets, a report, a year, the categories, the recurring rules, what is
  /// due or the search results (their query run again, at the page asked for) show the ledger as
  /// it is now. Forms, questions and the picker keep what is typed (a save checks the stored
  /// entry itself); an entry page stays as it was asked for. A failed read is kept in the
  /// screen's own failure, as its first load's is.
  public func reloadTop() async {
    switch top {
    case .budgets(let budgets): await budgets.load()
    case .report(let report): await report.load()
    case .year(let year): await year.load()
    case .categories(let categories): await categories.load()
    case .recurringRules(let rules): try? await rules.load()
    case .dueList(let due): try? await due.load()
    case .search(let search): await search.reload()
    case .transactionForm, .deleteConfirmation, .yearMonthPicker, .dayMood, .entryPage,
      .importPreview, nil:
      return
    }
  }

  /// A search over the ledger this coordinator edits; its results open through
  /// ``showEditForm(for:)`` with the result's id, or by selecting their day in ``calendar``.
  public func makeSearch() -> TransactionSearchViewModel {
    TransactionSearchViewModel(repository: repository)
  }

  /// The session's search, which ``showSearch()`` puts on the path: its results stay after
  /// their route is left, so that result N can still be opened
  /// (``TransactionSearchViewModel/open(number:)`` shows its day and leaves the results).
  public var search: TransactionSearchViewModel {
    if let sessionSearch { return sessionSearch }
    let search = makeSearch()
    wireOpening(search)
    sessionSearch = search
    return search
  }
  @ObservationIgnored private var sessionSearch: TransactionSearchViewModel?

  // MARK: - Opening routes

  /// Opens an empty form for a new entry on the selected day.
  /// - Returns: The form, now on top of ``path``.
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
  /// - Returns: The form, now on top of ``path``.
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
  /// - Returns: The question, now on top of ``path``.
  /// - Throws: What ``showEditForm(for:)`` throws; nothing opens.
  @discardableResult
  public func showDeleteConfirmation(for reference: EntryReference) async throws
    -> DeleteConfirmationViewModel
  {
    let entry = try await resolve(reference)
    let confirmation = DeleteConfirmationViewModel(
      entry: entry, editor: editor, money: calendar.money)
    path.append(.deleteConfirmation(confirmation))
    return confirmation
  }

  /// Opens the year-month picker on the shown month.
  /// - Returns: The picker, now on top of ``path``.
  @discardableResult
  public func showPicker() -> YearMonthPickerViewModel {
    let picker = YearMonthPickerViewModel(initial: calendar.currentMonth)
    path.append(.yearMonthPicker(picker))
    return picker
  }

  /// Opens a page of the selected day's entries.
  /// - Parameter page: The page, from 1; one past the last shows the last.
  /// - Returns: The page, now on top of ``path``.
  @discardableResult
  public func showEntryPage(page: Int = 1) -> EntryPageViewModel {
    let model = EntryPageViewModel(calendar: calendar, page: page)
    path.append(.entryPage(model))
    return model
  }

  /// Opens a report of `span`, not yet loaded: call its ``ReportViewModel/load()`` (as a
  /// SwiftUI view's `task` would) or an intent that moves it.
  /// - Parameters:
  ///   - span: The months.
  ///   - subject: What the report counts.
  ///   - budgets: The ledger's budgets, shown with a one-month totals report; `nil` for none.
  /// - Returns: The report, now on top of ``path``.
  @discardableResult
  public func showReport(
    of span: ClosedRange<YearMonth>, subject: ReportViewModel.Subject = .totals,
    budgets: BudgetViewModel? = nil
  ) -> ReportViewModel {
    let report = ReportViewModel(
      span: span, subject: subject, repository: repository, moods: calendar.diary,
      budgets: budgets, clock: clock)
    path.append(.report(report))
    return report
  }

  /// Opens a year at a glance, not yet loaded (``YearViewModel/load()``).
  /// - Parameter year: The year.
  /// - Returns: The year, now on top of ``path``.
  @discardableResult
  public func showYear(_ year: Int) -> YearViewModel {
    let model = YearViewModel(year: year, repository: repository, clock: clock)
    path.append(.year(model))
    return model
  }

  /// Opens a month's budgets, not yet read (``BudgetMonthViewModel/load()``, or an intent that
  /// sets or removes one).
  /// - Parameters:
  ///   - budgets: The ledger's budgets.
  ///   - month: The month to show.
  /// - Returns: The screen, now on top of ``path``.
  @discardableResult
  public func showBudgets(_ budgets: BudgetViewModel, of month: YearMonth)
    -> BudgetMonthViewModel
  {
    let model = BudgetMonthViewModel(budgets: budgets, month: month)
    path.append(.budgets(model))
    return model
  }

  /// Puts the session's ``search`` on top of ``path`` (once: an earlier route of it is removed);
  /// run a query with ``TransactionSearchViewModel/search(_:)``.
  /// - Returns: The search.
  @discardableResult
  public func showSearch() -> TransactionSearchViewModel {
    let search = search
    path.removeAll { $0 == .search(search) }
    path.append(.search(search))
    return search
  }

  /// Opens the categories of a period, not yet loaded (``CategoryListViewModel/load()``); its
  /// ``CategoryListViewModel/rename(_:to:)`` goes through ``renameCategory(_:to:)``.
  /// - Parameter span: The months, or `nil` for all time.
  /// - Returns: The list, now on top of ``path``.
  @discardableResult
  public func showCategories(of span: ClosedRange<YearMonth>?) -> CategoryListViewModel {
    let list = CategoryListViewModel(repository: repository, span: span)
    path.append(.categories(list))
    return list
  }

  /// Deletes an entry at once, as it is stored now: for frontends that asked in their own way
  /// (or need not ask, like a script). A confirmed ``DeleteConfirmationViewModel`` runs the same
  /// operation.
  /// - Parameter reference: A position in the selected day's list, or an id or id prefix.
  /// - Returns: The removed entry.
  /// - Throws: What ``showEditForm(for:)`` throws, and
  ///   ``LedgerError/staleTransaction(expected:current:)`` when another window changed the entry
  ///   between reading and deleting; nothing is deleted then.
  @discardableResult
  public func delete(_ reference: EntryReference) async throws -> Transaction {
    let entry = try await resolve(reference)
    let removed = try await editor.delete(entry)
    canUndo = true
    canRedo = false
    return removed
  }

  // MARK: - Undo and redo

  /// Reverts the latest change of this session.
  /// - Returns: What was reverted, or `nil` when there was nothing to undo.
  /// - Throws: ``LedgerError/editNoLongerApplies(_:current:)`` when another window made the step
  ///   impossible; it was dropped, so the next undo reaches the step before it.
  public func undo() async throws -> LedgerEdit? {
    try await historyStep { try await $0.undo() }
  }

  /// Re-applies the latest undone change.
  /// - Returns: What was re-applied, or `nil` when there was nothing to redo.
  /// - Throws: ``LedgerError/editNoLongerApplies(_:current:)`` as ``undo()`` does.
  public func redo() async throws -> LedgerEdit? {
    try await historyStep { try await $0.redo() }
  }

  /// Runs an undo or redo, then shows it and updates ``canUndo`` and ``canRedo`` — also when the
  /// step was dropped, which changes the history too.
  private func historyStep(
    _ step: (LedgerEditor) async throws -> LedgerEdit?
  ) async throws -> LedgerEdit? {
    do {
      let edit = try await step(editor)
      await calendar.settle()
      await refreshHistory()
      return edit
    } catch {
      await refreshHistory()
      throw error
    }
  }

  /// Reads whether the editor can undo and redo, for ``canUndo`` and ``canRedo``.
  public func refreshHistory() async {
    canUndo = await editor.canUndo
    canRedo = await editor.canRedo
  }

  // MARK: - Closing routes

  private func present(_ form: TransactionFormViewModel) {
    path.append(.transactionForm(form))
  }

  /// Points a route's view-model at this coordinator, so that it removes its own route when it
  /// finishes. Done for every route in ``path``, including those a frontend puts there.
  private func wire(_ route: Route) {
    if let screen = route.screen {
      screen.didClose = { [weak self, weak screen] in self?.finish(screen, .closed) }
    }
    switch route {
    case .transactionForm(let form):
      form.actions = TransactionFormViewModel.Actions(
        didSave: { [weak self, weak form] edit in self?.finish(form, .saved(edit)) },
        didDelete: { [weak self, weak form] entry in self?.finish(form, .deleted(entry)) },
        didCancel: { [weak self, weak form] in self?.finish(form, .cancelled) })
    case .deleteConfirmation(let confirmation):
      confirmation.didFinish = { [weak self, weak confirmation] removed in
        self?.finish(confirmation, removed.map(Outcome.deleted) ?? .cancelled)
      }
    case .yearMonthPicker(let picker):
      picker.didPick = { [weak self, weak picker] month in
        guard let self else { return }
        guard let month else { return self.finish(picker, .cancelled) }
        await self.calendar.show(month: month)
        self.finish(picker, .jumped(month))
      }
    case .search(let search): wireOpening(search)
    case .categories(let list):
      list.renamer = { [weak self] old, new in
        guard let self else { throw CancellationError() }
        return try await self.renameCategory(old, to: new)
      }
    case .entryPage, .report, .year, .budgets: break
    case .recurringRules, .dueList, .dayMood, .importPreview: wireHousehold(route)
    }
  }

  /// Makes a search's ``TransactionSearchViewModel/open(number:)`` show the result's day and
  /// leave the results.
  private func wireOpening(_ search: TransactionSearchViewModel) {
    search.didOpen = { [weak self, weak search] entry in
      guard let self else { return }
      await self.calendar.select(day: entry.day)
      self.finish(search, .closed)
    }
  }

  /// Removes the route of `model`, wherever it is in the stack (not merely the top one).
  func finish(_ model: AnyObject?, _ outcome: Outcome) {
    guard let model, let index = path.firstIndex(where: { $0.model === model }) else { return }
    path.remove(at: index)
    lastOutcome = outcome
    switch outcome {
    case .saved, .deleted:
      // A new change is one more step to undo and clears what could be redone.
      canUndo = true
      canRedo = false
    case .cancelled, .jumped, .closed: break
    }
  }

  /// Takes the outcome of the last finished route, once.
  /// - Returns: ``lastOutcome``, which is then cleared; `nil` when there is none.
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
  /// The n-th entry (from 1) of the selected day's list, as drawn.
  case position(Int)
  /// An entry id, or a prefix of one that names a single entry.
  case id(String)

  /// A number is a position (ids always start with a letter); anything else is an id or prefix.
  /// - Parameter text: What the user typed, such as `2` or `k3f`.
  public init(_ text: String) {
    if let number = Int(text), text.allSatisfy(\.isASCII) {
      self = .position(number)
    } else {
      self = .id(text)
    }
  }
}

/// A position in the selected day's list that does not exist.
public enum EntryReferenceError: Error, Equatable, Sendable {
  /// No entry `position`; the day has `count`.
  case noSuchPosition(Int, count: Int)
}
