import HannunDomain

/// Recurring rules whose reads can be made to fail, as a `recurring.json` damaged or replaced
/// by a link after it was read fails them; writes go to the in-memory store it wraps.
public actor ReadFailingRecurringRepository: RecurringRepository {
  /// The rules behind it.
  public let store: InMemoryTransactionRepository
  private var readFailure: (any Error)?

  /// - Parameter store: Where the rules are kept.
  public init(_ store: InMemoryTransactionRepository) {
    self.store = store
  }

  /// Makes every read of the plan throw `error`.
  public func failReads(with error: any Error) {
    readFailure = error
  }

  public func recurringPlan() async throws -> RecurringPlan {
    if let readFailure { throw readFailure }
    return try await store.recurringPlan()
  }

  public func changePlan<Result: Sendable>(
    _ change: @Sendable (inout RecurringPlan) throws(RecurringError) -> Result
  ) async throws -> Result {
    try await store.changePlan(change)
  }

  public func confirm(
    _ key: OccurrenceKey, making makeEntry: @Sendable (Occurrence) -> Transaction
  ) async throws -> Transaction {
    try await store.confirm(key, making: makeEntry)
  }
}
