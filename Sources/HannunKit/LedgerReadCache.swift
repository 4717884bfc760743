import HannunDomain

/// The reads that many views of one ledger ask for again and again — whole months of entries,
/// the recurring plan, the budgets and the mood diary — made once for a version of the ledger
/// and shared by every view: a caching decorator of the ledger's capability protocols.
///
/// A server gives each device a session of its own over ``stores``
/// (``LedgerSession/device(sharing:language:makeID:)``): the devices' calendars each hold their
/// own state, and a month one device read is not read again for another. What it keeps is for
/// the version of the ledger ``currentVersion()`` last saw (the change feed's revision and the
/// stored version, which another process's write moves too; two `stat` calls for the file
/// store): call it before each screen is drawn (a server, once a request); when the version
/// moved, all that was kept is forgotten and read again, so nothing answered is older than the
/// version seen then. Looking once a screen, not once a read, keeps the ledger's own queue free
/// for reads: many screens at once would otherwise wait behind each other's reads to look at
/// the version. A read that fails (a lock another process holds, a damaged file)
/// is not kept: the next asks again. Writes pass to the ledger and, when they succeed, everything
/// kept is forgotten. Every other read (search, one entry, totals, long spans, a span read a
/// month at a time) passes straight through.
///
/// ```swift
/// let cache = LedgerReadCache(session.stores)
/// let phone = session.device(sharing: cache)     // reads its months through the cache
/// ```
public actor LedgerReadCache {
  /// The ledger the cache reads from and writes to.
  public nonisolated let base: LedgerStores
  /// The most months kept at once; the least recently asked for is forgotten first.
  public nonisolated let capacity: Int
  /// The longest span, in months, read through the kept months; a longer one passes through.
  public nonisolated let spanLimit = 3

  private var version: String?
  private var months: [YearMonth: Task<[Transaction], any Error>] = [:]
  private var order: [YearMonth] = []
  private var plan: Task<RecurringPlan, any Error>?
  private var budgets: Task<BudgetPlan, any Error>?
  /// The whole diary, by month.
  private var diary: Task<[YearMonth: [Day: DayMood]], any Error>?
  /// How many reads of a month went to the ledger: what tests count.
  public private(set) var monthReads = 0

  /// A cache over a ledger's capabilities; nothing is read until asked for.
  /// - Parameters:
  ///   - base: The ledger.
  ///   - capacity: The most months kept at once.
  public init(_ base: LedgerStores, capacity: Int = 48) {
    self.base = base
    self.capacity = max(1, capacity)
  }

  /// Every capability of the ledger, each through the cache.
  public nonisolated var stores: LedgerStores {
    LedgerStores(
      entries: self, budgets: self, recurring: self, moods: self, versions: self, restoring: self)
  }

  /// The ledger's version now (the in-process revision and the stored version); when it moved
  /// since the last look, everything kept is forgotten first.
  /// - Returns: The version, as text.
  @discardableResult
  public func currentVersion() async -> String {
    // Both at once: a store busy reading answers each after the reads queued before it.
    async let revision = base.entries.latestRevision()
    async let stored = base.versions.storedVersion()
    let current = "\(await revision)|\(await stored.rawValue)"
    if current != version {
      forget()
      version = current
    }
    return current
  }

  /// The version ``currentVersion()`` last saw (what is kept is for it), or `nil` when it was
  /// never looked at or a write through the cache moved it since.
  public var seenVersion: String? { version }

  /// Looks at the version when it was never looked at.
  private func lookedAtVersion() async {
    if version == nil { await currentVersion() }
  }

  /// Forgets everything kept: what is asked next is read again.
  public func forget() {
    months = [:]
    order = []
    plan = nil
    budgets = nil
    diary = nil
  }

  /// The read of one whole month: the one kept, or one started now.
  private func read(of month: YearMonth) -> Task<[Transaction], any Error> {
    if let kept = months[month] {
      order.removeAll { $0 == month }
      order.append(month)
      return kept
    }
    let entries = base.entries
    monthReads += 1
    let read = Task { try await entries.transactions(in: month.firstDay...month.lastDay) }
    months[month] = read
    order.append(month)
    if order.count > capacity { months[order.removeFirst()] = nil }
    return read
  }

  /// The entries `read` gives for `month`; when it failed, it is not kept.
  private func value(of read: Task<[Transaction], any Error>, _ month: YearMonth) async throws
    -> [Transaction]
  {
    do {
      return try await read.value
    } catch {
      if months[month] == read {
        months[month] = nil
        order.removeAll { $0 == month }
      }
      throw error
    }
  }

  /// Runs a write, then forgets everything kept when it succeeded.
  private func writing<Result: Sendable>(_ write: () async throws -> Result) async throws -> Result
  {
    let result = try await write()
    forget()
    // The next read looks at the version the write made.
    version = nil
    return result
  }
}

