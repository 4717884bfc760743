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
}
