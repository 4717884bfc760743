import HannunDomain

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The ledger as a directory of JSON files, one per month (see ``LedgerLayout`` for the layout).
///
/// - Reading never creates a file or directory: a store on a missing directory is an empty ledger
///   until its first write, which creates `ledger/`, `meta.json` and the month's file.
/// - **Writes are all or nothing.** Every insert, update (also one that moves an entry to another
///   month or year) and delete stages each file it changes — month files, `meta.json`, the index
///   — and commits them together through a journal (``LedgerCommit``): a kill at any point leaves
///   the old ledger or the new one, and the next process to open the ledger finishes a committed
///   write before it answers anything.
/// - **Writers take turns** through an exclusive `flock` on `ledger/`, created first if need be,
///   so even the first writes of a new ledger never lose each other. Readers hold a shared lock,
///   so they never see a write half applied.
/// - **No stale overwrite.** An update or delete names the version of the entry it was based on
///   and writes nothing when the stored entry differs.
/// - **Damage is named.** A month file that does not read correctly (or is not a regular file)
///   is refused with its path and never overwritten; writes to other months still work. A ledger
///   with month files but no readable `meta.json` is refused rather than given a new currency.
///   Fields this version does not know are kept when a month is rewritten.
/// - **Writes cost what reads cost.** `ledger/index/` records which month holds each id and each
///   month's totals per category (``LedgerIndex``), committed with every write. It is used only
///   while its catalog matches the signatures of the month files on disk; otherwise a writer
///   rebuilds it from the month files (the source of truth) and a reader builds it in memory.
/// - A range query reads only the month files that overlap the range; decoded months are cached
///   while their files' signatures are unchanged, so another process's write is noticed.
/// - Files are created with mode 0600 and directories with mode 0700. Stamps are kept to the
///   millisecond, so what the store returns is exactly what a later reader of the files gets.
public actor JSONFileTransactionStore: TransactionRepository {
  /// The data directory this store was opened on.
  public nonisolated let directory: URL
  /// The ledger's currency: the one in `meta.json` when it exists, otherwise the one asked for at
  /// opening, which the first write records.
  public nonisolated let currency: Currency

  /// Ranges of at most this many months are read month by month; longer ones list the directories
  /// to find the months that have files.
  static let directLookupLimit = 36

  let layout: LedgerLayout
  /// The year folders' part of ``storedVersion()``, kept while a watch of them says nothing
  /// moved.
  nonisolated let yearFoldersVersion = YearFoldersVersion()
  var feed = LedgerChangeFeed()
  var cache = MonthCache(capacity: 48)
  /// The month file last mapped for splicing, with the signature it was read at: an edit or a
  /// delete reads its entry (under the shared lock) and then writes it (under the exclusive one),
  /// and the write splices the very file the read mapped, as long as it is unchanged.
  var lastMapped: (month: YearMonth, signature: FileSignature, map: MonthRecordMap)?
  var index: LedgerIndex?
  var listingStamp: ListingStamp?
  /// Whether the last ``currentIndex(forWriting:)`` trusted the index on ``listingStamp`` alone.
  var indexTrustedOnStamp = false
  /// When the index was trusted on ``listingStamp``, the years whose folders were looked at
  /// (``confirmYears(_:)`` adds to them); `nil` when every year's was.
  var yearsTrusted: Set<Int>?
  /// The holder the last wait for the lock ran out on, while no lock was taken since.
  private var stalledHolder: LockHolder?
  /// Whether a write of this store committed the ledger's first `meta.json`
  /// (``createdTheLedger()``).
  var wroteFirstMetadata = false
  /// How long, in milliseconds, this store has waited for ``stalledHolder``: what a later
  /// attempt that gives up at once on the same holder says it waited.
  private var stalledWait = 0
  /// How many times this store took the ledger's lock (shared or exclusive) since it was opened:
  /// what tests count to hold frontends to a budget of lock acquisitions per command.
  package internal(set) var lockAcquisitions = 0
  /// How many times this store built the index from every month file since it was opened: what
  /// tests count to hold reads to building it once, not on every read.
  package internal(set) var indexBuilds = 0
  /// How many month files this store read and decoded whole since it was opened (a month read
  /// from its cache is not counted): what tests count to hold a read to the months it needs.
  package internal(set) var monthFilesDecoded = 0
  /// How many month files an index build of this store decoded into entries, because they were
  /// not laid out as Hannun writes them or failed a check (``IndexMonthScan``): the others are
  /// read once for ids, totals and postings without decoding. What tests count.
  package internal(set) var indexBuildMonthsDecoded = 0

  /// Whether there was no ledger when the store was opened: its first write creates one in
  /// ``currency``, which a frontend should then say.
  public nonisolated let isNewLedger: Bool
  /// How long queries and writes wait for another process's lock before naming it.
  public nonisolated let lockWait: LockWaitLimits

  private init(
    directory: URL, layout: LedgerLayout, currency: Currency, isNewLedger: Bool,
    lockWait: LockWaitLimits
  ) {
    self.directory = directory
    self.layout = layout
    self.currency = currency
    self.isNewLedger = isNewLedger
    self.lockWait = lockWait
  }

  /// Opens the ledger in a data directory. Nothing is created until the first write; a write a
  /// killed process committed but did not finish is finished first.
  /// - Parameters:
  ///   - directory: The data directory; `ledger/` lives inside it.
  ///   - requestedCurrency: The currency asked for (`--currency`), or `nil`.
  ///   - defaultCurrency: The currency of a new ledger when none is asked for; asked only for a
  ///     ledger that does not exist yet (a locale's currency costs a process ICU's set-up).
  ///   - lockWait: How long to wait for another process's lock before naming it.
  /// - Returns: The opened store.
  /// - Throws: ``LedgerError/currencyMismatch(ledger:requested:)`` when the ledger exists with
  ///   another currency than the one requested; ``LedgerError/unreadableFile(path:reason:)`` when
  ///   `meta.json` cannot be read, was written by a newer Hannun, or is missing from a ledger that
  ///   has month files, budgets, recurring rules or moods.
  public static func open(
    directory: URL, requestedCurrency: Currency?,
    defaultCurrency: @autoclosure @Sendable () -> Currency, lockWait: LockWaitLimits = .standard
  ) async throws -> JSONFileTransactionStore {
    let layout = LedgerLayout(dataDirectory: directory)
    for path in [layout.root, layout.ledgerDirectory] {
      if let found = try POSIXFiles.signature(ofFileAt: path), !found.isDirectory {
        throw LedgerError.unreadableFile(
          path: path, reason: .fileWhereFolderBelongs)
      }
    }
    try await recoverIfNeeded(layout, lockWait: lockWait)
    if let stored = try readMetadata(layout) {
      if let requested = requestedCurrency, requested.code != stored.code {
        throw LedgerError.currencyMismatch(ledger: stored.code, requested: requested.code)
      }
      return JSONFileTransactionStore(
        directory: directory, layout: layout, currency: stored, isNewLedger: false,
        lockWait: lockWait)
    }
    if try hasMonthFiles(layout) || hasLedgerDocuments(layout) { throw missingMetadata(layout) }
    return JSONFileTransactionStore(
      directory: directory, layout: layout, currency: requestedCurrency ?? defaultCurrency(),
      isNewLedger: true, lockWait: lockWait)
  }

  // MARK: - Queries

  /// Reads only the month files overlapping `days`, from the cache while they are unchanged,
  /// checked against the index (see ``check(_:signature:in:)``); the files of a range of a few
  /// months are decoded off the actor, side by side (``transactionsDecodedOutside(in:)``).
  /// - Throws: ``LedgerError/unreadableFile(path:reason:)`` for a month that cannot be read, holds
  ///   an id another month holds too, or is gone although the last write recorded it.
  public func transactions(in days: ClosedRange<Day>) async throws -> [Transaction] {
    let (first, last) = (days.lowerBound.yearMonth, days.upperBound.yearMonth)
    if (last.year - first.year) * 12 + last.month - first.month < Self.outsideDecodeLimit {
      return try await transactionsDecodedOutside(in: days)
    }
    return try await reading { () throws(LedgerError) in try storedTransactions(in: days) }
  }

  /// The entries of `days` as the files hold them, checked against the index; run under a lock.
  func storedTransactions(in days: ClosedRange<Day>) throws(LedgerError) -> [Transaction] {
    var result: [Transaction] = []
    var (read, months) = try startCheckedRead(overlapping: days)
    for month in months {
      guard let loaded = try loadChecked(month, in: &read) else { continue }
      if days.contains(month.firstDay) && days.contains(month.lastDay) {
        result += loaded.transactions
      } else {
        result += loaded.transactions.filter { days.contains($0.day) }
      }
    }
    return result
  }

  /// Finds the entry through the index's record of which month holds each id.
  /// - Throws: ``LedgerError/unreadableFile(path:reason:)`` when the id is not found and a month
  ///   file cannot be read, since the entry could be in it.
  public func transaction(withID id: TransactionID) async throws -> Transaction? {
    try await reading { () throws(LedgerError) in
      // No year folder but the entry's (looked at once the index finds it).
      var index = try currentIndex(forWriting: false, years: [])
      defer { self.index = index }
      return try storedEntry(id, index: &index, forWriting: false)
    }
  }

  /// Lists matching ids from the index's shards, sorted.
  /// - Throws: ``LedgerError/unreadableFile(path:reason:)`` when any month file cannot be read,
  ///   since the answer could be incomplete.
  public func ids(startingWith prefix: String) async throws -> [TransactionID] {
    try await reading { () throws(LedgerError) in
      var index = try currentIndex(forWriting: false)
      defer { self.index = index }
      if let problem = index.firstProblem { throw problem }
      let bytes = Array(prefix.utf8.prefix(2))
      let names: [String]
      if bytes.count == 2 {
        names = [LedgerLayout.shard(of: TransactionID(prefix))]
      } else {
        names = try shardNames(of: index).filter { $0 == "_" || $0.hasPrefix(prefix) }
      }
      var found: [TransactionID] = []
      for name in names {
        let ids = try shard(name, in: &index, forWriting: false)
        found += ids.ids(startingWith: prefix)
      }
      return found.sorted()
    }
  }

  /// Answers from the totals the index keeps per month, after checking every month file; a month
  /// without them is summed from its entries.
  /// - Throws: ``LedgerError/unreadableFile(path:reason:)`` for a month that could not be
  ///   indexed; ``LedgerError/monthTotalOverflow(_:)`` naming a month whose sums do not fit.
  public func categoryTotals(in months: ClosedRange<YearMonth>) async throws
    -> [MonthCategoryTotals]
  {
    try await reading { () throws(LedgerError) in try storedCategoryTotals(in: months) }
  }

  /// The totals of `months` as the index and files hold them; run under a lock.
  func storedCategoryTotals(in months: ClosedRange<YearMonth>) throws(LedgerError)
    -> [MonthCategoryTotals]
  {
    let (first, last) = (months.lowerBound, months.upperBound)
    if readsWithoutIndex(months: (last.year - first.year) * 12 + last.month - first.month + 1) {
      return try categoryTotalsWithoutIndex(in: months)
    }
    // Every month file of the span is checked: totals must follow a file edited in place by
    // hand. The years' folders tell a file added or removed; each file's signature, one edited.
    var index = try currentIndex(
      forWriting: false, years: last.year - first.year < 200 ? Set(first.year...last.year) : nil)
    if indexTrustedOnStamp, !catalogedFilesHold(index, in: months) {
      listingStamp = nil
      index = try currentIndex(forWriting: false, checkingFiles: true)
    }
    defer { self.index = index }
    var result: [MonthCategoryTotals] = []
    for month in index.months.keys.filter(months.contains).sorted() {
      // A month that could not be indexed is not summed from its file: it may hold an id
      // another month holds too, and would count it twice.
      if let problem = index.months[month]?.problem { throw problem }
      if case .some(.some(let totals)) = try totalsYear(month.year, in: &index)[month] {
        result.append(MonthCategoryTotals(month: month, totals: totals))
      } else if let loaded = try loadMonth(month) {
        do throws(LedgerError) {
          result.append(
            try MonthCategoryTotals(month: month, transactions: loaded.transactions))
        } catch .totalOverflow {
          throw .monthTotalOverflow(month)
        }
      }
    }
    return result
  }

  // MARK: - Writes

  /// Stores a new entry. A month file that cannot be read does not block writes to other months,
  /// so the duplicate check covers the readable months.
  public func insert(_ transaction: Transaction) async throws {
    let entry = try canonical(transaction)
    try await writing { () throws(LedgerError) in
      var index = try currentIndex(forWriting: true, years: [entry.day.year])
      if try monthOf(transaction.id, in: &index, forWriting: true) != nil {
        throw LedgerError.duplicateTransaction(transaction.id)
      }
      let month = entry.day.yearMonth
      try checkMonths([month], index: &index)
      let record = try StoredRecord(entry)
      if let change = try splicedInsert(record, index: &index) {
        try commit(changes: [change], ids: [entry.id: month], index: &index)
      } else {
        var document = try documentForWriting(month, index: index)
        document.records.append(record)
        try commit([document], ids: [entry.id: month], index: &index)
      }
      feed.publish(months: [month], entriesOnly: true)
    }
  }

  /// Replaces an entry, in one commit even when it moves to another month or year.
  public func update(_ current: Transaction, to transaction: Transaction) async throws {
    let entry = try canonical(transaction)
    try await writing { () throws(LedgerError) in
      var index = try currentIndex(forWriting: true, years: [current.day.year, entry.day.year])
      if transaction.id == current.id,
        let (changes, moved) = try splicedChange(of: current, to: entry, index: &index)
      {
        try commit(
          changes: changes, ids: moved.map { [entry.id: $0] } ?? [:], index: &index)
        feed.publish(months: Set(changes.map(\.month)), entriesOnly: true)
        return
      }
      let stored = try storedEntry(current.id, index: &index, forWriting: true)
      guard let stored, stored == current, transaction.id == current.id else {
        throw LedgerError.staleTransaction(expected: current, current: stored)
      }
      let oldMonth = stored.day.yearMonth
      let newMonth = entry.day.yearMonth
      try checkMonths([oldMonth, newMonth], index: &index)
      var old = try documentForWriting(oldMonth, index: index)
      let kept = old.remove(entry.id)
      var record = try StoredRecord(entry)
      // Fields a newer Hannun wrote stay with the entry, wherever it moves.
      record.stored.otherFields = kept?.stored.otherFields ?? [:]
      if newMonth == oldMonth {
        old.records.append(record)
        try commit([old], ids: [:], index: &index)
      } else {
        var new = try documentForWriting(newMonth, index: index)
        new.records.append(record)
        try commit([old, new], ids: [entry.id: newMonth], index: &index)
      }
      feed.publish(months: [oldMonth, newMonth], entriesOnly: true)
    }
  }

  /// Removes an entry from its month file, in one commit with the index.
  public func delete(_ entry: Transaction) async throws {
    try await writing { () throws(LedgerError) in
      var index = try currentIndex(forWriting: true, years: [entry.day.year])
      if let (changes, _) = try splicedChange(of: entry, to: nil, index: &index) {
        try commit(changes: changes, ids: [entry.id: nil], index: &index)
        feed.publish(months: Set(changes.map(\.month)), entriesOnly: true)
        return
      }
      let stored = try storedEntry(entry.id, index: &index, forWriting: true)
      guard let stored, stored == entry else {
        throw LedgerError.staleTransaction(expected: entry, current: stored)
      }
      let month = stored.day.yearMonth
      try checkMonths([month], index: &index)
      var document = try documentForWriting(month, index: index)
      _ = document.remove(entry.id)
      try commit([document], ids: [entry.id: nil], index: &index)
      feed.publish(months: [month], entriesOnly: true)
    }
  }

  // MARK: - Changes

  /// Subscribes to this store's writes only: writes by other processes publish nothing here.
  public func subscribe() async -> (revision: UInt64, changes: AsyncStream<LedgerChange>) {
    feed.subscribe()
  }

  /// The number of this store's latest write; 0 when it has written nothing since opening.
  public func latestRevision() async -> UInt64 { feed.revision }

  // MARK: - Locks

  /// Runs a query holding the shared lock, after finishing any write a killed process left. The
  /// lock is waited for without blocking a thread, at most ``LockWaitLimits/reading``. An index
  /// the query had to build is recorded afterwards when the writers' lock is free
  /// (``recordIndexBuiltByRead()``).
  func reading<Result>(_ body: () throws(LedgerError) -> Result) async throws(LedgerError)
    -> Result
  {
    while true {
      // No ledger yet: nothing to lock, nothing to read.
      guard let lock = try await acquireLock(exclusive: false) else { return try body() }
      lockAcquisitions += 1
      let outcome: Result?
      do throws(LedgerError) {
        outcome = try Self.run(holding: lock) { () throws(LedgerError) -> Result? in
          POSIXFiles.exists(layout.journalPath) ? nil : try body()
        }
      } catch {
        // Damage named is recorded with the index too, so the next read names it at once.
        await recordIndexBuiltByRead()
        throw error
      }
      if let outcome {
        await recordIndexBuiltByRead()
        return outcome
      }
      if try await Self.recoverIfNeeded(layout, lockWait: lockWait) { lockAcquisitions += 1 }
      forgetEverything()
    }
  }

  /// Runs a read-modify-write holding the exclusive lock, after finishing any write a killed
  /// process left and removing its leftovers. The lock is waited for without blocking a thread,
  /// at most ``LockWaitLimits/writing``.
  func writing<Result>(_ body: () throws(LedgerError) -> Result) async throws(LedgerError)
    -> Result
  {
    try POSIXFiles.createDirectories(atPath: layout.ledgerDirectory)
    guard let lock = try await acquireLock(exclusive: true) else {
      throw .unwritableFile(path: layout.ledgerDirectory, reason: .folderDisappeared)
    }
    lockAcquisitions += 1
    return try Self.run(holding: lock) { () throws(LedgerError) -> Result in
      if try LedgerCommit.recover(layout) { forgetEverything() }
      return try body()
    }
  }

  /// Takes the lock, waiting at most ``lockWait`` (see ``POSIXFiles/lock(directory:exclusive:waitingAtMost:unlessHeldBy:)``).
  /// Once a wait ran out on a holder, a later attempt that finds that same holder (same pid, same
  /// start) still holding the lock gives up at once: a command that reads several times, or a
  /// page, then says so after one wait rather than after one per read, and names that wait (not
  /// the instant it gave up on the same holder again).
  private func acquireLock(exclusive: Bool) async throws(LedgerError) -> HeldLock? {
    do {
      let lock = try await POSIXFiles.lock(
        directory: layout.ledgerDirectory, exclusive: exclusive,
        waitingAtMost: exclusive ? lockWait.writing : lockWait.reading, unlessHeldBy: stalledHolder)
      stalledHolder = nil
      stalledWait = 0
      return lock
    } catch {
      switch error {
      case .unreadableFile(let path, .lockHeld(let holder?, let waited)):
        throw .unreadableFile(path: path, reason: stalled(on: holder, waited: waited))
      case .unwritableFile(let path, .lockHeld(let holder?, let waited)):
        throw .unwritableFile(path: path, reason: stalled(on: holder, waited: waited))
      default: throw error
      }
    }
  }

  /// Records that a wait of `waited` milliseconds ran out on `holder`.
  /// - Returns: The problem to report: the whole wait this store made for that holder.
  private func stalled(on holder: LockHolder, waited: Int) -> FileProblem {
    stalledWait = holder == stalledHolder ? stalledWait + waited : waited
    stalledHolder = holder
    return .lockHeld(by: holder, waitedMilliseconds: stalledWait)
  }

  /// Runs `body` and releases `lock`, whatever happens.
  private static func run<Result>(
    holding lock: HeldLock, _ body: () throws(LedgerError) -> Result
  ) throws(LedgerError) -> Result {
    defer { lock.release() }
    return try body()
  }

  /// Finishes a committed write a killed process left, under the exclusive lock.
  /// - Returns: Whether the lock was taken (there was such a write).
  @discardableResult
  private static func recoverIfNeeded(_ layout: LedgerLayout, lockWait: LockWaitLimits)
    async throws(LedgerError) -> Bool
  {
    guard POSIXFiles.exists(layout.journalPath),
      let lock = try await POSIXFiles.lock(
        directory: layout.ledgerDirectory, exclusive: true, waitingAtMost: lockWait.writing)
    else { return false }
    try run(holding: lock) { () throws(LedgerError) in _ = try LedgerCommit.recover(layout) }
    return true
  }

  func forgetEverything() {
    cache = MonthCache(capacity: cache.capacity)
    lastMapped = nil
    index = nil
    listingStamp = nil
  }

  // MARK: - Reading files

  private static func readMetadata(_ layout: LedgerLayout) throws(LedgerError) -> Currency? {
    let path = layout.metadataPath
    guard let file = try POSIXFiles.read(ledgerFile: path) else { return nil }
    let metadata: StoredMetadata
    if let plain = StoredMetadata.plain(file.data) {
      metadata = plain
    } else {
      metadata = try LedgerCodec.decode(StoredMetadata.self, from: file.data, path: path)
    }
    do throws(StoredRecordProblem) {
      return try metadata.ledgerCurrency()
    } catch {
      throw .unreadableFile(path: path, reason: .invalidContent(error.reason))
    }
  }

  static func missingMetadata(_ layout: LedgerLayout) -> LedgerError {
    .unreadableFile(path: layout.metadataPath, reason: .missingMetadata)
  }

  /// Whether `budgets.json`, `recurring.json` or `moods.json` exists: budgets are amounts in the
  /// ledger's currency as much as entries are, so without `meta.json` beside them the currency
  /// is unknown.
  static func hasLedgerDocuments(_ layout: LedgerLayout) -> Bool {
    [LedgerLayout.budgetsFile, LedgerLayout.recurringFile, LedgerLayout.moodsFile].contains {
      POSIXFiles.exists(layout.path($0))
    }
  }

  /// Whether any month file exists under `ledger/`.
  private static func hasMonthFiles(_ layout: LedgerLayout) throws(LedgerError) -> Bool {
    guard let yearNames = try POSIXFiles.contentsOfDirectory(atPath: layout.ledgerDirectory)
    else { return false }
    for yearName in yearNames {
      guard let year = LedgerLayout.year(fromDirectoryName: yearName),
        let names = try POSIXFiles.contentsOfDirectory(atPath: layout.yearDirectory(year))
      else { continue }
      if names.contains(where: { LedgerLayout.month(fromFileName: $0, year: year) != nil }) {
        return true
      }
    }
    return false
  }

  /// Makes sure what is at a year folder's place is a folder, or nothing.
  /// - Throws: ``LedgerError/unreadableFile(path:reason:)``: ``FileProblem/notAFolder`` for a
  ///   file there, whose months would read as empty; ``FileProblem/symbolicLink`` for a link,
  ///   through which writes would land outside the data directory.
  func checkYearFolder(_ year: Int) throws(LedgerError) {
    let path = layout.yearDirectory(year)
    var info = stat()
    FileOperations.recordStat()
    guard lstat(path, &info) == 0 else { return }  // nothing there (or looked at when opened)
    switch info.st_mode & S_IFMT {
    case S_IFDIR: return
    case S_IFLNK: throw .unreadableFile(path: path, reason: .symbolicLink)
    default: throw .unreadableFile(path: path, reason: .notAFolder)
    }
  }

  /// A month's entries in list order and the signature of the file they came from, or `nil` when
  /// the month has no file.
  /// - Throws: ``LedgerError/unreadableFile(path:reason:)`` when the file cannot be read, or
  ///   when its year folder is not a folder (the month is not known to be empty).
  func loadMonth(_ month: YearMonth) throws(LedgerError) -> LoadedMonth? {
    let path = layout.monthPath(month)
    guard let signature = try POSIXFiles.signature(ofLedgerFileAt: path) else {
      try checkYearFolder(month.year)
      try checkNotMisplaced(month)
      cache.remove(month)
      return nil
    }
    try signature.requireRegular(at: path)
    if let cached = cache.transactions(of: month, signature: signature) {
      return LoadedMonth(signature: signature, transactions: cached)
    }
    guard let file = try POSIXFiles.read(ledgerFile: path) else {
      cache.remove(month)
      return nil
    }
    monthFilesDecoded += 1
    let transactions = try MonthDocument.transactions(from: file.data, month: month, path: path)
    cache.store(transactions, of: month, signature: file.signature)
    return LoadedMonth(signature: file.signature, transactions: transactions)
  }

  /// The months to read for a range: each month of a short range, or the months that have files
  /// for a long one.
  func months(overlapping days: ClosedRange<Day>) throws(LedgerError) -> [YearMonth] {
    let first = days.lowerBound.yearMonth
    let last = days.upperBound.yearMonth
    let count = (last.year - first.year) * 12 + (last.month - first.month) + 1
    guard count > Self.directLookupLimit else {
      var months = [first]
      var current = first
      while current < last, let next = try? current.adding(months: 1) {
        months.append(next)
        current = next
      }
      return months
    }
    return try monthFiles(removingLeftovers: false).keys
      .filter { (first...last).contains($0) }.sorted()
  }

  /// Every month file under `ledger/`, with its signature. Names that are not
  /// `YYYY/YYYY-MM.json` are ignored; with `removingLeftovers` (a writer, holding the exclusive
  /// lock) the temporary files killed writers left in the year folders are removed.
  func monthFiles(removingLeftovers: Bool) throws(LedgerError) -> [YearMonth: FileSignature] {
    guard let yearNames = try POSIXFiles.contentsOfDirectory(atPath: layout.ledgerDirectory) else {
      return [:]
    }
    var files: [YearMonth: FileSignature] = [:]
    for yearName in yearNames {
      guard let year = LedgerLayout.year(fromDirectoryName: yearName) else { continue }
      let yearDirectory = layout.yearDirectory(year)
      try checkYearFolder(year)
      guard let entries = try POSIXFiles.signaturesOfFiles(inDirectory: yearDirectory) else {
        continue
      }
      for (name, signature) in entries {
        if removingLeftovers && LedgerCommit.isTemporaryFileName(name) {
          unlink(POSIXFiles.join(yearDirectory, name))
          continue
        }
        guard let month = LedgerLayout.month(fromFileName: name, year: year) else {
          try checkNotOtherYearsMonth(name, inFolderOf: year)
          continue
        }
        files[month] = signature
      }
    }
    return files
  }

  /// Refuses a month without its file whose file lies in another year's folder
  /// (`2024/2025-11.json`, moved there by hand): the month would read as empty. Costs a listing of
  /// `ledger/` and a look per year folder, only for months that have no file.
  /// - Throws: ``LedgerError/unreadableFile(path:reason:)``:
  ///   ``FileProblem/monthFileInOtherYear(belongsAt:)``.
  func checkNotMisplaced(_ month: YearMonth) throws(LedgerError) {
    guard let yearNames = try? POSIXFiles.contentsOfDirectory(atPath: layout.ledgerDirectory)
    else { return }
    for yearName in yearNames {
      guard let year = LedgerLayout.year(fromDirectoryName: yearName), year != month.year else {
        continue
      }
      let misplaced = POSIXFiles.join(layout.yearDirectory(year), month.iso + ".json")
      if POSIXFiles.exists(misplaced) {
        throw .unreadableFile(
          path: misplaced, reason: .monthFileInOtherYear(belongsAt: layout.monthPath(month)))
      }
    }
  }

  /// Refuses a month's file in another year's folder (`2024/2025-11.json`): it would never be
  /// read, so its entries would be missing from every view without a word. Other names (a
  /// `2025-11.json.bak`, a folder of old copies) are left alone.
  /// - Throws: ``LedgerError/unreadableFile(path:reason:)``:
  ///   ``FileProblem/monthFileInOtherYear(belongsAt:)``.
  private func checkNotOtherYearsMonth(_ name: String, inFolderOf year: Int) throws(LedgerError) {
    guard name.utf8.count == 12, name.hasSuffix(".json"),
      let month = IndexFileReader.month(name.dropLast(5)), month.year != year
    else { return }
    throw .unreadableFile(
      path: POSIXFiles.join(layout.yearDirectory(year), name),
      reason: .monthFileInOtherYear(belongsAt: layout.monthPath(month)))
  }

  /// The entry as a record for a file: checked by the same rules as stored records, stamps
  /// rounded to the millisecond.
  func canonical(_ transaction: Transaction) throws(LedgerError) -> Transaction {
    do throws(StoredRecordProblem) {
      return try StoredTransaction(transaction).transaction()
    } catch {
      throw .unwritableFile(
        path: layout.monthPath(transaction.day.yearMonth),
        reason: .entryNotStorable(transaction.id, detail: error.reason))
    }
  }
}
