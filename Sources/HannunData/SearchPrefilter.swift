import HannunDomain

/// A cheap test on a month file's raw bytes that tells when none of its entries can match a
/// search, so that the file need not be decoded. It never says no to a file that has a match: when
/// it cannot be sure, it says maybe.
///
/// The rule (``TransactionQuery/matches(_:)``) compares lowercased UTF-8. The text looked for
/// (the search text, and the category filter, which a matching category also contains) must
/// then occur in the raw bytes, with ASCII letters in either case, provided that:
/// - the text has no `"`, `\` or control character (the only ASCII characters JSON escapes),
///   and no `/` (which JSON may escape);
/// - each of its other characters is either ASCII or one that no other character lowercases to
///   (it is not changed by case mapping, like Hangul, and it is not U+0307, part of `İ`
///   lowercased);
/// - the file has no `\u` or `\/` escape, and neither of the two characters that lowercase to
///   ASCII (U+0130 `İ` and U+212A, the Kelvin sign).
///
/// When the text does not qualify there is no byte test and every file is decoded; when a file
/// has an escape or one of those characters, it is decoded.
struct SearchPrefilter {
  /// The lowercased UTF-8 texts that must each occur; empty when any file may match.
  let needles: [[UInt8]]

  /// The test for `query`; without text or category, or with a text that does not qualify,
  /// every file may match.
  init(_ query: TransactionQuery) {
    var texts = [(query.text, query.foldedText)]
    if let category = query.category, let folded = query.foldedCategory {
      texts.append((category, folded))
    }
    texts.removeAll { $0.1.isEmpty }
    needles = texts.allSatisfy { Self.isSearchable($0.0) } ? texts.map(\.1) : []
  }

  /// Whether every character of `text` keeps its bytes in a file and in lowercasing, apart
  /// from ASCII letters' case (see the type's rules).
  static func isSearchable(_ text: String) -> Bool {
    text.unicodeScalars.allSatisfy { scalar in
      if scalar.isASCII {
        return scalar.value >= 0x20 && scalar.value != 0x7F && scalar != "\"" && scalar != "\\"
          && scalar != "/"
      }
      return !scalar.properties.changesWhenCaseMapped && scalar.value != 0x0307
        && scalar.value != 0x2028 && scalar.value != 0x2029
    }
  }

  /// Whether the file whose bytes these are may hold a matching entry.
  func mayMatch(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard !needles.isEmpty else { return true }
    if Self.hasTraps(bytes) { return true }
    return needles.allSatisfy { Self.contains(bytes, $0) }
  }

  /// Whether `bytes` hold `\u`, `\/`, `İ` (C4 B0) or the Kelvin sign (E2 84 AA).
  static func hasTraps(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard bytes.count >= 2 else { return false }
    var index = 0
    let end = bytes.count - 1
    while index < end {
      let byte = bytes[index]
      if byte == 0x5C {  // backslash: the escape and what it escapes are skipped together
        let next = bytes[index + 1]
        if next == UInt8(ascii: "u") || next == UInt8(ascii: "/") { return true }
        index += 2
        continue
      }
      if byte == 0xC4 && bytes[index + 1] == 0xB0 { return true }
      if byte == 0xE2 && index + 2 <= end && bytes[index + 1] == 0x84 && bytes[index + 2] == 0xAA {
        return true
      }
      index += 1
    }
    return false
  }

  /// Whether `needle` (lowercase) occurs in `bytes` with ASCII capitals read as small letters.
  static func contains(_ bytes: UnsafeRawBufferPointer, _ needle: [UInt8]) -> Bool {
    guard !needle.isEmpty else { return true }
    guard needle.count <= bytes.count else { return false }
    return needle.withUnsafeBufferPointer { needle in
      let first = needle[0]
      let last = bytes.count - needle.count
      var index = 0
      while index <= last {
        if lowered(bytes[index]) == first {
          var offset = 1
          while offset < needle.count && lowered(bytes[index + offset]) == needle[offset] {
            offset += 1
          }
          if offset == needle.count { return true }
        }
        index += 1
      }
      return false
    }
  }

  @inline(__always) private static func lowered(_ byte: UInt8) -> UInt8 {
    byte &- 0x41 < 26 ? byte | 0x20 : byte
  }
}
