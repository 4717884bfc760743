import Foundation
import HannunDomain

/// A repository in memory, for previews, tests and frontends that need no files. Behaves like
/// the file store: same ordering, same errors, same change feed. ``failNextWrite(with:)`` makes
/// the next write throw, for error paths.
public actor InMemoryTransactionRepository: TransactionRepository {
  var entries: [TransactionID: Transaction] = [:]
  var feed = LedgerChangeFeed()
  /// The recurring rules and decisions (see `InMemoryTransactionRepository+Recurring.swift`).
  var storedPlan = RecurringPlan.empty
  private var pendingFailure: (any Error)?
  /// The budgets (see `InMemoryTransactionRepository+Budgets.swift`).
  var storedBudgetPlan = BudgetPlan.empty
  /// The mood diary (see `InMemoryTransactionRepository+Moods.swift`).
  var storedMoods: [Day: DayMood] = [:]
  /// How many writes "another process" made (the `…Unannounced` methods), for ``storedVersion()``.
  var unannouncedWrites: UInt64 = 0
  /// How many range queries have been answered, to check that views load only what they show.
  public private(set) var rangeQueries: [ClosedRange<Day>] = []

  /// A repository holding `transactions`, for a preview or a test.
  /// - Parameter transactions: The entries it starts with.
  public init(_ transactions: [Transaction] = []) {
    for transaction in transactions { entries[transaction.id] = transaction }
  }

  /// Makes the next write throw `error` without changing anything.
  /// - Parameter error: What the next insert, update or delete throws; later writes work again.
  public func failNextWrite(with error: any Error) {
    pendingFailure = error
  }

  /// Every stored entry, in list order.
  public var all: [Transaction] { entries.values.sorted(by: Transaction.listOrder) }

  /// Entries whose day falls in `days`, in list order; the query is recorded in ``rangeQueries``.
  public func transactions(in days: ClosedRange<Day>) async throws -> [Transaction] {
    rangeQueries.append(days)
    return entries.values.filter { days.contains($0.day) }.sorted(by: Transaction.listOrder)
  }

  /// The entries that match `query`, newest first: a filter over every entry.
  public func transactions(matching query: TransactionQuery) async throws -> [Transaction] {
    entries.values.filter(query.matches).sorted(by: TransactionQuery.newestFirst)
  }

  /// The entry with exactly this id, or `nil`.
  public func transaction(withID id: TransactionID) async throws -> Transaction? { entries[id] }

  /// Every id starting with `prefix`, sorted.
  public func ids(startingWith prefix: String) async throws -> [TransactionID] {
    entries.keys.filter { $0.rawValue.hasPrefix(prefix) }.sorted()
  }

  /// Stores a new entry, or throws ``LedgerError/duplicateTransaction(_:)`` or the error given
  /// to ``failNextWrite(with:)``.
  public func insert(_ transaction: Transaction) async throws {
    try insert(transaction, entriesOnly: true)
  }

  /// Stores a new entry and publishes its month, saying whether the write changed entries only
  /// (a recurring occurrence confirmed with it changes the plan too).
  func insert(_ transaction: Transaction, entriesOnly: Bool) throws {
    try consumeFailure()
    guard entries[transaction.id] == nil else {
      throw LedgerError.duplicateTransaction(transaction.id)
    }
    entries[transaction.id] = transaction
    feed.publish(months: [transaction.day.yearMonth], entriesOnly: entriesOnly)
  }

  /// Stores an entry without publishing a change, as another process writing the same ledger
  /// would: this repository's subscribers do not hear of it.
  /// - Parameter transaction: The entry; one with the same id is replaced.
  public func insertUnannounced(_ transaction: Transaction) {
    unannouncedWrites += 1
    entries[transaction.id] = transaction
  }

  /// Replaces `current` with `updated` when `current` is what is stored; otherwise throws
  /// ``LedgerError/staleTransaction(expected:current:)``.
  public func update(_ current: Transaction, to updated: Transaction) async throws {
    try consumeFailure()
    guard entries[current.id] == current, updated.id == current.id else {
      throw LedgerError.staleTransaction(expected: current, current: entries[current.id])
    }
    entries[current.id] = updated
    feed.publish(months: [current.day.yearMonth, updated.day.yearMonth], entriesOnly: true)
  }

  /// Removes `entry` when it is what is stored; otherwise throws
  /// ``LedgerError/staleTransaction(expected:current:)``.
  public func delete(_ entry: Transaction) async throws {
    try consumeFailure()
    guard entries[entry.id] == entry else {
      throw LedgerError.staleTransaction(expected: entry, current: entries[entry.id])
    }
    entries[entry.id] = nil
    feed.publish(months: [entry.day.yearMonth], entriesOnly: true)
  }

  /// Makes every change of `changes` in order, or none: each is checked as the single write
  /// would check it, against the entries as the earlier changes left them. Publishes one change
  /// naming every month touched; an empty batch publishes nothing.
  public func apply(_ changes: [EntryChange]) async throws {
    try consumeFailure()
    guard !changes.isEmpty else { return }
    var staged = entries
    try Self.stage(changes, in: &staged)
    let months = changes.reduce(into: Set<YearMonth>()) { $0.formUnion($1.months) }
    entries = staged
    feed.publish(months: months)
  }

  /// Replaces an entry without publishing a change, as another process writing the same ledger
  /// would.
  /// - Parameter transaction: The new version of the entry with its id.
  public func updateUnannounced(_ transaction: Transaction) {
    unannouncedWrites += 1
    entries[transaction.id] = transaction
  }

  /// Removes an entry without publishing a change, as another process would.
  /// - Parameter id: The entry's id; an unknown id changes nothing.
  public func deleteUnannounced(id: TransactionID) {
    unannouncedWrites += 1
    entries[id] = nil
  }

  /// Category totals computed from the entries, as ``categoryTotalsComputed(in:)`` does.
  public func categoryTotals(in months: ClosedRange<YearMonth>) async throws
    -> [MonthCategoryTotals]
  {
    try await categoryTotalsComputed(in: months)
  }

  /// Subscribes to this repository's changes.
  public func subscribe() async -> (revision: UInt64, changes: AsyncStream<LedgerChange>) {
    feed.subscribe()
  }

  /// The number of the latest change; 0 before the first write.
  public func latestRevision() async -> UInt64 { feed.revision }

  func consumeFailure() throws {
    if let error = pendingFailure {
      pendingFailure = nil
      throw error
    }
  }
}

extension InMemoryTransactionRepository: SharedLedger {
  /// Changes with every write: announced ones (the feed's revision) and the `…Unannounced`
  /// writes that stand in for another process.
  public func storedVersion() async -> LedgerVersion {
    LedgerVersion("\(feed.revision).\(unannouncedWrites)")
  }
}
