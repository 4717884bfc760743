import HannunData
import HannunDomain
import HannunExchange

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The formats a ledger is exported in.
public enum ExportFormat: String, CaseIterable, Sendable {
  /// CSV (RFC 4180), one line an entry: for a spreadsheet.
  case csv
  /// An hledger/ledger journal whose balances are the ledger's totals.
  case journal
  /// The complete JSON backup (`hannun-backup`) that restores into an empty ledger.
  case json

  /// The format a person names: its own name in any case, or `hledger` or `ledger` for the
  /// journal those programs read; `nil` for any other name.
  /// - Parameter name: The name as typed (`--format hledger`).
  public init?(named name: String) {
    let lowered = name.lowercased()
    self.init(rawValue: lowered == "hledger" || lowered == "ledger" ? "journal" : lowered)
  }
}

/// Exports a ledger, written once for every frontend (`hannun export`, the web's downloads): the
/// entries of a span of days as CSV, as a journal, or the complete backup, each read and written
/// a month at a time, so an export of any size holds one month's entries in memory.
///
/// Formats that read the ledger in several calls (the journal, the backup) compare its stored
/// version before and after, and write everything again when another process wrote meanwhile:
/// the export is always one consistent snapshot. Take one from ``LedgerSession/exporter``.
public struct LedgerExporter: Sendable {
  private let stores: LedgerStores
  /// The ledger's currency: the amounts' decimal places and the journal's commodity.
  public let currency: Currency

  /// An exporter over a ledger's capabilities.
  /// - Parameters:
  ///   - stores: The ledger's capabilities: its entries, budgets, rules, moods and version.
  ///   - currency: The ledger's currency.
  public init(stores: LedgerStores, currency: Currency) {
    self.stores = stores
    self.currency = currency
  }

  /// Writes an export into `sink`, a month at a time.
  /// - Parameters:
  ///   - format: What to write.
  ///   - from: The first day, included, or `nil` for the ledger's first.
  ///   - to: The last day, included, or `nil` for the ledger's last.
  ///   - byteOrderMark: Whether a CSV file starts with U+FEFF (for spreadsheets); other formats
  ///     ignore it.
  ///   - escape: Applied to the entries' text before it is written in CSV and the journal (a
  ///     terminal's escaping of control characters); the backup escapes every control and
  ///     invisible character itself. The text unchanged by default.
  ///   - sink: Where the text goes.
  /// - Throws: `TransactionQueryError.daysBackwards` when `from` is after `to`;
  ///   ``BackupError/unsettled(attempts:)`` when the ledger changed during every reading;
  ///   ``BackupWriteError`` for an entry the backup cannot hold; what the stores or `sink`
  ///   throw. What was written is then incomplete: `sink` should not be shown.
  public func write(
    _ format: ExportFormat, from: Day? = nil, to: Day? = nil, byteOrderMark: Bool = false,
    escape: @escaping @Sendable (String) -> String = { $0 }, into sink: any ExportSink
  ) async throws {
    let start = from ?? Day.supportedRange.lowerBound
    let end = to ?? Day.supportedRange.upperBound
    guard start <= end else { throw TransactionQueryError.daysBackwards(from: start, to: end) }
    switch format {
    case .csv:
      try await csv(start...end, byteOrderMark: byteOrderMark, escape: escape, to: sink)
    case .journal:
      try await journal(start...end, escape: escape, to: sink)
    case .json:
      try await backup(start...end, from: from, to: to, into: sink)
    }
  }

  /// An export kept in an ``ExportSpool`` once it is whole, for a frontend that sends it (a
  /// download): read a piece at a time from there, it costs the frontend one month's entries and
  /// one piece of memory whatever its size, and the ledger is read (under its shared lock)
  /// before anything is sent, so a slow receiver never holds up a writer.
  /// - Parameters:
  ///   - format: What to write.
  ///   - from: The first day, included, or `nil` for the ledger's first.
  ///   - to: The last day, included, or `nil` for the ledger's last.
  ///   - byteOrderMark: Whether a CSV file starts with U+FEFF.
  /// - Returns: The spool, holding the same bytes ``write(_:from:to:byteOrderMark:escape:into:)``
  ///   writes.
  /// - Throws: What ``write(_:from:to:byteOrderMark:escape:into:)`` throws, and what
  ///   ``ExportSpool/init()`` throws when no temporary file can be made.
  public func spool(
    _ format: ExportFormat, from: Day? = nil, to: Day? = nil, byteOrderMark: Bool = false
  ) async throws -> ExportSpool {
    let spool = try ExportSpool()
    try await write(format, from: from, to: to, byteOrderMark: byteOrderMark, into: spool)
    return spool
  }

