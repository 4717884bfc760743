import Foundation

#if canImport(FoundationEssentials)
  // Decimal's rounding and approximate double as corelibs Foundation itself reaches them: SPI of
  // FoundationEssentials, which Foundation re-exports.
  @_spi(SwiftCorelibsFoundation) import Foundation
#endif

/// What the layers need of corelibs Foundation's `NSString`, `CharacterSet` and `NSDecimalNumber`
/// API, with the same answers from FoundationEssentials and the standard library: `hannun` then
/// links none of corelibs Foundation, whose loading (with ICU's) cost each one-shot command
/// about as much as the rest of its start-up. Each answer is checked against the Foundation call
/// it stands for (`FoundationTextTests`, over every Unicode scalar where a set is concerned).
package enum FoundationText {
  /// Whether `CharacterSet.whitespaces` holds the scalar `value`: the tab, the space separators
  /// (Zs), and U+200B, which Foundation's set also holds.
  package static func isWhitespace(_ value: UInt32) -> Bool {
    if value < 0x80 { return value == 0x20 || value == 0x09 }
    return value == 0xA0 || value == 0x1680 || (0x2000...0x200B).contains(value)
      || value == 0x202F || value == 0x205F || value == 0x3000
  }

  /// `text.trimmingCharacters(in: .whitespaces)`: the text without the scalars of
  /// ``isWhitespace(_:)`` at either end.
  package static func trimmingWhitespace(_ text: some StringProtocol) -> String {
    trimming(text, where: { isWhitespace($0.value) })
  }

  /// `text.trimmingCharacters(in: CharacterSet(charactersIn: …))`: the text without the scalars
  /// `drop` holds at either end.
  package static func trimming(
    _ text: some StringProtocol, where drop: (Unicode.Scalar) -> Bool
  ) -> String {
    let scalars = text.unicodeScalars
    var start = scalars.startIndex
    var end = scalars.endIndex
    while start < end, drop(scalars[start]) { start = scalars.index(after: start) }
    while end > start, drop(scalars[scalars.index(before: end)]) {
      end = scalars.index(before: end)
    }
    return String(String.UnicodeScalarView(scalars[start..<end]))
  }

  /// Whether `CharacterSet.controlCharacters` holds `scalar`: the controls (Cc) and format
  /// characters (Cf), and in plane 14 the scalars whose low byte is 01 or 20–7F, as
  /// Foundation's table of the set has them (the tags, and the same places in every block of
  /// 256 after them).
  package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value >> 16 == 0xE {
      let low = value & 0xFF
      if low == 0x01 || (0x20...0x7F).contains(low) { return true }
    }
    let category = scalar.properties.generalCategory
    return category == .control || category == .format
  }

  /// `text.range(of: needle)` for an ASCII `needle` none of whose characters is canonically
  /// equivalent to another (spaces, tabs, letters, `:`, `"`): its first bytes in the text that
  /// the next scalar does not join into one character with the match's last (Foundation's search
  /// does not split such a character; see ``extendsCharacter(_:)``).
  package static func range(of needle: String, in text: Substring) -> Range<String.Index>? {
    let pattern = Array(needle.utf8)
    guard !pattern.isEmpty else { return nil }
    let utf8 = text.utf8
    let found: Int? =
      utf8.withContiguousStorageIfAvailable { firstMatch(pattern, in: $0) }
      ?? {
        var copy = String(text)
        copy.makeContiguousUTF8()
        return copy.utf8.withContiguousStorageIfAvailable { firstMatch(pattern, in: $0) } ?? nil
      }()
    guard let found else { return nil }
    let lower = utf8.index(utf8.startIndex, offsetBy: found)
    return lower..<utf8.index(lower, offsetBy: pattern.count)
  }

  /// `text.replacingOccurrences(of: needle, with: replacement)` for an ASCII `needle` as
  /// ``range(of:in:)`` takes it: a match the next scalar joins into one character stays.
  package static func replacing(_ needle: String, with replacement: String, in text: String)
    -> String
  {
    var rest = text[...]
    guard var match = range(of: needle, in: rest) else { return text }
    var result = ""
    while true {
      result += rest[..<match.lowerBound]
      result += replacement
      rest = rest[match.upperBound...]
      guard let next = range(of: needle, in: rest) else { break }
      match = next
    }
    return result + rest
  }

  /// The offset of the first bytes of `pattern` in `bytes` whose next scalar does not extend
  /// the character the match ends with.
  private static func firstMatch(_ pattern: [UInt8], in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    var position = 0
    while position + pattern.count <= bytes.count {
      if bytes[position] == pattern[0] {
        var matched = true
        for offset in 1..<pattern.count where bytes[position + offset] != pattern[offset] {
          matched = false
          break
        }
        let end = position + pattern.count
        if matched, end == bytes.count || !extendsCharacter(scalar(at: end, in: bytes)) {
          return position
        }
      }
      position += 1
    }
    return nil
  }

  /// Whether Foundation's search takes the scalar `value` into the character before it, so that
  /// a match ending just before it is no match: the standard library's grapheme extenders,
  /// except the ones Foundation's older tables lack, and U+1171E and the skin-tone modifiers,
  /// which its tables have. `TextScanTests` checks it against Foundation over every scalar.
  package static func extendsCharacter(_ value: UInt32) -> Bool {
    if value < 0x300 { return false }
    if value == 0x1171E || (0x1F3FB...0x1F3FF).contains(value) { return true }
    guard let scalar = Unicode.Scalar(value), scalar.properties.isGraphemeExtend else {
      return false
    }
    return !notExtendingInFoundation.contains { $0.contains(value) }
  }

  /// Grapheme extenders Foundation's search does not join to the character before them.
  private static let notExtendingInFoundation: [ClosedRange<UInt32>] = [
    0x897...0x897, 0xCC0...0xCC0, 0xCC7...0xCC8, 0xCCA...0xCCB, 0x1715...0x1715,
    0x1734...0x1734, 0x1ACF...0x1ADD, 0x1AE0...0x1AEB, 0x1B3B...0x1B3B, 0x1B3D...0x1B3D,
    0x1B43...0x1B44, 0x1BAA...0x1BAA, 0x1BF2...0x1BF3, 0xA953...0xA953, 0xA9C0...0xA9C0,
    0x10D69...0x10D6D, 0x10EFA...0x10EFC, 0x111C0...0x111C0, 0x11235...0x11235,
    0x1134D...0x1134D, 0x113B8...0x113B8, 0x113BB...0x113C0, 0x113C2...0x113C2,
    0x113C5...0x113C5, 0x113C7...0x113C9, 0x113CE...0x113D0, 0x113D2...0x113D2,
    0x113E1...0x113E2, 0x116B6...0x116B6, 0x1193D...0x1193D, 0x11B60...0x11B60,
    0x11B62...0x11B64, 0x11B66...0x11B66, 0x11F41...0x11F41, 0x11F5A...0x11F5A,
    0x1611E...0x16129, 0x1612D...0x1612F, 0x16FF0...0x16FF1, 0x1D166...0x1D166,
    0x1D16D...0x1D16D, 0x1E5EE...0x1E5EF, 0x1E6E3...0x1E6E3, 0x1E6E6...0x1E6E6,
    0x1E6EE...0x1E6EF, 0x1E6F5...0x1E6F5,
  ]

  /// `text.contains(needle)` (Foundation's, a search) for an ASCII `needle`; see
  /// ``range(of:in:)``.
  package static func contains(_ needle: String, in text: some StringProtocol) -> Bool {
    range(of: needle, in: Substring(text)) != nil
  }

  /// The scalar whose first byte is at `position` in valid UTF-8 (U+FFFD when cut short).
  private static func scalar(at position: Int, in bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
    let lead = UInt32(bytes[position])
    let count = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    guard position + count <= bytes.count else { return 0xFFFD }
    guard count > 1 else { return lead }
    var value = lead & (0xFF >> UInt32(count + 1))
    for offset in 1..<count { value = value << 6 | UInt32(bytes[position + offset] & 0x3F) }
    return value
  }

  /// `NSDecimalRound(&result, &value, scale, mode)`.
  /// - Parameters:
  ///   - value: The number.
  ///   - scale: Digits kept after the decimal point.
  ///   - mode: How a dropped digit rounds.
  /// - Returns: The rounded number.
  package static func rounded(_ value: Decimal, scale: Int, _ mode: Decimal.RoundingMode)
    -> Decimal
  {
    var input = value
    var result = Decimal()
    #if canImport(FoundationEssentials)
      _NSDecimalRound(&result, &input, scale, mode)
    #else
      NSDecimalRound(&result, &input, scale, mode)
    #endif
    return result
  }

  /// `NSDecimalNumber(decimal: value).doubleValue`: the nearest double as Foundation
  /// approximates it.
  package static func approximateDouble(_ value: Decimal) -> Double {
    #if canImport(FoundationEssentials)
      value._doubleValue
    #else
      NSDecimalNumber(decimal: value).doubleValue
    #endif
  }
}
