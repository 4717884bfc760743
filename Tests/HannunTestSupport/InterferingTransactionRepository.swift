import HannunDomain

/// An in-memory repository where another writer can be made to act just before the next batch
/// is written: between a use case's reads and its write, the moment a race happens. Everything
/// else goes straight to the ``InMemoryTransactionRepository`` it wraps.
public actor InterferingTransactionRepository: TransactionRepository {
  /// The store behind it, which the other writer changes.
  public let store: InMemoryTransactionRepository
  private var interference: (@Sendable (InMemoryTransactionRepository) async -> Void)?

  /// A repository holding `transactions`.
  /// - Parameter transactions: The entries it starts with.
  public init(_ transactions: [Transaction] = []) {
    store = InMemoryTransactionRepository(transactions)
  }

  /// Makes `write` run on the store right before the next ``apply(_:)``, once.
  /// - Parameter write: What the other writer does, for example an unannounced update.
  public func beforeNextBatch(
    _ write: @escaping @Sendable (InMemoryTransactionRepository) async -> Void
  ) {
    interference = write
  }

  /// Runs the other writer's write first, like ``apply(_:)``: the race lands between the use
  /// case's own reads and the write it resolves under the lock.
  public func commit<Result: Sendable>(
    _ resolve: @Sendable (any LedgerSnapshot) throws -> (write: LedgerWrite, result: Result)
  ) async throws -> Result {
    if let interference {
      self.interference = nil
      await interference(store)
    }
    return try await store.commit(resolve)
  }

  public func apply(_ changes: [EntryChange]) async throws {
    if let interference {
      self.interference = nil
      await interference(store)
    }
    try await store.apply(changes)
  }

  public func transactions(in days: ClosedRange<Day>) async throws -> [Transaction] {
    try await store.transactions(in: days)
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

  public func delete(_ entry: Transaction) async throws {
    try await store.delete(entry)
  }

  public func categoryTotals(in months: ClosedRange<YearMonth>) async throws
    -> [MonthCategoryTotals]
  {
    try await store.categoryTotals(in: months)
  }

  public func subscribe() async -> (revision: UInt64, changes: AsyncStream<LedgerChange>) {
    await store.subscribe()
  }

  public func latestRevision() async -> UInt64 { await store.latestRevision() }
}
