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

/// The month files of a restore, prepared in `ledger/staging/` while the backup is read and
/// before the writers' lock is taken (see ``JSONFileTransactionStore/restore(reading:)``).
///
/// Each entry is checked by the rules of every write as it comes and kept with the others of its
/// month; once ``bufferLimit`` entries are kept, every month kept is written to a staged file
/// and let go. A backup written by Hannun lists its entries in day order, so each month is
/// written once or twice; one in any other order costs more writes (a month staged already is
/// read back and written again with its new entries), never more memory. What stays in memory
/// to the end is each entry's id and month, for the index — and to refuse an id given twice.
final class RestoreStaging: BackupEntrySink {
  /// How many entries are kept in memory before the months are written out.
  static let bufferLimit = 20_000

  private let layout: LedgerLayout
  /// The entries not yet written, by month.
  private var buffered: [YearMonth: [StoredRecord]] = [:]
  private var bufferedCount = 0
  /// Each month written, with its totals.
  private var staged: [YearMonth: (file: StagedFile, totals: [CategoryTotal]?)] = [:]
  /// The folders the staging created, outermost first: removed again when it is given up.
  private var createdFolders: [String]?
  /// Every id added, by shard, with its month.
  private(set) var idsByShard: [String: [TransactionID: YearMonth?]] = [:]
  /// The days of the month of the entry added last (a backup lists its entries in day order),
  /// whose stored dates are then looked up rather than parsed back.
  private var lastMonth: (month: YearMonth, days: MonthDays)?

  init(layout: LedgerLayout) {
    self.layout = layout
  }

  /// Checks `entry` by the rules of every write and keeps it.
  /// - Throws: ``BackupError/invalid(_:)`` for an id given twice; ``LedgerError`` for an entry
  ///   that cannot be stored or a staged file that cannot be written.
  func add(_ entry: Transaction) throws {
    let month = entry.day.yearMonth
    let shard = LedgerLayout.shard(of: entry.id)
    guard idsByShard[shard]?[entry.id] == nil else {
      throw BackupError.invalid(.duplicateEntry(entry.id))
    }
    // One conversion to the stored form, whose entry is the canonical one.
    let stored = try StoredRecord(entry)
    if lastMonth?.month != month { lastMonth = (month, MonthDays(month)) }
    let record: StoredRecord
    do throws(StoredRecordProblem) {
      record = StoredRecord(
        entry: try stored.stored.transaction(days: lastMonth?.days), stored: stored.stored)
    } catch {
      throw LedgerError.unwritableFile(
        path: layout.monthPath(month), reason: .entryNotStorable(entry.id, detail: error.reason))
    }
    idsByShard[shard, default: [:]][entry.id] = .some(month)
    buffered[month, default: []].append(record)
    bufferedCount += 1
    if bufferedCount >= Self.bufferLimit { try writeBuffered() }
  }

  /// Writes the months still kept in memory, and flushes every staged month to disk (all at
  /// once: they were written without flushing, see ``StagedFile/flush(_:layout:)``).
  func finish() throws(LedgerError) {
    try writeBuffered()
    try StagedFile.flush(staged.values.map(\.file), layout: layout)
  }

  /// The staged months, for the commit.
  var changes: [MonthFileChange] {
    staged.keys.sorted().compactMap { month in
      staged[month].map { MonthFileChange(month: month, staged: $0.file, totals: $0.totals) }
    }
  }

  /// Forgets the staged files once a commit took them (they are in the ledger now): the
  /// ``discard()`` that follows then removes only the folders the staging created.
  func committed() {
    staged = [:]
  }

  /// Removes the staged files and the folders the staging created (a staged file a commit
  /// took is in the ledger now, and no longer there to remove).
  func discard() {
    for (_, month) in staged { month.file.discard() }
    staged = [:]
    buffered = [:]
    for folder in (createdFolders ?? []).reversed() { rmdir(folder) }
    createdFolders = nil
  }

  /// Writes every month kept to its staged file, merged with what was staged for it before.
  private func writeBuffered() throws(LedgerError) {
    guard bufferedCount > 0 else { return }
    if createdFolders == nil {
      let folders = [layout.root, layout.ledgerDirectory, StagedFile.directory(layout)]
      createdFolders = folders.filter { !POSIXFiles.exists($0) }
    }
    for month in buffered.keys.sorted() {
      guard let records = buffered.removeValue(forKey: month) else { continue }
      let path = layout.monthPath(month)
      var document = MonthDocument(month: month)
      if let earlier = staged[month] {
        guard let file = try POSIXFiles.read(path: earlier.file.path) else {
          throw .unwritableFile(path: path, reason: .folderDisappeared)
        }
        document = try MonthDocument(decoding: file.data, month: month, path: path)
        earlier.file.discard()
        staged[month] = nil
      }
      document.records += records
      let data = document.encoded()
      let file = try StagedFile.write(data, layout: layout, reportingAs: path, flushing: false)
      staged[month] = (file, LedgerIndex.totals(of: month, document.entries))
    }
    bufferedCount = 0
  }
}
