import HannunDomain
import HannunPresentation

/// What `hannun import` says about a backup it restored or, with `--dry-run`, would restore:
/// the counts of each part, one short line each so that it fits 40 columns.
public enum BackupRestoreText {
  /// The summary.
  /// - Parameters:
  ///   - backup: The backup read.
  ///   - dryRun: Whether nothing was written.
  ///   - language: The display language.
  /// - Returns: Lines ending with a newline.
  public static func summary(_ backup: LedgerBackup, dryRun: Bool, language: DisplayLanguage)
    -> String
  {
    let counts = BackupCounts(
      currency: backup.currency.code, entries: backup.entries.count, months: backup.months.count,
      budgets: backup.budgets.changes.count, rules: backup.recurring.rules.count,
      decisions: backup.recurring.decisions.count, moods: backup.moods.count)
    return language.backups.restored(counts, dryRun: dryRun).joined(separator: "\n") + "\n"
  }

  /// The counts of what a backup read a piece at a time holds.
  /// - Parameter outline: The backup, its entries counted.
  /// - Returns: The counts.
  public static func counts(_ outline: BackupOutline) -> BackupCounts {
    let rest = outline.rest
    return BackupCounts(
      currency: rest.currency.code, entries: outline.entryCount, months: outline.months.count,
      budgets: rest.budgets.changes.count, rules: rest.recurring.rules.count,
      decisions: rest.recurring.decisions.count, moods: rest.moods.count)
  }

  /// The summary of a backup read a piece at a time, as ``summary(_:dryRun:language:)``.
  /// - Parameters:
  ///   - outline: The backup, its entries counted.
  ///   - dryRun: Whether nothing was written.
  ///   - language: The display language.
  /// - Returns: Lines ending with a newline.
  public static func summary(_ outline: BackupOutline, dryRun: Bool, language: DisplayLanguage)
    -> String
  {
    language.backups.restored(counts(outline), dryRun: dryRun).joined(separator: "\n") + "\n"
  }
}
