import Foundation
import HannunDomain
import HannunKit
import HannunPresentation

/// The month pages of one ledger: each drawn from the asking device's calendar route (its
/// coordinator's ``CalendarViewModel``, moved to the page's state), off the main actor from a
/// ``MonthSnapshot`` of it, and kept until the ledger changes.
///
/// The devices' calendars share what they read through one ``LedgerReadCache``: a month one
/// device read is not read again for another, and the recurring plan, the budgets and the moods
/// are read once a version, so a month nobody has opened since the last change costs one read of
/// its file. A page is the same for every device at the same state, today and version of the
/// ledger, so a drawn page is kept, cut where each browser's CSRF token goes: most requests are a
/// page nobody changed since it was last drawn. The version is the change feed's revision and the
/// stored version, which another process's write moves too; when it moves, kept pages are
/// forgotten and each calendar is read again before it is drawn.
@MainActor
final class MonthPages {
  private struct PageKey: Hashable {
    let state: PageState
    let today: Day
  }

  /// The version a device's calendar was last read at.
  private struct Reading {
    weak var calendar: CalendarViewModel?
    var version: String
  }

  /// The reads every device's calendar shares.
  let cache: LedgerReadCache
  private let clock: LedgerClock
  private let firstWeekday: Weekday
  private let capacity: Int
  private var version: String?
  /// Counts the times the kept pages were forgotten, so that a page drawn from a read that
  /// started before a newer version was seen is not kept for that version.
  private var generation = 0
  private var pages: [PageKey: [[String]]] = [:]
  private var readings: [ObjectIdentifier: Reading] = [:]
  /// The move (select, shape, mode and the reads they need) running on each calendar, if any.
  private var moving: [ObjectIdentifier: Task<Void, Never>] = [:]
  /// Stands in a kept page for the CSRF token of whoever asks: random, so ledger text cannot
  /// contain it by accident.
  let tokenMarker = "csrf-" + Secret.random()

  /// The pages of the ledger `cache` reads, their grids starting on `firstWeekday`.
  init(cache: LedgerReadCache, clock: LedgerClock, firstWeekday: Weekday, capacity: Int = 96) {
    self.cache = cache
    self.clock = clock
    self.firstWeekday = firstWeekday
    self.capacity = capacity
  }

  /// A snapshot of `session`'s calendar in `state` — its day selected, its shape and mode set,
  /// its month read at the ledger's current version — taken with no suspension between the last
  /// check and the taking.
  /// - Parameters:
  ///   - session: The asking device's session; its calendar route is moved to `state`.
  ///   - state: What the page shows.
  /// - Returns: What the page draws.
  func snapshot(of session: LedgerSession, in state: PageState) async -> MonthSnapshot {
    await snapshot(of: session, in: state, at: await checkVersion())
  }

  /// ``snapshot(of:in:)`` at `current`, the version ``checkVersion()`` gave with no suspension
  /// since.
  private func snapshot(
    of session: LedgerSession, in state: PageState, at current: String
  ) async -> MonthSnapshot {
    let calendar = session.calendar
    let id = ObjectIdentifier(calendar)
    // One request moves a calendar at a time: a load sets a month's entries before its moods,
    // so a request drawing while another's load is half done would show the month without
    // them. After its own move, a request takes its snapshot at once; another may have moved
    // the calendar since only if it waited, so try again until the state holds.
    while true {
      while let busy = moving[id] { await busy.value }
      let known = readings[id].flatMap { $0.calendar === calendar ? $0.version : nil }
      let failed =
        calendar.loadFailure != nil || calendar.planFailure != nil
        || calendar.moodFailure != nil || session.budgets.loadFailure != nil
      let move = Task { @MainActor [firstWeekday] in
        calendar.setReadsAhead(false)
        calendar.setFirstWeekday(firstWeekday)
        calendar.setDisplayMode(state.mode)
        // The day first, then the week: a week shown before the move would read the weeks of
        // the day the calendar was on.
        if state.shape == .month { calendar.showMonth() }
        await calendar.select(day: state.day)
        if state.shape == .week { calendar.showWeek() }
        if known != current || failed {
          // Read before, at another version (or failing): what it holds is read again. Never
          // read: its month was just read, and the plan is read now.
          if known != nil || failed {
            await calendar.refresh()
          } else {
            await calendar.reloadPlan()
          }
          await session.budgets.refresh()
          self.remember(calendar, at: current)
        }
        await calendar.settle()
        // Done before any waiter runs again: a waiter never finds a finished move in its way.
        self.moving[id] = nil
      }
      moving[id] = move
      await move.value
      if calendar.selectedDay == state.day, calendar.shape == state.shape,
        calendar.displayMode == state.mode,
        calendar.loadFailure != nil || calendar.summaries[state.month] != nil
      {
        return MonthSnapshot(calendar, language: state.language)
      }
    }
  }

