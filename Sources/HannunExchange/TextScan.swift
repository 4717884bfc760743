import HannunDomain

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Text operations of the import readers, without Foundation's bridging to `NSString` for the
/// common text: each gives exactly the answer of the Foundation call it stands for, and hands
/// the rare text where the two could differ to that call.
enum TextScan {
  /// Whether `CharacterSet.whitespaces` holds the scalar `value`: the tab and the space
  /// separators (Zs), and U+200B, which Foundation's set also holds.
  static func isWhitespace(_ value: UInt32) -> Bool { FoundationText.isWhitespace(value) }

  /// `text.trimmingCharacters(in: .whitespaces)`.
  static func trimmed(_ text: String) -> String {
    // Most text has nothing to trim: said by its first and last scalars alone.
    guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last,
      isWhitespace(first.value) || isWhitespace(last.value)
    else { return text }
    return trimmed(text[...])
  }

  /// `text.trimmingCharacters(in: .whitespaces)`.
  static func trimmed(_ text: Substring) -> String { FoundationText.trimmingWhitespace(text) }

  /// The lines of `text` as `text.split(omittingEmptySubsequences: false, whereSeparator:
  /// \.isNewline)` gives them: a line ends at LF, CR, CR LF, VT, FF, U+0085, U+2028 or U+2029
  /// (each a character of its own, CR LF one), found by their bytes.
  /// - Parameters:
  ///   - text: The text.
  ///   - body: Called with each line, in order.
  static func lines(_ text: String, _ body: (Substring) -> Void) {
    var text = text
    text.makeContiguousUTF8()
    let utf8 = text.utf8
    var cuts: [(start: Int, end: Int)] = []
    utf8.withContiguousStorageIfAvailable { bytes in
      var lineStart = 0
      var position = 0
      while position < bytes.count {
        let byte = bytes[position]
        var length = 0
        switch byte {
        case 0x0A, 0x0B, 0x0C: length = 1
        case 0x0D:
          length = position + 1 < bytes.count && bytes[position + 1] == 0x0A ? 2 : 1
        case 0xC2 where position + 1 < bytes.count && bytes[position + 1] == 0x85: length = 2
        case 0xE2
        where position + 2 < bytes.count && bytes[position + 1] == 0x80
          && (bytes[position + 2] == 0xA8 || bytes[position + 2] == 0xA9):
          length = 3
        default: break
        }
        if length > 0 {
          cuts.append((lineStart, position))
          position += length
          lineStart = position
        } else {
          position += 1
        }
      }
      cuts.append((lineStart, bytes.count))
    }
    var index = utf8.startIndex
    var offset = 0
    for cut in cuts {
      let lower = utf8.index(index, offsetBy: cut.start - offset)
      let upper = utf8.index(lower, offsetBy: cut.end - cut.start)
      body(text[lower..<upper])
      index = upper
      offset = cut.end
    }
  }

  /// `text.range(of: needle)` for an ASCII `needle` none of whose characters is canonically
  /// equivalent to another (spaces, tabs, letters, `:`, `"`); see
  /// ``FoundationText/range(of:in:)``.
  static func range(of needle: String, in text: Substring) -> Range<String.Index>? {
    FoundationText.range(of: needle, in: text)
  }

  /// `text.replacingOccurrences(of: needle, with: replacement)` for an ASCII `needle`.
  static func replacing(_ needle: String, with replacement: String, in text: String) -> String {
    FoundationText.replacing(needle, with: replacement, in: text)
  }

  /// Whether Foundation's search takes the scalar `value` into the character before it.
  static func extendsCharacter(_ value: UInt32) -> Bool { FoundationText.extendsCharacter(value) }

  /// The first `;` scalar of `text`, where a journal comment starts as hledger reads it: found
  /// by its byte, so a `;` a combining mark follows (one Character with it) still starts one,
  /// and U+037E, a character only canonically equal to `;`, does not.
  static func semicolon(in text: String) -> String.Index? {
    text.utf8.firstIndex(of: UInt8(ascii: ";"))
  }

  /// `text.firstIndex(where: \.isWhitespace)`: found by its byte while the text before it is
  /// ASCII and the scalar after it cannot join it into a longer character; otherwise by
  /// characters.
  static func firstWhitespace(in text: String) -> String.Index? {
    let found: Int?? = text.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
      for position in bytes.indices {
        let byte = bytes[position]
        if byte >= 0x80 { return -1 }
        // The ASCII characters `Character.isWhitespace` holds: tab, LF, VT, FF, CR and space.
        guard byte == 0x20 || (0x09...0x0D).contains(byte) else { continue }
        return isSeparate(scalarStartingAt: position + 1, in: bytes) ? position : -1
      }
      return nil
    }
    guard let found else { return text.firstIndex(where: \.isWhitespace) }
    guard let position = found else { return nil }
    guard position >= 0 else { return text.firstIndex(where: \.isWhitespace) }
    return text.utf8.index(text.utf8.startIndex, offsetBy: position)
  }

  /// Whether the scalar that starts at `position` (or the end) never joins the character before
  /// it: the end, ASCII, Latin-1, a Hangul syllable or a CJK ideograph.
  private static func isSeparate(
    scalarStartingAt position: Int, in bytes: UnsafeBufferPointer<UInt8>
  )
    -> Bool
  {
    guard position < bytes.count else { return true }
    return isSeparate(scalar(at: position, in: bytes))
  }

  /// Scalars that neither join the character before them nor take the one after them.
  private static func isSeparate(_ value: UInt32) -> Bool {
    value < 0x300 || (0xAC00...0xD7A3).contains(value) || (0x4E00...0x9FFF).contains(value)
  }

  /// The scalar whose first byte is at `position` in valid UTF-8.
  private static func scalar(at position: Int, in bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
    let lead = UInt32(bytes[position])
    let count = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    guard position + count <= bytes.count else { return 0xFFFD }
    var value = count == 1 ? lead : lead & (0xFF >> UInt32(count + 1))
    for offset in 1..<max(count, 1) where count > 1 {
      value = value << 6 | UInt32(bytes[position + offset] & 0x3F)
    }
    return value
  }
}
