import HannunDomain

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reads and writes month files, `ledger/YYYY/YYYY-MM.json`, without Foundation's JSON coders: a
/// byte-level parser (``JSONScanner``) straight into ``StoredMonth``, and a writer of one record
/// a line (see `encode(_:)` for a month).
///
/// Keys this version does not know, in the document and in each record, are kept in
/// `otherFields` as ``RawJSON`` and written back in their place in the key order, so a month a
/// newer Hannun wrote loses nothing when this version rewrites it.
enum MonthFileCodec {
  /// Decodes a month document after checking its schema version.
  ///
  /// Any valid JSON layout is read. Invalid JSON, text after the document, a key that appears
  /// twice in one object, and an `amountMinor` that is not written as a whole 64-bit number
  /// (`1.5`, `1e3`) are refused. Field *values* (a bad date, amount zero) are checked later by
  /// ``StoredMonth/transactions(of:)``.
  /// - Throws: ``LedgerError/unreadableFile(path:reason:)`` naming `path` and what is wrong.
  static func decode(_ data: Data, path: String) throws(LedgerError) -> StoredMonth {
    let outcome = data.withUnsafeBytes { raw in
      raw.withMemoryRebound(to: UInt8.self) { bytes -> Result<StoredMonth, MonthFileProblem> in
        var reader = MonthDocumentReader(scanner: JSONScanner(bytes))
        do throws(JSONScanError) {
          return try reader.document()
        } catch {
          return .failure(MonthFileProblem(.invalidContent(describe(error, in: bytes))))
        }
      }
    }
    switch outcome {
    case .success(let month): return month
    case .failure(let problem): throw .unreadableFile(path: path, reason: problem.problem)
    }
  }

  /// The month as the bytes of its file: one line for the document's own members, then one
  /// line per record, keys sorted by their UTF-8 bytes (unknown keys among them), no spaces, and
  /// a final newline:
  ///
  ///     {"month":"2025-11","schemaVersion":1,"transactions":[
  ///     {"amountMinor":12000,"category":"식비","createdAt":"…","date":"2025-11-03",…},
  ///     {"amountMinor":3500,…}
  ///     ]}
  ///
  /// A record a line keeps the file small (a month of 833 entries is about 160 KB, against
  /// 400 KB pretty-printed) and makes each entry one line for a person, `grep` and `diff`.
  /// Files in any other layout (those older versions wrote with `JSONEncoder`) read the same.
  static func encode(_ month: StoredMonth) -> Data {
    var writer = JSONWriter(capacity: 128 + 200 * month.transactions.count)
    writer.append("{")
    let known: [(String, DocumentField)] = [
      ("month", .month), ("schemaVersion", .schemaVersion), ("transactions", .transactions),
    ]
    for (index, (key, member)) in members(known, month.otherFields).enumerated() {
      if index > 0 { writer.append(",") }
      writer.string(key)
      writer.append(":")
      switch member {
      case .raw(let value): writer.appendVerbatim(value.text)
      case .known(.month): writer.string(month.month)
      case .known(.schemaVersion): writer.integer(Int64(month.schemaVersion))
      case .known(.transactions): write(month.transactions, to: &writer)
      }
    }
    writer.append("}\n")
    return Data(writer.bytes)
  }

  /// A member of an object being written: a known field, or an unknown key's value.
  private enum Member<Field: Sendable>: Sendable {
    /// A field this version knows.
    case known(Field)
    /// A value kept from the file.
    case raw(RawJSON)
  }

  /// The known fields and the unknown keys together, sorted by their UTF-8 bytes. An unknown key
  /// that has a known field's name is left out: the field wins.
  private static func members<Field: Sendable>(
    _ known: [(String, Field)], _ otherFields: [String: RawJSON]
  ) -> [(String, Member<Field>)] {
    var members = known.map { ($0.0, Member.known($0.1)) }
    for (key, value) in otherFields where !known.contains(where: { $0.0 == key }) {
      members.append((key, .raw(value)))
    }
    members.sort { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }
    return members
  }

  /// The record fields in the order they are written.
  private static let recordFields: [(String, RecordField)] = RecordField.allCases
    .map { ($0.name, $0) }.sorted { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }

  /// Writes `transactions` as an array with one record a line.
  private static func write(_ transactions: [StoredTransaction], to writer: inout JSONWriter) {
    writer.append("[")
    for (index, record) in transactions.enumerated() {
      writer.append(index == 0 ? "\n" : ",\n")
      write(record, to: &writer)
    }
    if !transactions.isEmpty { writer.append("\n") }
    writer.append("]")
  }

  /// One record's bytes exactly as ``encode(_:)`` writes it inside the array, from its `{` to
  /// its `}`: what a writer splices into a month file (see ``MonthRecordMap``).
  static func encode(_ record: StoredTransaction) -> Data {
    var writer = JSONWriter(capacity: 256)
    write(record, to: &writer)
    return Data(writer.bytes)
  }

  /// Writes one record on one line.
  private static func write(_ record: StoredTransaction, to writer: inout JSONWriter) {
    if record.otherFields.isEmpty {
      writePlain(record, to: &writer)
      return
    }
    writer.append("{")
    for (position, (key, member)) in members(recordFields, record.otherFields).enumerated() {
      if position > 0 { writer.append(",") }
      writer.string(key)
      writer.append(":")
      switch member {
      case .raw(let value): writer.appendVerbatim(value.text)
      case .known(let field): write(field, of: record, to: &writer)
      }
    }
    writer.append("}")
  }

  /// Writes a record that has no unknown keys: the known fields in key order, as few appends as
  /// possible (this is most of a month file).
  private static func writePlain(_ record: StoredTransaction, to writer: inout JSONWriter) {
    writer.append("{\"amountMinor\":")
    writer.integer(record.amountMinor)
    writer.append(",\"category\":")
    writer.string(record.category)
    writer.append(",\"createdAt\":")
    writer.string(record.createdAt)
    writer.append(",\"date\":")
    writer.string(record.date)
    writer.append(",\"id\":")
    writer.string(record.id)
    writer.append(",\"kind\":")
    writer.string(record.kind)
    writer.append(",\"memo\":")
    writer.string(record.memo)
    writer.append(",\"updatedAt\":")
    writer.string(record.updatedAt)
    writer.append("}")
  }

  /// Writes the value of one known field of `record`.
  private static func write(
    _ field: RecordField, of record: StoredTransaction, to writer: inout JSONWriter
  ) {
    switch field {
    case .id: writer.string(record.id)
    case .date: writer.string(record.date)
    case .kind: writer.string(record.kind)
    case .amountMinor: writer.integer(record.amountMinor)
    case .category: writer.string(record.category)
    case .memo: writer.string(record.memo)
    case .createdAt: writer.string(record.createdAt)
    case .updatedAt: writer.string(record.updatedAt)
    }
  }

  /// What a scanner error says about the file, with its line and column (the column counts
  /// Unicode scalars, not bytes).
  private static func describe(_ error: JSONScanError, in bytes: UnsafeBufferPointer<UInt8>)
    -> ContentFault
  {
    guard bytes.contains(where: { ![0x20, 0x0A, 0x0D, 0x09].contains($0) }) else {
      return .notJSON(.empty, at: nil)
    }
    var line = 1
    var column = 1
    for byte in bytes.prefix(error.offset) {
      if byte == 0x0A {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return error.fault(at: .line(line, column: column))
  }
}
