import Foundation
import HannunDomain

/// A backup is restored in ONE journalled commit, like any write: every month file, the index,
/// `budgets.json`, `recurring.json`, `moods.json` and `meta.json` are staged and committed
/// together under the writers' lock, so a kill at any point leaves the empty ledger or the
/// restored one, and the emptiness checked is the emptiness the commit replaces.
extension JSONFileTransactionStore: LedgerRestoring {
  /// Restores `backup` into this ledger when it is empty (no month file, budget, rule, decision
  /// or mood). A ledger without `meta.json` takes the backup's currency; one with it must be in
  /// the backup's currency. Entries keep their ids and stamps (to the millisecond).
  public func restore(_ backup: LedgerBackup) async throws {
    if let problem = backup.problem() { throw BackupError.invalid(problem) }
    // Checked by the same rules as every write, before the lock.
    let entries = try backup.entries.map { entry throws(LedgerError) in try canonical(entry) }
    let refusal = try await writing { () throws(LedgerError) -> BackupError? in
      if let refusal = try restoreRefusal(backup.currency) { return refusal }
      var byMonth: [YearMonth: MonthDocument] = [:]
      var ids: [TransactionID: YearMonth?] = [:]
      for entry in entries {
        let month = entry.day.yearMonth
        byMonth[month, default: MonthDocument(month: month)].records.append(
          try StoredRecord(entry))
        ids.updateValue(month, forKey: entry.id)
      }
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
      guard !byMonth.isEmpty || !otherFiles.isEmpty else { return nil }
      var index = try currentIndex(forWriting: true)
      let documents = byMonth.keys.sorted().compactMap { byMonth[$0] }
      try commit(documents, ids: ids, index: &index, otherFiles: otherFiles)
      feed.publish(months: Set(byMonth.keys).union(backup.moods.keys.map(\.yearMonth)))
      return nil
    }
    if let refusal { throw refusal }
  }

  /// Why the ledger cannot take a backup now, or `nil` when it can: it holds something, or its
  /// `meta.json` names another currency. Run under the exclusive lock.
  private func restoreRefusal(_ currency: Currency) throws(LedgerError) -> BackupError? {
    if let file = try POSIXFiles.read(path: layout.metadataPath) {
      let metadata = try LedgerCodec.decode(
        StoredMetadata.self, from: file.data, path: layout.metadataPath)
      if metadata.currency != currency.code {
        return .currencyMismatch(ledger: metadata.currency, backup: currency.code)
      }
    }
    guard try monthFiles(removingLeftovers: false).isEmpty else { return .ledgerNotEmpty }
    if let file = try POSIXFiles.read(path: layout.budgetsPath),
      try !BudgetFileCodec.decode(file.data, path: layout.budgetsPath).plan(
        path: layout.budgetsPath
      ).isEmpty
    {
      return .ledgerNotEmpty
    }
    let recurringPath = layout.path(LedgerLayout.recurringFile)
    if let file = try POSIXFiles.read(path: recurringPath) {
      let plan = try LedgerCodec.decode(StoredRecurring.self, from: file.data, path: recurringPath)
        .plan(path: recurringPath)
      if !plan.rules.isEmpty || !plan.decisions.isEmpty { return .ledgerNotEmpty }
    }
    if let file = try POSIXFiles.read(path: layout.moodsPath),
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
