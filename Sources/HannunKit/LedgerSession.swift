import HannunDomain
import HannunPresentation

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One ledger, ready for a frontend: the repository, the clock, the editor with its undo history,
/// the calendar (loaded and following every write) and the coordinator that owns navigation.
///
/// A frontend asks for one and draws ``calendar`` and ``coordinator``; it never wires them by
/// hand. On a data directory, ``open(_:)`` opens the file store and starts the calendar:
///
/// ```swift
/// let session = try await LedgerSession.open(dataDirectory: url, locale: "ko_KR")
/// print(session.calendar.title)            // 2025년 11월
/// ```
///
/// For previews and tests, every dependency is a parameter, a repository in memory among them:
///
/// ```swift
/// let preview = await LedgerSession(
///   repository: InMemoryTransactionRepository(entries), currency: .krw,
///   clock: .stopped(on: day, timeZone: seoul), language: .korean)
/// ```
///
/// The view-models are `@Observable`; after a write that must show at once (a REPL that redraws),
/// await `CalendarViewModel.settle()`.
@MainActor
public final class LedgerSession {
  /// Where entries are read and written: the file store of ``dataDirectory``, or what was given
  /// (``stores``' entries).
  public let repository: any TransactionRepository
  /// Every capability of the ledger, each by its own protocol: entries, budgets, recurring rules,
  /// moods, the stored version and restoring. A frontend takes the one it needs from here.
  public let stores: LedgerStores
  /// Decides today, and stamps new and edited entries.
  public let clock: LedgerClock
  /// The ledger's currency: for a file store, the one it was created with.
  public let currency: Currency
  /// The language of titles and labels.
  public let language: DisplayLanguage
  /// Writes for every form and question of ``coordinator``, keeping one undo history.
  public let editor: LedgerEditor
  /// Navigation as data, with ``calendar`` at its root.
  public let coordinator: AppCoordinator
  /// The data directory the ledger lives in, or `nil` when the repository was given.
  public let dataDirectory: URL?
  /// The ledger's budgets; they keep ``calendar``'s budget current.
  public let budgets: BudgetViewModel
  /// Recurring rules and their due occurrences.
  public let recurring: RecurringViewModel
  /// Whether the calendar has loaded its window and follows changes.
  public private(set) var isStarted = false
  /// Says when the ledger changed, by this process or by another one (a second window, a
  /// script): subscribe and react, for example by refreshing the calendar after
  /// `LedgerSignal.outside`.
  public let changes: LedgerChangeSignal

  /// Which currency a ledger that does not exist yet will keep and why, waiting for the
  /// session's first successful write to create it; `nil` when the ledger exists (or the
  /// repository was given). A frontend that keeps its own session (the REPL) asks it directly.
  public internal(set) var pendingNewLedgerNotice: PendingNewLedgerNotice?

  /// The notice still to be said (see ``pendingNewLedgerNotice``), without taking it.
  public var newLedgerNotice: NewLedgerNotice? { pendingNewLedgerNotice?.notice }

  /// The notice that the ledger was just created, once: after the first write of any kind (an
  /// entry, a budget, a recurring rule or its confirmation, a mood, an import) made the ledger
  /// exist. Every frontend asks after a command and shows what it gets, so the currency is never
  /// chosen silently.
  /// - Returns: The notice the first time it is asked after the ledger came to exist; `nil`
  ///   before any write, after it was taken, and for a ledger that existed.
  public func takeNewLedgerNotice() async -> NewLedgerNotice? {
    await pendingNewLedgerNotice?.take()
  }

  /// The calendar at the root of ``coordinator``.
  public var calendar: CalendarViewModel { coordinator.calendar }

  /// Makes ids for new entries, as given when the session was made.
  public let makeID: @Sendable () -> TransactionID
  /// The first column of the calendar's grid.
  public let firstWeekday: Weekday

  /// A session for one more device over the same ledger, as a server gives each signed-in
  /// browser: the same stores, clock, currency, change signal and new-ledger notice, with its
  /// own editor (so undo and redo belong to the device that wrote), coordinator and view-models.
  /// Its calendar is not started; ``start()`` it if the device is to follow the calendar.
  /// - Parameters:
  ///   - language: The device's titles and labels; this session's by default.
  ///   - makeID: Makes ids for the device's new entries; this session's by default.
  /// - Returns: The new session.
  public func device(
    language: DisplayLanguage? = nil, makeID: (@Sendable () -> TransactionID)? = nil
  ) -> LedgerSession {
    let device = LedgerSession(
      stores: stores, currency: currency, clock: clock, language: language ?? self.language,
      firstWeekday: firstWeekday, makeID: makeID ?? self.makeID, dataDirectory: dataDirectory,
      changes: changes)
    device.pendingNewLedgerNotice = pendingNewLedgerNotice
    return device
  }

