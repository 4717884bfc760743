import HannunDomain
import Observation

/// The month calendar: the three-month window, the shown month's totals and day cells, and the
/// selected day's entries.
///
/// It keeps itself current: every write to the repository, by anyone, reloads the affected months
/// in the window, so no frontend ever reloads by hand. Frontends that must draw right after a
/// write (a REPL) await ``settle()`` first.
@MainActor
@Observable
public final class CalendarViewModel {
  // MARK: - State

  /// The three loaded months, centred on the one shown.
  public private(set) var window: MonthWindow
  /// The day whose entries are listed; always in the shown month.
  public private(set) var selectedDay: Day
  /// Whether ``weeks`` is the whole month or the selected day's week.
  public private(set) var shape: CalendarShape = .month
  /// Whether day cells show their totals or only their numbers.
  public private(set) var displayMode: DisplayMode = .amounts
  /// The weekday of the grid's first column.
  public private(set) var firstWeekday: Weekday
  /// Entries of the months in the window, in list order.
  public private(set) var entriesByMonth: [YearMonth: [Transaction]] = [:]
  /// Totals of the months in the window.
  public private(set) var summaries: [YearMonth: MonthSummary] = [:]
  /// Why the last load of a month on screen failed (an unreadable file, a total too large), or
  /// `nil`. A month read ahead that cannot be read is named once it is shown, and no longer once
  /// it is not (a week across it left for the whole month beside it).
  public var loadFailure: AppError? {
    let shown = monthsOnScreen
    return monthFailures.filter { shown.contains($0.key) }.min { $0.key < $1.key }?.value
  }
  /// Whether `day`'s month could not be read at its last load (its file lost or damaged): the
  /// day's totals and entries are unknown, not empty.
  /// - Parameter day: Any day.
  public func isUnreadable(_ day: Day) -> Bool { monthFailures[day.yearMonth] != nil }
  /// Whether the selected day's month could not be read: its list and totals are unknown.
  public var selectedDayIsUnreadable: Bool { isUnreadable(selectedDay) }
  /// Why each month of the window that could not be read failed, as its last load found.
  private var monthFailures: [YearMonth: AppError] = [:]
  /// Whether the months beside the shown one are read ahead, so that paging shows them at once
  /// (the default). When off, only the months of the days on screen are read: the shown month,
  /// or the selected week's months in week shape. For frontends that show one month and exit.
  public private(set) var readsAhead = true
  /// The ledger's budgets, kept current by ``BudgetViewModel``; `nil` without one (see
  /// `CalendarViewModel+Budget.swift`).
  public internal(set) var budgetPlan: BudgetPlan?

  /// The recurring rules and decisions, for the planned occurrences (see
  /// `CalendarViewModel+Planned.swift`); empty until loaded.
  public internal(set) var plan: RecurringPlan = .empty
  /// Why the recurring plan could not be read, or `nil`.
  public internal(set) var planFailure: AppError?
  /// The mood diary of the loaded months' days.
  public private(set) var moods: [Day: DayMood] = [:]
  /// Why the mood diary could not be read (a damaged `moods.json`), or `nil`.
  public private(set) var moodFailure: AppError?

  /// ``loadFailure`` (or ``planFailure``) in the calendar's language, or `nil`.
  public var loadError: String? {
    (loadFailure ?? planFailure ?? moodFailure).map(language.messages.describe)
  }

  /// The language of titles, labels and error messages.
  public let language: DisplayLanguage
  /// Formats amounts in the ledger's currency.
  public let money: MoneyFormatter

  // MARK: - Dependencies

  let repository: any TransactionRepository
  /// The ledger's mood diary, read with every load.
  let diary: any MoodRepository
  /// The ledger's recurring rules, read with every load for the planned occurrences.
  let rules: any RecurringRepository
  private let clock: LedgerClock
  private var appliedRevision: UInt64 = 0
  private var revisionWaiters: [(UInt64, CheckedContinuation<Void, Never>)] = []
  @ObservationIgnored private var listener: Task<Void, Never>?
  @ObservationIgnored private var latestLoad = 0
  @ObservationIgnored private var loadOfMonth: [YearMonth: Int] = [:]
  @ObservationIgnored private var pendingLoads: [Task<Void, Never>] = []

