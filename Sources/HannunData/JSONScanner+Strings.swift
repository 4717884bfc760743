import HannunDomain

/// Strings: the quick path for text without escapes, escapes, and UTF-8 validation.
extension JSONScanner {
  /// Reads a string without escapes and returns the range of its bytes between the quotes (not
  /// yet checked as UTF-8), or returns `nil` without moving when the string has an escape.
  /// - Throws: ``JSONScanError`` for a control character or the end of the text in the string.
  mutating func plainStringRange() throws(JSONScanError) -> Range<Int>? {
    try plainString()?.range
  }

  /// Reads a string of ASCII characters without escapes and returns the range of its bytes
  /// between the quotes; returns `nil` without moving for any other string.
  /// - Throws: ``JSONScanError`` for a control character or the end of the text in the string.
  mutating func asciiStringRange() throws(JSONScanError) -> Range<Int>? {
    let start = position
    guard let (range, isASCII) = try plainString() else { return nil }
    guard isASCII else {
      position = start
      return nil
    }
    return range
  }

  /// Like ``plainStringRange()``, and tells whether the string is all ASCII.
  private mutating func plainString() throws(JSONScanError) -> (range: Range<Int>, isASCII: Bool)? {
    let start = position + 1
    var index = start
    var wordUnion: UInt64 = 0
    if let base = UnsafeRawPointer(bytes.baseAddress) {
      // Eight bytes at a time while none of them ends the string or needs a closer look.
      while index + 8 <= bytes.count {
        let word = base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
        if Self.mayEndPlainText(word) { break }
        wordUnion |= word
        index += 8
      }
    }
    var union =
      UInt8(truncatingIfNeeded: wordUnion) | UInt8(truncatingIfNeeded: wordUnion >> 8)
      | UInt8(truncatingIfNeeded: wordUnion >> 16) | UInt8(truncatingIfNeeded: wordUnion >> 24)
      | UInt8(truncatingIfNeeded: wordUnion >> 32) | UInt8(truncatingIfNeeded: wordUnion >> 40)
      | UInt8(truncatingIfNeeded: wordUnion >> 48) | UInt8(truncatingIfNeeded: wordUnion >> 56)
    while index < bytes.count {
      let byte = bytes[index]
      union |= byte
      if byte == UInt8(ascii: "\"") {
        position = index + 1
        return (start..<index, union < 0x80)
      }
      if byte == UInt8(ascii: "\\") { return nil }
      if byte < 0x20 {
        position = index
        throw error(.controlCharacter)
      }
      index += 1
    }
    position = index
    throw error(.unclosedString)
  }

  /// Whether any of the eight bytes in `word` is `"`, `\` or below 0x20 (the classic
  /// "has a zero byte" and "has a byte less than n" tests, exact for the answer as a whole).
  @inline(__always) private static func mayEndPlainText(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let quote = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
    let backslash = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
    let found =
      (quote &- ones) & ~quote | (backslash &- ones) & ~backslash | (word &- ones &* 0x20) & ~word
    return found & (ones &* 0x80) != 0
  }

  /// Reads a string as ``string()`` does, with the same checks, without making its text: a
  /// skipped value (a month map skips four strings of each record) costs no allocation unless
  /// it has escapes.
  /// - Throws: What ``string()`` throws.
  mutating func skipString() throws(JSONScanError) {
    guard peek() == UInt8(ascii: "\"") else { throw error(.expectedString) }
    let start = position
    guard let (range, isASCII) = try plainString() else {
      _ = try string()
      return
    }
    guard isASCII || Self.isValidUTF8(bytes.extracting(range)) else {
      throw JSONScanError(offset: start, .syntax(.stringNotUTF8))
    }
  }

