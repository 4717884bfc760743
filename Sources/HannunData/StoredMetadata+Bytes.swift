#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension StoredMetadata {
  /// `meta.json` read straight from its bytes, as every command reads it: `nil` unless the file
  /// is an object of exactly `schemaVersion` (a whole number this Hannun reads) and `currency`
  /// (a string of ASCII characters without escapes), once each in either order, with nothing
  /// after it but whitespace — the file as Hannun writes it.
  ///
  /// Anything else (a byte order mark, another member, an escape, a version this Hannun does
  /// not read, broken JSON) is left to ``LedgerCodec/decode(_:from:path:)``, so what such a file
  /// gives, and every complaint about one, stays that decoder's. The decoder cost a read about
  /// 2 % of its CPU, most of it the first use of its generic machinery.
  static func plain(_ data: Data) -> StoredMetadata? {
    data.withUnsafeBytes { raw in
      raw.withMemoryRebound(to: UInt8.self) { bytes -> StoredMetadata? in
        var scanner = JSONScanner(bytes)
        return try? plain(&scanner)
      }
    }
  }

  private static func plain(_ scanner: inout JSONScanner) throws(JSONScanError) -> StoredMetadata? {
    scanner.skipWhitespace()
    guard try scanner.openObject() else { return nil }
    var version: Int?
    var currency: String?
    repeat {
      guard case .plain(let key) = try scanner.memberKey() else { return nil }
      let name = scanner.bytes.extracting(key)
      if name.elementsEqual("schemaVersion".utf8) {
        guard version == nil, Self.isDigit(scanner.peek()) else { return nil }
        let number = try scanner.number()
        guard number.isInteger, let value = scanner.int64(number.range),
          (1...Int64(supportedSchemaVersion)).contains(value)
        else { return nil }
        version = Int(value)
      } else if name.elementsEqual("currency".utf8) {
        guard currency == nil, scanner.peek() == UInt8(ascii: "\""),
          let range = try scanner.asciiStringRange()
        else { return nil }
        currency = String(decoding: scanner.bytes.extracting(range), as: UTF8.self)
      } else {
        return nil
      }
    } while try scanner.nextMember()
    scanner.skipWhitespace()
    guard scanner.isAtEnd, let version, let currency else { return nil }
    return StoredMetadata(schemaVersion: version, currency: currency)
  }

  private static func isDigit(_ byte: UInt8) -> Bool { JSONScanner.isDigit(byte) }
}
