import HannunDomain

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The new state of one month file in a commit: its bytes (or its removal), its totals per
/// category, and its entries when the writer has them (for the month cache).
struct MonthFileChange {
  let month: YearMonth
  /// The file's new contents — encoded whole, or runs of the file it was spliced from — or
  /// `nil` to remove it (no entry left).
  let contents: SplicedBytes?
  /// The month's totals after the change; `nil` when they overflow.
  let totals: [CategoryTotal]?
  /// Every entry of the month after the change, in list order, when known.
  let entries: [Transaction]?
  /// The file's new contents prepared in `staging/` (instead of ``contents``).
  var staged: StagedFile? = nil
  /// What the file holds now, when the writer mapped it under the lock (a splice): the journal
  /// of a write of two months records it without reading the file again.
  var current: Data? = nil

  /// A whole document, encoded.
  init(_ document: MonthDocument) {
    let entries = document.entries
    month = document.month
    contents = entries.isEmpty ? nil : SplicedBytes(document.encoded())
    totals = LedgerIndex.totals(of: document.month, entries)
    self.entries = entries
  }

  /// A month file prepared in `staging/`; its entries are not kept.
  init(month: YearMonth, staged: StagedFile, totals: [CategoryTotal]?) {
    self.month = month
    self.contents = nil
    self.totals = totals
    self.entries = nil
    self.staged = staged
  }

  init(
    month: YearMonth, contents: SplicedBytes?, totals: [CategoryTotal]?,
    entries: [Transaction]?, current: Data? = nil
  ) {
    self.month = month
    self.contents = contents
    self.totals = totals
    self.entries = entries
    self.current = current
  }
}

/// Writes that change one entry without decoding its month: the file is spliced
/// (``MonthRecordMap``), only the entry concerned is decoded (with every check a whole file
/// gets), and the month's totals are adjusted from the index's. Each returns `nil` when its
/// month is not one it can splice (no file yet, a file the index has not checked, totals not
/// recorded), and the caller then takes the general path, which decodes the whole month.
extension JSONFileTransactionStore {
  /// A month file as the index checked it, mapped; `nil` when it cannot be spliced.
  ///
  /// The file mapped last is not read again while the index records the signature it was read
  /// at: under the exclusive lock the index's record is the file's signature now (it was
  /// checked, see ``checkMonths(_:index:)``), and under the shared lock it is what a reader
  /// trusts anyway.
  private func splicing(_ month: YearMonth, index: LedgerIndex) throws(LedgerError) -> (
    map: MonthRecordMap, signature: FileSignature
  )? {
    guard let known = index.months[month], known.problem == nil, known.signature.isRegular
    else { return nil }
    if let last = lastMapped, last.month == month,
      last.signature.matchesStored(known.signature)
    {
      return (last.map, last.signature)
    }
    guard let file = try POSIXFiles.read(ledgerFile: layout.monthPath(month)),
      file.signature.matchesStored(known.signature), let map = MonthRecordMap(data: file.data)
    else { return nil }
    lastMapped = (month, file.signature, map)
    return (map, file.signature)
  }

  /// The stored record at `position`, decoded alone; `nil` when it does not decode (the general
  /// path then reports the file).
  private func record(at position: Int, of map: MonthRecordMap, month: YearMonth) -> StoredRecord? {
    let path = layout.monthPath(month)
    let document = try? MonthDocument(
      decoding: map.document(ofRecordAt: position, month: month), month: month, path: path)
    guard let document, document.records.count == 1 else { return nil }
    return document.records[0]
  }

  /// The month's totals with `removed` taken out and `added` put in: `.some(nil)` when they
  /// overflow, `nil` when they cannot be worked out from the index alone.
  private func totals(
    of month: YearMonth, removing removed: Transaction?, adding added: Transaction?,
    index: inout LedgerIndex
  ) throws(LedgerError) -> [CategoryTotal]?? {
    guard let recorded = try totalsYear(month.year, in: &index)[month] else { return nil }
    guard var totals = recorded else {
      // Amounts are positive: adding to a month whose totals overflow keeps them overflowing.
      return removed == nil ? .some(nil) : nil
    }
    if let removed {
      guard
        let position = totals.firstIndex(where: {
          $0.kind == removed.kind && $0.category == removed.category
        }), totals[position].count >= 1,
        let amount = try? totals[position].amount.subtracting(Money(removed.amount)),
        amount.minorUnits >= 0
      else { return nil }
      if totals[position].count == 1 {
        guard amount == .zero else { return nil }
        totals.remove(at: position)
      } else {
        totals[position].amount = amount
        totals[position].count -= 1
      }
    }
    if let added {
      if let position = totals.firstIndex(where: {
        $0.kind == added.kind && $0.category == added.category
      }) {
        guard let amount = try? totals[position].amount.adding(Money(added.amount)) else {
          return .some(nil)
        }
        totals[position].amount = amount
        totals[position].count += 1
      } else {
        totals.append(
          CategoryTotal(
            kind: added.kind, category: added.category, amount: Money(added.amount), count: 1))
      }
    }
    return .some(MonthCategoryTotals(month: month, totals: totals).totals)
  }

