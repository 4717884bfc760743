import HannunDomain

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One entry read from a file, before it is added: its fields and the line it came from.
public struct ImportedRow: Hashable, Sendable {
  /// The line of the file the row starts on.
  public var line: Int
  /// The entry's fields.
  public var draft: TransactionDraft

  /// A row read.
  /// - Parameters:
  ///   - line: The line it starts on.
  ///   - draft: The entry's fields.
  public init(line: Int, draft: TransactionDraft) {
    self.line = line
    self.draft = draft
  }
}

/// Reads a bank's, a card company's or a spreadsheet's CSV statement into entries. Columns are
/// found by header name — the common Korean and English headers are known (``knownHeaders``),
/// others are named with a mapping — and every row is checked with the rules the rest of Hannun
/// uses: dates as ``Day/init(userInput:today:shownMonth:)`` reads them (a bank's
/// `2025.11.03 14:22` counts by its date), amounts as ``AmountParser`` reads them. Hannun's own
/// CSV export, known by its exact header, gets its categories and memos back as they were
/// exported, without the `'` the export puts before a formula character
/// (``CSVExport/restored(_:)``). A row with another number of fields than the header is refused
/// by its line, never read by guessing which field is missing.
public struct StatementReader: Sendable {
  /// The headers recognised for each field, compared without case and spaces.
  public static let knownHeaders: [ImportField: [String]] = [
    .date: [
      "거래일자", "거래일시", "거래일", "날짜", "일자", "일시", "이용일", "이용일자", "승인일자", "date",
      "day", "transactiondate",
    ],
    .kind: ["구분", "거래구분", "수입/지출", "kind", "type"],
    .amount: ["금액", "거래금액", "이용금액", "승인금액", "amount", "sum"],
    .deposit: ["입금", "입금액", "입금금액", "맡기신금액", "deposit", "deposits", "credit", "income"],
    .withdrawal: [
      "출금", "출금액", "출금금액", "찾으신금액", "withdrawal", "withdrawals", "debit", "expense",
    ],
    .category: ["분류", "카테고리", "항목", "category"],
    .memo: [
      "적요", "내용", "메모", "거래내용", "기재내용", "가맹점", "가맹점명", "이용가맹점", "memo",
      "description", "payee", "note",
    ],
  ]

  /// The ledger's currency, for the amounts.
  public let currency: Currency
  /// The day relative dates (`어제`) count from.
  public let today: Day
  /// The category of rows without one.
  public let defaultCategory: String
  /// Explicit columns: field → header, over the known headers.
  public let mapping: [ImportField: String]

  /// A reader.
  /// - Parameters:
  ///   - currency: The ledger's currency.
  ///   - today: Today, from the ledger's clock.
  ///   - defaultCategory: The category of rows without one (`미분류`, `uncategorized`).
  ///   - mapping: `FIELD=HEADER` texts, as `--map` takes them.
  /// - Throws: ``ImportError/badMapping(_:)`` or ``ImportError/unknownField(_:)``, or
  ///   ``ImportError/badRow(line:column:problem:)`` at line 0 for a bad default category.
  public init(currency: Currency, today: Day, defaultCategory: String, mapping: [String] = [])
    throws(ImportError)
  {
    self.currency = currency
    self.today = today
    do {
      self.defaultCategory = try TransactionRules.category(defaultCategory)
    } catch {
      throw .badRow(line: 0, column: "--category", problem: .field(error))
    }
    var fields: [ImportField: String] = [:]
    for text in mapping {
      guard let equals = text.firstIndex(of: "=") else { throw .badMapping(text) }
      let name = TextScan.trimmed(text[..<equals]).lowercased()
      let header = String(text[text.index(after: equals)...])
      guard let field = ImportField(rawValue: name) else { throw .unknownField(name) }
      guard !header.isEmpty else { throw .badMapping(text) }
      fields[field] = header
    }
    self.mapping = fields
  }

  /// The entries of a CSV text, every row checked; the first bad row rejects the whole file.
  /// - Parameter text: The decoded file.
  /// - Returns: One row per record after the header, in file order.
  /// - Throws: ``ImportError``.
  public func read(_ text: String) throws(ImportError) -> [ImportedRow] {
    var rows = Rows(self)
    var read: [ImportedRow] = []
    for record in CSVTable.records(text) {
      if let row = try rows.add(record) { read.append(row) }
    }
    try rows.finish()
    return read
  }