  /// A calendar on today over one store that keeps entries, moods and recurring rules; nothing
  /// is read until ``start()``.
  /// - Parameters:
  ///   - repository: Where entries, moods and the planned occurrences are read from.
  ///   - clock: Decides today; the calendar opens on today's month with today selected.
  ///   - currency: The ledger's currency, for formatting.
  ///   - language: Titles and labels.
  ///   - firstWeekday: The first column of the grid.
  public convenience init(
    repository: some TransactionRepository & MoodRepository & RecurringRepository,
    clock: LedgerClock, currency: Currency, language: DisplayLanguage,
    firstWeekday: Weekday = .sunday
  ) {
    self.init(
      entries: repository, moods: repository, recurring: repository, clock: clock,
      currency: currency, language: language, firstWeekday: firstWeekday)
  }

  /// A calendar on today over a ledger's entries, moods and recurring rules; nothing is read
  /// until ``start()``.
  /// - Parameters:
  ///   - entries: Where entries are read from, and whose changes the calendar follows.
  ///   - moods: The same ledger's mood diary.
  ///   - recurring: The same ledger's recurring rules, for the planned occurrences.
  ///   - clock: Decides today; the calendar opens on today's month with today selected.
  ///   - currency: The ledger's currency, for formatting.
  ///   - language: Titles and labels.
  ///   - firstWeekday: The first column of the grid.
  public init(
    entries: any TransactionRepository, moods: any MoodRepository,
    recurring: any RecurringRepository, clock: LedgerClock, currency: Currency,
    language: DisplayLanguage, firstWeekday: Weekday = .sunday
  ) {
    self.repository = entries
    self.diary = moods
    self.rules = recurring
    self.clock = clock
    self.language = language
    self.money = MoneyFormatter(currency: currency)
    self.firstWeekday = firstWeekday
    let today = clock.today
    self.selectedDay = today
    self.window = MonthWindow(centeredOn: today.yearMonth)
  }

  isolated deinit {
    listener?.cancel()
  }

  // MARK: - Derived state

  /// The month shown: the middle of ``window``.
  public var currentMonth: YearMonth { window.current }
  /// The clock's day now, which may change while the calendar is open.
  public var today: Day { clock.today }
  /// `2025년 11월` or `November 2025`.
  public var title: String { language.title(of: currentMonth) }
  /// The shown month's totals, or `nil` until it is loaded (or when it could not be).
  public var monthSummary: MonthSummary? { summaries[currentMonth] }
  /// The shown month's income; zero until it is loaded.
  public var monthIncome: Money { monthSummary?.total.income ?? .zero }
  /// The shown month's expense; zero until it is loaded.
  public var monthExpense: Money { monthSummary?.total.expense ?? .zero }
  /// The shown month's income minus its expense; zero until it is loaded.
  public var monthBalance: Money { monthSummary?.balance ?? .zero }

  /// The weekdays of the header, starting at ``firstWeekday``.
  public var weekdays: [Weekday] { firstWeekday.weekStartingHere }

  /// Rows of seven cells: the month grid, or the selected day's week.
  public var weeks: [[DayCell]] {
    switch shape {
    case .month:
      MonthGrid(month: currentMonth, firstWeekday: firstWeekday).weeks.map { $0.map(cell) }
    case .week:
      [selectedDay.week(firstWeekday: firstWeekday).map(cell)]
    }
  }

  /// The income and expense of the selected day's week, for reports.
  /// - Returns: The sum of the totals of the week's days.
  /// - Throws: ``LedgerError/totalOverflow`` when the week's total does not fit, even though
  ///   each month's does.
  public func weekSummary() throws(LedgerError) -> DaySummary {
    var total = DaySummary.empty
    for day in selectedDay.week(firstWeekday: firstWeekday).compactMap({ $0 }) {
      try total.add(summary(of: day))
    }
    return total
  }

