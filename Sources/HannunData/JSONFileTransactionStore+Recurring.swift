import HannunDomain

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension LedgerLayout {
  /// `recurring.json`, relative to `ledger/`: the recurring rules and decisions.
  static let recurringFile = "recurring.json"
}

/// Recurring rules live in `ledger/recurring.json`. Every change is a commit like an entry's,
/// made under the exclusive lock on the plan as stored at that moment; a confirmation stages
/// the entry's month (with the index) and the plan in one commit, so an occurrence becomes an
/// entry exactly once even when two processes confirm it together.
extension JSONFileTransactionStore: RecurringRepository {
  /// Reads `recurring.json` under the shared lock; writes nothing.
  public func recurringPlan() async throws -> RecurringPlan {
    try await reading { () throws(LedgerError) in try storedPlan() }
  }

  /// Changes the plan under the exclusive lock and commits it.
  public func changePlan<Result: Sendable>(
    _ change: @Sendable (inout RecurringPlan) throws(RecurringError) -> Result
  ) async throws -> Result {
    // A change refused on the plan as read now is refused before the lock, so that it creates
    // nothing (not even `ledger/` for its lock); one that passes runs again under the lock.
    var preview = try await recurringPlan()
    do throws(RecurringError) { _ = try change(&preview) } catch {
      throw LedgerError.recurring(error)
    }
    return try await writing { () throws(LedgerError) -> Result in
      var plan = try storedPlan()
      let result: Result
      do throws(RecurringError) { result = try change(&plan) } catch { throw .recurring(error) }
      var index = try currentIndex(forWriting: true)
      try commit(
        [], ids: [:], index: &index, otherFiles: [LedgerLayout.recurringFile: try encoded(plan)])
      feed.publish(months: [])
      return result
    }
  }

  /// Adds the occurrence's entry and records the decision in one commit, after checking under
  /// the exclusive lock that the occurrence is still planned.
  public func confirm(
    _ key: OccurrenceKey, making makeEntry: @Sendable (Occurrence) -> Transaction
  ) async throws -> Transaction {
    // As in `changePlan`: an occurrence that is not planned is refused without creating anything.
    let current = try await recurringPlan()
    do throws(RecurringError) { _ = try current.occurrence(key) } catch {
      throw LedgerError.recurring(error)
    }
    return try await writing { () throws(LedgerError) -> Transaction in
      var plan = try storedPlan()
      let occurrence: Occurrence
      do throws(RecurringError) { occurrence = try plan.occurrence(key) } catch {
        throw .recurring(error)
      }
      let entry = try canonical(makeEntry(occurrence))
      do throws(RecurringError) { try plan.confirm(key, as: entry.id) } catch {
        throw .recurring(error)
      }
      var index = try currentIndex(forWriting: true)
      if try monthOf(entry.id, in: &index, forWriting: true) != nil {
        throw LedgerError.duplicateTransaction(entry.id)
      }
      let month = entry.day.yearMonth
      try checkMonths([month], index: &index)
      var document = try documentForWriting(month, index: index)
      document.records.append(try StoredRecord(entry))
      try commit(
        [document], ids: [entry.id: month], index: &index,
        otherFiles: [LedgerLayout.recurringFile: try encoded(plan)])
      feed.publish(months: [month])
      return entry
    }
  }

  /// The plan in `recurring.json`, or an empty one when there is no such file.
  func storedPlan() throws(LedgerError) -> RecurringPlan {
    let path = layout.path(LedgerLayout.recurringFile)
    guard let file = try POSIXFiles.read(ledgerFile: path) else { return .empty }
    let stored = try LedgerCodec.decode(StoredRecurring.self, from: file.data, path: path)
    return try stored.plan(path: path)
  }

  func encoded(_ plan: RecurringPlan) throws(LedgerError) -> Data {
    try LedgerCodec.encode(
      StoredRecurring(plan), path: layout.path(LedgerLayout.recurringFile))
  }
}