  /// Reads a string and returns its text with every escape decoded.
  /// - Throws: ``JSONScanError`` for a bad escape, a lone surrogate, a control character,
  ///   invalid UTF-8, or a string that is not closed.
  mutating func string() throws(JSONScanError) -> String {
    guard peek() == UInt8(ascii: "\"") else { throw error(.expectedString) }
    let start = position
    if let (range, isASCII) = try plainString() {
      let text = bytes.extracting(range)
      guard isASCII || Self.isValidUTF8(text) else {
        throw JSONScanError(offset: start, .syntax(.stringNotUTF8))
      }
      return String(decoding: text, as: UTF8.self)
    }
    var decoded: [UInt8] = []
    position += 1
    while true {
      let byte = peek()
      switch byte {
      case UInt8(ascii: "\""):
        position += 1
        let text = decoded.withUnsafeBufferPointer { decoded in
          Self.isValidUTF8(decoded) ? String(decoding: decoded, as: UTF8.self) : nil
        }
        guard let text else {
          throw JSONScanError(offset: start, .syntax(.stringNotUTF8))
        }
        return text
      case UInt8(ascii: "\\"):
        position += 1
        try escape(into: &decoded)
      case 0..<0x20:
        throw error(isAtEnd ? .unclosedString : .controlCharacter)
      default:
        decoded.append(byte)
        position += 1
      }
    }
  }

  /// Decodes the escape after a backslash and appends its UTF-8 bytes.
  private mutating func escape(into decoded: inout [UInt8]) throws(JSONScanError) {
    let letter = peek()
    position += 1
    switch letter {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(letter)
    case UInt8(ascii: "b"): decoded.append(0x08)
    case UInt8(ascii: "f"): decoded.append(0x0C)
    case UInt8(ascii: "n"): decoded.append(0x0A)
    case UInt8(ascii: "r"): decoded.append(0x0D)
    case UInt8(ascii: "t"): decoded.append(0x09)
    case UInt8(ascii: "u"):
      let first = try hexQuad()
      var value = UInt32(first)
      if (0xDC00...0xDFFF).contains(first) {
        position -= 6
        throw error(.loneSurrogate)
      }
      if (0xD800...0xDBFF).contains(first) {
        guard peek() == UInt8(ascii: "\\"), position + 1 < bytes.count,
          bytes[position + 1] == UInt8(ascii: "u")
        else {
          position -= 6
          throw error(.loneSurrogate)
        }
        position += 2
        let second = try hexQuad()
        guard (0xDC00...0xDFFF).contains(second) else {
          position -= 12
          throw error(.loneSurrogate)
        }
        value = 0x10000 + ((UInt32(first) - 0xD800) << 10) + (UInt32(second) - 0xDC00)
      }
      guard let scalar = Unicode.Scalar(value) else {
        throw error(.escapeNotCharacter)
      }
      UTF8.encode(scalar) { decoded.append($0) }
    default:
      position -= 1
      throw error(.unknownEscape)
    }
  }

  /// Reads the four hexadecimal digits of a `\u` escape.
  private mutating func hexQuad() throws(JSONScanError) -> UInt16 {
    var value: UInt16 = 0
    for _ in 0..<4 {
      let byte = peek()
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw error(.shortUnicodeEscape)
      }
      value = value << 4 | UInt16(digit)
      position += 1
    }
    return value
  }

  /// Whether `bytes` are well-formed UTF-8 (RFC 3629): no overlong forms, no surrogates, nothing
  /// above U+10FFFF, no truncated sequence.
  static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    while index < bytes.count {
      let lead = bytes[index]
      if lead < 0x80 {
        index += 1
        continue
      }
      let length: Int
      var second: ClosedRange<UInt8> = 0x80...0xBF
      switch lead {
      case 0xC2...0xDF: length = 2
      case 0xE0:
        length = 3
        second = 0xA0...0xBF
      case 0xED:
        length = 3
        second = 0x80...0x9F
      case 0xE1...0xEF: length = 3
      case 0xF0:
        length = 4
        second = 0x90...0xBF
      case 0xF4:
        length = 4
        second = 0x80...0x8F
      case 0xF1...0xF3: length = 4
      default: return false
      }
      guard index + length <= bytes.count, second.contains(bytes[index + 1]) else { return false }
      for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 { return false }
      index += length
    }
    return true
  }
}
