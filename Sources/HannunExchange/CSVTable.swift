/// One record of a CSV file: its fields and the line of the file it starts on (1 for the first
/// line), which is how a user finds it again in an editor or a spreadsheet.
public struct CSVRecord: Hashable, Sendable {
  /// The line the record starts on, counting from 1.
  public var line: Int
  /// The fields, unquoted.
  public var fields: [String]

  /// A record.
  /// - Parameters:
  ///   - line: The line it starts on.
  ///   - fields: Its fields.
  public init(line: Int, fields: [String]) {
    self.line = line
    self.fields = fields
  }
}

/// A CSV reader as RFC 4180 describes the format: fields separated by commas, records by CRLF or
/// LF (or a lone CR), a field in double quotes may hold commas, line breaks and doubled quotes.
/// It is lenient where spreadsheets are: a quote inside an unquoted field is kept as it is, text
/// after a closing quote is appended, and an unclosed quote runs to the end of the file. Blank
/// lines are skipped.
public enum CSVTable {
  /// The records of `text`, in order, blank lines left out.
  /// - Parameter text: The whole file, already decoded (see ``ImportText/decode(_:)``).
  /// - Returns: The records with their line numbers.
  public static func records(_ text: String) -> [CSVRecord] {
    var records: [CSVRecord] = []
    var parser = CSVParser()
    var text = text
    text.withUTF8 { bytes in parser.feed(bytes) { records.append($0) } }
    parser.finish { records.append($0) }
    return records
  }
}

/// ``CSVTable``'s reader fed a piece at a time, so that a file is read in chunks and each record
/// handed on as soon as it is complete: the file is never held whole.
public struct CSVParser: Sendable {
  private var fields: [String] = []
  private var field: [UInt8] = []
  private var inQuotes = false
  private var quotedField = false
  /// A quote was read inside quotes: the next byte says whether it was doubled.
  private var quoteInQuotes = false
  private var previousWasCR = false
  private var line = 1
  private var recordLine = 1

  /// A reader at the start of a file.
  public init() {}

  /// Reads the next piece of UTF-8 text, which may end anywhere (inside a field or a character).
  /// - Parameters:
  ///   - bytes: The piece.
  ///   - emit: Called with every record the piece completes, in order.
  public mutating func feed<E: Error>(
    _ bytes: UnsafeBufferPointer<UInt8>, _ emit: (CSVRecord) throws(E) -> Void
  ) throws(E) {
    let comma = UInt8(ascii: ",")
    let quote = UInt8(ascii: "\"")
    let cr = UInt8(ascii: "\r")
    let lf = UInt8(ascii: "\n")
    for byte in bytes {
      if quoteInQuotes {
        quoteInQuotes = false
        if byte == quote {
          field.append(quote)
          continue
        }
        inQuotes = false
      }
      let afterCR = previousWasCR
      previousWasCR = false
      if inQuotes {
        if byte == quote {
          quoteInQuotes = true
        } else {
          if byte == lf && !afterCR { line += 1 }
          if byte == cr {
            line += 1
            previousWasCR = true
          }
          field.append(byte)
        }
        continue
      }
      switch byte {
      case comma:
        endField()
      case quote where field.isEmpty && !quotedField:
        inQuotes = true
        quotedField = true
      case cr:
        try endRecord(emit)
        line += 1
        recordLine = line
        previousWasCR = true
      case lf:
        if afterCR { continue }
        try endRecord(emit)
        line += 1
        recordLine = line
      default:
        field.append(byte)
      }
    }
  }

  /// Ends the file: the last record, if it has no line break after it.
  /// - Parameter emit: Called with that record.
  public mutating func finish<E: Error>(_ emit: (CSVRecord) throws(E) -> Void) throws(E) {
    if quoteInQuotes {
      quoteInQuotes = false
      inQuotes = false
    }
    if !field.isEmpty || !fields.isEmpty || quotedField { try endRecord(emit) }
  }

  private mutating func endField() {
    fields.append(String(decoding: field, as: UTF8.self))
    field.removeAll(keepingCapacity: true)
    quotedField = false
  }

  private mutating func endRecord<E: Error>(_ emit: (CSVRecord) throws(E) -> Void) throws(E) {
    endField()
    let record = CSVRecord(line: recordLine, fields: fields)
    fields.removeAll(keepingCapacity: true)
    if !(record.fields.count == 1 && record.fields[0].isEmpty) { try emit(record) }
  }
}
