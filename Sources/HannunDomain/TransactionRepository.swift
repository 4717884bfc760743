/// Where ledger entries live. Queries are by day range, so a frontend loads only what it shows.
///
/// Every successful write publishes a ``LedgerChange`` to every subscriber, so views stay current
/// whoever made the change.
public protocol TransactionRepository: Sendable {
  /// Entries whose day falls in `days`, in ``Transaction/listOrder(_:_:)``.
  /// - Throws: ``LedgerError/unreadableFile(path:reason:)`` when stored data cannot be read.
  func transactions(in days: ClosedRange<Day>) async throws -> [Transaction]

  /// The entries of ``transactions(in:)`` handed to `body` a month at a time, months in order and
  /// each in ``Transaction/listOrder(_:_:)``, all from one consistent state of the ledger: an
  /// export of any size holds one month's entries at a time.
  /// - Parameters:
  ///   - days: The days to read.
  ///   - body: Called with each month's entries (never with none); what it throws ends the read.
  /// - Throws: What ``transactions(in:)`` throws, or what `body` throws.
  func transactions(
    in days: ClosedRange<Day>, monthByMonth body: @Sendable ([Transaction]) throws -> Void
  ) async throws

  // MARK: Search

  /// Every entry that ``TransactionQuery/matches(_:)`` `query`, newest first
  /// (``TransactionQuery/newestFirst(_:_:)``). A store may skip what cannot match without
  /// reading it, but the answer is always exactly the matching entries of ``transactions(in:)``
  /// over the query's days.
  /// - Parameter query: What to look for.
  /// - Returns: The matching entries, newest first.
  /// - Throws: ``LedgerError/unreadableFile(path:reason:)`` when stored data cannot be read.
  func transactions(matching query: TransactionQuery) async throws -> [Transaction]

  // MARK: Other queries

  /// The entry with exactly this id, or `nil`.
  func transaction(withID id: TransactionID) async throws -> Transaction?

  /// Every id in the ledger that starts with `prefix`.
  func ids(startingWith prefix: String) async throws -> [TransactionID]

  /// Stores a new entry.
  /// - Throws: ``LedgerError/duplicateTransaction(_:)`` when the id is taken; nothing is written.
  func insert(_ transaction: Transaction) async throws

  /// Replaces `current` with `updated` (the same id), which may move it to another day, month or
  /// year, provided the stored entry is still exactly `current`: the version the change was based
  /// on. All files the change touches change together or not at all.
  /// - Parameters:
  ///   - current: The entry as the caller last read it.
  ///   - updated: What it becomes.
  /// - Throws: ``LedgerError/staleTransaction(expected:current:)`` when the stored entry changed
  ///   or was deleted since `current` was read; nothing is written.
  func update(_ current: Transaction, to updated: Transaction) async throws

  /// Removes `entry`, provided the stored entry is still exactly `entry`.
  /// - Parameter entry: The entry as the caller last read it.
  /// - Throws: ``LedgerError/staleTransaction(expected:current:)`` when the stored entry changed
  ///   or was deleted since it was read; nothing is written.
  func delete(_ entry: Transaction) async throws

  /// Income and expense per category for each month of `months` that has entries, in month
  /// order. A store may answer from summaries it keeps beside the entries; the answer is always
  /// what ``MonthCategoryTotals/init(month:transactions:)`` computes from the month's entries.
  /// - Parameter months: The months to total.
  /// - Returns: One element per month with at least one entry.
  /// - Throws: ``LedgerError/unreadableFile(path:reason:)`` when stored data cannot be read;
  ///   ``LedgerError/totalOverflow`` when a total does not fit.
  func categoryTotals(in months: ClosedRange<YearMonth>) async throws -> [MonthCategoryTotals]

  // MARK: Batches

  /// Makes several changes in one write: all of them or, when one cannot be made, none. Each
  /// update and delete is checked against the stored entry as ``update(_:to:)`` and
  /// ``delete(_:)`` check it, and each insert as ``insert(_:)`` does, in order, so a later
  /// change sees what the earlier ones did. One ``LedgerChange`` names every month touched; an
  /// empty batch writes and publishes nothing.
  /// - Parameter changes: The changes, in order.
  /// - Throws: ``LedgerError/staleTransaction(expected:current:)`` or
  ///   ``LedgerError/duplicateTransaction(_:)`` for the first change that cannot be made, or
  ///   what a single write throws; nothing is written.
  func apply(_ changes: [EntryChange]) async throws

