import HannunDomain

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
      let index = try currentIndex(forWriting: false)
      return (CheckedRead(index: index, checkedEveryFile: false), try months(overlapping: days))
    }
    // Checking every file also looks at every year folder (``monthFiles(removingLeftovers:)``).
    let index = try currentIndex(forWriting: false, checkingFiles: true)
    let months = index.months.keys.filter { (first...last).contains($0) }.sorted()
    return (CheckedRead(index: index, checkedEveryFile: true), months)
  }

  /// Checks a month about to be read, whose file has `signature` now (`nil`: no file).
  /// - Parameter onlyClashes: Whether to throw only an id stored in another month too, the one
  ///   problem that decoding the month's file alone does not find (a search does not decode a
  ///   month its bytes rule out, and leaves its damage to whatever decodes it).
  /// - Throws: The problem the index records for the month: an id also stored in another month,
  ///   a file that could not be read; ``FileProblem/missingMonthFile(indexFolder:)`` when the
  ///   last write recorded the file and it is gone.
  func check(
    _ month: YearMonth, signature: FileSignature?, in read: inout CheckedRead,
    onlyClashes: Bool = false
  ) throws(LedgerError) {
    let known = read.index.months[month]
    let agrees =
      known?.signature.stored == signature?.stored
      && (known?.problem.map(LedgerIndex.lasts) ?? true)
    if !agrees && !read.checkedEveryFile {
      listingStamp = nil
      read.index = try currentIndex(forWriting: false, checkingFiles: true)
      read.checkedEveryFile = true
      index = read.index
    }
    guard let problem = read.index.months[month]?.problem else { return }
    if onlyClashes, case .unreadableFile(_, let reason) = problem,
      case .duplicateID = reason
    {
      throw problem
    }
    if !onlyClashes { throw problem }
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
