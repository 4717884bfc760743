import HannunDomain
import HannunInMemoryStore

/// An in-memory ledger that another process writes while it is being read: each of the first
/// ``writesLeft`` range reads is followed by an unannounced write (a new entry), so the stored
/// version changes between the start and the end of a snapshot. Everything else goes straight
/// to the ``InMemoryTransactionRepository`` it wraps.
public actor ChurningLedger: TransactionRepository, SharedLedger, MoodRepository {
  /// The store behind it.
  public let store: InMemoryTransactionRepository
  /// How many more reads the other writer follows with a write.
  public private(set) var writesLeft: Int
  private var written = 0

  /// A ledger whose first `writes` range reads are each followed by another process's write.
  /// - Parameters:
  ///   - transactions: The entries it starts with.
  ///   - writes: How many reads are followed by a write; `Int.max` for every one.
  public init(_ transactions: [Transaction] = [], writes: Int) {
    store = InMemoryTransactionRepository(transactions)
    writesLeft = writes
  }

  public func transactions(in days: ClosedRange<Day>) async throws -> [Transaction] {
    let result = try await store.transactions(in: days)
    if writesLeft > 0 {
      writesLeft -= 1
      written += 1
      await store.insertUnannounced(
        .fixture(id: "other\(written)", day: "2025-11-0\(written % 9 + 1)"))
    }
    return result
  }

  public func storedVersion() async -> LedgerVersion { await store.storedVersion() }

  public func moods(in range: ClosedRange<Day>) async throws -> [Day: DayMood] {
    try await store.moods(in: range)
  }

  public func replaceMood(on day: Day, _ current: DayMood?, with updated: DayMood?) async throws {
    try await store.replaceMood(on: day, current, with: updated)
  }

  public func transactions(matching query: TransactionQuery) async throws -> [Transaction] {
    try await store.transactions(matching: query)
  }

  public func transaction(withID id: TransactionID) async throws -> Transaction? {
    try await store.transaction(withID: id)
  }

  public func ids(startingWith prefix: String) async throws -> [TransactionID] {
    try await store.ids(startingWith: prefix)
  }

  public func insert(_ transaction: Transaction) async throws {
    try await store.insert(transaction)
  }

  public func update(_ current: Transaction, to updated: Transaction) async throws {
    try await store.update(current, to: updated)
  }

  public func delete(_ entry: Transaction) async throws { try await store.delete(entry) }

  public func categoryTotals(in months: ClosedRange<YearMonth>) async throws
    -> [MonthCategoryTotals]
  {
    try await store.categoryTotals(in: months)
  }

  public func commit<Result: Sendable>(
    _ resolve: @Sendable (any LedgerSnapshot) throws -> (write: LedgerWrite, result: Result)
  ) async throws -> Result {
    try await store.commit(resolve)
  }

  public func apply(_ changes: [EntryChange]) async throws { try await store.apply(changes) }

  public func subscribe() async -> (revision: UInt64, changes: AsyncStream<LedgerChange>) {
    await store.subscribe()
  }

  public func latestRevision() async -> UInt64 { await store.latestRevision() }
}