  /// The selected day's entries, oldest first.
  public var selectedEntries: [Transaction] {
    // Read once, not once an entry: each read of an observed property is registered. Each
    // entry's day is looked at where it lies; only the day's entries are copied.
    let day = selectedDay
    let month = entriesByMonth[day.yearMonth] ?? []
    var selected: [Transaction] = []
    for index in month.indices where month[index].day == day { selected.append(month[index]) }
    return selected
  }

  /// A day's income and expense; zero when its month is not loaded or it has no entries.
  /// - Parameter day: Any day.
  /// - Returns: The day's totals.
  public func summary(of day: Day) -> DaySummary {
    summaries[day.yearMonth]?[day] ?? .empty
  }

  // MARK: - Inputs

  /// Loads the window and starts following repository changes. Call once, before showing.
  public func start() async {
    if listener == nil {
      let (revision, changes) = await repository.subscribe()
      appliedRevision = revision
      listener = Task { [weak self] in
        for await change in changes {
          guard let self else { return }
          await self.apply(change)
        }
      }
    }
    await reload(months: neededMonths.subtracting(entriesByMonth.keys))
    await reloadPlan()
  }

  /// Reads the window's months again, for writes this process cannot hear about: another
  /// process (a second window, a script) writing the same ledger. Frontends call it before they
  /// draw; a store that caches months answers it cheaply when nothing changed.
  public func refresh() async {
    await reload(months: neededMonths)
    await reloadPlan()
  }

  /// Waits until every change the repository has published so far is on screen, and every
  /// month a change of shape needed is read. A calendar that was never started follows no
  /// changes, so there is nothing to wait for: it returns at once.
  public func settle() async {
    while let load = pendingLoads.popLast() { await load.value }
    guard listener != nil else { return }
    let target = await repository.latestRevision()
    guard appliedRevision < target else { return }
    await withCheckedContinuation { revisionWaiters.append((target, $0)) }
  }

  /// Pages forward: the next month, or the next week in week shape.
  /// - Throws: ``DateInputError/navigationLimit(_:)`` at the end of the supported range.
  public func showNext() async throws(DateInputError) {
    switch shape {
    case .month: await show(month: try window.slidForward().current)
    case .week: await select(day: try step(weeks: 1))
    }
  }

  /// Pages back: the previous month, or the previous week in week shape.
  /// - Throws: ``DateInputError/navigationLimit(_:)`` at the start of the supported range.
  public func showPrevious() async throws(DateInputError) {
    switch shape {
    case .month: await show(month: try window.slidBackward().current)
    case .week: await select(day: try step(weeks: -1))
    }
  }

  /// Goes to today's month (or week) and selects today.
  public func showToday() async {
    await select(dayInAnyMonth: clock.today)
  }

  /// Jumps to a month; selects today if it is in that month, else the 1st.
  /// - Parameter month: The month to show; the window slides to it and loads what entered.
  public func show(month: YearMonth) async {
    let today = clock.today
    await select(dayInAnyMonth: today.yearMonth == month ? today : month.firstDay)
  }

  /// Selects a day of the shown month by its number.
  /// - Parameter number: The day of the month, from 1.
  /// - Throws: ``DateInputError/noSuchDay(_:)`` when the month is shorter.
  public func selectDay(number: Int) async throws(DateInputError) {
    await select(dayInAnyMonth: try currentMonth.day(number))
  }

  /// Selects any day, moving the window to its month when needed.
  /// - Parameter day: The day to select.
  public func select(day: Day) async {
    await select(dayInAnyMonth: day)
  }

  /// Shows only the selected day's week; paging then moves by weeks. Without
  /// ``readsAhead``, a week reaching into another month reads it: ``settle()`` waits for it.
  public func showWeek() {
    shape = .week
    let missing = neededMonths.subtracting(entriesByMonth.keys)
    guard !missing.isEmpty else { return }
    pendingLoads.append(Task { await reload(months: missing) })
  }
  /// Shows the whole month; paging then moves by months.
  public func showMonth() { shape = .month }
  /// Chooses what day cells show besides their numbers.
  /// - Parameter mode: Amounts, or day numbers only.
  public func setDisplayMode(_ mode: DisplayMode) { displayMode = mode }
  /// Turns reading ahead on or off (see ``readsAhead``); set it before ``start()``.
  /// - Parameter on: Whether the months beside the shown one are read too.
  public func setReadsAhead(_ on: Bool) { readsAhead = on }
  /// Moves the grid's first column; the header and rows follow.
  /// - Parameter weekday: The weekday of the first column.
  public func setFirstWeekday(_ weekday: Weekday) { firstWeekday = weekday }

