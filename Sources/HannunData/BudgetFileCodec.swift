import Foundation
import HannunDomain

/// Reads and writes `budgets.json` (``StoredBudgets``) with the ledger's strict JSON scanner, so
/// unknown keys keep their exact text, and writes it pretty-printed with sorted keys like the
/// other ledger files.
enum BudgetFileCodec {
  /// The document in `data`.
  /// - Throws: ``LedgerError/unreadableFile(path:reason:)`` naming `path` and what is wrong:
  ///   invalid JSON, a newer schema, a field of the wrong type. Field values are checked by
  ///   ``StoredBudgets/plan(path:)``.
  static func decode(_ data: Data, path: String) throws(LedgerError) -> StoredBudgets {
    let outcome = data.withUnsafeBytes { raw in
      raw.withMemoryRebound(to: UInt8.self) { bytes -> Result<StoredBudgets, BudgetFileProblem> in
        do throws(JSONScanError) {
          var scanner = JSONScanner(bytes)
          scanner.skipByteOrderMark()
          scanner.skipWhitespace()
          let document = try scanner.rawValue(depth: 0)
          scanner.skipWhitespace()
          guard scanner.isAtEnd else { throw scanner.error("expected the end of the file") }
          return Result { () throws(BudgetFileProblem) in try budgets(document) }
        } catch {
          let reason =
            bytes.isEmpty ? "the file is empty" : "\(error.message) (at byte \(error.offset))"
          return .failure(BudgetFileProblem(.invalidContent("it is not valid JSON: \(reason)")))
        }
      }
    }
    switch outcome {
    case .success(let budgets): return budgets
    case .failure(let problem): throw .unreadableFile(path: path, reason: problem.problem)
    }
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

  private static func scanning<Value>(
    _ value: RawJSON, _ body: (inout JSONScanner) throws(JSONScanError) -> Value?
  ) -> Value? {
    var text = value.text
    return text.withUTF8 { bytes in
      var scanner = JSONScanner(bytes)
      do throws(JSONScanError) {
        return try body(&scanner)
      } catch {
        return nil
      }
    }
  }

  private static func object(_ value: RawJSON, place: String?) throws(BudgetFileProblem)
    -> [String: RawJSON]
  {
    let members = scanning(value) { (scanner) throws(JSONScanError) -> [String: RawJSON]? in
      guard scanner.peek() == UInt8(ascii: "{") else { return nil }
      var members: [String: RawJSON] = [:]
      guard try scanner.openObject() else { return members }
      repeat {
        let key = try scanner.text(of: try scanner.memberKey())
        members[key] = try scanner.rawValue(depth: 1)
      } while try scanner.nextMember()
      return members
    }
    guard let members else {
      throw place.map { .wrongType($0) }
        ?? BudgetFileProblem(.invalidContent("it is not a JSON object"))
    }
    return members
  }

  private static func array(_ value: RawJSON, place: String) throws(BudgetFileProblem)
    -> [RawJSON]
  {
    let elements = scanning(value) { (scanner) throws(JSONScanError) -> [RawJSON]? in
      guard scanner.peek() == UInt8(ascii: "[") else { return nil }
      var elements: [RawJSON] = []
      guard try scanner.openArray() else { return elements }
      repeat { elements.append(try scanner.rawValue(depth: 1)) } while try scanner.nextElement()
      return elements
    }
    guard let elements else { throw .wrongType(place) }
    return elements
  }

  private static func string(_ value: RawJSON, place: String) throws(BudgetFileProblem) -> String {
    let text = scanning(value) { (scanner) throws(JSONScanError) -> String? in
      scanner.peek() == UInt8(ascii: "\"") ? try scanner.string() : nil
    }
    guard let text else { throw .wrongType(place) }
    return text
  }

  private static func optionalString(_ value: RawJSON, place: String) throws(BudgetFileProblem)
    -> String?
  {
    isNull(value) ? nil : try string(value, place: place)
  }

  private static func integer(_ value: RawJSON, place: String) throws(BudgetFileProblem) -> Int64 {
    let number = scanning(value) { (scanner) throws(JSONScanError) -> Int64? in
      let (range, isInteger) = try scanner.number()
      return isInteger ? scanner.int64(range) : nil
    }
    guard let number else {
      throw BudgetFileProblem(.invalidContent("the field '\(place)' must be a whole number"))
    }
    return number
  }

  private static func isNull(_ value: RawJSON) -> Bool { value.text == "null" }
}

/// Why `budgets.json` cannot be read.
struct BudgetFileProblem: Error, Sendable {
  let problem: FileProblem

  init(_ problem: FileProblem) { self.problem = problem }

  static func missing(_ place: String) -> BudgetFileProblem {
    BudgetFileProblem(.invalidContent("the field '\(place)' is missing"))
  }

  static func wrongType(_ place: String) -> BudgetFileProblem {
    BudgetFileProblem(.invalidContent("the field '\(place)' has the wrong type"))
  }
}
