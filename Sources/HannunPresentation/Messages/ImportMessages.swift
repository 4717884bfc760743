import HannunDomain

/// The sentences of importing a bank statement or a journal: why a file was refused, what a dry
/// run would add and what an import skipped. Names from the file arrive already escaped by the
/// frontend; a column is named by its `--map` field (`date`, `amount`, `kind`, `deposit`,
/// `withdrawal`, `category`, `memo`).
public protocol ImportMessages: Sendable {
  /// The category rows without one get: `미분류` or `uncategorized`.
  var defaultCategory: String { get }
  /// The file does not exist.
  /// - Parameter name: The path.
  func fileMissing(_ name: String) -> String
  /// The file cannot be read.
  /// - Parameter name: The path.
  func fileUnreadable(_ name: String) -> String
  /// The path names a folder, a FIFO or a device.
  /// - Parameter name: The path.
  func notRegularFile(_ name: String) -> String
  /// The extension names no format and none was given.
  /// - Parameters:
  ///   - name: The path.
  ///   - hints: How the frontend says where the format is given.
  func cannotGuessFormat(_ name: String, hints: CommandHintStyle) -> String
  /// `--format` names no format.
  /// - Parameter name: What was given.
  func unknownFormat(_ name: String) -> String
  /// Follows why the file was refused.
  var nothingImported: String { get }
  /// The text is neither UTF-8 nor CP949.
  var undecodable: String { get }
  /// The file has no header line.
  var noHeader: String { get }
  /// No column holds a field, with headers that would.
  /// - Parameters:
  ///   - field: The field's `--map` name.
  ///   - headers: Some headers that are read as it.
  ///   - hints: How the frontend says where a column's header is named.
  func missingColumn(_ field: String, headers: String, hints: CommandHintStyle) -> String
  /// `--map` names no field.
  /// - Parameters:
  ///   - name: What was given.
  ///   - fields: The fields there are.
  func unknownField(_ name: String, fields: String) -> String
  /// `--map` names a header the file does not have.
  /// - Parameters:
  ///   - field: The field's `--map` name.
  ///   - header: The header given.
  func unknownHeader(_ field: String, _ header: String) -> String
  /// `--map` is not `FIELD=HEADER`.
  /// - Parameter text: What was given.
  func badMapping(_ text: String) -> String
  /// A row has another number of fields than the header.
  /// - Parameters:
  ///   - line: The row's line.
  ///   - fields: Its fields.
  ///   - expected: The header's.
  func raggedRow(line: Int, fields: Int, expected: Int) -> String
  /// A line is longer than the longest read.
  /// - Parameters:
  ///   - line: The line.
  ///   - kibibytes: The limit in KiB.
  func lineTooLong(line: Int, kibibytes: Int) -> String
  /// The file is larger than an import reads.
  /// - Parameter mebibytes: The limit in MiB.
  func fileTooLarge(mebibytes: Int) -> String
  /// A backup is larger than a restore reads.
  /// - Parameter mebibytes: The limit in MiB.
  func backupTooLarge(mebibytes: Int) -> String
  /// Where a row's value was refused, before why.
  /// - Parameters:
  ///   - line: The row's line.
  ///   - column: The column's header.
  ///   - reason: Why.
  func badRow(line: Int, column: String, reason: String) -> String
  /// A kind column's value is neither income nor expense.
  /// - Parameter text: The value.
  func notAKind(_ text: String) -> String
  /// Neither deposit nor withdrawal holds an amount.
  var noAmount: String { get }
  /// Both deposit and withdrawal hold an amount.
  var bothAmounts: String { get }
  /// What a dry run would add; nothing was written.
  /// - Parameters:
  ///   - added: The entries it would add.
  ///   - duplicates: The rows already in the ledger.
  func dryRun(added: Int, duplicates: Int) -> String
  /// One month of a dry run.
  /// - Parameters:
  ///   - month: The month.
  ///   - count: Its entries.
  ///   - income: Its income, formatted.
  ///   - expense: Its expense, formatted.
  func dryRunMonth(_ month: YearMonth, count: Int, income: String, expense: String) -> String
  /// Before the first rows of a dry run.
  /// - Parameter shown: How many follow.
  func firstRows(_ shown: Int) -> String
  /// A kind in a dry run's row, padded to one width.
  /// - Parameter kind: The kind.
  func rowKind(_ kind: TransactionKind) -> String
  /// Before the journal transactions that are not entries.
  /// - Parameter count: How many.
  func skippedTransactions(_ count: Int) -> String
  /// A line number of the journal: `3번째 줄` or `line 3`.
  /// - Parameter line: The line.
  func line(_ line: Int) -> String
  /// A journal transaction has another number of postings than two.
  /// - Parameter count: Its postings.
  func postings(_ count: Int) -> String
  /// A journal transaction has not one `expenses:` or `income:` account.
  var noCategoryAccount: String { get }
  /// A journal amount cannot be read.
  /// - Parameter text: The amount.
  func unreadableAmount(_ text: String) -> String
  /// A journal transaction's sign is reversed.
  var reversed: String { get }
  /// A journal date cannot be read.
  /// - Parameter text: The date.
  func unreadableDate(_ text: String) -> String
  /// A periodic or automated journal rule.
  var rule: String { get }
}

extension DisplayLanguage {
  /// The sentences of importing, in this language.
  public var imports: any ImportMessages {
    switch self {
    case .korean: KoreanImportMessages()
    case .english: EnglishImportMessages()
    }
  }
}
