extension LedgerBackup {
  /// How many times ``snapshot(of:currency:days:attempts:)`` reads the ledger before it gives
  /// up on another process's writes.
  public static let snapshotAttempts = 5

  /// Reads everything a ledger holds as one consistent snapshot, even while another process
  /// writes: the parts are read in several calls, so the ledger's stored version
  /// (``SharedLedger/storedVersion()``) is compared before and after, and everything is read
  /// again when it changed. A repository that keeps no budgets, rules or moods gives none.
  /// - Parameters:
  ///   - repository: The ledger.
  ///   - currency: The ledger's currency.
  ///   - days: The entries and moods to take, by day; budgets and rules are taken whole, since
  ///     they belong to no single day.
  ///   - attempts: How many reads to try.
  /// - Returns: The backup.
  /// - Throws: ``BackupError/unsettled(attempts:)`` when the ledger changed during every read;
  ///   what the repository throws when reading.
  public static func snapshot(
    of repository: any TransactionRepository, currency: Currency, days: ClosedRange<Day>,
    attempts: Int = snapshotAttempts
  ) async throws -> LedgerBackup {
    let shared = repository as? any SharedLedger
    for _ in 0..<max(attempts, 1) {
      let before = await shared?.storedVersion()
      let entries = try await repository.transactions(in: days)
      let budgets = try await (repository as? any BudgetRepository)?.budgetPlan() ?? .empty
      let recurring =
        try await (repository as? any RecurringRepository)?.recurringPlan() ?? .empty
      let moods = try await (repository as? any MoodRepository)?.moods(in: days) ?? [:]
      let after = await shared?.storedVersion()
      if before == after {
        return LedgerBackup(
          currency: currency, entries: entries, budgets: budgets, recurring: recurring,
          moods: moods)
      }
    }
    throw BackupError.unsettled(attempts: max(attempts, 1))
  }
}
