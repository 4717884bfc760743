import Foundation

/// What an import would add: the new entries' fields, months in order (file order within a
/// month), kept packed (``ImportRows``), and how many rows were left out because the ledger
/// already has them. The import itself decides again, under the store's write lock, which of the
/// additions the ledger has when it commits.
public struct ImportPlan: Hashable, Sendable {
  /// The entries to add, months in order, file order within each.
  public var additions: ImportRows
  /// The rows that match an entry already in the ledger (same day, kind, amount and memo).
  public var duplicates: Int

  /// A plan of these additions: importing it adds each one the ledger does not have when the
  /// import commits.
  /// - Parameters:
  ///   - additions: The entries to add.
  ///   - duplicates: The rows left out.
  public init(additions: some Sequence<TransactionDraft>, duplicates: Int) {
    self.init(rows: ImportRows(additions), duplicates: duplicates)
  }

  /// A plan of rows already packed.
  /// - Parameters:
  ///   - rows: The entries to add.
  ///   - duplicates: The rows left out.
  public init(rows: consuming ImportRows, duplicates: Int) {
    self.additions = rows
    self.duplicates = duplicates
  }

  /// Which of `rows` (one month's) to add against `stored`, the month's stored entries: a row
  /// matches a stored entry with the same day, kind, amount and memo, and each stored entry
  /// matches one row at most.
  /// - Returns: The rows to add, in order, and how many were left out.
  static func decide(_ rows: [TransactionDraft], against stored: [Transaction]) -> (
    additions: [TransactionDraft], duplicates: Int
  ) {
    decide(rows, against: stored) { ImportKey($0.day, $0.kind, $0.amount, $0.memo) }
  }

  /// Which of `entries` (one month's, of an import undone) to store again against `stored`,
  /// matched as ``decide(_:against:)`` matches rows.
  static func decide(_ entries: [Transaction], against stored: [Transaction]) -> (
    additions: [Transaction], duplicates: Int
  ) {
    decide(entries, against: stored) { ImportKey($0.day, $0.kind, $0.amount, $0.memo) }
  }

