import ArgumentParser
import HannunDomain
import HannunExchange
import HannunImportFiles
import HannunKit
import HannunPresentation
import HannunREPL

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

  @Option(
    name: .long,
    help: .localized(
      "csv, journal or json (a complete backup); by default what the --output file's name ends in"
        + " (.csv, .journal or .ledger, .json)."))
  var format: String?
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
    let kind = try Self.format(format, output: output)
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
    // Ledger text reaches a terminal only escaped; a file or a pipe gets it exactly.
    let toTerminal = output == nil && isatty(STDOUT_FILENO) == 1
    let escape: @Sendable (String) -> String = { text in
      toTerminal ? TerminalText.sanitized(text) : text
    }
    // Every format is written a month at a time, one month in memory at a time
    // (``LedgerExporter``, which the web's downloads use too). Standard
    // output gets the export only once it is whole: a damaged month found halfway leaves
    // nothing printed, as a file given with --output is left unwritten.
    let destination: any ExportDestination =
      try output.map { try ExportFile(path: $0) }
      ?? SpooledOutput()
    do {
      do {
        try await environment.session.exporter.write(
          kind, from: first, to: last, byteOrderMark: bom, escape: escape, into: destination)
      } catch let error as BackupError {
        throw BackupFailure.refused(error)
      } catch let error as BackupWriteError {
        throw BackupFailure.unwritable(error)
      }
      try destination.finish(printing: Console.output)
    } catch {
      destination.abandon()
      throw error
    }
  }

  /// The format `--format` names or, without it, the one the `--output` file's name ends in.
  /// - Throws: ``ExportProblem/unknownFormat(_:)`` for a name that is no format,
  ///   ``ExportProblem/needsFormat(_:)`` when neither says one.
  static func format(_ named: String?, output: String?) throws(ExportProblem) -> ExportFormat {
    if let named {
      guard let kind = ExportFormat(named: named) else {
        throw .unknownFormat(named)
      }
      return kind
    }
    let guessed = output.flatMap { path -> ExportFormat? in
      switch ImportFormat.pathExtension(path).lowercased() {
      case "csv": .csv
      case "journal", "ledger", "hledger": .journal
      case "json": .json
      default: nil
      }
    }
    guard let guessed else { throw .needsFormat(output) }
    return guessed
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
protocol ExportDestination: ExportSink {
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

/// What `export` refuses, in the user's language.
enum ExportProblem: LocalizedMessage, Equatable {
  case unknownFormat(String)
  case needsFormat(String?)
  case bomNeedsCSV
  case backwards(String, String)
  case cannotWrite(String, Int32)
  case insideData(String, String)

  func text(in catalog: any MessageCatalog) -> String {
    let refusal: CommandLineRefusal =
      switch self {
      case .unknownFormat(let format): .exportUnknownFormat(TerminalText.sanitized(format))
      case .needsFormat(let output): .exportNeedsFormat(output.map(TerminalText.sanitized))
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
    catalog.describe(FileProblem.failedSystemCall(errno: code))
  }
}

/// An export on its way to standard output, kept in an anonymous owner-only temporary file
/// (``ExportSpool``) until it is whole, so a refusal halfway prints nothing and memory stays at
/// one month.
final class SpooledOutput: ExportDestination, @unchecked Sendable {
  private let spool: ExportSpool

  /// A new, empty spool.
  /// - Throws: What ``ExportSpool/init()`` throws when no temporary file can be made.
  init() throws {
    spool = try ExportSpool()
  }

  /// Adds text to the end.
  func append(_ text: String) throws { try spool.append(text) }

  /// Empties the spool.
  func reset() throws { try spool.reset() }

  /// Prints everything kept (``flush(to:)``).
  func finish(printing: (String) -> Void) throws {
    try flush(to: printing)
  }

  /// Nothing to remove: the spool has no name, and goes with the process.
  func abandon() {}

  /// Hands everything kept to `write`, a line-ended piece at a time.
  func flush(to write: (String) -> Void) throws {
    var offset = 0
    var carried: [UInt8] = []
    while offset < spool.byteCount {
      let piece = try spool.bytes(at: offset, upTo: 1 << 20)
      offset += piece.count
      carried.append(contentsOf: piece)
      // Pieces end at a newline, so no UTF-8 sequence is ever cut.
      if let end = carried.lastIndex(of: UInt8(ascii: "\n")) {
        write(String(decoding: carried[...end], as: UTF8.self))
        carried.removeSubrange(...end)
      }
    }
    if !carried.isEmpty { write(String(decoding: carried, as: UTF8.self)) }
  }
}