  // MARK: - Loading

  private func select(dayInAnyMonth day: Day) async {
    selectedDay = day
    guard day.yearMonth != window.current else {
      // Without reading ahead, a week may reach into a month not read yet.
      let missing = neededMonths.subtracting(entriesByMonth.keys)
      if !missing.isEmpty { await reload(months: missing) }
      return
    }
    let newWindow = MonthWindow(centeredOn: day.yearMonth)
    let kept = Set(newWindow.months.compactMap { $0 })
    // Slide, never grow: drop what left the window, load only what entered it.
    entriesByMonth = entriesByMonth.filter { kept.contains($0.key) }
    summaries = summaries.filter { kept.contains($0.key) }
    monthFailures = monthFailures.filter { kept.contains($0.key) }
    window = newWindow
    await reload(months: neededMonths.subtracting(entriesByMonth.keys))
  }

  /// The months a load must cover: the window, or without ``readsAhead`` the months of the
  /// days on screen.
  private var neededMonths: Set<YearMonth> {
    guard !readsAhead else { return Set(window.months.compactMap { $0 }) }
    return monthsOnScreen
  }

  /// The months whose days are on screen: the shown month, or the selected week's months.
  private var monthsOnScreen: Set<YearMonth> {
    switch shape {
    case .month: [currentMonth]
    case .week: Set(selectedDay.week(firstWeekday: firstWeekday).compactMap { $0?.yearMonth })
    }
  }

  private func step(weeks count: Int) throws(DateInputError) -> Day {
    guard let day = selectedDay.adding(days: 7 * count) else {
      throw .navigationLimit(
        count > 0 ? YearMonth.supportedRange.upperBound : YearMonth.supportedRange.lowerBound)
    }
    return day
  }

  private func apply(_ change: LedgerChange) async {
    // A write of entries only (an add, an edit, a delete) changed no mood and no plan: only its
    // months' entries are read again.
    await reload(months: change.months.intersection(neededMonths), moods: !change.entriesOnly)
    if !change.entriesOnly { await reloadPlan() }
    appliedRevision = max(appliedRevision, change.revision)
    let ready = revisionWaiters.filter { $0.0 <= appliedRevision }
    revisionWaiters.removeAll { $0.0 <= appliedRevision }
    for (_, waiter) in ready { waiter.resume() }
  }