  /// The month page of `state` with its default panel, drawn once per version of the ledger
  /// (and per today) from the asking device's calendar and kept, with `token` where the drawing
  /// had ``tokenMarker`` and a fresh idempotency key for each form.
  /// - Parameters:
  ///   - state: What the page shows.
  ///   - token: The asking browser's CSRF token.
  ///   - session: The asking device's session.
  ///   - draw: Draws the page from the snapshot, with ``tokenMarker`` for the token; run off the
  ///     main actor.
  func page(
    _ state: PageState, token: String, of session: LedgerSession,
    _ draw: @escaping @Sendable (MonthSnapshot) -> String
  ) async -> String {
    let current = await checkVersion()
    let key = PageKey(state: state, today: clock.today)
    if let pieces = pages[key] { return await Self.filled(kept: pieces, token: token) }
    let drawnIn = generation
    let snapshot = await snapshot(of: session, in: state, at: current)
    let (pieces, html) = await Self.drawn(snapshot, marker: tokenMarker, token: token, draw)
    // A page drawn with a failed read is not kept: the next request reads again.
    if generation == drawnIn && !snapshot.loadFailed {
      if pages.count >= capacity { pages = [:] }
      pages[key] = pieces
    }
    return html
  }

  /// Forgets every page and what the cache keeps after a write by this server: the page its
  /// redirect opens is drawn from reads made after the write, whatever version a request drawing
  /// meanwhile saw (a read of the version can fall between a write's file change and its
  /// announcement).
  func invalidate() async {
    empty()
    version = nil
    await cache.forget()
  }

  /// The page drawn from `snapshot`, cut at `marker` and each piece at every
  /// ``IdempotencyKey/marker``, and those pieces filled with `token` and fresh keys for the
  /// asking browser, on the global executor: pages are drawn in parallel, and the main actor
  /// meanwhile serves other requests. Cut once when drawn, a kept page is answered by joining
  /// its pieces, without a pass over its bytes for each request.
  @concurrent
  private static func drawn(
    _ snapshot: MonthSnapshot, marker: String, token: String,
    _ draw: @Sendable (MonthSnapshot) -> String
  ) async -> (pieces: [[String]], html: String) {
    let pieces = HTML.pieces(of: draw(snapshot), separatedBy: marker).map {
      HTML.pieces(of: $0, separatedBy: IdempotencyKey.marker)
    }
    return (pieces, fill(kept: pieces, token: token))
  }

  /// A kept page (``drawn(_:marker:token:_:)``'s pieces) with `token` between its outer pieces
  /// and a fresh key between the pieces of each, off the main actor: what ``filled(_:token:)``
  /// makes of the uncut page.
  @concurrent
  static func filled(kept pieces: [[String]], token: String) async -> String {
    fill(kept: pieces, token: token)
  }

  /// ``filled(kept:token:)``, where it is called.
  nonisolated private static func fill(kept pieces: [[String]], token: String) -> String {
    var html = ""
    html.reserveCapacity(
      pieces.reduce(0) { $0 + $1.reduce(token.utf8.count) { $0 + $1.utf8.count + 16 } })
    for (position, part) in pieces.enumerated() {
      if position > 0 { html += token }
      for (index, piece) in part.enumerated() {
        if index > 0 { html += IdempotencyKey.make() }
        html += piece
      }
    }
    return html
  }

  /// A kept page with `token` between its pieces and a fresh key in each form, off the main
  /// actor.
  @concurrent
  static func filled(_ pieces: [String], token: String) async -> String {
    IdempotencyKey.fill(pieces.joined(separator: token))
  }

  /// Notes that `calendar` was read at `version`; forgets the calendars no device keeps.
  private func remember(_ calendar: CalendarViewModel, at version: String) {
    if readings.count >= 2 * capacity { readings = readings.filter { $0.value.calendar != nil } }
    readings[ObjectIdentifier(calendar)] = Reading(calendar: calendar, version: version)
  }

  /// The ledger's version as the cache last saw it — every request looks once, before it is
  /// answered (``WebLedger/lookAtVersion()``) — or now when it has not; the kept pages are
  /// forgotten when it moved since the last look (the cache forgets what it kept then too).
  @discardableResult
  private func checkVersion() async -> String {
    let seen = await cache.seenVersion
    let current: String
    if let seen { current = seen } else { current = await cache.currentVersion() }
    if current != version {
      empty()
      version = current
    }
    return current
  }

  /// Forgets every kept page.
  private func empty() {
    pages = [:]
    generation += 1
  }
}