  /// The month's entries after the change, when the cache holds them as they were.
  private func cachedEntries(
    of month: YearMonth, signature: FileSignature, removing removed: TransactionID?,
    adding added: Transaction?
  ) -> [Transaction]? {
    guard var entries = cache.transactions(of: month, signature: signature) else { return nil }
    if let removed { entries.removeAll { $0.id == removed } }
    if let added {
      let position = entries.firstIndex { Transaction.listOrder(added, $0) } ?? entries.endIndex
      entries.insert(added, at: position)
    }
    return entries
  }

  /// The record's bytes and the fields that order it, for ``MonthRecordMap/splicing``.
  private func splice(_ record: StoredRecord) -> (
    bytes: Data, date: String, createdAt: String, id: String
  ) {
    (
      MonthFileCodec.encode(record.stored), record.stored.date, record.stored.createdAt,
      record.stored.id
    )
  }

  /// The entry `id` read from its month without decoding the month: from the cache, or as the
  /// one record decoded from a file the index checked.
  /// - Returns: The entry, `.some(nil)` when the month does not hold it, or `nil` when the
  ///   month must be decoded whole (a file the index has not checked, or one without a map).
  func entryWithoutDecoding(_ id: TransactionID, in month: YearMonth, index: LedgerIndex)
    throws(LedgerError) -> Transaction??
  {
    guard let known = index.months[month], known.problem == nil, known.signature.isRegular
    else { return nil }
    if let cached = cache.transactions(of: month, signature: known.signature) {
      return .some(cached.first { $0.id == id })
    }
    guard let (map, _) = try splicing(month, index: index) else { return nil }
    guard let position = map.position(of: id) else { return .some(nil) }
    return record(at: position, of: map, month: month).map { .some($0.entry) }
  }

  /// `record` added to its month's file.
  func splicedInsert(_ record: StoredRecord, index: inout LedgerIndex) throws(LedgerError)
    -> MonthFileChange?
  {
    let month = record.entry.day.yearMonth
    guard let (map, signature) = try splicing(month, index: index),
      let totals = try totals(of: month, removing: nil, adding: record.entry, index: &index),
      let contents = map.splicing(removing: nil, inserting: splice(record))
    else { return nil }
    return MonthFileChange(
      month: month, contents: contents, totals: totals,
      entries: cachedEntries(of: month, signature: signature, removing: nil, adding: record.entry),
      current: map.data)
  }

  /// The stored entry `id` replaced by `updated` (or removed when `updated` is `nil`), provided
  /// it is still exactly `expected`.
  /// - Returns: The month changes and the id's new month when it moved, or `nil` for the
  ///   general path.
  /// - Throws: ``LedgerError/staleTransaction(expected:current:)`` when the stored entry differs.
  func splicedChange(
    of expected: Transaction, to updated: Transaction?, index: inout LedgerIndex
  ) throws(LedgerError) -> (changes: [MonthFileChange], movedTo: YearMonth??)? {
    let id = expected.id
    guard let oldMonth = try monthOf(id, in: &index, forWriting: true) else { return nil }
    let newMonth = updated?.day.yearMonth
    try checkMonths([oldMonth] + (newMonth.map { [$0] } ?? []), index: &index)
    guard let (oldMap, oldSignature) = try splicing(oldMonth, index: index),
      let position = oldMap.position(of: id),
      let stored = record(at: position, of: oldMap, month: oldMonth)
    else { return nil }
    guard stored.entry == expected else {
      throw .staleTransaction(expected: expected, current: stored.entry)
    }
    var replacement: StoredRecord?
    if let updated {
      var record = try StoredRecord(updated)
      // Fields a newer Hannun wrote stay with the entry, wherever it moves.
      record.stored.otherFields = stored.stored.otherFields
      replacement = record
    }
    if let replacement, newMonth == oldMonth {
      guard
        let totals = try totals(
          of: oldMonth, removing: stored.entry, adding: replacement.entry, index: &index),
        let contents = oldMap.splicing(removing: position, inserting: splice(replacement))
      else { return nil }
      let entries = cachedEntries(
        of: oldMonth, signature: oldSignature, removing: id, adding: replacement.entry)
      return (
        [
          MonthFileChange(
            month: oldMonth, contents: contents, totals: totals, entries: entries,
            current: oldMap.data)
        ], nil
      )
    }
    // Removed from its month, and added to another one when moved.
    let left = oldMap.splicing(removing: position, inserting: nil)
    var oldTotals: [CategoryTotal]? = nil
    if left != nil {
      guard
        let totals = try totals(of: oldMonth, removing: stored.entry, adding: nil, index: &index)
      else { return nil }
      oldTotals = totals
    }
    var changes = [
      MonthFileChange(
        month: oldMonth, contents: left, totals: oldTotals,
        entries: left == nil
          ? [] : cachedEntries(of: oldMonth, signature: oldSignature, removing: id, adding: nil),
        current: oldMap.data)
    ]
    guard let replacement, let newMonth else { return (changes, .some(nil)) }
    if index.months[newMonth] == nil {
      var document = MonthDocument(month: newMonth)
      document.records.append(replacement)
      changes.append(MonthFileChange(document))
    } else {
      guard let inserted = try splicedInsert(replacement, index: &index) else { return nil }
      changes.append(inserted)
    }
    return (changes, .some(newMonth))
  }
}
