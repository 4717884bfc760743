import HannunDomain
import HannunExchange
import HannunImportFiles
import HannunJSON
import HannunKit
import HannunPresentation
import HannunREPL

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `hannun import FILE --format json`: a Hannun backup restored whole into an empty ledger, or
/// refused with nothing written.
enum BackupImport {
  /// Whether an import is a backup's: `--format json`, or no format and a file that is a
  /// backup.
  /// - Parameters:
  ///   - path: The file.
  ///   - format: `--format`, if given.
  /// - Returns: `true` to restore it; `false` for a file that cannot be read, which the
  ///   statement import then names.
  static func applies(to path: String, format: String?) -> Bool {
    if let format { return format.lowercased() == "json" }
    return BackupReader.isBackupFile(atPath: path)
  }

  /// Reads the backup a piece at a time, checking every value, and restores it (or, with
  /// `dryRun`, says what it would restore). The entries go to the store as they are read, and
  /// the file store keeps them in staging files until the commit: a backup of any size is
  /// restored in little memory, and the ledger's lock is held only for the commit.
  /// - Parameters:
  ///   - file: The backup file.
  ///   - dryRun: Whether to write nothing.
  ///   - json: Whether to print the counts as JSON.
  ///   - global: The command line's options.
  /// - Throws: ``BackupFailure`` or ``ImportProblem``; nothing is written then.
  @MainActor
  static func run(file: String, dryRun: Bool, json: Bool, global: GlobalOptions) async throws {
    nonisolated(unsafe) let opened = try open(file)
    let requested = global.currency
    let environment = try await AppEnvironment(options: global)
    // A new ledger takes the backup's currency; an existing one must be in it (and in
    // --currency, when given). The core's restorer asks, as the web's import page does.
    let outline: BackupOutline
    do {
      outline = try await environment.session.restorer.restore(
        requiring: requested, dryRun: dryRun
      ) { check, sink in
        try readBackup(opened, path: file, currency: check) { entry in try sink.add(entry) }
      }
    } catch let error as BackupError {
      throw BackupFailure.refused(error)
    }
    if json {
      Console.line(summary(outline, dryRun: dryRun).serialized())
    } else {
      Console.output(
        BackupRestoreText.summary(outline, dryRun: dryRun, language: environment.language))
    }
  }

  /// The counts as JSON: `{"dryRun","currency","entries","months","budgets","rules",
  /// "decisions","moods"}`.
  static func summary(_ outline: BackupOutline, dryRun: Bool) -> JSONValue {
    let counts = BackupRestoreText.counts(outline)
    return .object([
      ("dryRun", .bool(dryRun)),
      ("currency", .string(counts.currency)),
      ("entries", .number(String(counts.entries))),
      ("months", .number(String(counts.months))),
      ("budgets", .number(String(counts.budgets))),
      ("rules", .number(String(counts.rules))),
      ("decisions", .number(String(counts.decisions))),
      ("moods", .number(String(counts.moods))),
    ])
  }

  /// Reads the backup, naming the file's problems as an import names them.
  private static func readBackup(
    _ file: ImportFile, path: String, currency: (Currency) throws -> Void,
    entries: (Transaction) throws -> Void
  ) throws -> BackupOutline {
    do {
      return try BackupReader.read(file, currency: currency, entries: entries)
    } catch let error as BackupReadError {
      throw BackupFailure.unreadable(error)
    } catch let problem as ImportFileProblem {
      throw ImportProblem(path: path, problem)
    }
  }

  /// The file, opened: only a regular file (a FIFO is refused, not waited on), of at most
  /// ``BackupReader/sizeLimit`` bytes (a larger one is refused by its size, unread).
  private static func open(_ path: String) throws -> ImportFile {
    do throws(ImportFileProblem) {
      return try ImportFile(path: path, sizeLimit: BackupReader.sizeLimit, lineLimit: .max)
    } catch .content(.fileTooLarge(let limit)) {
      throw ImportProblem.invalid(.backupTooLarge(limit: limit))
    } catch {
      throw ImportProblem(path: path, error)
    }
  }
}
