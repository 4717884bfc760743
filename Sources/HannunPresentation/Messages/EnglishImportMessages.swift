import HannunDomain

/// ``ImportMessages`` in English.
public struct EnglishImportMessages: ImportMessages {
  /// The English sentences.
  public init() {}
  /// `ImportMessages`.
  public var defaultCategory: String { "uncategorized" }
  /// `ImportMessages`.
  public func fileMissing(_ name: String) -> String { "\(name): no such file" }
  /// `ImportMessages`.
  public func fileUnreadable(_ name: String) -> String { "cannot read \(name)" }
  /// `ImportMessages`.
  public func notRegularFile(_ name: String) -> String {
    "\(name) is not a regular file (a folder, a FIFO or a device); save it to a file "
      + "and import that"
  }
  /// `ImportMessages`.
  public func cannotGuessFormat(_ name: String, hints: CommandHintStyle) -> String {
    "cannot tell the format of \(name); say csv or journal with "
      + hints.say(.importFormat, in: .english)
  }
  /// `ImportMessages`.
  public func unknownFormat(_ name: String) -> String {
    "'\(name)' is not a format; use --format csv, journal or json"
  }
  /// `ImportMessages`.
  public var nothingImported: String { "; nothing was imported" }
  /// `ImportMessages`.
  public var undecodable: String { "the file is neither UTF-8 nor CP949 (EUC-KR) text" }
  /// `ImportMessages`.
  public var noHeader: String { "the file is empty (no header line)" }
  /// `ImportMessages`.
  public func missingColumn(_ field: String, headers: String, hints: CommandHintStyle) -> String {
    let name = field == "amount" ? "amount (or deposit/withdrawal)" : field
    let map = hints.say(.mapColumn(field: field, header: "HEADER"), in: .english)
    return "found no \(name) column (\(headers) …); name it with \(map)"
  }
  /// `ImportMessages`.
  public func unknownField(_ name: String, fields: String) -> String {
    "--map: '\(name)' is not a field; use one of \(fields)"
  }
  /// `ImportMessages`.
  public func unknownHeader(_ field: String, _ header: String) -> String {
    "--map \(field)=\(header): the file has no header '\(header)'"
  }
  /// `ImportMessages`.
  public func badMapping(_ text: String) -> String {
    "--map '\(text)' must be FIELD=HEADER (for example --map date=Posted)"
  }
  /// `ImportMessages`.
  public func raggedRow(line: Int, fields: Int, expected: Int) -> String {
    "line \(line) has \(fields) fields; the header has \(expected), and every row must too"
  }
  /// `ImportMessages`.
  public func lineTooLong(line: Int, kibibytes: Int) -> String {
    "line \(line) is longer than \(kibibytes) KiB, the longest line read"
  }
  /// `ImportMessages`.
  public func fileTooLarge(mebibytes: Int) -> String {
    "the file is larger than \(mebibytes) MiB, the most one import reads; split it by "
      + "period and import each part"
  }
  /// `ImportMessages`.
  public func backupTooLarge(mebibytes: Int) -> String {
    "the backup is larger than \(mebibytes) MiB, the largest backup restored"
  }
  /// `ImportMessages`.
  public func badRow(line: Int, column: String, reason: String) -> String {
    "line \(line), column '\(column)': \(reason)"
  }
  /// `ImportMessages`.
  public func notAKind(_ text: String) -> String {
    "'\(text)' is not income or expense (deposit or withdrawal)"
  }
  /// `ImportMessages`.
  public var noAmount: String { "no amount (deposit and withdrawal are empty)" }
  /// `ImportMessages`.
  public var bothAmounts: String { "both a deposit and a withdrawal are given" }
  /// `ImportMessages`.
  public func dryRun(added: Int, duplicates: Int) -> String {
    "Dry run: would add \(added) \(added == 1 ? "entry" : "entries"), "
      + "skip \(duplicates) already there; nothing was written."
  }
  /// `ImportMessages`.
  public func dryRunMonth(_ month: YearMonth, count: Int, income: String, expense: String)
    -> String
  {
    "  \(month.iso)  \(count)  income \(income)  expense \(expense)"
  }
  /// `ImportMessages`.
  public func firstRows(_ shown: Int) -> String { "First \(shown):" }
  /// `ImportMessages`: padded to the width of `expense`.
  public func rowKind(_ kind: TransactionKind) -> String {
    kind == .income ? "income " : "expense"
  }
  /// `ImportMessages`.
  public func skippedTransactions(_ count: Int) -> String {
    "Skipped \(count) transaction\(count == 1 ? "" : "s") (not guessed):"
  }
  /// `ImportMessages`.
  public func line(_ line: Int) -> String { "line \(line)" }
  /// `ImportMessages`.
  public func postings(_ count: Int) -> String { "\(count) postings, not two" }
  /// `ImportMessages`.
  public var noCategoryAccount: String { "not one expenses: or income: account" }
  /// `ImportMessages`.
  public func unreadableAmount(_ text: String) -> String { "cannot read the amount '\(text)'" }
  /// `ImportMessages`.
  public var reversed: String { "the sign is reversed (a refund or correction)" }
  /// `ImportMessages`.
  public func unreadableDate(_ text: String) -> String { "cannot read the date '\(text)'" }
  /// `ImportMessages`.
  public var rule: String { "a periodic or automated rule" }
}
