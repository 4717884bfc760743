import HannunDomain

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A backup is restored in ONE journalled commit, like any write: every month file, the index,
/// `budgets.json`, `recurring.json`, `moods.json` and `meta.json` are committed together under
/// the writers' lock, so a kill at any point leaves the empty ledger or the restored one.
///
/// The month files are prepared first, without the lock, as the backup is read: its entries
/// are kept a few thousand at a time and written month by month to `ledger/staging/`
/// (``RestoreStaging``), so a backup of any size is restored in little memory and readers and
/// writers are never kept waiting while it is read. Only the commit takes the writers' lock,
/// and it first checks again, on the ledger as it is then, that the ledger is still empty and in
/// the backup's currency: the month files were prepared for an empty ledger, and a ledger that
/// another process wrote to meanwhile is refused as any ledger that is not empty is.
extension JSONFileTransactionStore: LedgerRestoring {
  /// Restores `backup` into this ledger when it is empty (no month file, budget, rule, decision
  /// or mood). A ledger without `meta.json` takes the backup's currency; one with it must be in
  /// the backup's currency. Entries keep their ids and stamps (to the millisecond).
  public func restore(_ backup: LedgerBackup) async throws {
    if let problem = backup.problem() { throw BackupError.invalid(problem) }
    let outline = BackupOutline(
      rest: backup, entryCount: backup.entries.count, months: Set(backup.months))
    _ = try await restore { sink in
      for entry in backup.entries { try sink.add(entry) }
      return outline
    }
  }

  /// Restores a backup read a piece at a time (see the type's description): `read` runs
  /// before the lock is taken, its entries checked by the rules of every write and staged, and
  /// the lock is held only for the commit.
  public func restore(reading read: @Sendable (any BackupEntrySink) throws -> BackupOutline)
    async throws -> BackupOutline
  {
    let staging = RestoreStaging(layout: layout)
    defer { staging.discard() }
    let outline = try read(staging)
    try staging.finish()
    let backup = outline.rest
    if let problem = backup.problem() { throw BackupError.invalid(problem) }
    let changes = staging.changes
    let ids = staging.idsByShard
    let refusal = try await writing { () throws(LedgerError) -> BackupError? in
      // What the staged months were prepared for, checked on the ledger as it is now.
      if let refusal = try restoreRefusal(backup.currency) { return refusal }
      var otherFiles: [String: Data?] = [:]
      if !POSIXFiles.exists(layout.metadataPath) {
        // A new ledger takes the backup's currency, whatever the store was opened with.
        otherFiles[LedgerLayout.metadataFile] = try LedgerCodec.encode(
          StoredMetadata(currency: backup.currency), path: layout.metadataPath)
      }
      if !backup.budgets.isEmpty {
        otherFiles[LedgerLayout.budgetsFile] = BudgetFileCodec.encode(
          StoredBudgets(backup.budgets, keepingUnknownFrom: nil))
      }
      if backup.recurring != .empty {
        otherFiles[LedgerLayout.recurringFile] = try LedgerCodec.encode(
          StoredRecurring(backup.recurring), path: layout.path(LedgerLayout.recurringFile))
      }
      if !backup.moods.isEmpty {
        otherFiles[LedgerLayout.moodsFile] = MoodFileCodec.encode(
          StoredMoods(backup.moods, keepingUnknownFrom: nil))
      }
      guard !changes.isEmpty || !otherFiles.isEmpty else { return nil }
      var index = try currentIndex(forWriting: true)
      try commit(
        changes: changes, ids: [:], index: &index, otherFiles: otherFiles,
        idsByShard: ids)
      feed.publish(months: Set(changes.map(\.month)).union(backup.moods.keys.map(\.yearMonth)))
      return nil
    }
    if let refusal { throw refusal }
    // Committed: the staged months are in the ledger now, nothing is left to remove.
    staging.committed()
    return outline
  }

  /// Why the ledger cannot take a backup now, or `nil` when it can: it holds something, or its
  /// `meta.json` names another currency. Run under the exclusive lock.
  private func restoreRefusal(_ currency: Currency) throws(LedgerError) -> BackupError? {
    if let file = try POSIXFiles.read(ledgerFile: layout.metadataPath) {
      let metadata = try LedgerCodec.decode(
        StoredMetadata.self, from: file.data, path: layout.metadataPath)
      if metadata.currency != currency.code {
        return .currencyMismatch(ledger: metadata.currency, backup: currency.code)
      }
    }
    guard try monthFiles(removingLeftovers: false).isEmpty else { return .ledgerNotEmpty }
    if let file = try POSIXFiles.read(ledgerFile: layout.budgetsPath),
      try !BudgetFileCodec.decode(file.data, path: layout.budgetsPath).plan(
        path: layout.budgetsPath
      ).isEmpty
    {
      return .ledgerNotEmpty
    }
    let recurringPath = layout.path(LedgerLayout.recurringFile)
    if let file = try POSIXFiles.read(ledgerFile: recurringPath) {
      let plan = try LedgerCodec.decode(StoredRecurring.self, from: file.data, path: recurringPath)
        .plan(path: recurringPath)
      if !plan.rules.isEmpty || !plan.decisions.isEmpty { return .ledgerNotEmpty }
    }
    if let file = try POSIXFiles.read(ledgerFile: layout.moodsPath),
      try !MoodFileCodec.decode(file.data, path: layout.moodsPath).diary(path: layout.moodsPath)
        .isEmpty
    {
      return .ledgerNotEmpty
    }
    return nil
  }
}

extension LedgerLayout {
  /// `meta.json`, relative to `ledger/`.
  static let metadataFile = "meta.json"
}
