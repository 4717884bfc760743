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
        path: path, reason: .invalidContent(.cannotEncode("\(error)")))
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
        path: path, reason: .invalidContent(.valueOfWrongForm))
    } catch {
      throw .unreadableFile(path: path, reason: .invalidContent(describe(error)))
    }
  }

  /// What a decoding error says about the file, with the place in the document:
  /// `transactions[2].kind`.
  static func describe(_ error: any Error) -> ContentFault {
    guard let error = error as? DecodingError else { return .decoderFailure("\(error)") }
    switch error {
    case .keyNotFound(let key, let context):
      return .field(place(context.codingPath + [key]), .missing)
    case .typeMismatch(_, let context):
      return context.codingPath.isEmpty
        ? .notAnObject : .field(place(context.codingPath), .wrongType)
    case .valueNotFound(_, let context):
      return .field(place(context.codingPath), .null)
    case .dataCorrupted(let context):
      return context.codingPath.isEmpty
        ? .notJSON(nil, at: nil)
        : .field(place(context.codingPath), .decoderRefused(context.debugDescription))
    @unknown default:
      return .decoderFailure("\(error)")
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
