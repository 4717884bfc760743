import HannunDomain

/// Why a month document that is valid JSON cannot be read.
struct MonthFileProblem: Error, Sendable {
  /// What is wrong.
  let problem: FileProblem

  /// A problem with the content, as the parser or the record rules found it.
  init(fault: ContentFault) { problem = .invalidContent(fault) }

  /// A problem of its own kind.
  init(_ problem: FileProblem) { self.problem = problem }
}

/// One pass over a month document's bytes that builds a ``StoredMonth``, keeping unknown keys as
/// ``RawJSON``.
struct MonthDocumentReader {
  /// The document's scanner.
  var scanner: JSONScanner

  /// Reads the whole document.
  /// - Throws: ``JSONScanError`` when the bytes are not JSON or repeat a key.
  /// - Returns: The month, or why valid JSON is not a month document this version reads.
  mutating func document() throws(JSONScanError) -> Result<StoredMonth, MonthFileProblem> {
    scanner.skipByteOrderMark()
    scanner.skipWhitespace()
    guard !scanner.isAtEnd else { throw JSONScanError(offset: 0, .syntax(.empty)) }
    guard scanner.peek() == UInt8(ascii: "{") else {
      try scanner.skipValue(depth: 0)
      try finish()
      return .failure(MonthFileProblem(fault: .notAnObject))
    }
    var version = FieldValue<Int>.missing
    var month = FieldValue<String>.missing
    var transactions = FieldValue<[StoredTransaction]>.missing
    var otherFields: [String: RawJSON] = [:]
    if try scanner.openObject() {
      repeat {
        let keyStart = scanner.position
        let key = try scanner.memberKey()
        let field =
          switch key {
          case .plain(let range): DocumentField(named: scanner.bytes.extracting(range))
          case .decoded(var text): text.withUTF8 { DocumentField(named: $0) }
          }
        guard let field else {
          let name = try scanner.text(of: key)
          guard otherFields[name] == nil else { throw duplicate(name, at: keyStart) }
          otherFields[name] = try scanner.rawValue(depth: 1)
          continue
        }
        switch field {
        case .schemaVersion:
          guard case .missing = version else { throw duplicate(field.name, at: keyStart) }
          version = try integer(Int.self, depth: 1, why: .notAnInteger)
        case .month:
          guard case .missing = month else { throw duplicate(field.name, at: keyStart) }
          month = try string(depth: 1)
        case .transactions:
          guard case .missing = transactions else { throw duplicate(field.name, at: keyStart) }
          transactions = try records()
        }
      } while try scanner.nextMember()
    }
    try finish()
    return Self.assemble(version, month, transactions, otherFields)
  }

  /// The document from its fields, or the first problem: the schema version before anything else.
  private static func assemble(
    _ version: FieldValue<Int>, _ month: FieldValue<String>,
    _ transactions: FieldValue<[StoredTransaction]>, _ otherFields: [String: RawJSON]
  ) -> Result<StoredMonth, MonthFileProblem> {
    guard case .present(let version) = version else {
      return .failure(
        MonthFileProblem(fault: version.fault("schemaVersion") ?? .field("schemaVersion", .missing))
      )
    }
    guard version <= supportedSchemaVersion else {
      return .failure(
        MonthFileProblem(.newerVersion(version, supported: supportedSchemaVersion)))
    }
    guard version >= 1 else {
      return .failure(MonthFileProblem(.unknownVersion(version)))
    }
    guard case .present(let month) = month else {
      return .failure(MonthFileProblem(fault: month.fault("month") ?? .field("month", .missing)))
    }
    guard case .present(let transactions) = transactions else {
      return .failure(
        MonthFileProblem(
          fault: transactions.fault("transactions") ?? .field("transactions", .missing)))
    }
    return .success(
      StoredMonth(
        schemaVersion: version, month: month, transactions: transactions,
        otherFields: otherFields))
  }

  /// The records of `transactions`; after the first bad one the rest are only checked as JSON.
  private mutating func records() throws(JSONScanError) -> FieldValue<[StoredTransaction]> {
    guard scanner.peek() == UInt8(ascii: "[") else { return try otherType(depth: 1) }
    var records: [StoredTransaction] = []
    guard try scanner.openArray() else { return .present(records) }
    records.reserveCapacity(scanner.bytes.count / 192)
    var failure: ContentFault?
    var index = 0
    repeat {
      if failure != nil {
        try scanner.skipValue(depth: 2)
      } else if scanner.peek() == UInt8(ascii: "{") {
        failure = try record(index, into: &records)
      } else {
        let element: FieldValue<StoredTransaction> = try otherType(depth: 2)
        failure = element.fault("transactions[\(index)]")
      }
      index += 1
    } while try scanner.nextElement()
    if let failure { return .failed(failure) }
    return .present(records)
  }

