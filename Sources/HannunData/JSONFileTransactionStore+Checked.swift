import HannunDomain

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reads of many entries — a range of days, a search, totals — are checked against the index,
/// which knows every month file of the ledger: a month that holds an id another month holds
/// too, or whose file the last write recorded and is now gone, is named as damage rather than
/// read as it is (counting an entry twice) or as empty (losing its entries).
///
/// The check costs nothing per entry. The index is true to the month files it was checked
/// against (``currentIndex(forWriting:checkingFiles:)``); a month read whose file's signature
/// is not the one the index records — edited in place by hand, or the index only trusted on its
/// folders — makes the read check every month file once (rebuilding the index in memory if need
/// be) before it goes on, since an id the edit added may be stored in any other month.
extension JSONFileTransactionStore {
  /// What a read of many months works with: the index and whether it was checked against every
  /// month file during this read.
  struct CheckedRead {
    var index: LedgerIndex
    var checkedEveryFile: Bool
    /// Whether the ledger has no index at all, and the read is of at most
    /// ``unindexedReadLimit`` months: its months are read from their files alone, each with its
    /// own checks, without building the index from every month first (see
    /// ``readsWithoutIndex(months:)``).
    var withoutIndex = false
  }

  /// The most months a read of a ledger without an index reads from their files alone: a month
  /// or a year never waits for the index of the whole history to be built.
  static let unindexedReadLimit = 12

  /// Whether a read of `count` months answers from their files alone: the ledger has no index —
  /// none in memory, no catalog in `ledger/index/` (never indexed, as a generated ledger or one
  /// from before the index, or its index removed) — and the read is short.
  ///
  /// What the index would add is the damage that only every month together shows: an id of
  /// these months stored in another month too, and a month file gone. Without a catalog a gone
  /// month cannot be known (removing `index/` accepts the loss); an id in two months is named by
  /// the first command that reads every month or writes, which builds the index and records it
  /// (``recordIndexBuiltByRead()``), and by every read after it.
  func readsWithoutIndex(months count: Int) -> Bool {
    count <= Self.unindexedReadLimit && index == nil
      && !POSIXFiles.exists(layout.path(LedgerLayout.catalogFile))
  }

  /// Starts a read of the months overlapping `days`: the index, and the months to read — each
  /// month of a short range, or, for a long one, the months that have files (the index, checked
  /// against every file, lists exactly those).
  func startCheckedRead(overlapping days: ClosedRange<Day>) throws(LedgerError) -> (
    read: CheckedRead, months: [YearMonth]
  ) {
    let first = days.lowerBound.yearMonth
    let last = days.upperBound.yearMonth
    let count = (last.year - first.year) * 12 + (last.month - first.month) + 1
    guard count > Self.directLookupLimit else {
      if readsWithoutIndex(months: count) {
        let read = CheckedRead(
          index: LedgerIndex(backedByDisk: false), checkedEveryFile: false, withoutIndex: true)
        return (read, try months(overlapping: days))
      }
      // The folders of the years read, not of every year (see ``check(_:signature:in:)``).
      let index = try currentIndex(forWriting: false, years: Set(first.year...last.year))
      return (CheckedRead(index: index, checkedEveryFile: false), try months(overlapping: days))
    }
    // Checking every file also looks at every year folder (``monthFiles(removingLeftovers:)``).
    let index = try currentIndex(forWriting: false, checkingFiles: true)
    let months = index.months.keys.filter { (first...last).contains($0) }.sorted()
    return (CheckedRead(index: index, checkedEveryFile: true), months)
  }

