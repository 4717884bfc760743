extension LedgerBackup {
  /// How many times a snapshot reads the ledger before it gives up on another process's
  /// writes.
  public static let snapshotAttempts = 5

  /// Reads everything a ledger holds as one consistent snapshot, even while another process
  /// writes: the parts are read in several calls, so the ledger's stored version
  /// (``SharedLedger/storedVersion()``) is compared before and after, and everything is read
  /// again when it changed.
  /// - Parameters:
  ///   - store: The ledger.
  ///   - currency: The ledger's currency.
  ///   - days: The entries and moods to take, by day; budgets and rules are taken whole, since
  ///     they belong to no single day.
  ///   - attempts: How many reads to try.
  /// - Returns: The backup.
  /// - Throws: ``BackupError/unsettled(attempts:)`` when the ledger changed during every read;
  ///   what the store throws when reading.
  public static func snapshot(
    of store: some LedgerStore, currency: Currency, days: ClosedRange<Day>,
    attempts: Int = snapshotAttempts
  ) async throws -> LedgerBackup {
    try await snapshot(
      of: LedgerStores(store), currency: currency, days: days, attempts: attempts)
  }

  /// Reads everything a ledger's capabilities hold as one consistent snapshot, comparing the
  /// stored version before and after as the snapshot of one store does.
  /// - Parameters:
  ///   - stores: The ledger's capabilities.
  ///   - currency: The ledger's currency.
  ///   - days: The entries and moods to take, by day.
  ///   - attempts: How many reads to try.
  /// - Returns: The backup.
  /// - Throws: ``BackupError/unsettled(attempts:)`` when the ledger changed during every read;
  ///   what a store throws when reading.
  public static func snapshot(
    of stores: LedgerStores, currency: Currency, days: ClosedRange<Day>,
    attempts: Int = snapshotAttempts
  ) async throws -> LedgerBackup {
    for _ in 0..<max(attempts, 1) {
      let before = await stores.versions.storedVersion()
      let entries = try await stores.entries.transactions(in: days)
      let budgets = try await stores.budgets.budgetPlan()
      let recurring = try await stores.recurring.recurringPlan()
      let moods = try await stores.moods.moods(in: days)
      let after = await stores.versions.storedVersion()
      if before == after {
        return LedgerBackup(
          currency: currency, entries: entries, budgets: budgets, recurring: recurring,
          moods: moods)
      }
    }
    throw BackupError.unsettled(attempts: max(attempts, 1))
  }
}
