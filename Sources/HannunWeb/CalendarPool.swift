import HannunDomain
import HannunPresentation

/// Calendar view-models for the pages, kept between requests so that a page costs one lookup
/// and drawing, not a read of the ledger.
///
/// There is one `CalendarViewModel` per month and language, reading only that month (and, in week
/// shape, the week's other month): `readsAhead` is off, since a page shows one month. A request
/// selects its day and shape on the pooled model and draws it before anything else runs on the
/// main actor. The pool is tagged with the ledger's version (the change feed's revision and the
/// stored version, which another process's write changes too); when the version moves, the pool
/// is emptied and models are read again. Drawn pages are kept the same way, keyed by their state
/// and today. The documents every page reads beside its month (recurring plan, budgets, moods)
/// are read once a version (``LedgerDocuments``), so a month nobody has opened since the last
/// change costs one read of its file and one drawing.
@MainActor
final class CalendarPool {
  private struct Key: Hashable {
    let month: YearMonth
    let language: DisplayLanguage
  }

  private let stores: LedgerStores
  private let clock: LedgerClock
  private let currency: Currency
  private let firstWeekday: Weekday
  private let capacity: Int
  private var models: [Key: CalendarViewModel] = [:]
  /// The plan, budgets and moods at the current version, shared by the pooled models.
  private var documents: LedgerDocuments
  /// The move (select, shape, mode and the reads they need) running on each model, if any.
  private var moving: [ObjectIdentifier: Task<Void, Never>] = [:]
  /// Each pooled calendar's budgets, which keep its ``CalendarViewModel/budgetPlan`` (what is
  /// left of the month's budget); none when the store keeps no budgets.
  private var budgets: [Key: BudgetViewModel] = [:]
  private var order: [Key] = []
  private var version: String?
  /// Counts the times the pool was emptied, so that a page drawn from a read that started before
  /// a newer version was seen is not kept for that version.
  private var generation = 0

  private struct PageKey: Hashable {
    let state: PageState
    let today: Day
  }

  /// Month pages as drawn for the current version, cut where each browser's CSRF token goes:
  /// most requests are a page nobody changed since it was last drawn.
  private var pages: [PageKey: [String]] = [:]
  /// Stands in a cached page for the CSRF token of whoever asks: random, so ledger text cannot
  /// contain it by accident.
  let tokenMarker = "csrf-" + Secret.random()

  /// A pool over one ledger.
  init(
    stores: LedgerStores, clock: LedgerClock, currency: Currency, firstWeekday: Weekday,
    capacity: Int = 24
  ) {
    self.stores = stores
    self.clock = clock
    self.currency = currency
    self.firstWeekday = firstWeekday
    self.capacity = capacity
    documents = LedgerDocuments(stores: stores)
  }

  /// The ledger's version now: the in-process revision and the stored version, which other
  /// processes' writes move too (two `stat` calls for the file store).
  nonisolated static func version(of stores: LedgerStores) async -> String {
    let revision = await stores.entries.latestRevision()
    return "\(revision)|\(await stores.versions.storedVersion().rawValue)"
  }

  /// Runs `draw` on a calendar in `state` — its day selected, its shape set, its month read at
  /// the ledger's current version — with no suspension between the last check and the drawing.
  /// - Parameters:
  ///   - state: What the page shows.
  ///   - draw: Draws the page from the calendar; it must not suspend.
  /// - Returns: What `draw` returned.
  func withCalendar<Result>(
    in state: PageState, _ draw: (CalendarViewModel) -> Result
  ) async -> Result {
    await checkVersion()
    let key = Key(month: state.month, language: state.language)
    let model: CalendarViewModel
    if let pooled = models[key] {
      model = pooled
      order.removeAll { $0 == key }
      // A read that failed (a lock another process held, say) is tried again, not remembered.
      if model.loadFailure != nil || model.planFailure != nil { await model.refresh() }
      if let budget = budgets[key], budget.loadFailure != nil { await budget.refresh() }
    } else {
      model = CalendarViewModel(
        entries: stores.entries, moods: documents, recurring: documents, clock: clock,
        currency: currency, language: state.language,
        firstWeekday: firstWeekday)
      model.setReadsAhead(false)
      models[key] = model
      await model.reloadPlan()
      let budget = BudgetViewModel(
        repository: documents, entries: stores.entries, calendar: model)
      budgets[key] = budget
      await budget.refresh()
      if order.count >= capacity, let oldest = order.first {
        order.removeFirst()
        models[oldest] = nil
        budgets[oldest] = nil
      }
    }
    order.append(key)
    // One request moves a model at a time: a load sets a month's entries before its moods, so
    // a request drawing while another's load is half done would show the month without them.
    // After its own move, a request draws at once; another may have moved the model since
    // only if it waited, so try again until the state holds.
    let id = ObjectIdentifier(model)
    while true {
      while let busy = moving[id] { await busy.value }
      let move = Task { @MainActor in
        if state.shape == .week { model.showWeek() } else { model.showMonth() }
        model.setDisplayMode(state.mode)
        await model.select(day: state.day)
        // Done before any waiter runs again: a waiter never finds a finished move in its way.
        self.moving[id] = nil
      }
      moving[id] = move
      await move.value
      if model.selectedDay == state.day, model.shape == state.shape,
        model.displayMode == state.mode,
        model.loadFailure != nil || model.summaries[state.month] != nil
      {
        return draw(model)
      }
    }
  }

  /// The month page of `state` with its default panel, drawn once per version of the ledger
  /// (and per today) and kept, with `token` where the drawing had ``tokenMarker``.
  /// - Parameters:
  ///   - state: What the page shows.
  ///   - token: The asking browser's CSRF token.
  ///   - draw: Draws the page from the calendar, with ``tokenMarker`` for the token.
  func page(
    _ state: PageState, token: String, _ draw: (CalendarViewModel) -> String
  ) async -> String {
    await checkVersion()
    let key = PageKey(state: state, today: clock.today)
    if let pieces = pages[key] { return pieces.joined(separator: token) }
    let drawnIn = generation
    var failed = false
    let html = await withCalendar(in: state) { model in
      failed = model.loadFailure != nil
      return draw(model)
    }
    let pieces = HTML.pieces(of: html, separatedBy: tokenMarker)
    // A page drawn with a failed read is not kept: the next request reads again.
    if generation == drawnIn && !failed {
      if pages.count >= capacity * 4 { pages = [:] }
      pages[key] = pieces
    }
    return pieces.joined(separator: token)
  }

  /// Forgets every model and page after a write by this server: the page its redirect opens is
  /// drawn from reads made after the write, whatever version a request drawing meanwhile saw (a
  /// read of the version can fall between a write's file change and its announcement).
  func invalidate() {
    empty()
    version = nil
  }

  /// Empties the pool when the ledger's version moved: a write by anyone since the last look.
  private func checkVersion() async {
    let current = await Self.version(of: stores)
    guard current != version else { return }
    empty()
    version = current
  }

  /// Forgets every model, page and document: what comes next is read again.
  private func empty() {
    models = [:]
    budgets = [:]
    order = []
    pages = [:]
    documents = LedgerDocuments(stores: stores)
    generation += 1
  }
}
