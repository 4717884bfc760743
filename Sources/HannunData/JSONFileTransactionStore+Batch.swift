import HannunDomain

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension JSONFileTransactionStore {
  /// Makes every change in one commit, like a single write: under the writers' lock each month
  /// file touched is read once, every update and delete is checked against the stored entry (as
  /// the batch's earlier changes left it), and the months, the index and the catalog are
  /// committed together through the journal, so a kill at any point leaves all of the batch or
  /// none of it. Fields a newer Hannun wrote stay with an updated entry, wherever it moves.
  public func apply(_ changes: [EntryChange]) async throws {
    guard !changes.isEmpty else { return }
    var prepared: [EntryChange] = []
    for change in changes {
      switch change {
      case .insert(let entry): prepared.append(.insert(try canonical(entry)))
      case .update(let current, let updated):
        prepared.append(.update(current, to: try canonical(updated)))
      case .delete: prepared.append(change)
      }
    }
    try await writing { () throws(LedgerError) in
      var index = try currentIndex(forWriting: true)
      // The staged months end with `staged`, before the commit encodes them: a batch of
      // 100,000 inserts (an import) holds one copy of its records, not two.
      let (documents, ids, months) = try staged(prepared, index: &index)
      try commit(documents, ids: ids, index: &index)
      feed.publish(months: months)
    }
  }

  /// Resolves the write under the exclusive lock, on the ledger as the files hold it then, and
  /// commits it in the same locked step: the entries' months with the index, `budgets.json` and
  /// `recurring.json`, through one journalled commit. Before any ledger exists the write is
  /// first resolved on an empty ledger without the lock, so that one that turns out empty or
  /// refused creates nothing (not even `ledger/` for its lock).
  public func commit<Result: Sendable>(
    _ resolve: @Sendable (any LedgerSnapshot) throws -> (write: LedgerWrite, result: Result)
  ) async throws -> Result {
    if !POSIXFiles.exists(layout.ledgerDirectory) {
      let (write, result) = try resolve(EmptySnapshot())
      if write.isEmpty { return result }
    }
    var refusal: (any Error)?
    var produced: Result?
    try await writing { () throws(LedgerError) in
      let snapshot = LockedSnapshot(
        entries: { days throws(LedgerError) in try self.storedTransactions(in: days) },
        totals: { months throws(LedgerError) in try self.storedCategoryTotals(in: months) },
        budgets: { () throws(LedgerError) in
          try self.storedBudgets()?.plan(path: self.layout.budgetsPath) ?? .empty
        },
        plan: { () throws(LedgerError) in try self.storedPlan() })
      let resolved: (write: LedgerWrite, result: Result)
      do {
        resolved = try resolve(snapshot)
      } catch {
        if let failure = error as? LedgerError { throw failure }
        refusal = error
        return
      }
      try make(resolved.write)
      produced = resolved.result
    }
    if let refusal { throw refusal }
    guard let produced else {
      throw LedgerError.unwritableFile(path: layout.ledgerDirectory, reason: .folderDisappeared)
    }
    return produced
  }

  /// Adds entries month by month in one journalled commit, preparing each month before the
  /// writers' lock is taken and holding the lock only for the commit:
  ///
  /// 1. **Prepare**, one month at a time, under the readers' lock for the read only: the month
  ///    file is read, `decide` makes the month's additions from its entries, and the new file is
  ///    written to `staging/` and flushed. Only the month's signature, its new file's name,
  ///    totals and ids are kept, so the entries of a large import are never all in memory.
  /// 2. **Commit**, under the exclusive lock: each month whose file changed since it was read
  ///    (another process wrote to it) is decided and prepared again from the file as it is now,
  ///    the new ids are checked against the index, and the staged files are committed with the
  ///    index through one journal, as ``apply(_:)`` commits.
  ///
  /// Readers are never blocked by the preparation, and a change another process made meanwhile
  /// is decided on again rather than lost or duplicated.
  public func insertByMonth(
    _ months: [YearMonth], keepingEntries: Bool,
    _ decide: @Sendable (YearMonth, [Transaction]) -> MonthAdditions
  ) async throws -> MonthlyInsertion {
    var prepared: [PreparedMonth] = []
    defer { for month in prepared { month.staged?.discard() } }
    for month in Set(months).sorted() {
      let read = try await reading { () throws(LedgerError) in try readForImport(month) }
      prepared.append(
        try prepare(month, read: read, keepingEntries: keepingEntries, flushing: false, decide))
    }
    guard prepared.contains(where: { $0.staged != nil }) else {
      return MonthlyInsertion(
        added: 0, skipped: prepared.reduce(0) { $0 + $1.skipped },
        entries: keepingEntries ? [] : nil)
    }
    // The staged months reach the disk together, before the commit can point to any of them.
    try StagedFile.flush(prepared.compactMap(\.staged), layout: layout)
    return try await writing { () throws(LedgerError) in
      var index = try currentIndex(forWriting: true)
      if index.unrecorded, !index.months.isEmpty {
        // A ledger whose index is not on disk (an older Hannun's, or one whose `index/` was
        // removed): the index just built is recorded alone first, and let go, so that the
        // import's shards are then read, merged and staged one at a time, not held with it.
        try commit(changes: [], ids: [:], index: &index)
        self.index = nil
        index = try currentIndex(forWriting: true)
      }
      try checkMonths(prepared.map(\.month), index: &index)
      var changes: [MonthFileChange] = []
      // The new ids by shard, as their lines: a million of them in some 23 MB, each shard's
      // made as large as it will be at once.
      // Gathered by shard number, not by name: a name made and hashed an id took 3 % of an
      // import of 100,000 rows.
      var counts = [Int](repeating: 0, count: IndexBuildIDs.shardCount)
      for item in prepared where item.staged != nil {
        for id in item.ids { counts[IndexBuildIDs.shard(of: id)] += 1 }
      }
      var bySlot = counts.map { IDShard.Additions(capacity: $0) }
      var names = [String?](repeating: nil, count: IndexBuildIDs.shardCount)
      var result = MonthlyInsertion(added: 0, skipped: 0, entries: keepingEntries ? [] : nil)
      for position in prepared.indices {
        let month = prepared[position].month
        if let problem = index.months[month]?.problem { throw problem }
        let now = try POSIXFiles.signature(ofLedgerFileAt: layout.monthPath(month))
        if now != prepared[position].before {
          // Another process wrote this month since it was read: decide it again.
          prepared[position].staged?.discard()
          let path = layout.monthPath(month)
          let file = try POSIXFiles.read(ledgerFile: path)
          let document =
            try file.map { file throws(LedgerError) in
              try MonthDocument(decoding: file.data, month: month, path: path)
            } ?? MonthDocument(month: month)
          prepared[position] = try prepare(
            month, read: (document, file?.signature), keepingEntries: keepingEntries,
            flushing: true, decide)
        }
        let item = prepared[position]
        result.skipped += item.skipped
        guard let staged = item.staged else { continue }
        // An id the ledger holds already, or one this import gives twice, is found when its
        // shard is merged: the shards are read one at a time there, never all at once.
        let monthText = Array(month.iso.utf8)
        for id in item.ids {
          let slot = IndexBuildIDs.shard(of: id)
          if names[slot] == nil { names[slot] = LedgerLayout.shard(of: id) }
          bySlot[slot].add(id, monthText: monthText)
        }
        result.added += item.ids.count
        result.addedIDs[month] = item.ids
        result.entries? += item.entries
        changes.append(MonthFileChange(month: month, staged: staged, totals: item.totals))
      }
      var ids: [String: IDShard.Additions] = [:]
      for (slot, name) in names.enumerated() {
        if let name { ids[name] = bySlot[slot] }
      }
      bySlot = []
      try commit(changes: changes, ids: [:], index: &index, addedByShard: ids)
      // Committed: the staged files are in place, nothing is left to discard.
      prepared = []
      feed.publish(months: Set(changes.map(\.month)))
      return result
    }
  }

  /// A month's document and its file's signature (`nil`: no file), read for an import.
  private func readForImport(_ month: YearMonth) throws(LedgerError) -> (
    document: MonthDocument, signature: FileSignature?
  ) {
    let path = layout.monthPath(month)
    guard let file = try POSIXFiles.read(ledgerFile: path) else {
      return (MonthDocument(month: month), nil)
    }
    return (try MonthDocument(decoding: file.data, month: month, path: path), file.signature)
  }

  /// Decides a month's additions and stages its new file, flushed to disk when `flushing`
  /// (otherwise the caller flushes it with the others before the commit).
  private func prepare(
    _ month: YearMonth, read: (document: MonthDocument, signature: FileSignature?),
    keepingEntries: Bool, flushing: Bool, _ decide: (YearMonth, [Transaction]) -> MonthAdditions
  ) throws(LedgerError) -> PreparedMonth {
    var document = read.document
    let decided = decide(month, document.entries)
    guard !decided.entries.isEmpty else {
      return PreparedMonth(
        month: month, before: read.signature, staged: nil, totals: nil, ids: [], entries: [],
        skipped: decided.skipped)
    }
    var added: [Transaction] = []
    added.reserveCapacity(decided.entries.count)
    // The month's dates are looked up rather than parsed back (every record is of this month).
    let days = MonthDays(month)
    for entry in decided.entries {
      guard entry.day.yearMonth == month else {
        throw .unwritableFile(
          path: layout.monthPath(month),
          reason: .entryNotStorable(entry.id, detail: .entry(.notOfMonth(month))))
      }
      // One conversion to the stored form, whose entry is the canonical one.
      let stored = try StoredRecord(entry)
      let record: StoredRecord
      do throws(StoredRecordProblem) {
        record = StoredRecord(
          entry: try stored.stored.transaction(days: days), stored: stored.stored)
      } catch {
        throw .unwritableFile(
          path: layout.monthPath(month), reason: .entryNotStorable(entry.id, detail: error.reason))
      }
      document.records.append(record)
      added.append(record.entry)
    }
    document.sortRecords()
    let totals = LedgerIndex.totals(of: month, document.entries)
    let staged = try StagedFile.write(
      document.encoded(), layout: layout, reportingAs: layout.monthPath(month),
      flushing: flushing)
    return PreparedMonth(
      month: month, before: read.signature, staged: staged, totals: totals,
      ids: added.map(\.id), entries: keepingEntries ? added : [], skipped: decided.skipped)
  }

  /// Makes a resolved write; run under the exclusive lock.
  private func make(_ write: LedgerWrite) throws(LedgerError) {
    guard !write.isEmpty else { return }
    var prepared: [EntryChange] = []
    prepared.reserveCapacity(write.entries.count)
    for change in write.entries {
      switch change {
      case .insert(let entry): prepared.append(.insert(try canonical(entry)))
      case .update(let current, let updated):
        prepared.append(.update(current, to: try canonical(updated)))
      case .delete: prepared.append(change)
      }
    }
    var otherFiles: [String: Data?] = [:]
    if !write.budgets.isEmpty {
      let stored = try storedBudgets()
      let plan = try stored?.plan(path: layout.budgetsPath) ?? .empty
      otherFiles[LedgerLayout.budgetsFile] = budgetsData(
        try plan.applying(write.budgets), stored: stored)
    }
    if !write.recurring.isEmpty {
      let plan = try storedPlan()
      let updated: RecurringPlan
      do throws(RecurringError) { updated = try plan.applying(write.recurring) } catch {
        throw .recurring(error)
      }
      otherFiles[LedgerLayout.recurringFile] = try encoded(updated)
    }
    var index = try currentIndex(forWriting: true)
    var documents: [MonthDocument] = []
    var ids: [TransactionID: YearMonth?] = [:]
    var months: Set<YearMonth> = []
    if !prepared.isEmpty { (documents, ids, months) = try staged(prepared, index: &index) }
    try commit(documents, ids: ids, index: &index, otherFiles: otherFiles)
    feed.publish(months: months)
  }

  /// The months the changes leave, the ids whose month changed, and the months touched.
  private func staged(_ changes: [EntryChange], index: inout LedgerIndex) throws(LedgerError)
    -> ([MonthDocument], [TransactionID: YearMonth?], Set<YearMonth>)
  {
    var batch = StagedBatch()
    for change in changes { try stage(change, in: &batch, index: &index) }
    var documents: [MonthDocument] = []
    for month in batch.changedMonths.sorted() {
      var document = batch.documents.removeValue(forKey: month) ?? MonthDocument(month: month)
      document.records = Array((batch.records.removeValue(forKey: month) ?? [:]).values)
      documents.append(document)
    }
    var ids: [TransactionID: YearMonth?] = [:]
    for (id, now) in batch.location where now != batch.original[id] {
      ids.updateValue(now, forKey: id)
    }
    return (documents, ids, batch.changedMonths)
  }

  /// Applies one change to the staged months.
  private func stage(_ change: EntryChange, in batch: inout StagedBatch, index: inout LedgerIndex)
    throws(LedgerError)
  {
    switch change {
    case .insert(let entry):
      let taken: Bool
      if let known = batch.location[entry.id] {
        taken = known != nil
      } else {
        taken = try monthOf(entry.id, in: &index, forWriting: true) != nil
        batch.original.updateValue(nil, forKey: entry.id)
      }
      if taken { throw .duplicateTransaction(entry.id) }
      try put(try StoredRecord(entry), in: &batch, index: &index)
    case .update(let current, let updated):
      let found = try find(current.id, in: &batch, index: &index)
      guard let found, found.record.entry == current, updated.id == current.id else {
        throw .staleTransaction(expected: current, current: found?.record.entry)
      }
      batch.records[found.month]?[current.id] = nil
      batch.changedMonths.insert(found.month)
      var record = try StoredRecord(updated)
      record.stored.otherFields = found.record.stored.otherFields
      try put(record, in: &batch, index: &index)
    case .delete(let entry):
      let found = try find(entry.id, in: &batch, index: &index)
      guard let found, found.record.entry == entry else {
        throw .staleTransaction(expected: entry, current: found?.record.entry)
      }
      batch.records[found.month]?[entry.id] = nil
      batch.changedMonths.insert(found.month)
      batch.location.updateValue(nil, forKey: entry.id)
    }
  }

  /// Adds a record to its month.
  private func put(_ record: StoredRecord, in batch: inout StagedBatch, index: inout LedgerIndex)
    throws(LedgerError)
  {
    let month = record.entry.day.yearMonth
    try load(month, into: &batch, index: &index)
    batch.records[month, default: [:]][record.entry.id] = record
    batch.changedMonths.insert(month)
    batch.location.updateValue(month, forKey: record.entry.id)
  }

  /// The record of an id as the batch has left it so far, and its month, or `nil` when there is
  /// none. An id the batch has not touched is looked up through the index; when the index does
  /// not lead to it (a month file edited by hand), as a single write would.
  private func find(_ id: TransactionID, in batch: inout StagedBatch, index: inout LedgerIndex)
    throws(LedgerError) -> (month: YearMonth, record: StoredRecord)?
  {
    if let known = batch.location[id] {
      guard let month = known, let record = batch.records[month]?[id] else { return nil }
      return (month, record)
    }
    var month = try monthOf(id, in: &index, forWriting: true)
    if let indexed = month {
      try load(indexed, into: &batch, index: &index)
      if batch.records[indexed]?[id] == nil { month = nil }
    }
    if month == nil, let stored = try storedEntry(id, index: &index, forWriting: true) {
      month = stored.day.yearMonth
      if let month { try load(month, into: &batch, index: &index) }
    }
    let record = month.flatMap { batch.records[$0]?[id] }
    let found = record == nil ? nil : month
    batch.original.updateValue(found, forKey: id)
    batch.location.updateValue(found, forKey: id)
    guard let found, let record else { return nil }
    return (found, record)
  }

  /// Reads a month's file for writing, once per batch.
  private func load(_ month: YearMonth, into batch: inout StagedBatch, index: inout LedgerIndex)
    throws(LedgerError)
  {
    guard batch.documents[month] == nil else { return }
    try checkMonths([month], index: &index)
    let document = try documentForWriting(month, index: index)
    batch.documents[month] = document
    batch.records[month] = Dictionary(
      document.records.map { ($0.entry.id, $0) }, uniquingKeysWith: { first, _ in first })
  }
}