  /// An export as one text in memory: for a small span, or a test. A frontend that sends an
  /// export of any size takes ``spool(_:from:to:byteOrderMark:)`` instead, since this holds the
  /// whole text (about 185 bytes an entry as a backup).
  /// - Parameters:
  ///   - format: What to write.
  ///   - from: The first day, included, or `nil` for the ledger's first.
  ///   - to: The last day, included, or `nil` for the ledger's last.
  ///   - byteOrderMark: Whether a CSV file starts with U+FEFF.
  /// - Returns: The same text ``write(_:from:to:byteOrderMark:escape:into:)`` writes.
  /// - Throws: What ``write(_:from:to:byteOrderMark:escape:into:)`` throws.
  public func text(
    _ format: ExportFormat, from: Day? = nil, to: Day? = nil, byteOrderMark: Bool = false
  ) async throws -> String {
    let collected = CollectedText()
    try await write(format, from: from, to: to, byteOrderMark: byteOrderMark, into: collected)
    return collected.text
  }

  /// The CSV export: read and written a month at a time in one reading, under one hold of the
  /// ledger's shared lock, so a consistent snapshot even while another process writes.
  private func csv(
    _ days: ClosedRange<Day>, byteOrderMark: Bool, escape: @escaping @Sendable (String) -> String,
    to sink: any ExportSink
  ) async throws {
    try sink.append(CSVExport.headerLine(byteOrderMark: byteOrderMark))
    let currency = currency
    try await stores.entries.transactions(in: days) { entries in
      try sink.append(CSVExport.lines(entries, currency: currency, text: escape))
    }
  }

  /// The journal export. Its account names depend on every category it holds, so the months
  /// are read twice, the categories first; a category that appears in the second reading only
  /// means another process wrote, and the export starts again.
  private func journal(
    _ days: ClosedRange<Day>, escape: @escaping @Sendable (String) -> String,
    to sink: any ExportSink
  ) async throws {
    let entries = stores.entries
    let currency = currency
    try await settled {
      let categories = CategorySet()
      try await entries.transactions(in: days) { entries in categories.insert(entries) }
      let writer = JournalExport.Writer(categories: categories.all, currency: currency)
      try sink.reset()
      try sink.append(escape(writer.header))
      try await entries.transactions(in: days) { entries in
        // A category written since the first reading: the ledger changed, read it again.
        guard entries.allSatisfy({ writer.knows($0.category) }) else { throw ChangedMeanwhile() }
        try sink.append(escape(writer.lines(entries)))
      }
    }
  }

  /// The backup: everything the ledger holds, its entries and moods limited to `days`, the
  /// entries read and written a month at a time.
  private func backup(
    _ days: ClosedRange<Day>, from: Day?, to: Day?, into sink: any ExportSink
  ) async throws {
    let stores = stores
    let currency = currency
    try await settled {
      let rest = LedgerBackup(
        currency: currency, entries: [], budgets: try await stores.budgets.budgetPlan(),
        recurring: try await stores.recurring.recurringPlan(),
        moods: try await stores.moods.moods(in: days))
      try sink.reset()
      try sink.append(BackupExport.head(currency: currency, from: from, to: to))
      let written = WrittenCount()
      try await stores.entries.transactions(in: days) { entries in
        let first = written.add(entries.count) == 0
        try sink.append(BackupExport.entries(entries, currency: currency, first: first))
      }
      try sink.append(BackupExport.tail(rest, afterEntries: written.count > 0))
    }
  }

  /// Runs `body`, which reads the ledger in several calls, until the ledger's stored version is
  /// the same after it as before (or it says another process wrote meanwhile).
  /// - Throws: ``BackupError/unsettled(attempts:)`` when the ledger changed during every try;
  ///   what `body` throws.
  private func settled(_ body: () async throws -> Void) async throws {
    let attempts = LedgerBackup.snapshotAttempts
    for _ in 0..<attempts {
      let before = await stores.versions.storedVersion()
      do {
        try await body()
      } catch is ChangedMeanwhile {
        continue
      }
      if await stores.versions.storedVersion() == before { return }
    }
    throw BackupError.unsettled(attempts: attempts)
  }
}

extension LedgerSession {
  /// Exports this ledger (CSV, a journal, the complete backup), a month at a time.
  public var exporter: LedgerExporter { LedgerExporter(stores: stores, currency: currency) }
}

/// An export kept as one text.
private final class CollectedText: ExportSink, @unchecked Sendable {
  private let lock = ThreadLock()
  private var collected = ""

  func append(_ text: String) { lock.withLock { collected += text } }

  func reset() { lock.withLock { collected = "" } }

  /// Everything written.
  var text: String { lock.withLock { collected } }
}

/// The categories of an export's entries, gathered a month at a time.
private final class CategorySet: @unchecked Sendable {
  private let lock = ThreadLock()
  private var categories: Set<String> = []

  /// Adds the categories of `entries`.
  func insert(_ entries: [Transaction]) {
    lock.withLock { for entry in entries { categories.insert(entry.category) } }
  }

  /// Every category added.
  var all: Set<String> { lock.withLock { categories } }
}

/// How many entries an export has written so far.
private final class WrittenCount: @unchecked Sendable {
  private let lock = ThreadLock()
  private var total = 0

  /// Adds `count`; returns the total before.
  func add(_ count: Int) -> Int {
    lock.withLock {
      defer { total += count }
      return total
    }
  }

  /// The total.
  var count: Int { lock.withLock { total } }
}

/// Another process wrote while an export read the ledger in several calls: read it again.
private struct ChangedMeanwhile: Error {}
