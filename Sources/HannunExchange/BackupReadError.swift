import HannunDomain

/// Why a backup file was refused; nothing is written then.
public enum BackupReadError: Error, Equatable, Sendable {
  /// The bytes are not JSON: the first byte that breaks it, by line and column from 1.
  case notJSON(line: Int, column: Int)
  /// The document is JSON but not a Hannun backup (no `"format":"hannun-backup"`).
  case notABackup
  /// A backup of a version this Hannun does not read (a newer one), as written.
  case unsupportedVersion(String)
  /// One value is wrong: where (such as `entries[3].amount`), the line it starts on, and why.
  case field(path: String, line: Int, problem: BackupFieldProblem)
}

/// What is wrong with one value of a backup.
public enum BackupFieldProblem: Error, Equatable, Sendable {
  /// The kinds of JSON value a member may need.
  public enum Expected: String, Sendable {
    /// `{…}`.
    case object
    /// `[…]`.
    case array
    /// `"…"`.
    case text
    /// A number.
    case number
    /// `"…"` or `null`.
    case textOrNull
    /// A number or `null`.
    case numberOrNull
  }

  /// A member the backup must have is missing.
  case missing
  /// A member of a name the format does not have (a typo would lose its value).
  case unknownMember
  /// A member given twice in one object.
  case duplicateMember
  /// The value is of another kind than the one expected.
  case wrongType(expected: Expected)
  /// Not a day or month Hannun reads.
  case date(DateInputError)
  /// Not an amount Hannun reads.
  case amount(AmountInputError)
  /// Not a currency code.
  case currency(AmountInputError)
  /// A category, memo or note that breaks the entry rules.
  case field(FieldInputError)
  /// Not `income` or `expense`.
  case kind(String)
  /// Not a stamp `YYYY-MM-DDTHH:MM:SS.mmmZ`.
  case stamp(String)
  /// Not one of the moods.
  case mood(String)
  /// Not a schedule (`monthly 25`, `last-business-day`, `yearly 03-15`, `weekly fri`).
  case schedule(String)
  /// A rule's end before its start.
  case endBeforeStart
  /// Not `confirmed`, `skipped` or `changed`.
  case decision(String)
  /// Not a whole number from 1.
  case count(String)
  /// A rule of backups: an id, a duplicate, a decision without its rule …
  case rule(BackupProblem)
}
