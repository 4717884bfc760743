import ArgumentParser
import Foundation
import HannunDomain
import HannunExchange
import HannunImportFiles
import HannunPresentation
import HannunREPL

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `hannun export --format csv|journal|json [--from D] [--to D] [--output FILE] [--bom]`: the
/// entries in another program's format, for a spreadsheet, `hledger` or `ledger`, or (`json`) a
/// complete backup of the ledger that `hannun import` restores into an empty one.
struct ExportCommand: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "export",
      abstract: localized(
        "Write the entries as CSV or an hledger/ledger journal, or a complete JSON backup."),
      discussion:
        localized(
          "--format json writes everything the ledger holds (entries with ids and stamps, budgets, "
            + "recurring rules and their decisions, moods); --from/--to limit its entries and moods "
            + "by day, budgets and rules are always whole."))
  }

  @Option(name: .long, help: .localized("csv, journal or json (a complete backup).")) var format:
    String
  @Option(
    name: .long, help: .localized("The first day, included: YYYY-MM-DD, 11/3, yesterday, 어제 …"))
  var from: String?
  @Option(name: .long, help: .localized("The last day, included.")) var to: String?
  @Option(
    name: .long, help: .localized("Write to this file (owner-only) instead of standard output."))
  var output: String?
  @Flag(name: .long, help: .localized("Start a CSV file with a byte-order mark, for spreadsheets."))
  var bom = false
  @OptionGroup var global: GlobalOptions

  @MainActor func run() async throws {
    guard let kind = ExportFormat(rawValue: format.lowercased()) else {
      throw ExportProblem.unknownFormat(format)
    }
    if bom && kind != .csv { throw ExportProblem.bomNeedsCSV }
    let environment = try await AppEnvironment(options: global)
    if let output, let data = environment.session.dataDirectory {
      try Self.refuseInside(output, data: data.path)
    }
    let today = environment.session.clock.today
    let first = try from.map { text throws(DateInputError) in
      try Day(userInput: text, today: today)
    }
    let last = try to.map { text throws(DateInputError) in try Day(userInput: text, today: today) }
    let start = first ?? YearMonth.supportedRange.lowerBound.firstDay
    let end = last ?? YearMonth.supportedRange.upperBound.lastDay
    guard start <= end else {
      throw ExportProblem.backwards(start.iso, end.iso)
    }
    let days = start...end
    // Ledger text reaches a terminal only escaped; a file or a pipe gets it exactly.
    let toTerminal = output == nil && isatty(STDOUT_FILENO) == 1
    let escape: @Sendable (String) -> String = { text in
      toTerminal ? TerminalText.sanitized(text) : text
    }
    // Every format is written a month at a time, one month in memory at a time. Standard
    // output gets the export only once it is whole: a damaged month found halfway leaves
    // nothing printed, as a file given with --output is left unwritten.
    let destination: any ExportDestination =
      try output.map { try ExportFile(path: $0) }
      ?? SpooledOutput()
    do {
      switch kind {
      case .csv:
        try await Self.csv(environment, days: days, bom: bom, escape: escape, to: destination)
      case .journal:
        try await Self.journal(environment, days: days, escape: escape, to: destination)
      case .json:
        try await Self.backup(environment, days: days, from: first, to: last, into: destination)
      }
      try destination.finish(printing: Console.output)
    } catch {
      destination.abandon()
      throw error
    }
  }

  /// Writes the CSV export: read and written a month at a time under one hold of the ledger's
  /// shared lock, so a consistent snapshot even while another process writes.
  @MainActor
  private static func csv(
    _ environment: AppEnvironment, days: ClosedRange<Day>, bom: Bool,
    escape: @escaping @Sendable (String) -> String, to destination: any ExportDestination
  ) async throws {
    try destination.append(CSVExport.headerLine(byteOrderMark: bom))
    let currency = environment.currency
    try await environment.session.repository.transactions(in: days) { entries in
      try destination.append(CSVExport.lines(entries, currency: currency, text: escape))
    }
  }

  /// Writes the journal export a month at a time. Its account names depend on every category
  /// it holds, so the months are read twice, the categories first; the ledger's stored version
  /// is compared before and after, and it is written again when another process wrote
  /// meanwhile, so the file is still one consistent snapshot.
  @MainActor
  private static func journal(
    _ environment: AppEnvironment, days: ClosedRange<Day>,
    escape: @escaping @Sendable (String) -> String, to destination: any ExportDestination
  ) async throws {
    let repository = environment.session.repository
    let currency = environment.currency
    try await settled(environment) {
      let categories = CategorySet()
      try await repository.transactions(in: days) { entries in categories.insert(entries) }
      let writer = JournalExport.Writer(categories: categories.all, currency: currency)
      try destination.reset()
      try destination.append(escape(writer.header))
      try await repository.transactions(in: days) { entries in
        // A category written since the first reading: the ledger changed, read it again.
        guard entries.allSatisfy({ writer.knows($0.category) }) else { throw ChangedMeanwhile() }
        try destination.append(escape(writer.lines(entries)))
      }
    }
  }

  /// Writes the backup: a consistent snapshot of everything the ledger holds, its entries and
  /// moods limited to `days`, the entries read and written a month at a time. The parts are
  /// read in several calls, so the stored version is compared before and after and everything
  /// is written again when it changed. Its strings escape every control and invisible format
  /// character, so it reaches a terminal as it is.
  @MainActor
  private static func backup(
    _ environment: AppEnvironment, days: ClosedRange<Day>, from: Day?, to: Day?,
    into destination: any ExportDestination
  ) async throws {
    let stores = environment.session.stores
    let currency = environment.currency
    try await settled(environment) {
      let rest = LedgerBackup(
        currency: currency, entries: [], budgets: try await stores.budgets.budgetPlan(),
        recurring: try await stores.recurring.recurringPlan(),
        moods: try await stores.moods.moods(in: days))
      try destination.reset()
      try destination.append(BackupExport.head(currency: currency, from: from, to: to))
      let written = WrittenCount()
      try await stores.entries.transactions(in: days) { entries in
        let text: String
        do throws(BackupWriteError) {
          text = try BackupExport.entries(
            entries, currency: currency, first: written.add(entries.count) == 0)
        } catch {
          throw BackupFailure.unwritable(error)
        }
        try destination.append(text)
      }
      try destination.append(BackupExport.tail(rest, afterEntries: written.count > 0))
    }
  }

  /// Runs `body`, which reads the ledger in several calls, until the ledger's stored version is
  /// the same after it as before (or it says another process wrote meanwhile).
  /// - Throws: ``BackupFailure/refused(_:)`` with ``BackupError/unsettled(attempts:)`` when the
  ///   ledger changed during every try; what `body` throws.
  @MainActor
  private static func settled(
    _ environment: AppEnvironment, _ body: @MainActor () async throws -> Void
  ) async throws {
    let versions = environment.session.stores.versions
    let attempts = LedgerBackup.snapshotAttempts
    for _ in 0..<attempts {
      let before = await versions.storedVersion()
      do {
        try await body()
      } catch is ChangedMeanwhile {
        continue
      }
      if await versions.storedVersion() == before { return }
    }
    throw BackupFailure.refused(.unsettled(attempts: attempts))
  }

  /// Refuses an output path inside the data directory, once both are resolved (symbolic links
  /// followed, `.` and `..` taken out): the file would replace one of the ledger's own.
  /// - Throws: ``ExportProblem/insideData(_:_:)``.
  static func refuseInside(_ output: String, data: String) throws(ExportProblem) {
    let file = resolved(output)
    let folder = resolved(data)
    if file == folder || file.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/") {
      throw .insideData(output, data)
    }
  }

  /// `path` made absolute, with symbolic links followed as far as it exists and `.` and `..`
  /// taken out of the rest (which, not existing, holds no link).
  static func resolved(_ path: String) -> String {
    var absolute = path
    if !path.hasPrefix("/") {
      absolute = FileManager.default.currentDirectoryPath + "/" + path
    }
    var existing = absolute
    var rest: [Substring] = []
    var real: String?
    while true {
      if let pointer = realpath(existing, nil) {
        real = String(cString: pointer)
        free(pointer)
        break
      }
      guard let slash = existing.lastIndex(of: "/") else { break }
      rest.insert(existing[existing.index(after: slash)...], at: 0)
      existing = String(existing[..<slash])
      if existing.isEmpty { existing = "/" }
    }
    var components = (real ?? "").split(separator: "/")
    for component in rest {
      switch component {
      case "", ".": continue
      case "..": _ = components.popLast()
      default: components.append(component)
      }
    }
    return "/" + components.joined(separator: "/")
  }
}