  /// The entries of a CSV file, read a piece at a time: each record becomes a row as soon as it
  /// is read, so neither the file nor its text is held whole.
  /// - Parameter file: The opened file.
  /// - Returns: One row per record after the header, in file order.
  /// - Throws: ``ImportFileProblem``; its content's problems as
  ///   ``ImportFileProblem/content(_:)``.
  public func read(_ file: ImportFile) throws(ImportFileProblem) -> [ImportedRow] {
    var read: [ImportedRow] = []
    try self.read(file) { read.append($0) }
    return read
  }

  /// The entries of a CSV file, read a piece at a time and handed on one by one as each is read
  /// and checked: neither the file, its text nor its rows are held whole here. The first bad row
  /// stops the reading; rows handed on before it are the caller's to drop.
  /// - Parameters:
  ///   - file: The opened file.
  ///   - each: Called with each row after the header, in file order.
  /// - Throws: ``ImportFileProblem``; its content's problems as
  ///   ``ImportFileProblem/content(_:)``.
  public func read(_ file: ImportFile, each: (ImportedRow) -> Void) throws(ImportFileProblem) {
    var rows = Rows(self)
    var parser = CSVParser()
    try file.text { bytes throws(ImportError) in
      try parser.feed(bytes) { record throws(ImportError) in
        if let row = try rows.add(record) { each(row) }
      }
    }
    do throws(ImportError) {
      try parser.finish { record throws(ImportError) in
        if let row = try rows.add(record) { each(row) }
      }
      try rows.finish()
    } catch {
      throw .content(error)
    }
  }

  /// The rows of a statement, built one record at a time: the first record is the header.
  struct Rows {
    private let reader: StatementReader
    private let parser: AmountParser
    private var header: [String]?
    private var columns = FieldColumns()
    private var ownExport = false
    private var days: [String: Day] = [:]

    init(_ reader: StatementReader) {
      self.reader = reader
      self.parser = AmountParser(currency: reader.currency)
    }

    /// Takes the next record: the header (`nil`), or a row checked against it.
    mutating func add(_ record: CSVRecord) throws(ImportError) -> ImportedRow? {
      guard let header else {
        let columns = try reader.columns(record.fields)
        guard columns[.date] != nil else { throw .missingColumn(.date) }
        guard columns[.amount] != nil || columns[.deposit] != nil || columns[.withdrawal] != nil
        else { throw .missingColumn(.amount) }
        self.header = record.fields
        self.columns = columns
        ownExport = record.fields == CSVExport.header
        return nil
      }
      guard record.fields.count == header.count else {
        throw .raggedRow(line: record.line, fields: record.fields.count, expected: header.count)
      }
      return try reader.row(
        record, header: header, columns: columns, parser: parser, ownExport: ownExport,
        days: &days)
    }

    /// Ends the file.
    /// - Throws: ``ImportError/noHeader`` when no record was read.
    func finish() throws(ImportError) {
      guard header != nil else { throw .noHeader }
    }
  }

  /// The column of each field: the mapping first, then the known headers, the first match.
  func columns(_ header: [String]) throws(ImportError) -> FieldColumns {
    let keys = header.map(Self.key)
    var columns = FieldColumns()
    for (field, name) in mapping {
      guard let index = keys.firstIndex(of: Self.key(name)) else {
        throw .unknownHeader(field: field, header: name)
      }
      columns[field] = index
    }
    let taken = Set(columns.found)
    for field in ImportField.allCases where columns[field] == nil {
      let known = Set((Self.knownHeaders[field] ?? []).map(Self.key))
      if let index = keys.indices.first(where: { !taken.contains($0) && known.contains(keys[$0]) })
      {
        columns[field] = index
      }
    }
    // A lone `income`/`expense` header pair are deposit and withdrawal, not kind or amount.
    return columns
  }

  /// A header compared loosely: lower case, without spaces, a byte-order mark or quotes.
  static func key(_ header: String) -> String {
    String(
      header.lowercased().unicodeScalars.filter {
        !$0.properties.isWhitespace && $0 != "\u{FEFF}" && $0 != "\""
      }.map(Character.init))
  }