extension LedgerReadCache: TransactionRepository {
  /// A span of at most ``spanLimit`` months from the kept months (each read whole once a
  /// version), in the ledger's order; a longer one from the ledger.
  public func transactions(in days: ClosedRange<Day>) async throws -> [Transaction] {
    let first = days.lowerBound.yearMonth
    let last = days.upperBound.yearMonth
    guard (last.year - first.year) * 12 + last.month - first.month < spanLimit else {
      return try await base.entries.transactions(in: days)
    }
    await lookedAtVersion()
    // Every month's read started before any is waited for: the ledger reads them side by side.
    var reads: [(YearMonth, Task<[Transaction], any Error>)] = []
    var month = first
    while true {
      reads.append((month, read(of: month)))
      guard month < last, let next = try? month.adding(months: 1) else { break }
      month = next
    }
    var result: [Transaction] = []
    for (month, read) in reads {
      let entries = try await value(of: read, month)
      if days.contains(month.firstDay) && days.contains(month.lastDay) {
        // A whole month first is the kept array itself, not a copy of each entry.
        if result.isEmpty { result = entries } else { result += entries }
      } else {
        result += entries.filter { days.contains($0.day) }
      }
    }
    return result
  }

  /// Passed to the ledger, which reads it a month at a time (an export of any size): nothing of
  /// it is kept, and none of it is answered from what was.
  public func transactions(
    in days: ClosedRange<Day>, monthByMonth body: @Sendable ([Transaction]) throws -> Void
  ) async throws {
    try await base.entries.transactions(in: days, monthByMonth: body)
  }

  /// Passed to the ledger.
  public func transactions(matching query: TransactionQuery) async throws -> [Transaction] {
    try await base.entries.transactions(matching: query)
  }

  /// Passed to the ledger.
  public func transaction(withID id: TransactionID) async throws -> Transaction? {
    try await base.entries.transaction(withID: id)
  }

  /// Passed to the ledger.
  public func ids(startingWith prefix: String) async throws -> [TransactionID] {
    try await base.entries.ids(startingWith: prefix)
  }

  /// Passed to the ledger; forgets what was kept.
  public func insert(_ transaction: Transaction) async throws {
    try await writing { try await base.entries.insert(transaction) }
  }

  /// Passed to the ledger; forgets what was kept.
  public func update(_ current: Transaction, to updated: Transaction) async throws {
    try await writing { try await base.entries.update(current, to: updated) }
  }

  /// Passed to the ledger; forgets what was kept.
  public func delete(_ entry: Transaction) async throws {
    try await writing { try await base.entries.delete(entry) }
  }

  /// Passed to the ledger.
  public func categoryTotals(in months: ClosedRange<YearMonth>) async throws
    -> [MonthCategoryTotals]
  {
    try await base.entries.categoryTotals(in: months)
  }

  /// Passed to the ledger; forgets what was kept.
  public func apply(_ changes: [EntryChange]) async throws {
    try await writing { try await base.entries.apply(changes) }
  }

  /// Passed to the ledger; forgets what was kept.
  public func commit<Result: Sendable>(
    _ resolve: @Sendable (any LedgerSnapshot) throws -> (write: LedgerWrite, result: Result)
  ) async throws -> Result {
    try await writing { try await base.entries.commit(resolve) }
  }

  /// Passed to the ledger; forgets what was kept.
  public func insertByMonth(
    _ months: [YearMonth], keepingEntries: Bool,
    _ decide: @Sendable (YearMonth, [Transaction]) -> MonthAdditions
  ) async throws -> MonthlyInsertion {
    try await writing {
      try await base.entries.insertByMonth(months, keepingEntries: keepingEntries, decide)
    }
  }

