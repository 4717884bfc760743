import Foundation
import HannunDomain

/// Reads and writes `budgets.json` (``StoredBudgets``) with the ledger's strict JSON scanner, so
/// unknown keys keep their exact text, and writes it pretty-printed with sorted keys like the
/// other ledger files.
enum BudgetFileCodec: LedgerDocumentReading {
  /// The document in `data`.
  /// - Throws: ``LedgerError/unreadableFile(path:reason:)`` naming `path` and what is wrong:
  ///   invalid JSON, a newer schema, a field of the wrong type. Field values are checked by
  ///   ``StoredBudgets/plan(path:)``.
  static func decode(_ data: Data, path: String) throws(LedgerError) -> StoredBudgets {
    try document(data, path: path, budgets)
  }

  /// The document as the bytes of its file: two-space indentation, keys sorted by their UTF-8
  /// bytes (unknown keys among them), one record per line group, and a final newline.
  static func encode(_ budgets: StoredBudgets) -> Data {
    var writer = JSONWriter(capacity: 128 + 96 * budgets.records.count)
    writer.append("{")
    var document: [(String, (inout JSONWriter) -> Void)] = budgets.otherFields.map { key, value in
      (key, { $0.appendVerbatim(value.text) })
    }
    document.append(("schemaVersion", { $0.integer(Int64(budgets.schemaVersion)) }))
    document.append(
      (
        "budgets",
        { writer in
          guard !budgets.records.isEmpty else { return writer.append("[]") }
          writer.append("[")
          for (index, record) in budgets.records.enumerated() {
            writer.append(index == 0 ? "" : ",")
            writer.newline(indent: 4)
            write(record, to: &writer)
          }
          writer.newline(indent: 2)
          writer.append("]")
        }
      ))
    write(document, indent: 2, to: &writer)
    writer.append("\n")
    return Data(writer.bytes)
  }

  // MARK: - Writing

  private static func write(_ record: StoredBudgetRecord, to writer: inout JSONWriter) {
    writer.append("{")
    var members: [(String, (inout JSONWriter) -> Void)] = record.otherFields.map { key, value in
      (key, { $0.appendVerbatim(value.text) })
    }
    if let category = record.category { members.append(("category", { $0.string(category) })) }
    members.append(("from", { $0.string(record.from) }))
    members.append(
      (
        "limitMinor",
        { writer in
          if let minor = record.limitMinor { writer.integer(minor) } else { writer.append("null") }
        }
      ))
    write(members, indent: 6, to: &writer)
  }

  /// An object's members sorted by their keys' UTF-8 bytes, each on its own line.
  private static func write(
    _ members: [(String, (inout JSONWriter) -> Void)], indent: Int, to writer: inout JSONWriter
  ) {
    let sorted = members.sorted { Array($0.0.utf8).lexicographicallyPrecedes(Array($1.0.utf8)) }
    for (index, (key, value)) in sorted.enumerated() {
      writer.append(index == 0 ? "" : ",")
      writer.newline(indent: indent)
      writer.key(key)
      value(&writer)
    }
    writer.newline(indent: indent - 2)
    writer.append("}")
  }

  // MARK: - Reading

  /// The document from its checked JSON text.
  private static func budgets(_ document: RawJSON) throws(BudgetFileProblem) -> StoredBudgets {
    let members = try object(document, place: nil)
    var budgets = StoredBudgets()
    guard let version = members["schemaVersion"] else { throw .missing("schemaVersion") }
    budgets.schemaVersion = try Int(integer(version, place: "schemaVersion"))
    guard budgets.schemaVersion <= supportedSchemaVersion else {
      throw BudgetFileProblem(
        .newerVersion(budgets.schemaVersion, supported: supportedSchemaVersion))
    }
    guard budgets.schemaVersion >= 1 else {
      throw BudgetFileProblem(.unknownVersion(budgets.schemaVersion))
    }
    guard let records = members["budgets"] else { throw .missing("budgets") }
    for (index, element) in try array(records, place: "budgets").enumerated() {
      let place = "budgets[\(index)]"
      var fields = try object(element, place: place)
      var record = StoredBudgetRecord(from: "")
      if let category = fields.removeValue(forKey: "category") {
        record.category = try optionalString(category, place: place + ".category")
      }
      guard let from = fields.removeValue(forKey: "from") else { throw .missing(place + ".from") }
      record.from = try string(from, place: place + ".from")
      guard let limit = fields.removeValue(forKey: "limitMinor") else {
        throw .missing(place + ".limitMinor")
      }
      record.limitMinor = isNull(limit) ? nil : try integer(limit, place: place + ".limitMinor")
      record.otherFields = fields
      budgets.records.append(record)
    }
    budgets.otherFields = members.filter { $0.key != "schemaVersion" && $0.key != "budgets" }
    return budgets
  }
}

/// Why `budgets.json` cannot be read.
typealias BudgetFileProblem = LedgerDocumentProblem
