import Foundation
import HannunDomain
import HannunExchange
import HannunImportFiles
import HannunJSON
import HannunPresentation
import HannunREPL

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

  /// Reads the backup, checks every value, and restores it (or, with `dryRun`, says what it
  /// would restore).
  /// - Parameters:
  ///   - file: The backup file.
  ///   - dryRun: Whether to write nothing.
  ///   - json: Whether to print the counts as JSON.
  ///   - global: The command line's options.
  /// - Throws: ``BackupFailure`` or ``ImportProblem``; nothing is written then.
  @MainActor
  static func run(file: String, dryRun: Bool, json: Bool, global: GlobalOptions) async throws {
    let bytes = try read(file)
    let backup: LedgerBackup
    do throws(BackupReadError) {
      backup = try BackupReader.read(bytes)
    } catch {
      throw BackupFailure.unreadable(error)
    }
    if let requested = global.currency, requested.uppercased() != backup.currency.code {
      throw BackupFailure.refused(
        .currencyMismatch(ledger: requested.uppercased(), backup: backup.currency.code))
    }
    let environment = try await AppEnvironment(options: global)
    let stores = environment.session.stores
    if environment.session.newLedgerNotice == nil, environment.currency != backup.currency {
      throw BackupFailure.refused(
        .currencyMismatch(ledger: environment.currency.code, backup: backup.currency.code))
    }
    do {
      if dryRun {
        // The same question the restore asks under the lock, asked by reading.
        let current = try await LedgerBackup.snapshot(
          of: stores, currency: environment.currency, days: Day.supportedRange)
        if !current.isEmpty { throw BackupError.ledgerNotEmpty }
      } else {
        try await stores.restoring.restore(backup)
      }
    } catch let error as BackupError {
      throw BackupFailure.refused(error)
    }
    if json {
      Console.line(summary(backup, dryRun: dryRun).serialized())
    } else {
      Console.output(
        BackupRestoreText.summary(backup, dryRun: dryRun, language: environment.language))
    }
  }

  /// The counts as JSON: `{"dryRun","currency","entries","months","budgets","rules",
  /// "decisions","moods"}`.
  static func summary(_ backup: LedgerBackup, dryRun: Bool) -> JSONValue {
    .object([
      ("dryRun", .bool(dryRun)),
      ("currency", .string(backup.currency.code)),
      ("entries", .number(String(backup.entries.count))),
      ("months", .number(String(backup.months.count))),
      ("budgets", .number(String(backup.budgets.changes.count))),
      ("rules", .number(String(backup.recurring.rules.count))),
      ("decisions", .number(String(backup.recurring.decisions.count))),
      ("moods", .number(String(backup.moods.count))),
    ])
  }

  /// The file's bytes; only a regular file is read (a FIFO is refused, not waited on), of at
  /// most ``BackupReader/sizeLimit`` bytes (a larger one is refused by its size, unread).
  private static func read(_ path: String) throws -> [UInt8] {
    do throws(ImportFileProblem) {
      return try ImportFile(path: path, sizeLimit: BackupReader.sizeLimit, lineLimit: .max)
        .contents()
    } catch .content(.fileTooLarge(let limit)) {
      throw ImportProblem.invalid(.backupTooLarge(limit: limit))
    } catch {
      throw ImportProblem(path: path, error)
    }
  }
}
