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
    let requested = global.currency?.uppercased()
    let environment = try await AppEnvironment(options: global)
    let stores = environment.session.stores
    // A new ledger takes the backup's currency; an existing one must be in it.
    let ledger = environment.session.newLedgerNotice == nil ? environment.currency.code : nil
    let read: @Sendable (any BackupEntrySink) throws -> BackupOutline = { sink in
      try readBackup(opened, path: file) { currency in
        for code in [requested, ledger].compactMap({ $0 }) where code != currency.code {
          throw BackupFailure.refused(.currencyMismatch(ledger: code, backup: currency.code))
        }
      } entries: { entry in
        try sink.add(entry)
      }
    }
    let outline: BackupOutline
    do {
      if dryRun {
        outline = try read(CountedEntries())
        // The same question the restore asks under the lock, asked by reading.
        if try await !isEmpty(stores) { throw BackupError.ledgerNotEmpty }
      } else {
        outline = try await stores.restoring.restore(reading: read)
      }
    } catch let error as BackupError {
      throw BackupFailure.refused(error)
    }
    if json {
      Console.line(summary(outline, dryRun: dryRun).serialized())
    } else {
      let lines = environment.language.backups.restored(counts(outline), dryRun: dryRun)
      Console.output(lines.joined(separator: "\n") + "\n")
    }
  }

  /// The counts of what a backup holds.
  static func counts(_ outline: BackupOutline) -> BackupCounts {
    let rest = outline.rest
    return BackupCounts(
      currency: rest.currency.code, entries: outline.entryCount, months: outline.months.count,
      budgets: rest.budgets.changes.count, rules: rest.recurring.rules.count,
      decisions: rest.recurring.decisions.count, moods: rest.moods.count)
  }

  /// The counts as JSON: `{"dryRun","currency","entries","months","budgets","rules",
  /// "decisions","moods"}`.
  static func summary(_ outline: BackupOutline, dryRun: Bool) -> JSONValue {
    let counts = counts(outline)
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

  /// Whether the ledger holds nothing: no budget, rule, decision, mood or entry. Entries are
  /// read a month at a time and the reading stops at the first, so a large ledger costs one
  /// month.
  private static func isEmpty(_ stores: LedgerStores) async throws -> Bool {
    guard try await stores.budgets.budgetPlan().isEmpty else { return false }
    let plan = try await stores.recurring.recurringPlan()
    guard plan.rules.isEmpty && plan.decisions.isEmpty else { return false }
    guard try await stores.moods.moods(in: Day.supportedRange).isEmpty else { return false }
    do {
      try await stores.entries.transactions(in: Day.supportedRange) { _ in throw FoundEntry() }
    } catch is FoundEntry {
      return false
    }
    return true
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

/// The entries of a dry run: read and checked, then let go.
private final class CountedEntries: BackupEntrySink {
  func add(_ entry: Transaction) throws {}
}

/// The first entry of a ledger that should be empty, ending its reading.
private struct FoundEntry: Error {}