  /// A session over a store you provide that offers every capability: an
  /// `InMemoryTransactionRepository` for previews and tests, or a store you opened yourself.
  /// - Parameters:
  ///   - repository: Where entries, budgets, rules and moods are read and written.
  ///   - currency: The ledger's currency, for amounts typed and shown.
  ///   - clock: Today, and the stamps of new and edited entries; the calendar opens on today.
  ///   - language: Titles and labels.
  ///   - firstWeekday: The first column of the calendar's grid.
  ///   - makeID: Makes ids for new entries; random by default.
  ///   - startsCalendar: Whether the calendar loads its window and follows changes now. Pass
  ///     `false` for a one-shot write that shows no calendar, then ``start()`` if it ever does.
  ///   - changeInterval: How often ``changes`` reads the stored version, for other processes'
  ///     writes, while anyone subscribes, besides whenever the store's wake-ups say it moved;
  ///     half a second by default.
  public convenience init(
    repository: some LedgerStore, currency: Currency, clock: LedgerClock = .system,
    language: DisplayLanguage = .english, firstWeekday: Weekday = .sunday,
    makeID: @escaping @Sendable () -> TransactionID = TransactionID.seededRandom,
    startsCalendar: Bool = true, changeInterval: Duration = .milliseconds(500)
  ) async {
    await self.init(
      stores: LedgerStores(repository), currency: currency, clock: clock, language: language,
      firstWeekday: firstWeekday, makeID: makeID, startsCalendar: startsCalendar,
      changeInterval: changeInterval)
  }

  /// A session over a ledger's capabilities given one by one: a store for entries and another
  /// for budgets (a preview's fake, a budget service), each injected as what it is.
  /// - Parameters:
  ///   - stores: The ledger's capabilities.
  ///   - currency: The ledger's currency, for amounts typed and shown.
  ///   - clock: Today, and the stamps of new and edited entries; the calendar opens on today.
  ///   - language: Titles and labels.
  ///   - firstWeekday: The first column of the calendar's grid.
  ///   - makeID: Makes ids for new entries; random by default.
  ///   - startsCalendar: Whether the calendar loads its window and follows changes now.
  ///   - changeInterval: How often ``changes`` reads the stored version, for other processes'
  ///     writes, while anyone subscribes, besides whenever the store's wake-ups say it moved;
  ///     half a second by default.
  public convenience init(
    stores: LedgerStores, currency: Currency, clock: LedgerClock = .system,
    language: DisplayLanguage = .english, firstWeekday: Weekday = .sunday,
    makeID: @escaping @Sendable () -> TransactionID = TransactionID.seededRandom,
    startsCalendar: Bool = true, changeInterval: Duration = .milliseconds(500)
  ) async {
    self.init(
      stores: stores, currency: currency, clock: clock, language: language,
      firstWeekday: firstWeekday, makeID: makeID, dataDirectory: nil,
      changes: LedgerChangeSignal(
        repository: stores.entries, versions: stores.versions, interval: changeInterval))
    if startsCalendar { await start() }
  }

  /// Wires the parts; nothing is read yet.
  init(
    stores: LedgerStores, currency: Currency, clock: LedgerClock,
    language: DisplayLanguage, firstWeekday: Weekday,
    makeID: @escaping @Sendable () -> TransactionID, dataDirectory: URL?,
    changes: LedgerChangeSignal? = nil
  ) {
    let repository = stores.entries
    self.makeID = makeID
    self.firstWeekday = firstWeekday
    self.stores = stores
    self.repository = repository
    self.clock = clock
    self.currency = currency
    self.language = language
    self.dataDirectory = dataDirectory
    // One repository, one clock, one editor: the calendar, every form and undo see the same
    // ledger and the same day.
    editor = LedgerEditor(entries: repository, moods: stores.moods, clock: clock, makeID: makeID)
    let calendar = CalendarViewModel(
      entries: repository, moods: stores.moods, recurring: stores.recurring, clock: clock,
      currency: currency, language: language, firstWeekday: firstWeekday)
    // The household screens open through the coordinator, on the session's rules and budgets.
    coordinator = AppCoordinator(
      calendar: calendar, editor: editor, stores: stores, clock: clock, currency: currency,
      makeID: makeID)
    recurring = coordinator.recurring
    budgets = coordinator.budgets
    self.changes =
      changes ?? LedgerChangeSignal(repository: repository, versions: stores.versions)
  }

  /// Loads the calendar's window and starts following the repository's changes; does nothing
  /// when already started. A load that fails shows in `CalendarViewModel.loadError`.
  public func start() async {
    guard !isStarted else { return }
    isStarted = true
    await calendar.start()
    await budgets.refresh()
  }
}
