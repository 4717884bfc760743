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
/// is emptied and models are read again.
@MainActor
final class CalendarPool {
  private struct Key: Hashable {
    let month: YearMonth
    let language: DisplayLanguage
  }

  private let repository: any TransactionRepository
  private let clock: LedgerClock
  private let currency: Currency
  private let firstWeekday: Weekday
  private let capacity: Int
  private var models: [Key: CalendarViewModel] = [:]
  private var order: [Key] = []
  private var version: String?

  /// A pool over one repository.
  init(
    repository: any TransactionRepository, clock: LedgerClock, currency: Currency,
    firstWeekday: Weekday, capacity: Int = 24
  ) {
    self.repository = repository
    self.clock = clock
    self.currency = currency
    self.firstWeekday = firstWeekday
    self.capacity = capacity
  }

  /// The ledger's version now: the in-process revision and, for a store other processes write,
  /// its stored version (two `stat` calls for the file store).
  nonisolated static func version(of repository: any TransactionRepository) async -> String {
    let revision = await repository.latestRevision()
    guard let shared = repository as? any SharedLedger else { return "\(revision)" }
    return "\(revision)|\(await shared.storedVersion().rawValue)"
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
    let current = await Self.version(of: repository)
    if current != version {
      models = [:]
      order = []
      version = current
    }
    let key = Key(month: state.month, language: state.language)
    let model: CalendarViewModel
    if let pooled = models[key] {
      model = pooled
      order.removeAll { $0 == key }
    } else {
      model = CalendarViewModel(
        repository: repository, clock: clock, currency: currency, language: state.language,
        firstWeekday: firstWeekday)
      model.setReadsAhead(false)
      models[key] = model
      if order.count >= capacity, let oldest = order.first {
        order.removeFirst()
        models[oldest] = nil
      }
    }
    order.append(key)
    // Another request may move the same model while this one waits for a read; try again
    // until the state holds, then draw at once.
    while true {
      if state.shape == .week { model.showWeek() } else { model.showMonth() }
      await model.select(day: state.day)
      if model.selectedDay == state.day, model.shape == state.shape,
        model.loadFailure != nil || model.summaries[state.month] != nil
      {
        return draw(model)
      }
    }
  }

  /// Forgets every model, so that the next page reads the ledger again.
  func invalidate() {
    models = [:]
    order = []
    version = nil
  }
}