  /// Reads `months` with one range query and recomputes their totals. Months of the window that
  /// an earlier load could not read are read again with them. When the query fails, each month
  /// is read alone: ``loadFailure`` is then the failure of a month on screen, if one failed.
  /// - Parameter moods: Whether the months' moods are read too (a write of entries only leaves
  ///   them as they are, unless a month is read for the first time).
  private func reload(months requested: Set<YearMonth>, moods: Bool = true) async {
    let months = requested.union(neededMonths.subtracting(entriesByMonth.keys))
    guard let first = months.min(), let last = months.max() else { return }
    let readsMoods = moods || !months.isSubset(of: entriesByMonth.keys)
    // Loads can overlap (a page turn while a change arrives); a month takes only the result of
    // the load that started last, which read the newest data.
    latestLoad += 1
    let load = latestLoad
    for month in months { loadOfMonth[month] = load }
    func isLatest(_ month: YearMonth) -> Bool { loadOfMonth[month] == load }
    do {
      let entries = try await repository.transactions(in: first.firstDay...last.lastDay)
      // One month (a page, a step of the calendar) needs no grouping: every entry is in it.
      let byMonth =
        first == last ? [first: entries] : Dictionary(grouping: entries) { $0.day.yearMonth }
      for month in months where window.months.contains(month) && isLatest(month) {
        let monthEntries = byMonth[month] ?? []
        entriesByMonth[month] = monthEntries
        summaries[month] = try MonthSummary(month: month, transactions: monthEntries)
        monthFailures[month] = nil
      }
      if readsMoods {
        await reloadMoods(first.firstDay...last.lastDay, isLatest: isLatest)
      }
    } catch {
      // One month that cannot be read (its file damaged, or lost) must not blank the months
      // read with it: each is read alone. What could not be read is forgotten, so that no later
      // load takes it for current; its failure is the calendar's while it is on screen.
      var failures: [YearMonth: AppError] = [:]
      if months.count == 1, let month = months.first {
        failures[month] = AppError(error)
      } else {
        for month in months.sorted() where window.months.contains(month) && isLatest(month) {
          do {
            let entries = try await repository.transactions(in: month.firstDay...month.lastDay)
            guard isLatest(month) else { continue }
            entriesByMonth[month] = entries
            summaries[month] = try MonthSummary(month: month, transactions: entries)
            monthFailures[month] = nil
          } catch {
            failures[month] = AppError(error)
          }
        }
      }
      for (month, failure) in failures where isLatest(month) {
        entriesByMonth[month] = nil
        summaries[month] = nil
        monthFailures[month] = failure
      }
      if readsMoods, failures.count < months.count {
        await reloadMoods(first.firstDay...last.lastDay, isLatest: isLatest)
      }
    }
  }

  private func cell(_ day: Day?) -> DayCell {
    guard let day else { return .empty(role: .weekday) }
    let totals = summary(of: day)
    var cell = DayCell(
      day: day, isToday: day == clock.today, isSelected: day == selectedDay,
      isInShownMonth: day.yearMonth == currentMonth, role: WeekdayRole(day.weekday),
      income: totals.income, expense: totals.expense)
    cell.mood = moods[day]?.mood
    cell.isUnreadable = isUnreadable(day)
    return withPlanned(cell)
  }

  /// Reads the moods of `days` (the months just loaded), keeping those of the other months.
  private func reloadMoods(_ days: ClosedRange<Day>, isLatest: (YearMonth) -> Bool) async {
    do {
      let read = try await diary.moods(in: days)
      moods = moods.filter { !days.contains($0.key) || !isLatest($0.key.yearMonth) }
      for (day, mood) in read where isLatest(day.yearMonth) { moods[day] = mood }
      moodFailure = nil
    } catch {
      moodFailure = AppError(error)
    }
  }

  // MARK: - Reports

  /// The report of a span of months, from the repository's per-month totals.
  /// - Parameter span: The months, such as the shown month or its year.
  /// - Returns: The report, with the span before it for comparison.
  /// - Throws: What the repository throws, or ``LedgerError/totalOverflow``.
  public func report(of span: ClosedRange<YearMonth>) async throws -> LedgerReport {
    try await LedgerReport.load(span, from: repository)
  }

  // MARK: - Categories

  /// Every category the whole ledger uses, most used first (by number of entries; equally used
  /// ones by name), for completion and category pickers. It comes from the repository's
  /// per-month totals, so it costs about the same at any size; when those cannot be read, the
  /// categories of the months the calendar holds are used instead.
  public func categoriesInUse() async -> [String] {
    if let categories = try? await categoriesInTotals() { return categories }
    var uses: [String: Int] = [:]
    for entry in entriesByMonth.values.joined() { uses[entry.category, default: 0] += 1 }
    return CategoryListViewModel.rankedByUse(uses)
  }

  /// ``categoriesInUse()`` from the repository's per-month totals alone, without the main actor:
  /// for a frontend that reads them while its main thread waits for a key (the REPL's prompt).
  /// - Returns: Every category the ledger uses, most used first.
  /// - Throws: What the repository's category totals throw.
  public nonisolated func categoriesInTotals() async throws -> [String] {
    var uses: [String: Int] = [:]
    let months = try await repository.categoryTotals(in: YearMonth.supportedRange)
    for month in months {
      for total in month.totals { uses[total.category, default: 0] += total.count }
    }
    return CategoryListViewModel.rankedByUse(uses)
  }
}
