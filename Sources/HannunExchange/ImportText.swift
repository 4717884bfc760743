#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Turns a file's bytes into text: UTF-8 with or without a byte-order mark, or — when the bytes
/// are not valid UTF-8 — CP949 (the superset of EUC-KR that Korean banks and card companies
/// export), converted with the C library's `iconv`.
public enum ImportText {
  /// The text of `bytes`, without a byte-order mark.
  /// - Parameter bytes: The whole file.
  /// - Returns: Its text.
  /// - Throws: ``ImportError/undecodable`` when the bytes are neither UTF-8 nor CP949.
  public static func decode(_ bytes: [UInt8]) throws(ImportError) -> String {
    var body = bytes[...]
    if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
    if let text = String(validating: body, as: UTF8.self) { return text }
    guard let converted = convert(Array(body), from: "CP949") else { throw .undecodable }
    return converted
  }

  /// `bytes` in `encoding` as UTF-8 text, or `nil` when `iconv` cannot convert every byte.
  static func convert(_ bytes: [UInt8], from encoding: String) -> String? {
    let converter = iconv_open("UTF-8", encoding)
    guard let converter, Int(bitPattern: converter) != -1 else { return nil }
    defer { iconv_close(converter) }
    var input = bytes.map { CChar(bitPattern: $0) }
    // A CP949 character is one or two bytes and at most three in UTF-8.
    var output = [CChar](repeating: 0, count: bytes.count * 2 + 4)
    let outputCount = output.count
    let produced: Int? = input.withUnsafeMutableBufferPointer { inBuffer in
      output.withUnsafeMutableBufferPointer { outBuffer in
        var inPointer = inBuffer.baseAddress
        var inLeft = inBuffer.count
        var outPointer = outBuffer.baseAddress
        var outLeft = outBuffer.count
        let result = iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft)
        guard result != -1, inLeft == 0 else { return nil }
        return outputCount - outLeft
      }
    }
    guard let produced else { return nil }
    return String(validating: output[..<produced].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