/// What the month page shows of a calendar, taken at once on the main actor: a value, so the
/// page is drawn from it anywhere, several pages at a time.
struct MonthSnapshot: Sendable {
  /// `2025년 11월` or `November 2025`.
  let title: String
  /// The clock's day when the snapshot was taken.
  let today: Day
  /// Formats amounts in the ledger's currency.
  let money: MoneyFormatter
  /// The header's weekdays.
  let weekdays: [Weekday]
  /// The grid's rows.
  let weeks: [[DayCell]]
  /// What each cell shows besides its number.
  let displayMode: DisplayMode
  /// The day whose entries are listed.
  let selectedDay: Day
  /// Its entries, oldest first.
  let selectedEntries: [Transaction]
  /// Its planned occurrences.
  let selectedPlanned: [Occurrence]
  /// Its income and expense.
  let selectedSummary: DaySummary
  /// Its mood, if any.
  let selectedMood: DayMood?
  /// What the header states of the totals of what the grid shows: the totals, or that they are
  /// unavailable (a month on screen could not be read) or too large.
  let headerTotals: ShownTotals
  /// Whether the selected day's month could not be read: its totals and entries are unknown.
  let selectedDayIsUnreadable: Bool
  /// Why a read failed, in the calendar's language, or `nil`.
  let loadError: String?
  /// Whether the month's entries could not be read (such a page is not kept).
  let loadFailed: Bool
  /// The shown month's budgets against its expenses, or `nil`.
  let budgetStatus: BudgetStatus?
  /// Whether anything is planned in the shown month.
  let hasPlanned: Bool
  /// The month's planned totals; `nil` when they do not fit.
  let plannedTotals: DaySummary?
  /// Every occurrence due by today and not yet confirmed or skipped, oldest first.
  let due: [Occurrence]

  /// The state of `calendar` now, its title and any failure said in `language` (a device's
  /// calendar keeps the language it was made with; the page's is the browser's now).
  @MainActor
  init(_ calendar: CalendarViewModel, language: DisplayLanguage) {
    title = language.title(of: calendar.currentMonth)
    today = calendar.today
    money = calendar.money
    weekdays = calendar.weekdays
    weeks = calendar.weeks
    displayMode = calendar.displayMode
    selectedDay = calendar.selectedDay
    selectedEntries = calendar.selectedEntries
    selectedPlanned = calendar.selectedPlanned
    selectedSummary = calendar.summary(of: calendar.selectedDay)
    selectedMood = calendar.moods[calendar.selectedDay]
    headerTotals = calendar.headerTotals
    selectedDayIsUnreadable = calendar.selectedDayIsUnreadable
    loadError = (calendar.loadFailure ?? calendar.planFailure ?? calendar.moodFailure)
      .map(language.messages.describe)
    loadFailed = calendar.loadFailure != nil
    budgetStatus = calendar.budgetStatus
    hasPlanned = !calendar.monthPlanned.isEmpty
    plannedTotals = try? calendar.plannedTotals()
    due = calendar.plan.due(asOf: today)
  }
}

extension HTML {
  /// `text` cut at every `marker`, as `components(separatedBy:)` cuts it but comparing bytes:
  /// a drawn page is cut where each request's CSRF token or idempotency key goes, on every
  /// request, so this must cost a pass over the page's bytes, no more.
  /// - Parameters:
  ///   - text: A drawn page.
  ///   - marker: A non-empty ASCII marker.
  /// - Returns: The pieces between the markers; `[text]` when there is none.
  static func pieces(of text: String, separatedBy marker: String) -> [String] {
    var text = text
    var marker = marker
    // Where each marker starts, in bytes: found with `memchr` and `memcmp`.
    let starts: [Int] = text.withUTF8 { bytes in
      marker.withUTF8 { needle in
        var starts: [Int] = []
        guard let base = bytes.baseAddress, let needleBase = needle.baseAddress,
          needle.count <= bytes.count
        else { return starts }
        let first = Int32(needleBase.pointee)
        let last = bytes.count - needle.count
        var index = 0
        while index <= last, let hit = memchr(base + index, first, last - index + 1) {
          let at = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(hit))
          if memcmp(base + at, needleBase, needle.count) == 0 {
            starts.append(at)
            index = at + needle.count
          } else {
            index = at + 1
          }
        }
        return starts
      }
    }
    guard !starts.isEmpty else { return [text] }
    // Each piece is copied from the page's bytes without checking them again: the markers are
    // ASCII, so every cut falls between characters of text that is already valid.
    let utf8 = text.utf8
    var pieces: [String] = []
    pieces.reserveCapacity(starts.count + 1)
    var from = utf8.startIndex
    for at in starts {
      let to = utf8.index(utf8.startIndex, offsetBy: at)
      pieces.append(String(text[from..<to]))
      from = utf8.index(to, offsetBy: marker.utf8.count)
    }
    pieces.append(String(text[from...]))
    return pieces
  }

}
