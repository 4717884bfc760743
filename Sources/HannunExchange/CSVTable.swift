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
    var fields: [String] = []
    var field: [UInt8] = []
    var inQuotes = false
    var quotedField = false
    var line = 1
    var recordLine = 1
    let comma = UInt8(ascii: ",")
    let quote = UInt8(ascii: "\"")
    let cr = UInt8(ascii: "\r")
    let lf = UInt8(ascii: "\n")

    func endField() {
      fields.append(String(decoding: field, as: UTF8.self))
      field.removeAll(keepingCapacity: true)
      quotedField = false
    }
    func endRecord() {
      endField()
      if !(fields.count == 1 && fields[0].isEmpty) {
        records.append(CSVRecord(line: recordLine, fields: fields))
      }
      fields.removeAll(keepingCapacity: true)
    }

    var previousWasCR = false
    var iterator = text.utf8.makeIterator()
    var pending: UInt8? = nil
    while let byte = pending ?? iterator.next() {
      pending = nil
      let afterCR = previousWasCR
      previousWasCR = false
      if inQuotes {
        if byte == quote {
          let next = iterator.next()
          if next == quote {
            field.append(quote)
          } else {
            inQuotes = false
            pending = next
          }
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
        endRecord()
        line += 1
        recordLine = line
        previousWasCR = true
      case lf:
        if afterCR { continue }
        endRecord()
        line += 1
        recordLine = line
      default:
        field.append(byte)
      }
    }
    if !field.isEmpty || !fields.isEmpty || quotedField { endRecord() }
    return records
  }
}
