import HannunDomain

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Turns the stored documents into bytes and back. Output is deterministic: pretty-printed with
/// sorted keys and a final newline, so an unchanged ledger is byte-for-byte the same file.
enum LedgerCodec {
  static func encode<Document: Encodable>(_ document: Document, path: String)
    throws(LedgerError) -> Data
  {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    do {
      var data = try encoder.encode(document)
      data.append(0x0A)
      return data
    } catch {
      throw .unwritableFile(
        path: path, reason: .invalidContent("cannot encode the ledger: \(error)"))
    }
  }

  /// Decodes a stored document after checking its schema version.
  /// - Throws: ``LedgerError/unreadableFile(path:reason:)`` naming `path` and what is wrong.
  static func decode<Document: Decodable>(
    _ type: Document.Type, from data: Data, path: String
  ) throws(LedgerError) -> Document {
    let decoder = JSONDecoder()
    let version: Int
    do {
      version = try decoder.decode(StoredSchemaVersion.self, from: data).schemaVersion
    } catch {
      throw .unreadableFile(path: path, reason: .invalidContent(describe(error)))
    }
    guard version <= supportedSchemaVersion else {
      throw .unreadableFile(
        path: path, reason: .newerVersion(version, supported: supportedSchemaVersion))
    }
    guard version >= 1 else {
      throw .unreadableFile(path: path, reason: .unknownVersion(version))
    }
    do {
      return try decoder.decode(type, from: data)
    } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
      // The document parsed once already, so this is a value that does not fit its field.
      throw .unreadableFile(
        path: path, reason: .invalidContent("a value does not have the form its field needs"))
    } catch {
      throw .unreadableFile(path: path, reason: .invalidContent(describe(error)))
    }
  }

  /// A reason a person can act on, with the place in the document: `transactions[2].kind`.
  static func describe(_ error: any Error) -> String {
    guard let error = error as? DecodingError else { return "\(error)" }
    switch error {
    case .keyNotFound(let key, let context):
      return "the field '\(place(context.codingPath + [key]))' is missing"
    case .typeMismatch(_, let context):
      return context.codingPath.isEmpty
        ? "it is not a JSON object"
        : "the field '\(place(context.codingPath))' has the wrong type"
    case .valueNotFound(_, let context):
      return "the field '\(place(context.codingPath))' is null"
    case .dataCorrupted(let context):
      return context.codingPath.isEmpty
        ? "it is not valid JSON"
        : "the field '\(place(context.codingPath))' is invalid: \(context.debugDescription)"
    @unknown default:
      return "\(error)"
    }
  }

  private static func place(_ path: [any CodingKey]) -> String {
    var text = ""
    for key in path {
      if let index = key.intValue {
        text += "[\(index)]"
      } else {
        text += text.isEmpty ? key.stringValue : "." + key.stringValue
      }
    }
    return text
  }
}
