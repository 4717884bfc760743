import HannunDomain

/// The kind of JSON value a backup's field must hold.
public enum BackupValueKind: Hashable, Sendable {
  /// An object `{…}`.
  case object
  /// An array `[…]`.
  case array
  /// A string.
  case text
  /// A number.
  case number
  /// A string or `null`.
  case textOrNull
  /// A number or `null`.
  case numberOrNull
}

/// The sentences of taking and restoring a backup: why one was refused, what is wrong at a place
/// of the file, and what was restored. Text from the file arrives already escaped and quoted by
/// the frontend.
public protocol BackupMessages: Sendable {
  /// Follows why a backup was not restored.
  var nothingRestored: String { get }
  /// An entry's stamp is outside what the format holds.
  /// - Parameter entry: The entry's id.
  func unwritableStamp(_ entry: String) -> String
  /// The REPL restores no backups; the shell's `hannun import` does.
  /// - Parameter name: The backup's path.
  func notInREPL(_ name: String) -> String
  /// The ledger already holds something.
  var ledgerNotEmpty: String { get }
  /// The ledger's currency is not the backup's.
  /// - Parameters:
  ///   - ledger: The ledger's currency code.
  ///   - backup: The backup's.
  func currencyMismatch(ledger: String, backup: String) -> String
  /// Other writers kept changing the ledger while it was read.
  /// - Parameter attempts: The tries.
  func unsettled(_ attempts: Int) -> String
  /// The file is not JSON.
  /// - Parameters:
  ///   - line: Where.
  ///   - column: Where on the line.
  func notJSON(line: Int, column: Int) -> String
  /// The file is not a Hannun backup.
  var notABackup: String { get }
  /// The backup's version is not the one read.
  /// - Parameters:
  ///   - version: The backup's.
  ///   - supported: The one read.
  func unsupportedVersion(_ version: String, supported: String) -> String
  /// Where a field's problem is.
  /// - Parameters:
  ///   - line: The line.
  ///   - place: The field's path, or empty.
  ///   - reason: What is wrong.
  func field(line: Int, place: String, reason: String) -> String
  /// A member is missing.
  var missing: String { get }
  /// A member is not part of the format.
  var unknownMember: String { get }
  /// A member is given twice.
  var duplicateMember: String { get }
  /// A value has the wrong kind.
  /// - Parameter expected: The kind it must have.
  func wrongType(_ expected: BackupValueKind) -> String
  /// A kind is neither income nor expense.
  /// - Parameter text: The value, quoted.
  func notAKind(_ text: String) -> String
  /// A stamp is not a stamp.
  /// - Parameter text: The value, quoted.
  func notAStamp(_ text: String) -> String
  /// A mood is not a mood.
  /// - Parameters:
  ///   - text: The value, quoted.
  ///   - names: The moods there are.
  func notAMood(_ text: String, names: String) -> String
  /// A schedule is not a schedule.
  /// - Parameter text: The value, quoted.
  func notASchedule(_ text: String) -> String
  /// A rule ends before it starts.
  var endBeforeStart: String { get }
  /// A decision is not one.
  /// - Parameter text: The value, quoted.
  func notADecision(_ text: String) -> String
  /// A count is not a whole number from 1.
  /// - Parameter text: The value, quoted.
  func notACount(_ text: String) -> String
  /// An entry id is not one.
  /// - Parameter text: The value, quoted.
  func badEntryID(_ text: String) -> String
  /// An entry id appears twice.
  /// - Parameter id: The id, quoted.
  func duplicateEntry(_ id: String) -> String
  /// A rule id is not one.
  /// - Parameter text: The value, quoted.
  func badRuleID(_ text: String) -> String
  /// A rule appears twice.
  /// - Parameter id: The id, quoted.
  func duplicateRule(_ id: String) -> String
  /// A decision names a rule the backup does not hold.
  /// - Parameter rule: The rule's id, quoted.
  func decisionWithoutRule(_ rule: String) -> String
  /// A decision names a day the rule does not fall on.
  /// - Parameters:
  ///   - rule: The rule's id, quoted.
  ///   - day: The day.
  func notAnOccurrence(_ rule: String, _ day: Day) -> String
  /// A decision appears twice.
  /// - Parameters:
  ///   - rule: The rule's id, quoted.
  ///   - day: The day.
  func duplicateDecision(_ rule: String, _ day: Day) -> String
  /// A budget change appears twice.
  /// - Parameters:
  ///   - category: The category, quoted, or `nil` for the whole budget.
  ///   - month: Its first month.
  func duplicateBudget(_ category: String?, _ month: YearMonth) -> String
  /// A day's mood appears twice.
  /// - Parameter day: The day.
  func duplicateMood(_ day: Day) -> String
  /// What was restored, or would be with `--dry-run`: one short line per part.
  /// - Parameters:
  ///   - counts: The parts' counts.
  ///   - dryRun: Whether nothing was written.
  /// - Returns: The lines, without newlines.
  func restored(_ counts: BackupCounts, dryRun: Bool) -> [String]
}

/// How much a backup holds, for ``BackupMessages/restored(_:dryRun:)``.
public struct BackupCounts: Hashable, Sendable {
  /// The currency's code.
  public var currency: String
  /// The entries.
  public var entries: Int
  /// The months holding them.
  public var months: Int
  /// The budget changes.
  public var budgets: Int
  /// The recurring rules.
  public var rules: Int
  /// Their decisions.
  public var decisions: Int
  /// The days with a mood.
  public var moods: Int

  /// The counts.
  /// - Parameters:
  ///   - currency: The currency's code.
  ///   - entries: The entries.
  ///   - months: The months.
  ///   - budgets: The budget changes.
  ///   - rules: The rules.
  ///   - decisions: The decisions.
  ///   - moods: The moods.
  public init(
    currency: String, entries: Int, months: Int, budgets: Int, rules: Int, decisions: Int,
    moods: Int
  ) {
    self.currency = currency
    self.entries = entries
    self.months = months
    self.budgets = budgets
    self.rules = rules
    self.decisions = decisions
    self.moods = moods
  }

  /// `1234567` as `1,234,567`.
  static func grouped(_ count: Int) -> String {
    let digits = String(count)
    var out = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { out += "," }
      out.append(digit)
    }
    return out
  }
}

extension DisplayLanguage {
  /// The sentences of backups, in this language.
  public var backups: any BackupMessages {
    switch self {
    case .korean: KoreanBackupMessages()
    case .english: EnglishBackupMessages()
    }
  }
}
