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

  /// A plan of `rows` whose additions and duplicates are already decided.
  init(rows: [TransactionDraft], additions: [TransactionDraft], duplicates: Int) {
    self.additions = additions
    self.duplicates = duplicates
    self.rows = rows
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

/// The rows read from a file, grouped by month (in file order within a month), so that an import
/// can decide and write one month at a time. Each row is kept packed — its day of the month, kind,
/// amount, memo and the number of its category, about 32 bytes — and a month's rows become
/// drafts only when that month is decided: a million rows take about 32 MB, not 100.
public struct ImportRows: Sendable {
  /// One row, packed.
  private struct Row: Sendable {
    let amount: Amount
    let memo: String
    let category: UInt32
    let day: UInt8
    let income: Bool
  }

  private var rows: [YearMonth: [Row]] = [:]
  private var categories: [String] = []
  private var categoryNumbers: [String: UInt32] = [:]
  /// How many rows there are.
  public private(set) var count = 0

  /// No rows.
  public init() {}

  /// The rows of `drafts`.
  /// - Parameter drafts: Rows in file order.
  public init(_ drafts: some Sequence<TransactionDraft>) {
    for draft in drafts { append(draft) }
  }

  /// The months the rows fall in, in order.
  public var months: [YearMonth] { rows.keys.sorted() }

  /// Adds a row after those of its month.
  /// - Parameter draft: The row.
  public mutating func append(_ draft: TransactionDraft) {
    let category: UInt32
    if let known = categoryNumbers[draft.category] {
      category = known
    } else {
      category = UInt32(categories.count)
      categories.append(draft.category)
      categoryNumbers[draft.category] = category
    }
    rows[draft.day.yearMonth, default: []].append(
      Row(
        amount: draft.amount, memo: draft.memo, category: category, day: UInt8(draft.day.day),
        income: draft.kind == .income))
    count += 1
  }

  /// The rows of `month`, in file order.
  /// - Parameter month: The month.
  /// - Returns: Its rows as drafts.
  public func drafts(of month: YearMonth) -> [TransactionDraft] {
    (rows[month] ?? []).map { row in
      TransactionDraft(
        checked: Day(unchecked: month.year, month.month, Int(row.day)),
        kind: row.income ? .income : .expense, amount: row.amount,
        category: categories[Int(row.category)], memo: row.memo)
    }
  }

  /// Removes and returns the rows of `month`.
  /// - Parameter month: The month.
  /// - Returns: Its rows, in file order.
  public mutating func take(_ month: YearMonth) -> [TransactionDraft] {
    let drafts = drafts(of: month)
    count -= rows.removeValue(forKey: month)?.count ?? 0
    return drafts
  }
}

extension TransactionDraft {
  /// A draft of fields already checked (those of a draft taken apart and put back together).
  fileprivate init(
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
    // One month of stored entries at a time: a statement of ten years never has the ledger's
    // ten years in memory at once.
    var positions: [YearMonth: [Int]] = [:]
    for (position, draft) in drafts.enumerated() {
      positions[draft.day.yearMonth, default: []].append(position)
    }
    var duplicate: [Bool] = []
    var duplicates = 0
    for month in positions.keys.sorted() {
      let stored = try await repository.transactions(in: month.dayRange)
      guard !stored.isEmpty, let rows = positions[month] else { continue }
      var counts: [ImportKey: Int] = [:]
      for entry in stored {
        counts[ImportKey(entry.day, entry.kind, entry.amount, entry.memo), default: 0] += 1
      }
      for position in rows {
        let draft = drafts[position]
        let key = ImportKey(draft.day, draft.kind, draft.amount, draft.memo)
        guard let count = counts[key], count > 0 else { continue }
        counts[key] = count - 1
        if duplicate.isEmpty { duplicate = Array(repeating: false, count: drafts.count) }
        duplicate[position] = true
        duplicates += 1
      }
    }
    guard duplicates > 0 else { return ImportPlan(rows: drafts, additions: drafts, duplicates: 0) }
    var additions: [TransactionDraft] = []
    additions.reserveCapacity(drafts.count - duplicates)
    for (position, draft) in drafts.enumerated() where !duplicate[position] {
      additions.append(draft)
    }
    return ImportPlan(rows: drafts, additions: additions, duplicates: duplicates)
  }

  /// What importing `rows` would add, read one month at a time (a month's stored entries at
  /// once, never the whole span's): the additions months in order, file order within each. The
  /// rows are handed over and end here; the plan's rows are its additions.
  /// - Parameter rows: The rows read.
  /// - Returns: The plan.
  /// - Throws: What the repository throws when reading.
  public func planImport(_ rows: consuming ImportRows) async throws -> ImportPlan {
    var rows = rows
    var additions: [TransactionDraft] = []
    var duplicates = 0
    for month in rows.months {
      let drafts = rows.take(month)
      let decided = ImportPlan(
        rows: drafts, against: try await repository.transactions(in: month.dayRange))
      additions += decided.additions
      duplicates += decided.duplicates
    }
    return ImportPlan(additions: additions, duplicates: duplicates)
  }

  /// Adds the rows of `plan` the ledger does not have, in one write and one undo step: all of
  /// them or, when the write fails, none. Which rows are already there is decided again, month by
  /// month, against the entries stored when the write commits
  /// (``TransactionRepository/insertByMonth(_:keepingEntries:_:)``), so two imports of the same
  /// file at once add its rows once; the batch's purpose says how many rows were left out then.
  /// - Parameter plan: What ``planImport(_:)`` found to add.
  /// - Returns: The batch written; empty when there was nothing to add (nothing is recorded).
  /// - Throws: What the repository throws; nothing is written then.
  @discardableResult
  public func importEntries(_ plan: consuming ImportPlan) async throws -> LedgerBatch {
    let rows = ImportRows(plan.rows)
    _ = consume plan
    return try await importRecorded(rows, keepingEntries: false, recordingUndo: true).batch
  }

  /// Adds the rows the ledger does not have, month by month, in one write: all of them or none.
  /// Each month's rows are matched (as ``planImport(_:)`` matches them) against the entries the
  /// month holds when the write commits; a store may prepare the months before it takes its lock
  /// (``TransactionRepository/insertByMonth(_:keepingEntries:_:)``). The rows are handed over:
  /// a large import keeps one copy of them.
  /// - Parameters:
  ///   - rows: The rows read.
  ///   - keepingEntries: Whether the result lists the entries added.
  ///   - recordingUndo: Whether the import is one undo step (it then keeps its entries).
  /// - Returns: What was added and left out.
  /// - Throws: What the repository throws; nothing is written then.
  @discardableResult
  public func importEntries(
    _ rows: consuming ImportRows, keepingEntries: Bool, recordingUndo: Bool
  ) async throws -> MonthlyInsertion {
    try await importRecorded(rows, keepingEntries: keepingEntries, recordingUndo: recordingUndo)
      .inserted
  }

  /// ``importEntries(_:keepingEntries:recordingUndo:)``, and the batch it wrote (the one
  /// recorded for undo, when it is): one array of the entries' changes, shared by both.
  private func importRecorded(
    _ rows: consuming ImportRows, keepingEntries: Bool, recordingUndo: Bool
  ) async throws -> (inserted: MonthlyInsertion, batch: LedgerBatch) {
    let now = stamp()
    let makeID = self.makeID
    let rows = rows
    let inserted = try await repository.insertByMonth(
      rows.months, keepingEntries: keepingEntries || recordingUndo
    ) { month, stored in
      let decided = ImportPlan(rows: rows.drafts(of: month), against: stored)
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
    guard recordingUndo else {
      return (
        inserted, LedgerBatch(purpose: .importEntries(skipped: inserted.skipped), changes: [])
      )
    }
    // The entries move into the batch, which the undo history and the caller share: a large
    // import keeps one copy of them.
    var moved = consume inserted
    let entries = moved.entries ?? []
    moved.entries = nil
    let batch = LedgerBatch(
      purpose: .importEntries(skipped: moved.skipped), changes: entries.map(EntryChange.insert))
    _ = consume entries
    if !batch.changes.isEmpty { record(.batch(batch)) }
    if keepingEntries { moved.entries = batch.insertedEntries.map { $0 } }
    return (moved, batch)
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