/// Where an export is written a piece at a time, and made visible only once it is whole.
protocol ExportDestination: AnyObject, Sendable {
  /// Writes `text` after what was written.
  func append(_ text: String) throws
  /// Forgets everything written, to write the export again from its start.
  func reset() throws
  /// Makes the whole export visible: a file renamed into place, or standard output given it.
  /// - Parameter printing: Where standard output's text goes.
  func finish(printing: (String) -> Void) throws
  /// Removes what was written, when the export did not finish.
  func abandon()
}

/// An export's file, written a piece at a time with owner-only permissions into a new temporary
/// file beside it, then flushed and renamed over it: whole or not at all.
final class ExportFile: ExportDestination, @unchecked Sendable {
  private let path: String
  private let temporary: String
  private var descriptor: Int32

  /// Creates the temporary file.
  /// - Throws: ``ExportProblem/cannotWrite(_:_:)``.
  init(path: String) throws(ExportProblem) {
    self.path = path
    temporary = path + ".\(UInt64.random(in: 0...UInt64.max)).tmp"
    descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw .cannotWrite(path, errno) }
  }

  deinit { abandon() }

  /// Writes `text` after what was written.
  /// - Throws: ``ExportProblem/cannotWrite(_:_:)``.
  func append(_ text: String) throws(ExportProblem) {
    var text = text
    let failure = text.withUTF8 { bytes -> Int32? in
      var written = 0
      while written < bytes.count {
        let count = write(descriptor, bytes.baseAddress.map { $0 + written }, bytes.count - written)
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { return errno }
        written += count
      }
      return nil
    }
    if let failure { throw .cannotWrite(path, failure) }
  }

  /// Empties the temporary file.
  /// - Throws: ``ExportProblem/cannotWrite(_:_:)``.
  func reset() throws(ExportProblem) {
    guard ftruncate(descriptor, 0) == 0, lseek(descriptor, 0, SEEK_SET) == 0 else {
      throw .cannotWrite(path, errno)
    }
  }

  /// Renames the file into place (``commit()``); nothing is printed.
  func finish(printing: (String) -> Void) throws {
    try commit()
  }

  /// Flushes the file and renames it over ``path``.
  /// - Throws: ``ExportProblem/cannotWrite(_:_:)``; the temporary file is removed then.
  func commit() throws(ExportProblem) {
    let flushed = fsync(descriptor) == 0
    let failure = errno
    close(descriptor)
    descriptor = -1
    guard flushed, rename(temporary, path) == 0 else {
      let reason = flushed ? errno : failure
      unlink(temporary)
      throw .cannotWrite(path, reason)
    }
  }

  /// Removes the temporary file, when the export did not finish.
  func abandon() {
    guard descriptor >= 0 else { return }
    close(descriptor)
    descriptor = -1
    unlink(temporary)
  }
}