  /// Makes a write decided on the ledger as stored at the moment it commits: under the store's
  /// write lock, `resolve` reads what it needs from a ``LedgerSnapshot`` and returns the write
  /// (``LedgerWrite``: entries, budgets and recurring rules), which is made in the same locked
  /// step, all of it or none, and published as one ``LedgerChange``. Nothing another writer does
  /// can come between the reads and the write, so a check made there ("is this row already in
  /// the ledger?", "which entries have this category?") holds for the write. The write's own
  /// conditions are checked as ``apply(_:)`` checks entries. An empty write writes and publishes
  /// nothing. `resolve` may run more than once (a store may try it first without the lock, to
  /// create nothing for a write that turns out empty or refused); it must not have side effects
  /// beyond what it returns.
  /// - Parameter resolve: Reads the snapshot and returns the write and a result for the caller.
  /// - Returns: The result `resolve` returned with the write that was made.
  /// - Throws: What `resolve` throws (nothing is written), what ``apply(_:)`` throws for the
  ///   entries, ``LedgerError/staleBudgets(current:)`` or ``LedgerError/recurring(_:)`` when a
  ///   budget scope or rule is no longer what the write was based on, or a storage error.
  func commit<Result: Sendable>(
    _ resolve: @Sendable (any LedgerSnapshot) throws -> (write: LedgerWrite, result: Result)
  ) async throws -> Result

  /// Adds entries month by month in one all-or-nothing write (``MonthlyInsertion``); a store
  /// may prepare each month before it takes its write lock and hold the lock only to commit.
  func insertByMonth(
    _ months: [YearMonth], keepingEntries: Bool,
    _ decide: @Sendable (YearMonth, [Transaction]) -> MonthAdditions
  ) async throws -> MonthlyInsertion

  /// Subscribes to changes.
  /// - Returns: The revision the subscription starts after, and the stream of later changes.
  func subscribe() async -> (revision: UInt64, changes: AsyncStream<LedgerChange>)

  /// The number of the latest change; it grows by one with each successful write.
  func latestRevision() async -> UInt64
}

/// One successful write: its revision and the months whose totals it changed.
public struct LedgerChange: Hashable, Sendable {
  /// The write's number: one more than the change before it.
  public let revision: UInt64
  /// The months whose entries or totals the write changed: one, two for a moved entry, or every
  /// month a batch (``TransactionRepository/apply(_:)``) touched.
  public let months: Set<YearMonth>
  /// Whether the write changed entries only (an insert, an update, a delete), and no mood,
  /// budget or recurring rule: a calendar then reads the months' entries again and nothing else.
  /// `false` when it may have changed more.
  public let entriesOnly: Bool

  /// A change as a repository publishes it.
  /// - Parameters:
  ///   - revision: The write's number.
  ///   - months: The months it changed.
  ///   - entriesOnly: Whether it changed entries only; `false` (the safe answer) by default.
  public init(revision: UInt64, months: Set<YearMonth>, entriesOnly: Bool = false) {
    self.revision = revision
    self.months = months
    self.entriesOnly = entriesOnly
  }
}

extension TransactionRepository {
  /// The entries of `days` read at once and handed over a month at a time: stores that can read
  /// a month at a time under one lock answer this themselves.
  public func transactions(
    in days: ClosedRange<Day>, monthByMonth body: @Sendable ([Transaction]) throws -> Void
  ) async throws {
    var month: [Transaction] = []
    for entry in try await transactions(in: days) {
      if let last = month.last, last.day.yearMonth != entry.day.yearMonth {
        try body(month)
        month = []
      }
      month.append(entry)
    }
    if !month.isEmpty { try body(month) }
  }

  /// Replaces the stored entry that has `transaction`'s id with it, whatever the stored entry
  /// holds now: a last-writer-wins update, for scripts and tests that stand in for another
  /// writer. Frontends use ``update(_:to:)`` with the entry they showed.
  /// - Parameter transaction: The new version of the entry.
  /// - Throws: ``LedgerError/unknownTransaction(_:)`` when no entry has the id.
  public func update(_ transaction: Transaction) async throws {
    guard let current = try await self.transaction(withID: transaction.id) else {
      throw LedgerError.unknownTransaction(transaction.id.rawValue)
    }
    try await update(current, to: transaction)
  }

  /// Removes the entry with this id, whatever it holds now (see ``update(_:)``).
  /// - Parameter id: The entry's id.
  /// - Returns: The removed entry.
  /// - Throws: ``LedgerError/unknownTransaction(_:)`` when no entry has the id.
  @discardableResult
  public func delete(id: TransactionID) async throws -> Transaction {
    guard let current = try await transaction(withID: id) else {
      throw LedgerError.unknownTransaction(id.rawValue)
    }
    try await delete(current)
    return current
  }

  /// Finds one entry by its full id or an unambiguous prefix.
  /// - Parameter text: A full id, or the start of exactly one id.
  /// - Returns: The entry, as stored now.
  /// - Throws: ``LedgerError/unknownTransaction(_:)`` or ``LedgerError/ambiguousTransaction(_:)``.
  public func resolve(id text: String) async throws -> Transaction {
    if let exact = try await transaction(withID: TransactionID(text)) { return exact }
    let matches = text.isEmpty ? [] : try await ids(startingWith: text)
    guard matches.count <= 1 else { throw LedgerError.ambiguousTransaction(text) }
    guard let id = matches.first, let found = try await transaction(withID: id) else {
      throw LedgerError.unknownTransaction(text)
    }
    return found
  }
}