  /// The ledger's change feed.
  public func subscribe() async -> (revision: UInt64, changes: AsyncStream<LedgerChange>) {
    await base.entries.subscribe()
  }

  /// The ledger's latest revision.
  public func latestRevision() async -> UInt64 {
    await base.entries.latestRevision()
  }
}

extension LedgerReadCache: RecurringRepository, BudgetRepository, MoodRepository {
  /// The recurring rules and their decisions, read once a version.
  public func recurringPlan() async throws -> RecurringPlan {
    await lookedAtVersion()
    let read = plan ?? Task { [recurring = base.recurring] in try await recurring.recurringPlan() }
    plan = read
    do {
      return try await read.value
    } catch {
      if plan == read { plan = nil }
      throw error
    }
  }

  /// Passed to the ledger; forgets what was kept.
  public func changePlan<Result: Sendable>(
    _ change: @Sendable (inout RecurringPlan) throws(RecurringError) -> Result
  ) async throws -> Result {
    try await writing { try await base.recurring.changePlan(change) }
  }

  /// Passed to the ledger; forgets what was kept.
  public func confirm(
    _ key: OccurrenceKey, making makeEntry: @Sendable (Occurrence) -> Transaction
  ) async throws -> Transaction {
    try await writing { try await base.recurring.confirm(key, making: makeEntry) }
  }

  /// The budgets, read once a version.
  public func budgetPlan() async throws -> BudgetPlan {
    await lookedAtVersion()
    let read = budgets ?? Task { [stored = base.budgets] in try await stored.budgetPlan() }
    budgets = read
    do {
      return try await read.value
    } catch {
      if budgets == read { budgets = nil }
      throw error
    }
  }

  /// Passed to the ledger; forgets what was kept.
  public func replaceBudgetPlan(_ current: BudgetPlan, with updated: BudgetPlan) async throws {
    try await writing { try await base.budgets.replaceBudgetPlan(current, with: updated) }
  }

  /// Passed to the ledger; forgets what was kept.
  public func changeBudgets(_ edit: BudgetEdit) async throws -> BudgetPlan {
    try await writing { try await base.budgets.changeBudgets(edit) }
  }

  /// The moods of `range`, from the whole diary read once a version.
  public func moods(in range: ClosedRange<Day>) async throws -> [Day: DayMood] {
    await lookedAtVersion()
    let read =
      diary
      ?? Task { [moods = base.moods] in
        let everyDay =
          YearMonth.supportedRange.lowerBound.firstDay...YearMonth.supportedRange.upperBound.lastDay
        var byMonth: [YearMonth: [Day: DayMood]] = [:]
        for (day, mood) in try await moods.moods(in: everyDay) {
          byMonth[day.yearMonth, default: [:]][day] = mood
        }
        return byMonth
      }
    diary = read
    let byMonth: [YearMonth: [Day: DayMood]]
    do {
      byMonth = try await read.value
    } catch {
      if diary == read { diary = nil }
      throw error
    }
    var found: [Day: DayMood] = [:]
    var month = range.lowerBound.yearMonth
    while month <= range.upperBound.yearMonth {
      for (day, mood) in byMonth[month] ?? [:] where range.contains(day) { found[day] = mood }
      guard let next = try? month.adding(months: 1) else { break }
      month = next
    }
    return found
  }

  /// Passed to the ledger; forgets what was kept.
  public func replaceMood(on day: Day, _ current: DayMood?, with updated: DayMood?) async throws {
    try await writing { try await base.moods.replaceMood(on: day, current, with: updated) }
  }
}

extension LedgerReadCache: SharedLedger, LedgerRestoring {
  /// The ledger's stored version.
  public func storedVersion() async -> LedgerVersion {
    await base.versions.storedVersion()
  }

  /// Passed to the ledger.
  public func createdTheLedger() async -> Bool {
    await base.versions.createdTheLedger()
  }

  /// Passed to the ledger; forgets what was kept.
  public func restore(_ backup: LedgerBackup) async throws {
    try await writing { try await base.restoring.restore(backup) }
  }

  /// Passed to the ledger; forgets what was kept.
  public func restore(
    reading read: @Sendable (any BackupEntrySink) throws -> BackupOutline
  ) async throws -> BackupOutline {
    try await writing { try await base.restoring.restore(reading: read) }
  }
}