  /// Checks a month about to be read, whose file has `signature` now (`nil`: no file).
  /// - Parameter onlyClashes: Whether to throw only the problems that decoding the month's file
  ///   alone does not find: an id stored in another month too, and a file that is gone (a search
  ///   does not decode a month its bytes rule out, and leaves its damage to whatever decodes it).
  /// - Throws: The problem the index records for the month: an id also stored in another month,
  ///   a file that could not be read; ``FileProblem/missingMonthFile(indexFolder:)`` when the
  ///   last write recorded the file and it is gone.
  func check(
    _ month: YearMonth, signature: FileSignature?, in read: inout CheckedRead,
    onlyClashes: Bool = false
  ) throws(LedgerError) {
    // The month's own problems are found by reading its file.
    guard !read.withoutIndex else { return }
    let known = read.index.months[month]
    let agrees =
      known?.signature.stored == signature?.stored
      && (known?.problem.map(LedgerIndex.lasts) ?? true) && confirmYears([month.year])
    if !agrees && !read.checkedEveryFile {
      listingStamp = nil
      read.index = try currentIndex(forWriting: false, checkingFiles: true)
      read.checkedEveryFile = true
      index = read.index
    }
    guard let problem = read.index.months[month]?.problem else { return }
    guard onlyClashes else { throw problem }
    if case .unreadableFile(_, let reason) = problem {
      switch reason {
      case .duplicateID, .missingMonthFile: throw problem
      default: break
      }
    }
  }

  /// A month's entries for a checked read (``check(_:signature:in:)``), or `nil` when it has no
  /// file.
  func loadChecked(_ month: YearMonth, in read: inout CheckedRead) throws(LedgerError)
    -> LoadedMonth?
  {
    let loaded = try loadMonth(month)
    try check(month, signature: loaded?.signature, in: &read)
    return loaded
  }
}

extension JSONFileTransactionStore {
  /// The recorded index brought up to date, in memory, with the month files changed since it
  /// was recorded (a file saved by hand, or by an older Hannun), or `nil` when the index is to
  /// be rebuilt from every file instead: the changes are many, or an id shard cannot be used.
  ///
  /// Only the changed and new month files are read, with every month recorded with an id
  /// another month holds too (the other may be the one changed). Each of their ids is looked up
  /// in the recorded shards: an id another month holds — read again, or unchanged and so
  /// holding what the shards say — makes both months damaged, as a rebuild would. A month file
  /// gone must have been recorded with a problem (``currentIndex(forWriting:checkingFiles:)``
  /// names the others as lost), so it is dropped.
  ///
  /// A shard is patched only for the ids read; an id that left a changed month may still point
  /// there, which finds nothing, as it should. So the result is ``LedgerIndex/patchedInMemory``:
  /// good for reading, never committed.
  /// - Parameters:
  ///   - recorded: The index read from the catalog, which does not describe `files`.
  ///   - files: Every month file now, with its signature.
  func patchedCatalog(_ recorded: LedgerIndex, to files: [YearMonth: FileSignature])
    throws(LedgerError) -> LedgerIndex?
  {
    var index = recorded
    var reread: [(month: YearMonth, signature: FileSignature)] = []
    for (month, signature) in files {
      guard let known = recorded.months[month], known.signature.matchesStored(signature) else {
        reread.append((month, signature))
        continue
      }
      if let problem = known.problem, !LedgerIndex.lasts(problem) || Self.isClash(problem) {
        reread.append((month, signature))
      }
    }
    guard reread.count <= max(12, files.count / 8) else { return nil }
    for month in recorded.months.keys where files[month] == nil {
      index.months[month] = nil
      var year = try totalsYear(month.year, in: &index)
      year[month] = nil
      index.totals[month.year] = year
    }
    // Read again, in order: their ids, and which of them holds each.
    var read: [YearMonth: (signature: FileSignature, ids: [TransactionID])] = [:]
    var holders: [TransactionID: [YearMonth]] = [:]
    for (month, signature) in reread.sorted(by: { $0.month < $1.month }) {
      var year = try totalsYear(month.year, in: &index)
      let entries: [Transaction]
      do throws(LedgerError) {
        try signature.requireRegular(at: layout.monthPath(month))
        entries = try loadMonth(month)?.transactions ?? []
      } catch {
        index.months[month] = LedgerIndex.Month(signature: signature, problem: error)
        year[month] = nil
        index.totals[month.year] = year
        continue
      }
      year[month] = .some(LedgerIndex.totals(of: month, entries))
      index.totals[month.year] = year
      read[month] = (signature, entries.map(\.id))
      for entry in entries { holders[entry.id, default: []].append(month) }
    }
    var clashes: [YearMonth: (id: TransactionID, other: YearMonth)] = [:]
    for (month, (_, ids)) in read.sorted(by: { $0.key < $1.key }) {
      for id in ids {
        var other = holders[id]?.first { $0 != month }
        if other == nil {
          guard let shard = recordedShard(LedgerLayout.shard(of: id), in: &index) else {
            return nil
          }
          if let owner = shard[id], owner != month, read[owner] == nil, files[owner] != nil,
            recorded.months[owner]?.problem == nil
          {
            other = owner
          }
        }
        guard let other else { continue }
        if clashes[month] == nil { clashes[month] = (id, other) }
        if clashes[other] == nil { clashes[other] = (id, month) }
      }
    }
    for (month, (signature, ids)) in read {
      guard clashes[month] == nil else { continue }
      index.months[month] = LedgerIndex.Month(signature: signature, problem: nil)
      for id in ids {
        let name = LedgerLayout.shard(of: id)
        guard var shard = recordedShard(name, in: &index) else { return nil }
        shard[id] = month
        index.shards[name] = shard
      }
    }
    for (month, clash) in clashes {
      guard let signature = files[month] else { continue }
      index.months[month] = LedgerIndex.Month(
        signature: signature,
        problem: .unreadableFile(
          path: layout.monthPath(month),
          reason: .duplicateID(clash.id, alsoIn: layout.monthPath(clash.other))))
    }
    index.patchedInMemory = true
    return index
  }

