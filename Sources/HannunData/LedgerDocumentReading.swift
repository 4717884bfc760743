import HannunDomain

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Why a small ledger document (`budgets.json`, `moods.json`) cannot be read: a problem with
/// the file, said as a ``FileProblem``.
struct LedgerDocumentProblem: Error, Sendable {
  let problem: FileProblem

  init(_ problem: FileProblem) { self.problem = problem }

  static func missing(_ place: String) -> LedgerDocumentProblem {
    LedgerDocumentProblem(.invalidContent(.field(place, .missing)))
  }

  static func wrongType(_ place: String) -> LedgerDocumentProblem {
    LedgerDocumentProblem(.invalidContent(.field(place, .wrongType)))
  }
}

/// The strict reading the small ledger documents share: the whole file checked as one JSON
/// value with the ledger's scanner (unknown keys keep their exact text), then its members and
/// fields taken one by one, each missing or mistyped field named by its place. And their one
/// layout for writing: a schema version and one array of records, keys sorted.
protocol LedgerDocumentReading {}

/// One member of an object being written: its key, and what writes its value.
typealias DocumentMember = (key: String, value: (inout JSONWriter) -> Void)

extension LedgerDocumentReading {
  /// The bytes of a document: `schemaVersion`, the array `list` of `records` (one a line,
  /// indented by 4) and the document's unknown members, keys sorted by their UTF-8 bytes, each
  /// on its own line indented by 2, and a final newline.
  static func encodeDocument<Record>(
    schemaVersion: Int, otherFields: [String: RawJSON], list: String, records: [Record],
    capacity: Int, writing write: @escaping (Record, inout JSONWriter) -> Void
  ) -> Data {
    var writer = JSONWriter(capacity: capacity)
    writer.append("{")
    var document: [DocumentMember] = otherFields.map { key, value in
      (key, { $0.appendVerbatim(value.text) })
    }
    document.append(("schemaVersion", { $0.integer(Int64(schemaVersion)) }))
    document.append(
      (
        list,
        { writer in
          guard !records.isEmpty else { return writer.append("[]") }
          writer.append("[")
          for (index, record) in records.enumerated() {
            writer.append(index == 0 ? "" : ",")
            writer.newline(indent: 4)
            write(record, &writer)
          }
          writer.newline(indent: 2)
          writer.append("]")
        }
      ))
    writeObject(document, indent: 2, to: &writer)
    writer.append("\n")
    return Data(writer.bytes)
  }

  /// An object's members (after its `{`) sorted by their keys' UTF-8 bytes, each on its own
  /// line indented by `indent`, and the closing brace.
  static func writeObject(_ members: [DocumentMember], indent: Int, to writer: inout JSONWriter) {
    for (index, (key, value)) in sortedMembers(members).enumerated() {
      writer.append(index == 0 ? "" : ",")
      writer.newline(indent: indent)
      writer.key(key)
      value(&writer)
    }
    writer.newline(indent: indent - 2)
    writer.append("}")
  }

  /// Members sorted by their keys' UTF-8 bytes.
  static func sortedMembers(_ members: [DocumentMember]) -> [DocumentMember] {
    members.sorted { Array($0.key.utf8).lexicographicallyPrecedes(Array($1.key.utf8)) }
  }

  /// The document in `data`, read by `read` from its checked JSON text.
  /// - Throws: ``LedgerError/unreadableFile(path:reason:)`` naming `path` and what is wrong.
  static func document<Value>(
    _ data: Data, path: String, _ read: (RawJSON) throws(LedgerDocumentProblem) -> Value
  ) throws(LedgerError) -> Value {
    let outcome = data.withUnsafeBytes { raw in
      raw.withMemoryRebound(to: UInt8.self) { bytes -> Result<Value, LedgerDocumentProblem> in
        do throws(JSONScanError) {
          var scanner = JSONScanner(bytes)
          scanner.skipByteOrderMark()
          scanner.skipWhitespace()
          let document = try scanner.rawValue(depth: 0)
          scanner.skipWhitespace()
          guard scanner.isAtEnd else { throw scanner.error(.expectedEnd) }
          return Result { () throws(LedgerDocumentProblem) in try read(document) }
        } catch {
          let fault =
            bytes.isEmpty ? .notJSON(.empty, at: nil) : error.fault(at: .byte(error.offset))
          return .failure(LedgerDocumentProblem(.invalidContent(fault)))
        }
      }
    }
    switch outcome {
    case .success(let value): return value
    case .failure(let problem): throw .unreadableFile(path: path, reason: problem.problem)
    }
  }

  static func scanning<Value>(
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

  static func object(_ value: RawJSON, place: String?) throws(LedgerDocumentProblem)
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
        ?? LedgerDocumentProblem(.invalidContent(.notAnObject))
    }
    return members
  }

  static func array(_ value: RawJSON, place: String) throws(LedgerDocumentProblem)
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

  static func string(_ value: RawJSON, place: String) throws(LedgerDocumentProblem) -> String {
    let text = scanning(value) { (scanner) throws(JSONScanError) -> String? in
      scanner.peek() == UInt8(ascii: "\"") ? try scanner.string() : nil
    }
    guard let text else { throw .wrongType(place) }
    return text
  }

  static func optionalString(_ value: RawJSON, place: String) throws(LedgerDocumentProblem)
    -> String?
  {
    isNull(value) ? nil : try string(value, place: place)
  }

  static func integer(_ value: RawJSON, place: String) throws(LedgerDocumentProblem) -> Int64 {
    let number = scanning(value) { (scanner) throws(JSONScanError) -> Int64? in
      let (range, isInteger) = try scanner.number()
      return isInteger ? scanner.int64(range) : nil
    }
    guard let number else {
      throw LedgerDocumentProblem(.invalidContent(.field(place, .notWholeNumber)))
    }
    return number
  }

  static func isNull(_ value: RawJSON) -> Bool { value.text == "null" }
}
