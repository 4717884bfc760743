import HannunDomain

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

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
    encodeDocument(
      schemaVersion: budgets.schemaVersion, otherFields: budgets.otherFields, list: "budgets",
      records: budgets.records, capacity: 128 + 96 * budgets.records.count, writing: write)
  }

  // MARK: - Writing

  private static func write(_ record: StoredBudgetRecord, to writer: inout JSONWriter) {
    writer.append("{")
    var members: [DocumentMember] = record.otherFields.map { key, value in
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
    writeObject(members, indent: 6, to: &writer)
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
