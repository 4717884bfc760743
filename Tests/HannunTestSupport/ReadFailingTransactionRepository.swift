import HannunDomain

/// An in-memory repository whose reads can be made to fail, for the error paths of views that
/// load (an unreadable file). Writes and the change feed behave as in
/// ``InMemoryTransactionRepository``, which it wraps.
public actor ReadFailingTransactionRepository: TransactionRepository {
  /// The store behind it; writes go straight through, and its `rangeQueries` record every
  /// answered query.
  public let store: InMemoryTransactionRepository
  private var readFailure: (any Error)?
  private var holdsNextRead = false
  private var heldRead: CheckedContinuation<Void, Never>?
  private var holdsCategoryTotals = false
  private var heldCategoryTotals: [CheckedContinuation<Void, Never>] = []

  public init(_ transactions: [Transaction] = []) {
    store = InMemoryTransactionRepository(transactions)
  }

  /// Makes every read throw `error` until ``stopFailingReads()``.
  public func failReads(with error: any Error) {
    readFailure = error
  }

  /// Lets reads succeed again, every month's too.
  public func stopFailingReads() {
    readFailure = nil
    monthFailures = [:]
    totalsFailures = [:]
  }

  /// Makes every range query that covers a day of `month` throw `error`, as a read of a ledger
  /// with that month's file damaged or lost does, until ``stopFailingReads()``.
  public func failReads(of month: YearMonth, with error: any Error) {
    monthFailures[month] = error
  }

  /// Makes every read of category totals over months that include `month` throw `error`, as a
  /// report's read of a span with that month's file lost does, until ``stopFailingReads()``
  /// (range queries of entries still answer).
  public func failCategoryTotals(of month: YearMonth, with error: any Error) {
    totalsFailures[month] = error
  }

  /// The spans whose category totals were asked for, answered or refused, in order.
  public private(set) var categoryTotalsQueries: [ClosedRange<YearMonth>] = []
  private var totalsFailures: [YearMonth: any Error] = [:]

  /// The range queries answered or refused, in order.
  public private(set) var rangeQueries: [ClosedRange<Day>] = []
  private var monthFailures: [YearMonth: any Error] = [:]

  /// Makes the next range query read its answer and then wait for ``releaseHeldRead()``, so a
  /// test can deliver a stale answer after a newer one.
  public func holdNextRead() {
    holdsNextRead = true
  }

  /// Whether a range query is waiting for ``releaseHeldRead()``.
  public var isHoldingRead: Bool { heldRead != nil }

  /// Lets the held range query return its (by now stale) answer.
  public func releaseHeldRead() {
    heldRead?.resume()
    heldRead = nil
  }

  /// Makes every read of category totals wait for ``releaseCategoryTotals()``, as a read of a
  /// million entries' totals takes its time.
  public func holdCategoryTotals() {
    holdsCategoryTotals = true
  }

  /// How many reads of category totals wait.
  public var heldCategoryTotalsCount: Int { heldCategoryTotals.count }

  /// Lets the reads of category totals answer, those waiting and those to come.
  public func releaseCategoryTotals() {
    holdsCategoryTotals = false
    for held in heldCategoryTotals { held.resume() }
    heldCategoryTotals = []
  }

  public func transactions(in days: ClosedRange<Day>) async throws -> [Transaction] {
    rangeQueries.append(days)
    if let readFailure { throw readFailure }
    let failing = monthFailures.filter { days.overlaps($0.key.firstDay...$0.key.lastDay) }
    if let first = failing.min(by: { $0.key < $1.key }) { throw first.value }
    let answer = try await store.transactions(in: days)
    if holdsNextRead {
      holdsNextRead = false
      await withCheckedContinuation { heldRead = $0 }
    }
    return answer
  }

  /// The spans read a month at a time (``transactions(in:monthByMonth:)``), in order.
  public private(set) var monthByMonthReads: [ClosedRange<Day>] = []

  /// Each month of `days` read in turn and handed over, as the file store reads an export (one
  /// month's entries in memory at a time), failing as ``transactions(in:)`` fails.
  public func transactions(
    in days: ClosedRange<Day>, monthByMonth body: @Sendable ([Transaction]) throws -> Void
  ) async throws {
    monthByMonthReads.append(days)
    if let readFailure { throw readFailure }
    var month = days.lowerBound.yearMonth
    while true {
      if let failure = monthFailures[month] { throw failure }
      let span = max(month.firstDay, days.lowerBound)...min(month.lastDay, days.upperBound)
      let entries = try await store.transactions(in: span)
      if !entries.isEmpty { try body(entries) }
      guard month < days.upperBound.yearMonth, let next = try? month.adding(months: 1) else {
        break
      }
      month = next
    }
  }

  /// The in-memory store's matches, or the read failure set by ``failReads(with:)``.
  public func transactions(matching query: TransactionQuery) async throws -> [Transaction] {
    if let readFailure { throw readFailure }
    return try await store.transactions(matching: query)
  }

  public func transaction(withID id: TransactionID) async throws -> Transaction? {
    if let readFailure { throw readFailure }
    return try await store.transaction(withID: id)
  }

  public func ids(startingWith prefix: String) async throws -> [TransactionID] {
    if let readFailure { throw readFailure }
    return try await store.ids(startingWith: prefix)
  }

  public func insert(_ transaction: Transaction) async throws {
    try await store.insert(transaction)
  }

  public func update(_ current: Transaction, to updated: Transaction) async throws {
    try await store.update(current, to: updated)
  }

  public func delete(_ entry: Transaction) async throws {
    try await store.delete(entry)
  }

  public func commit<Result: Sendable>(
    _ resolve: @Sendable (any LedgerSnapshot) throws -> (write: LedgerWrite, result: Result)
  ) async throws -> Result {
    try await store.commit(resolve)
  }

  public func apply(_ changes: [EntryChange]) async throws {
    try await store.apply(changes)
  }

  public func categoryTotals(in months: ClosedRange<YearMonth>) async throws
    -> [MonthCategoryTotals]
  {
    categoryTotalsQueries.append(months)
    if let readFailure { throw readFailure }
    let failing = totalsFailures.filter { months.contains($0.key) }
    if let first = failing.min(by: { $0.key < $1.key }) { throw first.value }
    if holdsCategoryTotals { await withCheckedContinuation { heldCategoryTotals.append($0) } }
    return try await store.categoryTotals(in: months)
  }

  public func subscribe() async -> (revision: UInt64, changes: AsyncStream<LedgerChange>) {
    await store.subscribe()
  }

  public func latestRevision() async -> UInt64 { await store.latestRevision() }
}
