import HannunDomain

/// Restoring a backup in memory, with the file store's rules: only into an empty repository,
/// all of it or nothing. The repository keeps no currency, so matching it is the caller's part.
extension InMemoryTransactionRepository: LedgerRestoring {
  /// Restores `backup` when the repository holds no entry, budget, rule, decision or mood;
  /// publishes one change naming every month restored. The error given to
  /// ``failNextWrite(with:)`` is thrown first, with nothing changed.
  public func restore(_ backup: LedgerBackup) async throws {
    try consumeFailure()
    if let problem = backup.problem() { throw BackupError.invalid(problem) }
    guard
      entries.isEmpty && storedBudgetPlan.isEmpty && storedPlan.rules.isEmpty
        && storedPlan.decisions.isEmpty && storedMoods.isEmpty
    else { throw BackupError.ledgerNotEmpty }
    guard !backup.isEmpty else { return }
    for entry in backup.entries { entries[entry.id] = entry }
    storedBudgetPlan = backup.budgets
    storedPlan = backup.recurring
    storedMoods = backup.moods
    feed.publish(
      months: Set(backup.entries.map(\.day.yearMonth)).union(backup.moods.keys.map(\.yearMonth)))
  }
}