  /// Reads the record at `index` of `transactions` and appends it to `records`, or returns why
  /// it cannot be read.
  private mutating func record(
    _ index: Int, into records: inout [StoredTransaction]
  ) throws(JSONScanError) -> ContentFault? {
    var id: String?
    var date: String?
    var kind: String?
    var amountMinor: Int64?
    var category: String?
    var memo: String?
    var createdAt: String?
    var updatedAt: String?
    var otherFields: [String: RawJSON] = [:]
    var problems: [RecordField: ContentFault] = [:]
    var seen: UInt8 = 0
    if try scanner.openObject() {
      repeat {
        let keyStart = scanner.position
        let key = try scanner.memberKey()
        let field =
          switch key {
          case .plain(let range): RecordField(named: scanner.bytes.extracting(range))
          case .decoded(var text): text.withUTF8 { RecordField(named: $0) }
          }
        guard let field else {
          let name = try scanner.text(of: key)
          guard otherFields[name] == nil else {
            throw duplicate("transactions[\(index)].\(name)", at: keyStart)
          }
          otherFields[name] = try scanner.rawValue(depth: 3)
          continue
        }
        let bit: UInt8 = 1 << field.rawValue
        guard seen & bit == 0 else {
          throw duplicate("transactions[\(index)].\(field.name)", at: keyStart)
        }
        seen |= bit
        let place = RecordPlace(index: index, field: field)
        switch field {
        case .id: id = try text(at: place, noting: &problems)
        case .date: date = try text(at: place, noting: &problems)
        case .kind: kind = try text(at: place, noting: &problems)
        case .amountMinor:
          let value = try integer(
            Int64.self, depth: 3, why: .notMinorUnits)
          if case .present(let amount) = value {
            amountMinor = amount
          } else {
            problems[field] = value.fault(place.description)
          }
        case .category: category = try text(at: place, noting: &problems)
        case .memo: memo = try text(at: place, noting: &problems)
        case .createdAt: createdAt = try text(at: place, noting: &problems, reusing: updatedAt)
        case .updatedAt: updatedAt = try text(at: place, noting: &problems, reusing: createdAt)
        }
      } while try scanner.nextMember()
    }
    guard let id, let date, let kind, let amountMinor, let category, let memo, let createdAt,
      let updatedAt
    else {
      for field in RecordField.allCases {
        if let problem = problems[field] { return problem }
        if seen & (1 << field.rawValue) == 0 {
          return .field(RecordPlace(index: index, field: field).description, .missing)
        }
      }
      // Not reached: a record with no problem noted has every field.
      return .field("transactions[\(index)]", .wrongType)
    }
    records.append(
      StoredTransaction(
        id: id, date: date, kind: kind, amountMinor: amountMinor, category: category, memo: memo,
        createdAt: createdAt, updatedAt: updatedAt, otherFields: otherFields))
    return nil
  }

  /// A string field of a record, or `nil` with the reason noted in `problems` for a value of
  /// another type. When the text equals `twin` (a stamp's twin: most entries were never edited,
  /// so both stamps are the same) that string is shared rather than made again.
  private mutating func text(
    at place: RecordPlace, noting problems: inout [RecordField: ContentFault],
    reusing twin: String? = nil
  ) throws(JSONScanError) -> String? {
    guard scanner.peek() == UInt8(ascii: "\"") else {
      let other: FieldValue<String> = try otherType(depth: 3)
      problems[place.field] = other.fault(place.description)
      return nil
    }
    if let twin {
      let start = scanner.position
      if let range = try scanner.plainStringRange() {
        let bytes = scanner.bytes.extracting(range)
        let same = twin.utf8.withContiguousStorageIfAvailable { $0.isEqual(to: bytes) }
        if same == true { return twin }
      }
      scanner.position = start
    }
    return try scanner.string()
  }

  /// A string value.
  private mutating func string(depth: Int) throws(JSONScanError) -> FieldValue<String> {
    guard scanner.peek() == UInt8(ascii: "\"") else { return try otherType(depth: depth) }
    return .present(try scanner.string())
  }

  /// A number written as an integer (no fraction, no exponent) that fits `Integer`; any other
  /// number is invalid, for the reason `why`.
  private mutating func integer<Integer: FixedWidthInteger>(
    _: Integer.Type, depth: Int, why: FieldFault
  ) throws(JSONScanError) -> FieldValue<Integer> {
    let first = scanner.peek()
    guard first == UInt8(ascii: "-") || JSONScanner.isDigit(first) else {
      return try otherType(depth: depth)
    }
    let (range, isInteger) = try scanner.number()
    guard isInteger, let wide = scanner.int64(range), let value = Integer(exactly: wide) else {
      return .invalid(why)
    }
    return .present(value)
  }

  /// Reads a value that is not of the type expected: `null`, or something else.
  private mutating func otherType<Value>(depth: Int) throws(JSONScanError) -> FieldValue<Value> {
    if scanner.readNull() { return .null }
    try scanner.skipValue(depth: depth)
    return .wrongType
  }

  /// Checks that only whitespace follows the document.
  private mutating func finish() throws(JSONScanError) {
    scanner.skipWhitespace()
    guard scanner.isAtEnd else { throw scanner.error(.textAfterValue) }
  }

  /// The error for a key that appears twice in one object.
  private func duplicate(_ place: String, at offset: Int) -> JSONScanError {
    JSONScanError(offset: offset, .repeatedField(place))
  }
}