/// The months a batch rewrites, as its changes leave them.
private struct StagedBatch {
  /// Each month read, as it was read (its unknown fields are written back).
  var documents: [YearMonth: MonthDocument] = [:]
  /// Each month's records by id, as the changes so far leave them.
  var records: [YearMonth: [TransactionID: StoredRecord]] = [:]
  /// The months whose records changed.
  var changedMonths: Set<YearMonth> = []
  /// Where each id the batch touched is now (`nil`: nowhere).
  var location: [TransactionID: YearMonth?] = [:]
  /// Where each id the batch touched was before it (`nil`: nowhere).
  var original: [TransactionID: YearMonth?] = [:]
}

/// The ledger as the files hold it, read under the exclusive lock of the write being resolved.
private struct LockedSnapshot: LedgerSnapshot {
  let entries: (ClosedRange<Day>) throws(LedgerError) -> [Transaction]
  let totals: (ClosedRange<YearMonth>) throws(LedgerError) -> [MonthCategoryTotals]
  let budgets: () throws(LedgerError) -> BudgetPlan
  let plan: () throws(LedgerError) -> RecurringPlan

  func transactions(in days: ClosedRange<Day>) throws -> [Transaction] { try entries(days) }

  func categoryTotals(in months: ClosedRange<YearMonth>) throws -> [MonthCategoryTotals] {
    try totals(months)
  }

  func budgetPlan() throws -> BudgetPlan { try budgets() }

  func recurringPlan() throws -> RecurringPlan { try plan() }
}

/// A ledger that does not exist yet: nothing in it.
private struct EmptySnapshot: LedgerSnapshot {
  func transactions(in days: ClosedRange<Day>) throws -> [Transaction] { [] }
  func categoryTotals(in months: ClosedRange<YearMonth>) throws -> [MonthCategoryTotals] { [] }
  func budgetPlan() throws -> BudgetPlan { .empty }
  func recurringPlan() throws -> RecurringPlan { .empty }
}

/// One month of ``JSONFileTransactionStore/insertByMonth(_:keepingEntries:_:)`` as prepared
/// before the lock: what was read, and the staged file that replaces it.
private struct PreparedMonth {
  let month: YearMonth
  /// The month file's signature when it was read; `nil` when there was none.
  let before: FileSignature?
  /// The new month file, or `nil` when nothing is added to the month.
  var staged: StagedFile?
  /// The month's totals with the additions.
  let totals: [CategoryTotal]?
  /// The ids added.
  let ids: [TransactionID]
  /// The entries added, when kept.
  let entries: [Transaction]
  /// The rows left out.
  let skipped: Int
}
