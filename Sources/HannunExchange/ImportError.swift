import HannunDomain

/// A field a statement's column can fill: the names `--map FIELD=HEADER` takes.
public enum ImportField: String, CaseIterable, Hashable, Sendable {
  /// The day of the entry.
  case date
  /// Income or expense (`수입`/`지출`, `입금`/`출금`, `income`/`expense`, `+`/`-`).
  case kind
  /// A single amount; negative means expense unless a kind column says otherwise.
  case amount
  /// Money in: an income.
  case deposit
  /// Money out: an expense.
  case withdrawal
  /// The category.
  case category
  /// The memo.
  case memo
}

/// Why one row of a statement was refused.
public enum ImportRowProblem: Error, Equatable, Sendable {
  /// The date is not a day Hannun reads.
  case date(DateInputError)
  /// The amount is not an amount Hannun reads.
  case amount(AmountInputError)
  /// The category or memo breaks the entry rules.
  case field(FieldInputError)
  /// The kind is none of the known words.
  case kind(String)
  /// Neither a deposit nor a withdrawal (nor an amount) is given.
  case noAmount
  /// Both a deposit and a withdrawal are given.
  case bothAmounts
}

/// Why a file was not imported; nothing is written then.
public enum ImportError: Error, Equatable, Sendable {
  /// The bytes are neither UTF-8 nor CP949/EUC-KR.
  case undecodable
  /// The file holds no header line.
  case noHeader
  /// No column gives this field, which an import needs (a date, and an amount or a deposit or
  /// withdrawal column).
  case missingColumn(ImportField)
  /// `--map` names a field that does not exist.
  case unknownField(String)
  /// `--map` names a header the file does not have.
  case unknownHeader(field: ImportField, header: String)
  /// `--map` is not `FIELD=HEADER`.
  case badMapping(String)
  /// One row is wrong: its line in the file, the column's header and the reason.
  case badRow(line: Int, column: String, problem: ImportRowProblem)
  /// A row has another number of fields than the header: its line, its count and the header's.
  case raggedRow(line: Int, fields: Int, expected: Int)
  /// A line is longer than ``ImportFile/lineLimit`` bytes: its number and the limit.
  case lineTooLong(line: Int, limit: Int)
  /// The file is larger than ``ImportFile/sizeLimit`` bytes: the limit.
  case fileTooLarge(limit: Int)
  /// A backup is larger than ``BackupReader/sizeLimit`` bytes: the limit.
  case backupTooLarge(limit: Int)
}