  private static func decide<Row>(
    _ rows: [Row], against stored: [Transaction], key: (Row) -> ImportKey
  ) -> (additions: [Row], duplicates: Int) {
    var counts: [ImportKey: Int] = [:]
    for entry in stored {
      counts[ImportKey(entry.day, entry.kind, entry.amount, entry.memo), default: 0] += 1
    }
    // With nothing to match, the additions are the rows themselves: one copy, not two.
    guard !counts.isEmpty else { return (rows, 0) }
    var additions: [Row] = []
    var duplicates = 0
    additions.reserveCapacity(rows.count)
    for row in rows {
      let key = key(row)
      if let count = counts[key], count > 0 {
        counts[key] = count - 1
        duplicates += 1
      } else {
        additions.append(row)
      }
    }
    return (additions, duplicates)
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

extension TransactionDraft {
  /// A draft of fields already checked (those of a draft taken apart and put back together).
  init(
    checked day: Day, kind: TransactionKind, amount: Amount, category: String, memo: String
  ) {
    self.day = day
    self.kind = kind
    self.amount = amount
    self.category = category
    self.memo = memo
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
    try await planImport(ImportRows(drafts))
  }

  /// What importing `rows` would add, read one month at a time (a month's stored entries at
  /// once, never the whole span's): the additions months in order, file order within each. The
  /// rows are handed over and end here; the plan's rows are its additions.
  /// - Parameter rows: The rows read.
  /// - Returns: The plan.
  /// - Throws: What the repository throws when reading.
  public func planImport(_ rows: consuming ImportRows) async throws -> ImportPlan {
    var rows = rows
    // Each month is taken from the rows read as it is decided: the rows are packed once.
    var additions = ImportRows()
    var duplicates = 0
    for month in rows.months {
      let stored = try await repository.transactions(in: month.dayRange)
      let decided = ImportPlan.decide(rows.take(month), against: stored)
      additions.append(contentsOf: decided.additions, of: month)
      duplicates += decided.duplicates
    }
    return ImportPlan(rows: additions, duplicates: duplicates)
  }

  /// Adds the rows of `plan` the ledger does not have, in one write and one undo step: all of
  /// them or, when the write fails, none. Which rows are already there is decided again, month by
  /// month, against the entries stored when the write commits
  /// (``TransactionRepository/insertByMonth(_:keepingEntries:_:)``), so two imports of the same
  /// file at once add its rows once; the result says how many rows were left out then. The undo
  /// step keeps the ids added, not the entries (``ImportedEntries``).
  /// - Parameter plan: What ``planImport(_:)`` found to add.
  /// - Returns: What was added; nothing is recorded when nothing was.
  /// - Throws: What the repository throws; nothing is written then.
  @discardableResult
  public func importEntries(_ plan: consuming ImportPlan) async throws -> ImportedEntries {
    let rows = plan.additions
    let planned = plan.duplicates
    _ = consume plan
    // The rows the plan left out are counted with those the commit leaves out.
    return try await importRecorded(
      rows, keepingEntries: false, recordingUndo: true, skippedBefore: planned
    ).imported
  }

  /// Adds the rows the ledger does not have, month by month, in one write: all of them or none.
  /// Each month's rows are matched (as ``planImport(_:)`` matches them) against the entries the
  /// month holds when the write commits; a store may prepare the months before it takes its lock
  /// (``TransactionRepository/insertByMonth(_:keepingEntries:_:)``). The rows are handed over:
  /// a large import keeps one copy of them.
  /// - Parameters:
  ///   - rows: The rows read.
  ///   - keepingEntries: Whether the result lists the entries added.
  ///   - recordingUndo: Whether the import is one undo step (``ImportedEntries``: its ids).
  /// - Returns: What was added and left out.
  /// - Throws: What the repository throws; nothing is written then.
  @discardableResult
  public func importEntries(
    _ rows: consuming ImportRows, keepingEntries: Bool, recordingUndo: Bool
  ) async throws -> MonthlyInsertion {
    try await importRecorded(rows, keepingEntries: keepingEntries, recordingUndo: recordingUndo)
      .inserted
  }

  /// ``importEntries(_:keepingEntries:recordingUndo:)``, and the record of what it added (the
  /// undo step, when it is recorded), whose rows left out include `skippedBefore` (a plan's).
  private func importRecorded(
    _ rows: consuming ImportRows, keepingEntries: Bool, recordingUndo: Bool,
    skippedBefore: Int = 0
  ) async throws -> (inserted: MonthlyInsertion, imported: ImportedEntries) {
    let now = stamp()
    let makeID = self.makeID
    let rows = rows
    let insert = { [repository] in
      try await repository.insertByMonth(rows.months, keepingEntries: keepingEntries) {
        month, stored in
        let decided = ImportPlan.decide(rows.drafts(of: month), against: stored)
        var entries: [Transaction] = []
        entries.reserveCapacity(decided.additions.count)
        for draft in decided.additions {
          entries.append(
            Transaction(
              id: makeID(), day: draft.day, kind: draft.kind, amount: draft.amount,
              category: draft.category, memo: draft.memo, createdAt: now, updatedAt: now))
        }
        return MonthAdditions(entries: entries, skipped: decided.duplicates)
      }
    }
    var inserted: MonthlyInsertion
    do {
      inserted = try await insert()
    } catch LedgerError.duplicateTransaction {
      // A new id drawn the same as one the ledger holds, or as another row's: about one import
      // in a thousand of a million rows into a million entries. Nothing was written; the rows
      // are given new ids once more (twice the same clash is one in a million).
      inserted = try await insert()
    }
    // The ids move into the record: the undo history and the caller share one copy.
    let imported = ImportedEntries(
      count: inserted.added, skipped: inserted.skipped + skippedBefore, stamp: now,
      ids: inserted.addedIDs)
    inserted.addedIDs = [:]
    if recordingUndo && imported.count > 0 { record(.imported(imported)) }
    return (inserted, imported)
  }

  /// Stores again the entries an undone import took away (`batch`, as its undo kept them), with
  /// their ids and stamps, each month's matched as an import matches its rows against the
  /// entries the month holds when the write commits: rows another window imported meanwhile
  /// are not added twice. Nothing is recorded here (the redo records the result).
  /// - Returns: What was added, with the rows left out (the import's own and these).
  func reimport(_ batch: LedgerBatch, skippedBefore: Int) async throws -> ImportedEntries {
    var byMonth: [YearMonth: [Transaction]] = [:]
    for change in batch.changes {
      if case .insert(let entry) = change {
        byMonth[entry.day.yearMonth, default: []].append(entry)
      }
    }
    // Every entry of an import carries the instant it was stamped with.
    let stamped = byMonth.values.first?.first?.createdAt ?? stamp()
    let entries = byMonth
    let inserted = try await repository.insertByMonth(
      Array(entries.keys), keepingEntries: false
    ) { month, stored in
      let decided = ImportPlan.decide(entries[month] ?? [], against: stored)
      return MonthAdditions(entries: decided.additions, skipped: decided.duplicates)
    }
    return ImportedEntries(
      count: inserted.added, skipped: inserted.skipped + skippedBefore, stamp: stamped,
      ids: inserted.addedIDs)
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