  fileprivate func row(
    _ record: CSVRecord, header: [String], columns: FieldColumns, parser: AmountParser,
    ownExport: Bool, days: inout [String: Day]
  ) throws(ImportError) -> ImportedRow {
    func value(_ field: ImportField) -> String? {
      guard let index = columns[field], index < record.fields.count else { return nil }
      let text = Self.oneLine(record.fields[index])
      return text.isEmpty ? nil : text
    }
    func fail(_ field: ImportField, _ problem: ImportRowProblem) -> ImportError {
      let index = columns[field] ?? 0
      let name = index < header.count ? header[index] : field.rawValue
      return .badRow(line: record.line, column: name, problem: problem)
    }

    // The date.
    let day: Day
    do {
      day = try Self.day(value(.date) ?? "", today: today, days: &days)
    } catch {
      throw fail(.date, .date(error))
    }

    // The kind and amount.
    var kind: TransactionKind?
    if let text = value(.kind) {
      guard let named = Self.kind(text) else { throw fail(.kind, .kind(text)) }
      kind = named
    }
    let amount: Amount
    let deposit = value(.deposit).flatMap { Self.isZero($0) ? nil : $0 }
    let withdrawal = value(.withdrawal).flatMap { Self.isZero($0) ? nil : $0 }
    if deposit != nil || withdrawal != nil {
      if deposit != nil && withdrawal != nil { throw fail(.deposit, .bothAmounts) }
      let field: ImportField = deposit != nil ? .deposit : .withdrawal
      do {
        amount = try parser.parse(deposit ?? withdrawal ?? "")
      } catch {
        throw fail(field, .amount(error))
      }
      kind = field == .deposit ? .income : .expense
    } else if let text = value(.amount) {
      let (negative, magnitude) = Self.sign(text)
      do {
        amount = try parser.parse(magnitude)
      } catch {
        throw fail(.amount, .amount(error))
      }
      if kind == nil { kind = negative ? .expense : .income }
    } else {
      throw fail(columns[.amount] != nil ? .amount : .withdrawal, .noAmount)
    }

    // The category and memo; Hannun's own export wrote them neutralised for spreadsheets.
    func text(_ field: ImportField) -> String? {
      guard let text = value(field) else { return nil }
      return ownExport ? CSVExport.restored(text) : text
    }
    let category: String
    do {
      if let text = text(.category) {
        category = try TransactionRules.category(text)
      } else {
        category = defaultCategory
      }
    } catch {
      throw fail(.category, .field(error))
    }
    let memo: String
    do {
      memo = try TransactionRules.memo(text(.memo) ?? "")
    } catch {
      throw fail(.memo, .field(error))
    }
    do {
      let draft = try TransactionDraft(
        day: day, kind: kind ?? .expense, amount: amount, category: category, memo: memo)
      return ImportedRow(line: record.line, draft: draft)
    } catch {
      throw fail(.memo, .field(error))
    }
  }

  /// A statement's date, through `days`, the days of the texts already read. A date followed by
  /// a time of day (`2015.11.01 00:02`, `2015/11/01 오후 3:04`) is read by its date part and kept
  /// under it, so a statement's many times of one day read the date once: a text with a `:` is
  /// never a date as a whole (no date form has one), so only its date part can be, and it is
  /// never kept under its whole text.
  static func day(_ text: String, today: Day, days: inout [String: Day]) throws(DateInputError)
    -> Day
  {
    if text.utf8.contains(UInt8(ascii: ":")), let datePart = datePart(text) {
      if let known = days[datePart] { return known }
      if let day = try? Day(userInput: datePart, today: today) {
        days[datePart] = day
        return day
      }
      // Refused as the whole text is, below.
    } else if let known = days[text] {
      return known
    }
    let day = try Self.day(text, today: today)
    days[text] = day
    return day
  }

  /// A day from a statement's date: an ISO date directly, else what a user may type, else the
  /// part before a time (`2025.11.03 14:22`, `2025-11-03T14:22:00`).
  static func day(_ text: String, today: Day) throws(DateInputError) -> Day {
    if text.utf8.count == 10, let day = try? Day(iso: text) { return day }
    do {
      return try Day(userInput: text, today: today)
    } catch {
      guard let datePart = datePart(text), let day = try? Day(userInput: datePart, today: today)
      else { throw error }
      return day
    }
  }