/// The formats `export` writes.
enum ExportFormat: String {
  case csv, journal, json
}

/// What `export` refuses, in the user's language.
enum ExportProblem: LocalizedMessage, Equatable {
  case unknownFormat(String)
  case bomNeedsCSV
  case backwards(String, String)
  case cannotWrite(String, Int32)
  case insideData(String, String)

  func text(in catalog: any MessageCatalog) -> String {
    let refusal: CommandLineRefusal =
      switch self {
      case .unknownFormat(let format): .exportUnknownFormat(TerminalText.sanitized(format))
      case .bomNeedsCSV: .exportBOMNeedsCSV
      case .backwards(let from, let to): .exportBackwards(from, to)
      case .cannotWrite(let path, let code):
        .exportCannotWrite(TerminalText.sanitized(path), reason: reason(code, catalog))
      case .insideData(let path, let data):
        .exportInsideData(TerminalText.sanitized(path), data: TerminalText.sanitized(data))
      }
    return catalog.language.commandLine.describe(refusal)
  }

  /// What the system said, in the user's language.
  private func reason(_ code: Int32, _ catalog: any MessageCatalog) -> String {
    catalog.describe(FileProblem.system(code: code, systemText: String(cString: strerror(code))))
  }
}

/// An export on its way to standard output, kept in an anonymous owner-only temporary file until
/// it is whole, so a refusal halfway prints nothing and memory stays at one month.
final class SpooledOutput: ExportDestination, @unchecked Sendable {
  private let file: UnsafeMutablePointer<FILE>

  /// A new, empty spool.
  /// - Throws: ``ExportProblem`` when no temporary file can be made.
  init() throws {
    guard let file = tmpfile() else {
      throw ExportProblem.cannotWrite("tmpfile", errno)
    }
    self.file = file
  }

  deinit { fclose(file) }

  /// Adds text to the end.
  func append(_ text: String) throws {
    var text = text
    let written = text.withUTF8 { fwrite($0.baseAddress, 1, $0.count, file) }
    guard written == text.utf8.count else {
      throw ExportProblem.cannotWrite("tmpfile", errno)
    }
  }

  /// Empties the spool.
  func reset() throws {
    fflush(file)
    guard ftruncate(fileno(file), 0) == 0 else {
      throw ExportProblem.cannotWrite("tmpfile", errno)
    }
    rewind(file)
  }

  /// Prints everything kept (``flush(to:)``).
  func finish(printing: (String) -> Void) throws {
    try flush(to: printing)
  }

  /// Nothing to remove: the spool has no name, and goes with the process.
  func abandon() {}

  /// Hands everything kept to `write`, a line-ended piece at a time.
  func flush(to write: (String) -> Void) throws {
    fflush(file)
    rewind(file)
    var buffer = [UInt8](repeating: 0, count: 1 << 20)
    var carried: [UInt8] = []
    while true {
      let count = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
      if count == 0 { break }
      carried.append(contentsOf: buffer[0..<count])
      // Pieces end at a newline, so no UTF-8 sequence is ever cut.
      if let end = carried.lastIndex(of: UInt8(ascii: "\n")) {
        write(String(decoding: carried[...end], as: UTF8.self))
        carried.removeSubrange(...end)
      }
    }
    if !carried.isEmpty { write(String(decoding: carried, as: UTF8.self)) }
  }
}

/// The categories of an export's entries, gathered a month at a time.
private final class CategorySet: @unchecked Sendable {
  private let lock = NSLock()
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
  private let lock = NSLock()
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
