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
    let korean = language == .korean
    let code = backup.currency.code
    let entries = backup.entries.count
    let months = backup.months.count
    let budgets = backup.budgets.changes.count
    let rules = backup.recurring.rules.count
    let decisions = backup.recurring.decisions.count
    let moods = backup.moods.count
    var lines: [String]
    if korean {
      lines = [
        dryRun ? "되살릴 백업 (\(code)):" : "백업을 되살렸습니다 (\(code)):",
        "  항목 \(grouped(entries))개, \(grouped(months))개월",
        "  예산 바뀜 \(grouped(budgets))개",
        "  반복 규칙 \(grouped(rules))개, 결정 \(grouped(decisions))개",
        "  기분 \(grouped(moods))일",
      ]
      if dryRun { lines.append("아무것도 쓰지 않았습니다 (--dry-run)") }
    } else {
      lines = [
        dryRun ? "The backup would restore (\(code)):" : "Restored the backup (\(code)):",
        "  \(grouped(entries)) \(entries == 1 ? "entry" : "entries") in "
          + "\(grouped(months)) \(months == 1 ? "month" : "months")",
        "  \(grouped(budgets)) budget \(budgets == 1 ? "change" : "changes")",
        "  \(grouped(rules)) recurring \(rules == 1 ? "rule" : "rules"), "
          + "\(grouped(decisions)) \(decisions == 1 ? "decision" : "decisions")",
        "  \(grouped(moods)) \(moods == 1 ? "mood" : "moods")",
      ]
      if dryRun { lines.append("Nothing was written (--dry-run).") }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private static func grouped(_ count: Int) -> String {
    let digits = String(count)
    var out = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { out += "," }
      out.append(digit)
    }
    return out
  }
}
