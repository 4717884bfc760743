import Foundation

/// What an import would add: the new entries' fields, and how many rows were left out because
/// the ledger already has them. It also keeps every row read, so that the import itself decides
/// again, under the store's write lock, against what is stored when it commits.
public struct ImportPlan: Hashable, Sendable {
  /// The entries to add, in file order.
  public var additions: [TransactionDraft]
  /// The rows that match an entry already in the ledger (same day, kind, amount and memo).
  public var duplicates: Int
  /// Every row read, in file order: what ``LedgerEditor/importEntries(_:)`` matches again
  /// against the ledger as it is at commit time.
  public var rows: [TransactionDraft]

  /// A plan whose rows are its additions: importing it adds each one the ledger does not have
  /// when the import commits.
  /// - Parameters:
  ///   - additions: The entries to add.
  ///   - duplicates: The rows left out.
  public init(additions: [TransactionDraft], duplicates: Int) {
    self.additions = additions
    self.duplicates = duplicates
    self.rows = additions
  }

  /// A plan of `rows`: the additions and duplicates they give against `stored`.
  /// - Parameters:
  ///   - rows: Every row read, in file order.
  ///   - stored: The entries stored over the rows' days.
  init(rows: [TransactionDraft], against stored: [Transaction]) {
    var counts: [ImportKey: Int] = [:]
    for entry in stored {
      counts[ImportKey(entry.day, entry.kind, entry.amount, entry.memo), default: 0] += 1
    }
    var additions: [TransactionDraft] = []
    var duplicates = 0
    if !counts.isEmpty {
      additions.reserveCapacity(rows.count)
      for draft in rows {
        let key = ImportKey(draft.day, draft.kind, draft.amount, draft.memo)
        if let count = counts[key], count > 0 {
          counts[key] = count - 1
          duplicates += 1
        } else {
          additions.append(draft)
        }
      }
    }
    // With nothing to match, the additions are the rows themselves: one copy, not two.
    self.additions = counts.isEmpty ? rows : additions
    self.duplicates = duplicates
    self.rows = rows
  }

  /// The days the rows span, or `nil` when there are none.
  var days: ClosedRange<Day>? {
    guard let first = rows.map(\.day).min(), let last = rows.map(\.day).max() else { return nil }
    return first...last
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
  /// written: this is what a dry run shows, and ``importEntries(_:)`` decides again when it
  /// commits.
  /// - Parameter drafts: The entries read from a file, in file order.
  /// - Returns: The plan: what to add, and how many were left out.
  /// - Throws: What the repository throws when reading.
  public func planImport(_ drafts: [TransactionDraft]) async throws -> ImportPlan {
    guard let first = drafts.map(\.day).min(), let last = drafts.map(\.day).max() else {
      return ImportPlan(additions: [], duplicates: 0)
    }
    return ImportPlan(rows: drafts, against: try await repository.transactions(in: first...last))
  }

  /// Adds the rows of `plan` the ledger does not have, in one write and one undo step: all of
  /// them or, when the write fails, none. Which rows are already there is decided again under
  /// the store's write lock, against the entries stored when the write commits
  /// (``TransactionRepository/commit(_:)``), so two imports of the same file at once add its
  /// rows once; the batch's purpose says how many rows were left out then.
  /// - Parameter plan: What ``planImport(_:)`` found to add.
  /// - Returns: The batch written; empty when there was nothing to add (nothing is recorded).
  /// - Throws: What the repository throws; nothing is written then.
  @discardableResult
  public func importEntries(_ plan: consuming ImportPlan) async throws -> LedgerBatch {
    let now = stamp()
    let makeID = self.makeID
    let rows = plan.rows
    let days = plan.days
    // The drafts are not needed once the rows are taken; a large import keeps one copy.
    _ = consume plan
    let batch = try await repository.commit { snapshot in
      let stored = try days.map { try snapshot.transactions(in: $0) } ?? []
      let decided = ImportPlan(rows: rows, against: stored)
      var changes: [EntryChange] = []
      changes.reserveCapacity(decided.additions.count)
      for draft in decided.additions {
        changes.append(
          .insert(
            Transaction(
              id: makeID(), day: draft.day, kind: draft.kind, amount: draft.amount,
              category: draft.category, memo: draft.memo, createdAt: now, updatedAt: now)))
      }
      let batch = LedgerBatch(
        purpose: .importEntries(skipped: decided.duplicates), changes: changes)
      return (batch.write, batch)
    }
    if !batch.isEmpty { record(.batch(batch)) }
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
