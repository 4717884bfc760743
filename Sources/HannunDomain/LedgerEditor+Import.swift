import Foundation

/// What an import would add: the new entries' fields, and how many rows were left out because
/// the ledger already has them.
public struct ImportPlan: Hashable, Sendable {
  /// The entries to add, in file order.
  public var additions: [TransactionDraft]
  /// The rows that match an entry already in the ledger (same day, kind, amount and memo).
  public var duplicates: Int

  /// A plan.
  /// - Parameters:
  ///   - additions: The entries to add.
  ///   - duplicates: The rows left out.
  public init(additions: [TransactionDraft], duplicates: Int) {
    self.additions = additions
    self.duplicates = duplicates
  }

  /// The totals of the additions per month, income and expense apart, months in order.
  /// - Throws: ``LedgerError/totalOverflow`` when a total does not fit.
  public func monthTotals() throws(LedgerError) -> [(
    month: YearMonth, income: Int64, expense: Int64, count: Int
  )] {
    var totals: [YearMonth: (income: Int64, expense: Int64, count: Int)] = [:]
    for draft in additions {
      var total = totals[draft.day.yearMonth] ?? (0, 0, 0)
      let minor = draft.amount.minorUnits
      let (sum, overflow) =
        draft.kind == .income
        ? total.income.addingReportingOverflow(minor) : total.expense.addingReportingOverflow(minor)
      guard !overflow else { throw .totalOverflow }
      if draft.kind == .income { total.income = sum } else { total.expense = sum }
      total.count += 1
      totals[draft.day.yearMonth] = total
    }
    return totals.keys.sorted().map { month in
      let total = totals[month] ?? (0, 0, 0)
      return (month, total.income, total.expense, total.count)
    }
  }
}

extension LedgerEditor {
  /// Which of `drafts` the ledger does not have yet. A draft matches a stored entry with the
  /// same day, kind, amount and memo; each stored entry matches one draft at most, so a file
  /// with two equal coffees on a day adds the second when the ledger holds one. Nothing is
  /// written.
  /// - Parameter drafts: The entries read from a file, in file order.
  /// - Returns: The plan: what to add, and how many were left out.
  /// - Throws: What the repository throws when reading.
  public func planImport(_ drafts: [TransactionDraft]) async throws -> ImportPlan {
    guard let first = drafts.map(\.day).min(), let last = drafts.map(\.day).max() else {
      return ImportPlan(additions: [], duplicates: 0)
    }
    var stored: [ImportKey: Int] = [:]
    for entry in try await repository.transactions(in: first...last) {
      stored[ImportKey(entry.day, entry.kind, entry.amount, entry.memo), default: 0] += 1
    }
    var additions: [TransactionDraft] = []
    additions.reserveCapacity(drafts.count)
    var duplicates = 0
    for draft in drafts {
      let key = ImportKey(draft.day, draft.kind, draft.amount, draft.memo)
      if let count = stored[key], count > 0 {
        stored[key] = count - 1
        duplicates += 1
      } else {
        additions.append(draft)
      }
    }
    return ImportPlan(additions: additions, duplicates: duplicates)
  }

  /// Adds the entries of `plan` in one write (``TransactionRepository/apply(_:)``) and one undo
  /// step: all of them or, when the write fails, none.
  /// - Parameter plan: What ``planImport(_:)`` found to add.
  /// - Returns: The batch written; empty when there was nothing to add (nothing is recorded).
  /// - Throws: What the repository throws; nothing is written then.
  @discardableResult
  public func importEntries(_ plan: consuming ImportPlan) async throws -> LedgerBatch {
    let now = stamp()
    let skipped = plan.duplicates
    var changes: [EntryChange] = []
    changes.reserveCapacity(plan.additions.count)
    for draft in plan.additions {
      changes.append(
        .insert(
          Transaction(
            id: makeID(), day: draft.day, kind: draft.kind, amount: draft.amount,
            category: draft.category, memo: draft.memo, createdAt: now, updatedAt: now)))
    }
    // The drafts are not needed once the entries are made; a large import keeps one copy.
    _ = consume plan
    let batch = LedgerBatch(purpose: .importEntries(skipped: skipped), changes: changes)
    try await apply(batch)
    return batch
  }
}

/// What makes two entries the same for an import.
private struct ImportKey: Hashable {
  let day: Day
  let kind: TransactionKind
  let amount: Amount
  let memo: String

  init(_ day: Day, _ kind: TransactionKind, _ amount: Amount, _ memo: String) {
    self.day = day
    self.kind = kind
    self.amount = amount
    self.memo = memo
  }
}
