import HannunDomain

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
/// A text that does not qualify is not looked for (with neither qualifying, every file is
/// decoded); a file with an escape or one of those characters is decoded.
struct SearchPrefilter {
  /// The lowercased UTF-8 texts that must each occur; empty when any file may match.
  let needles: [[UInt8]]
  /// The lowercased UTF-8 of the search text, when it qualifies: what a record line the
  /// postings give for the category must also hold (see ``narrowed(_:lines:)``).
  let textNeedles: [[UInt8]]
  /// The record test of the other parts of the query (see ``RecordBounds``).
  let bounds: RecordBounds
  /// The query without its category, when it has one: see ``matches(_:_:)``.
  private let withoutCategory: TransactionQuery?

  /// The test for `query`: its text and its category, each when it qualifies (every match
  /// holds both, so either alone rules files out); without either, every file may match.
  init(_ query: TransactionQuery) {
    var texts = [(query.text, query.foldedText)]
    if let category = query.category, let folded = query.foldedCategory {
      texts.append((category, folded))
    }
    needles = texts.filter { !$0.1.isEmpty && Self.isSearchable($0.0) }.map(\.1)
    textNeedles = texts.prefix(1).filter { !$0.1.isEmpty && Self.isSearchable($0.0) }.map(\.1)
    bounds = RecordBounds(query)
    withoutCategory =
      query.category == nil
      ? nil
      : try? TransactionQuery(
        text: query.text, kind: query.kind, from: query.from, to: query.to,
        minimum: query.minimum, maximum: query.maximum)
  }

  /// ``TransactionQuery/matches(_:)`` of `query` (this test's query) for `entry`, with the
  /// category lowercased only when it is not `last`'s, the category met before and whether it
  /// is the query's: lowercasing every match's category was a twentieth of a search by category
  /// with a hundred thousand matches.
  func matches(
    _ entry: Transaction, _ query: TransactionQuery, _ last: inout (category: String, same: Bool)?
  ) -> Bool {
    guard let withoutCategory, let folded = query.foldedCategory else {
      return query.matches(entry)
    }
    guard withoutCategory.matches(entry) else { return false }
    if let last, last.category == entry.category { return last.same }
    let same = TransactionQuery.folded(entry.category) == folded
    last = (entry.category, same)
    return same
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
    let count = bytes.count
    // `\\` is an escaped backslash, not the start of `\u`: the escape is skipped whole.
    let escape = scan(bytes, for: 0x5C) { index in
      guard index + 1 < count else { return .searchFrom(count) }
      let next = bytes[index + 1]
      return next == UInt8(ascii: "u") || next == UInt8(ascii: "/")
        ? .found : .searchFrom(index + 2)
    }
    let dottedI = { (index: Int) -> ScanStep in
      index + 1 < count && bytes[index + 1] == 0xB0 ? .found : .searchFrom(index + 1)
    }
    let kelvin = { (index: Int) -> ScanStep in
      index + 2 < count && bytes[index + 1] == 0x84 && bytes[index + 2] == 0xAA
        ? .found : .searchFrom(index + 1)
    }
    return escape || scan(bytes, for: 0xC4, dottedI) || scan(bytes, for: 0xE2, kelvin)
  }

  /// Whether `needle` (lowercase) occurs in `bytes` with ASCII capitals read as small letters.
  /// Its rarest byte (``anchor(of:)``) is found with `memchr`, in each case for a letter, and
  /// the rest compared around it.
  static func contains(_ bytes: UnsafeRawBufferPointer, _ needle: [UInt8]) -> Bool {
    guard !needle.isEmpty else { return true }
    guard needle.count <= bytes.count else { return false }
    let anchor = anchor(of: needle)
    let small = needle[anchor]
    let capital = small &- 0x61 < 26 ? small - 0x20 : small
    let last = bytes.count - needle.count
    return needle.withUnsafeBufferPointer { needle in
      let matchAt = { (hit: Int) -> ScanStep in
        let start = hit - anchor
        guard start >= 0, start <= last else {
          return start > last ? .searchFrom(bytes.count) : .searchFrom(hit + 1)
        }
        var offset = 0
        while offset < needle.count && lowered(bytes[start + offset]) == needle[offset] {
          offset += 1
        }
        return offset == needle.count ? .found : .searchFrom(hit + 1)
      }
      return scan(bytes, for: small, matchAt)
        || (capital != small && scan(bytes, for: capital, matchAt))
    }
  }

  /// The offset of the needle byte to look for first: the one least common in month files, whose
  /// keys, stamps and ids repeat in every record (a byte of a non-ASCII character before any
  /// ASCII one, then the letters rarest in English).
  static func anchor(of needle: [UInt8]) -> Int {
    needle.indices.min { rank(needle[$0]) < rank(needle[$1]) } ?? 0
  }

  /// How common a (lowercase) byte is in a month file; lower is rarer.
  private static func rank(_ byte: UInt8) -> Int {
    if byte >= 0x80 { return byte >= 0xC0 ? 0 : 1 }  // a lead byte is rarer than a continuation
    if let place = commonness.firstIndex(of: byte) { return 2 + place }
    return 1
  }

  /// ASCII letters, digits and punctuation from the rarest in month files to the most common:
  /// rare English letters first, then what every record's keys, stamps and numbers hold.
  private static let commonness = Array("qjzxwvbfgyphlsoucmkrdiante0123456789-:.,T\"{}".utf8)

  /// What a scan does at an occurrence of its byte.
  private enum ScanStep {
    /// Stop: what was looked for is there.
    case found
    /// Look for the byte again from this offset.
    case searchFrom(Int)
  }

  /// Visits each occurrence of `byte` in `bytes`, found with `memchr`, until `check` says found.
  /// - Returns: Whether `check` said found.
  private static func scan(
    _ bytes: UnsafeRawBufferPointer, for byte: UInt8, _ check: (Int) -> ScanStep
  ) -> Bool {
    guard let base = bytes.baseAddress else { return false }
    var start = 0
    while start < bytes.count, let hit = memchr(base + start, Int32(byte), bytes.count - start) {
      switch check(base.distance(to: UnsafeRawPointer(hit))) {
      case .found: return true
      case .searchFrom(let next): start = next
      }
    }
    return false
  }

  @inline(__always) private static func lowered(_ byte: UInt8) -> UInt8 {
    byte &- 0x41 < 26 ? byte | 0x20 : byte
  }
}