  /// The text before the first space, `T` or ideographic space, without `.` at its ends, or `nil`
  /// when the text has none or starts with one. ASCII text (a bank's `2015.11.01 00:02`) is cut
  /// by its bytes, where every byte is a character.
  static func datePart(_ text: String) -> String? {
    let bytes = text.utf8
    if bytes.allSatisfy({ $0 < 0x80 }) {
      guard let cut = bytes.firstIndex(where: { $0 == 0x20 || $0 == UInt8(ascii: "T") }),
        cut > bytes.startIndex
      else { return nil }
      var part = bytes[..<cut]
      while part.first == UInt8(ascii: ".") { part = part.dropFirst() }
      while part.last == UInt8(ascii: ".") { part = part.dropLast() }
      return String(Substring(part))
    }
    let separators: Set<Character> = [" ", "T", "\u{3000}"]
    guard let cut = text.firstIndex(where: { separators.contains($0) }), cut > text.startIndex
    else { return nil }
    return FoundationText.trimming(text[..<cut], where: { $0 == "." })
  }

  /// A field on one line: a quoted field's line breaks and tabs (a bank's two-line memo) become
  /// single spaces, and the ends are trimmed.
  static func oneLine(_ text: String) -> String {
    guard text.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) else {
      // Most fields have nothing to trim: said by their first and last characters alone.
      guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last,
        !isTrimmedSpace(first), !isTrimmedSpace(last)
      else { return TextScan.trimmed(text) }
      return text
    }
    return text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" || $0 == "\t" })
      .map { TextScan.trimmed($0) }.filter { !$0.isEmpty }
      .joined(separator: " ")
  }

  /// Whether `CharacterSet.whitespaces` holds `scalar`: a space separator (Zs), a tab or U+200B.
  private static func isTrimmedSpace(_ scalar: Unicode.Scalar) -> Bool {
    TextScan.isWhitespace(scalar.value)
  }

  /// A kind word of a statement, or `nil`: Hannun's own words and a bank's `입금`/`출금`.
  static func kind(_ text: String) -> TransactionKind? {
    if let kind = try? TransactionRules.kind(text) { return kind }
    switch key(text) {
    case "입금", "deposit", "credit", "수입금", "환불": return .income
    case "출금", "withdrawal", "debit", "지급", "결제", "승인": return .expense
    default: return nil
    }
  }

  /// Whether a deposit or withdrawal cell means "nothing" (`0`, `0원`, `-`).
  static func isZero(_ text: String) -> Bool {
    // ASCII text (`0`, `12,000`) is judged by its bytes, each of which is a character.
    if text.utf8.allSatisfy({ $0 < 0x80 }) {
      return text == "-"
        || text.utf8.allSatisfy {
          $0 == UInt8(ascii: "0") || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: ",")
            || $0 == UInt8(ascii: "$") || $0 == UInt8(ascii: " ")
        }
    }
    return text.allSatisfy { "0.,원₩$ ".contains($0) }
  }

  /// A signed amount's sign and magnitude: `-12,000`, `−12000`, `(12,000)` are negative.
  static func sign(_ text: String) -> (negative: Bool, magnitude: String) {
    if text.hasPrefix("(") && text.hasSuffix(")") {
      return (true, String(text.dropFirst().dropLast()))
    }
    if let first = text.first, first == "-" || first == "\u{2212}" {
      return (true, TextScan.trimmed(String(text.dropFirst())))
    }
    return (false, text)
  }
}

/// The column of each field of a statement, kept by the field's place rather than hashed: each
/// row looks its fields up, and a dictionary keyed by the field hashed its raw text every time
/// (5 % of a 100,000-row import).
struct FieldColumns {
  private var slots = [Int?](repeating: nil, count: ImportField.allCases.count)

  /// The column of `field`, or `nil` when the statement has none.
  subscript(field: ImportField) -> Int? {
    get { slots[field.slot] }
    set { slots[field.slot] = newValue }
  }

  /// The columns some field was found in.
  var found: [Int] { slots.compactMap(\.self) }
}

extension ImportField {
  /// The field's place among ``FieldColumns``' slots.
  fileprivate var slot: Int {
    switch self {
    case .date: 0
    case .kind: 1
    case .amount: 2
    case .deposit: 3
    case .withdrawal: 4
    case .category: 5
    case .memo: 6
    }
  }
}
