import HannunDomain

/// ``BackupMessages`` in English.
public struct EnglishBackupMessages: BackupMessages {
  /// The English sentences.
  public init() {}
  /// `BackupMessages`.
  public var nothingRestored: String { "; nothing was restored" }
  /// `BackupMessages`.
  public func unwritableStamp(_ entry: String) -> String {
    "the stamp of entry \(entry) cannot be written to a backup (outside years 1–9999)"
  }
  /// `BackupMessages`.
  public func notInREPL(_ name: String) -> String {
    "\(name) is a Hannun backup, which restores only into an empty ledger; from the shell, "
      + "run hannun import \(name) --data NEW-FOLDER"
  }
  /// `BackupMessages`.
  public var ledgerNotEmpty: String {
    "this ledger already holds entries, budgets, recurring rules or moods, and a backup "
      + "restores only into an empty ledger: give a new data folder with --data (hannun "
      + "import FILE --data NEW-FOLDER); nothing was written"
  }
  /// `BackupMessages`.
  public func currencyMismatch(ledger: String, backup: String) -> String {
    "the ledger is in \(ledger) and the backup in \(backup); restore it into a new data "
      + "folder (--data), which takes the backup's currency; nothing was written"
  }
  /// `BackupMessages`.
  public func unsettled(_ attempts: Int) -> String {
    "another window or script kept changing the ledger while it was read (\(attempts) "
      + "tries); try again once it is done"
  }
  /// `BackupMessages`.
  public func notJSON(line: Int, column: Int) -> String {
    "line \(line), column \(column): not valid JSON (the file is cut short or damaged)"
  }
  /// `BackupMessages`.
  public var notABackup: String { "not a Hannun backup (no \"format\":\"hannun-backup\")" }
  /// `BackupMessages`.
  public func unsupportedVersion(_ version: String, supported: String) -> String {
    "backup version \(version) is not the one this Hannun reads (\(supported)); update Hannun"
  }
  /// `BackupMessages`.
  public func field(line: Int, place: String, reason: String) -> String {
    place.isEmpty ? "line \(line): \(reason)" : "line \(line), \(place): \(reason)"
  }
  /// `BackupMessages`.
  public var missing: String { "is missing" }
  /// `BackupMessages`.
  public var unknownMember: String { "is not part of the backup format (a typo?)" }
  /// `BackupMessages`.
  public var duplicateMember: String { "is given twice" }
  /// `BackupMessages`.
  public func wrongType(_ expected: BackupValueKind) -> String {
    let word =
      switch expected {
      case .object: "an object {…}"
      case .array: "an array […]"
      case .text: "text \"…\""
      case .number: "a number"
      case .textOrNull: "text or null"
      case .numberOrNull: "a number or null"
      }
    return "must be \(word)"
  }
  /// `BackupMessages`.
  public func notAKind(_ text: String) -> String { "\(text) is not income or expense" }
  /// `BackupMessages`.
  public func notAStamp(_ text: String) -> String {
    "\(text) is not a stamp YYYY-MM-DDTHH:MM:SS.mmmZ"
  }
  /// `BackupMessages`.
  public func notAMood(_ text: String, names: String) -> String {
    "\(text) is not a mood (\(names))"
  }
  /// `BackupMessages`.
  public func notASchedule(_ text: String) -> String {
    "\(text) is not a schedule (monthly 25, last-business-day, yearly 03-15, weekly fri)"
  }
  /// `BackupMessages`.
  public var endBeforeStart: String { "the end comes before the start" }
  /// `BackupMessages`.
  public func notADecision(_ text: String) -> String {
    "\(text) is not confirmed, skipped or changed"
  }
  /// `BackupMessages`.
  public func notACount(_ text: String) -> String { "\(text) is not a whole number from 1" }
  /// `BackupMessages`.
  public func badEntryID(_ text: String) -> String {
    "\(text) is not an entry id (empty, or with spaces or control characters)"
  }
  /// `BackupMessages`.
  public func duplicateEntry(_ id: String) -> String { "entry id \(id) appears twice" }
  /// `BackupMessages`.
  public func badRuleID(_ text: String) -> String {
    "\(text) is not a recurring rule id (r1, r2 …)"
  }
  /// `BackupMessages`.
  public func duplicateRule(_ id: String) -> String { "recurring rule \(id) appears twice" }
  /// `BackupMessages`.
  public func decisionWithoutRule(_ rule: String) -> String {
    "a decision about rule \(rule), which the backup does not hold"
  }
  /// `BackupMessages`.
  public func notAnOccurrence(_ rule: String, _ day: Day) -> String {
    "\(day.iso) is not a day of rule \(rule)"
  }
  /// `BackupMessages`.
  public func duplicateDecision(_ rule: String, _ day: Day) -> String {
    "the decision about rule \(rule) on \(day.iso) appears twice"
  }
  /// `BackupMessages`.
  public func duplicateBudget(_ category: String?, _ month: YearMonth) -> String {
    "the \(category ?? "total") budget change from \(month.iso) appears twice"
  }
  /// `BackupMessages`.
  public func duplicateMood(_ day: Day) -> String { "the mood of \(day.iso) appears twice" }
  /// `BackupMessages`.
  public func restored(_ counts: BackupCounts, dryRun: Bool) -> [String] {
    let grouped = BackupCounts.grouped
    let (entries, months, budgets) = (counts.entries, counts.months, counts.budgets)
    let (rules, decisions, moods) = (counts.rules, counts.decisions, counts.moods)
    var lines = [
      dryRun
        ? "The backup would restore (\(counts.currency)):"
        : "Restored the backup (\(counts.currency)):",
      "  \(grouped(entries)) \(entries == 1 ? "entry" : "entries") in "
        + "\(grouped(months)) \(months == 1 ? "month" : "months")",
      "  \(grouped(budgets)) budget \(budgets == 1 ? "change" : "changes")",
      "  \(grouped(rules)) recurring \(rules == 1 ? "rule" : "rules"), "
        + "\(grouped(decisions)) \(decisions == 1 ? "decision" : "decisions")",
      "  \(grouped(moods)) \(moods == 1 ? "mood" : "moods")",
    ]
    if dryRun { lines.append("Nothing was written (--dry-run).") }
    return lines
  }
}
