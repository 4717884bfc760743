/// Where a ledger keeps its recurring rules and the decisions about their occurrences. It is a
/// capability of its own (see ``LedgerStores``); confirming an occurrence adds an entry to the
/// same ledger's entries.
///
/// Reading the plan never writes. Every change happens under the store's write lock on the plan
/// as stored at that moment, so two processes never lose each other's changes, and confirming an
/// occurrence adds its entry and records the decision in one atomic write: an occurrence becomes
/// an entry exactly once, however many confirm it at the same time.
public protocol RecurringRepository: Sendable {
  /// The rules and decisions as stored now; ``RecurringPlan/empty`` when there are none.
  /// - Throws: ``LedgerError/unreadableFile(path:reason:)`` when the stored plan is damaged.
  func recurringPlan() async throws -> RecurringPlan

  /// Changes the stored plan: `change` runs on the plan as stored now, under the write lock,
  /// and what it leaves is stored, unless it throws.
  /// - Parameter change: The change; it may refuse with a ``RecurringError``.
  /// - Returns: What `change` returned.
  /// - Throws: ``LedgerError/recurring(_:)`` with what `change` threw (nothing is written), or
  ///   a file error.
  func changePlan<Result: Sendable>(
    _ change: @Sendable (inout RecurringPlan) throws(RecurringError) -> Result
  ) async throws -> Result

  /// Turns a planned occurrence into an entry: under the write lock, checks that the occurrence
  /// is still planned, builds the entry from it with `makeEntry`, and stores the entry and the
  /// decision in one write.
  /// - Parameters:
  ///   - key: The occurrence.
  ///   - makeEntry: Makes the entry (id and stamps) from the occurrence as stored now.
  /// - Returns: The entry added.
  /// - Throws: ``LedgerError/recurring(_:)`` when the occurrence is not planned any more
  ///   (confirmed or skipped meanwhile, by anyone), its rule is gone, or it is not one of the
  ///   rule's days; nothing is written.
  func confirm(_ key: OccurrenceKey, making makeEntry: @Sendable (Occurrence) -> Transaction)
    async throws -> Transaction
}