  /// Whether a problem is an id stored in another month too.
  private static func isClash(_ problem: LedgerError) -> Bool {
    guard case .unreadableFile(_, .duplicateID) = problem else { return false }
    return true
  }

  /// An id shard of the recorded index, from memory or its file, or `nil` when its file cannot
  /// be used (damaged, or not the one the catalog was committed with).
  private func recordedShard(_ name: String, in index: inout LedgerIndex) -> IDShard? {
    if let known = index.shards[name] { return known }
    let relative = LedgerLayout.idShardFile(name)
    let file: (data: Data, signature: FileSignature)?
    do {
      file = try POSIXFiles.read(path: layout.path(relative))
    } catch {
      return nil
    }
    guard let file else {
      let ids = index.withLoggedIDs(name, IDShard())
      index.shards[name] = ids
      return ids
    }
    guard index.trusts(relative, file.signature), let read = try? IDShard.decoding(file.data)
    else { return nil }
    let ids = index.withLoggedIDs(name, read)
    index.shards[name] = ids
    return ids
  }
}

extension JSONFileTransactionStore {
  /// The totals of a few months of a ledger without an index (``readsWithoutIndex(months:)``),
  /// summed from their files; run under a lock.
  /// - Throws: ``LedgerError/unreadableFile(path:reason:)`` for a month file that cannot be
  ///   read; ``LedgerError/monthTotalOverflow(_:)`` naming a month whose sums do not fit.
  func categoryTotalsWithoutIndex(in months: ClosedRange<YearMonth>) throws(LedgerError)
    -> [MonthCategoryTotals]
  {
    var result: [MonthCategoryTotals] = []
    var month = months.lowerBound
    while true {
      if let loaded = try loadMonth(month) {
        do throws(LedgerError) {
          result.append(
            try MonthCategoryTotals(month: month, transactions: loaded.transactions))
        } catch .totalOverflow {
          throw .monthTotalOverflow(month)
        }
      }
      guard month < months.upperBound, let next = try? month.adding(months: 1) else { break }
      month = next
    }
    return result
  }
}
