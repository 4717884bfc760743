import Foundation
import HannunDomain

/// The ledger as a directory of JSON files, one per month (see ``LedgerLayout`` for the layout).
///
/// - Reading never creates a file or directory: a store on a missing directory is an empty ledger
///   until its first write, which creates `ledger/meta.json` and the month's file.
/// - A range query reads only the month files that overlap the range, and decoded months are
///   cached; a cached month is used only while its file's identity, size and modification time are
///   unchanged, so a write by another process is noticed.
/// - Lookups by id read the ids of every month file once (nothing else of them) and keep an
///   id → month index, refreshed from the files' signatures on each lookup.
/// - Writers hold an exclusive `flock` on `ledger/` for their read-modify-write, so two windows
///   or two stores on one ledger never lose each other's changes.
/// - Every write replaces a whole month file atomically (temporary file, `fsync`, rename, `fsync`
///   of the directory). Before a month is written its current file must read correctly: a file
///   that does not is never overwritten or removed, and the write fails naming it. Writes to other
///   months still work.
/// - A month whose last entry is deleted or moved away has its file removed: a month file exists
///   only for a month with entries.
/// - Files are created with mode 0600 and directories with mode 0700.
/// - Stamps are stored to the millisecond; the store returns them rounded that way, so the entries
///   it returns are exactly what a later reader of the files gets.
public actor JSONFileTransactionStore: TransactionRepository {
  /// The data directory this store was opened on.
  public nonisolated let directory: URL
  /// The ledger's currency: the one in `meta.json` when it exists, otherwise the one asked for at
  /// opening, which the first write records.
  public nonisolated let currency: Currency

  /// Ranges of at most this many months are read month by month; longer ones list the directories
  /// to find the months that have files.
  private static let directLookupLimit = 36

  private let layout: LedgerLayout
  private var metadataOnDisk: Bool
  private var feed = LedgerChangeFeed()
  private var cache = MonthCache(capacity: 48)
  private var index: IDIndex?

  private init(directory: URL, layout: LedgerLayout, currency: Currency, metadataOnDisk: Bool) {
    self.directory = directory
    self.layout = layout
    self.currency = currency
    self.metadataOnDisk = metadataOnDisk
  }

  /// Opens the ledger in a data directory. Nothing is created until the first write.
  /// - Parameters:
  ///   - directory: The data directory; `ledger/` lives inside it.
  ///   - requestedCurrency: The currency asked for (`--currency`), or `nil`.
  ///   - defaultCurrency: The currency of a new ledger when none is asked for.
  /// - Throws: ``LedgerError/currencyMismatch(ledger:requested:)`` when the ledger exists with
  ///   another currency than the one requested; ``LedgerError/unreadableFile(path:reason:)`` when
  ///   `meta.json` cannot be read or was written by a newer Hannun.
  public static func open(
    directory: URL, requestedCurrency: Currency?, defaultCurrency: Currency
  ) async throws -> JSONFileTransactionStore {
    let layout = LedgerLayout(dataDirectory: directory)
    if let stored = try readMetadata(layout) {
      if let requested = requestedCurrency, requested.code != stored.code {
        throw LedgerError.currencyMismatch(ledger: stored.code, requested: requested.code)
      }
      return JSONFileTransactionStore(
        directory: directory, layout: layout, currency: stored, metadataOnDisk: true)
    }
    return JSONFileTransactionStore(
      directory: directory, layout: layout, currency: requestedCurrency ?? defaultCurrency,
      metadataOnDisk: false)
  }

  // MARK: - Queries

  public func transactions(in days: ClosedRange<Day>) async throws -> [Transaction] {
    var result: [Transaction] = []
    for month in try months(overlapping: days) {
      guard let loaded = try loadMonth(month) else { continue }
      if days.contains(month.firstDay) && days.contains(month.lastDay) {
        result += loaded.transactions
      } else {
        result += loaded.transactions.filter { days.contains($0.day) }
      }
    }
    return result
  }

  /// - Throws: ``LedgerError/unreadableFile(path:reason:)`` when the id is not found and a month
  ///   file cannot be read, since the entry could be in it.
  public func transaction(withID id: TransactionID) async throws -> Transaction? {
    let index = try refreshedIndex()
    guard let month = index.monthOfID[id] else {
      if let problem = index.firstProblem { throw problem }
      return nil
    }
    return try loadMonth(month)?.transactions.first { $0.id == id }
  }

  /// - Throws: ``LedgerError/unreadableFile(path:reason:)`` when any month file cannot be read,
  ///   since the answer could be incomplete.
  public func ids(startingWith prefix: String) async throws -> [TransactionID] {
    let index = try refreshedIndex()
    if let problem = index.firstProblem { throw problem }
    return index.monthOfID.keys.filter { $0.rawValue.hasPrefix(prefix) }.sorted()
  }

  // MARK: - Writes

  /// Stores a new entry. A month file that cannot be read does not block writes to other months,
  /// so the duplicate check covers the readable months.
  public func insert(_ transaction: Transaction) async throws {
    try lockedForWriting { () throws(LedgerError) in
      let index = try refreshedIndex()
      guard index.monthOfID[transaction.id] == nil else {
        throw LedgerError.duplicateTransaction(transaction.id)
      }
      let entry = try canonical(transaction)
      let month = entry.day.yearMonth
      let entries = try entriesForWriting(month, index: index)
      try write(entries + [entry], to: month)
      feed.publish(months: [month])
    }
  }

  /// Replaces an entry. Moving it to another month writes the new month first and then the old
  /// one; should the second write fail, the first is undone.
  public func update(_ current: Transaction, to transaction: Transaction) async throws {
    try lockedForWriting { () throws(LedgerError) in
      try replace(current, with: transaction)
    }
  }

  private func replace(_ current: Transaction, with transaction: Transaction) throws(LedgerError) {
    let index = try refreshedIndex()
    guard let oldMonth = index.monthOfID[transaction.id] else {
      if let problem = index.firstProblem { throw problem }
      throw LedgerError.staleTransaction(expected: current, current: nil)
    }
    let entry = try canonical(transaction)
    let newMonth = entry.day.yearMonth
    var oldEntries = try entriesForWriting(oldMonth, index: index)
    guard let position = oldEntries.firstIndex(where: { $0.id == entry.id }) else {
      throw LedgerError.staleTransaction(expected: current, current: nil)
    }
    guard oldEntries[position] == current else {
      throw LedgerError.staleTransaction(expected: current, current: oldEntries[position])
    }
    oldEntries.remove(at: position)
    if newMonth == oldMonth {
      try write(oldEntries + [entry], to: oldMonth)
    } else {
      let newEntries = try entriesForWriting(newMonth, index: index)
      try write(newEntries + [entry], to: newMonth)
      do throws(LedgerError) {
        try write(oldEntries, to: oldMonth)
      } catch {
        try? write(newEntries, to: newMonth)
        self.index = nil
        throw error
      }
    }
    feed.publish(months: [oldMonth, newMonth])
  }

  public func delete(_ entry: Transaction) async throws {
    try lockedForWriting { () throws(LedgerError) in _ = try remove(entry) }
  }

  public func categoryTotals(in months: ClosedRange<YearMonth>) async throws
    -> [MonthCategoryTotals]
  {
    try await categoryTotalsComputed(in: months)
  }

  private func remove(_ expected: Transaction) throws(LedgerError) -> Transaction {
    let id = expected.id
    let index = try refreshedIndex()
    guard let month = index.monthOfID[id] else {
      if let problem = index.firstProblem { throw problem }
      throw LedgerError.staleTransaction(expected: expected, current: nil)
    }
    var entries = try entriesForWriting(month, index: index)
    guard let position = entries.firstIndex(where: { $0.id == id }) else {
      throw LedgerError.staleTransaction(expected: expected, current: nil)
    }
    guard entries[position] == expected else {
      throw LedgerError.staleTransaction(expected: expected, current: entries[position])
    }
    let removed = entries.remove(at: position)
    try write(entries, to: month)
    feed.publish(months: [month])
    return removed
  }

  /// Runs a read-modify-write holding the ledger's lock, so concurrent writers never lose each
  /// other's changes.
  private func lockedForWriting<Result>(_ body: () throws(LedgerError) -> Result)
    throws(LedgerError) -> Result
  {
    try POSIXFiles.withExclusiveLock(onDirectory: layout.ledgerDirectory, body)
  }

  // MARK: - Changes

  public func subscribe() async -> (revision: UInt64, changes: AsyncStream<LedgerChange>) {
    feed.subscribe()
  }

  public func latestRevision() async -> UInt64 { feed.revision }

  // MARK: - Reading files

  private static func readMetadata(_ layout: LedgerLayout) throws(LedgerError) -> Currency? {
    let path = layout.metadataPath
    guard let file = try POSIXFiles.read(path: path) else { return nil }
    let metadata = try LedgerCodec.decode(StoredMetadata.self, from: file.data, path: path)
    do throws(StoredRecordProblem) {
      return try metadata.ledgerCurrency()
    } catch {
      throw .unreadableFile(path: path, reason: error.reason)
    }
  }

  /// A month's entries in list order and the signature of the file they came from, or `nil` when
  /// the month has no file.
  private func loadMonth(_ month: YearMonth) throws(LedgerError) -> LoadedMonth? {
    let path = layout.monthPath(month)
    guard let signature = try POSIXFiles.signature(ofFileAt: path) else {
      cache.remove(month)
      return nil
    }
    if let cached = cache.transactions(of: month, signature: signature) {
      return LoadedMonth(signature: signature, transactions: cached)
    }
    guard let file = try POSIXFiles.read(path: path) else {
      cache.remove(month)
      return nil
    }
    let document = try LedgerCodec.decode(StoredMonth.self, from: file.data, path: path)
    let transactions: [Transaction]
    do throws(StoredRecordProblem) {
      transactions = try document.transactions(of: month)
    } catch {
      throw .unreadableFile(path: path, reason: error.reason)
    }
    cache.store(transactions, of: month, signature: file.signature)
    return LoadedMonth(signature: file.signature, transactions: transactions)
  }

  /// The ids stored in a month's file, without decoding or caching its entries (a month already
  /// in the cache answers from there): one pass of the JSON parser over the file. The entries'
  /// other fields are checked when the month itself is read; the ids, and the month the file
  /// claims, are checked here.
  private func loadIDs(_ month: YearMonth) throws(LedgerError) -> (FileSignature, [TransactionID])?
  {
    let path = layout.monthPath(month)
    guard let signature = try POSIXFiles.signature(ofFileAt: path) else { return nil }
    if let cached = cache.transactions(of: month, signature: signature) {
      return (signature, cached.map(\.id))
    }
    guard let file = try POSIXFiles.read(path: path) else { return nil }
    guard let document = try? JSONDecoder().decode(StoredMonthIDs.self, from: file.data),
      (1...supportedSchemaVersion).contains(document.schemaVersion),
      document.month == month.iso
    else {
      // Let the full reader name exactly what is wrong.
      _ = try loadMonth(month)
      throw .unreadableFile(path: path, reason: "its month or schema version is not readable")
    }
    let ids = document.transactions.map { TransactionID($0.id) }
    guard ids.allSatisfy({ !$0.rawValue.isEmpty }), Set(ids).count == ids.count else {
      _ = try loadMonth(month)
      throw .unreadableFile(path: path, reason: "an entry id is empty or stored more than once")
    }
    return (file.signature, ids)
  }

  /// The months to read for a range: each month of a short range, or the months that have files
  /// for a long one.
  private func months(overlapping days: ClosedRange<Day>) throws(LedgerError) -> [YearMonth] {
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
    return try monthFiles(years: first.year...last.year).keys
      .filter { (first...last).contains($0) }.sorted()
  }

  /// Every month file under `ledger/` (optionally only of some years), with its signature.
  /// Names that are not `YYYY/YYYY-MM.json` are ignored.
  private func monthFiles(years: ClosedRange<Int>? = nil) throws(LedgerError) -> [YearMonth:
    FileSignature]
  {
    guard let yearNames = try POSIXFiles.contentsOfDirectory(atPath: layout.ledgerDirectory) else {
      return [:]
    }
    var files: [YearMonth: FileSignature] = [:]
    for yearName in yearNames {
      guard let year = LedgerLayout.year(fromDirectoryName: yearName),
        years?.contains(year) ?? true
      else { continue }
      let yearDirectory = layout.yearDirectory(year)
      guard let names = try POSIXFiles.contentsOfDirectory(atPath: yearDirectory) else { continue }
      for name in names {
        guard let month = LedgerLayout.month(fromFileName: name, year: year),
          let signature = try POSIXFiles.signature(ofFileAt: layout.monthPath(month))
        else { continue }
        files[month] = signature
      }
    }
    return files
  }

  /// The id index, brought up to date: months whose files are new, changed or gone are read
  /// again; the others are trusted.
  private func refreshedIndex() throws(LedgerError) -> IDIndex {
    let files = try monthFiles()
    var index = self.index ?? IDIndex()
    let stale = Set(index.months.keys).union(files.keys).filter { month in
      guard let known = index.months[month], let signature = files[month] else { return true }
      return known.signature != signature || known.isConflicting
    }
    for month in stale { index.forget(month) }
    for month in stale.sorted() {
      guard let listed = files[month] else { continue }
      do throws(LedgerError) {
        guard let (signature, ids) = try loadIDs(month) else { continue }
        index.add(ids, signature: signature, of: month, pathOf: layout.monthPath)
      } catch {
        index.months[month] = IDIndex.Month(signature: listed, state: .unreadable(error))
      }
    }
    self.index = index
    return index
  }

  // MARK: - Writing files

  /// The entries of a month about to be written: its file must read correctly.
  private func entriesForWriting(_ month: YearMonth, index: IDIndex) throws(LedgerError)
    -> [Transaction]
  {
    if case .conflicting(let error)? = index.months[month]?.state { throw error }
    return try loadMonth(month)?.transactions ?? []
  }

  /// The entry as it will read back from a file: checked by the same rules as stored records,
  /// stamps rounded to the millisecond.
  private func canonical(_ transaction: Transaction) throws(LedgerError) -> Transaction {
    do throws(StoredRecordProblem) {
      return try StoredTransaction(transaction).transaction()
    } catch {
      throw .unwritableFile(
        path: layout.monthPath(transaction.day.yearMonth),
        reason: "the entry '\(transaction.id)' cannot be stored: \(error.reason)")
    }
  }

  /// Records the ledger's currency in `meta.json` before the first month file is written.
  private func ensureMetadata() throws(LedgerError) {
    guard !metadataOnDisk else { return }
    if let stored = try Self.readMetadata(layout) {
      guard stored.code == currency.code else {
        throw .currencyMismatch(ledger: stored.code, requested: currency.code)
      }
    } else {
      let data = try LedgerCodec.encode(
        StoredMetadata(currency: currency), path: layout.metadataPath)
      try POSIXFiles.createDirectories(atPath: layout.ledgerDirectory)
      try POSIXFiles.writeAtomically(data, toPath: layout.metadataPath)
    }
    metadataOnDisk = true
  }

  /// Replaces a month's file with `entries`, or removes it when there are none, and updates the
  /// cache and the index to match.
  private func write(_ entries: [Transaction], to month: YearMonth) throws(LedgerError) {
    let path = layout.monthPath(month)
    let sorted = entries.sorted(by: Transaction.listOrder)
    guard !sorted.isEmpty else {
      try POSIXFiles.removeFile(atPath: path)
      cache.remove(month)
      index?.forget(month)
      return
    }
    let document: StoredMonth
    do throws(StoredRecordProblem) {
      document = try StoredMonth(month: month, transactions: sorted)
    } catch {
      throw .unwritableFile(path: path, reason: error.reason)
    }
    let data = try LedgerCodec.encode(document, path: path)
    try ensureMetadata()
    try POSIXFiles.createDirectories(atPath: layout.yearDirectory(month.year))
    try POSIXFiles.writeAtomically(data, toPath: path)

    guard let signature = try? POSIXFiles.signature(ofFileAt: path) else {
      cache.remove(month)
      index = nil
      return
    }
    cache.store(sorted, of: month, signature: signature)
    index?.forget(month)
    index?.add(sorted.map(\.id), signature: signature, of: month, pathOf: layout.monthPath)
  }
}
