extension TerminalText {
  // MARK: - Measuring

  /// The number of terminal columns `text` occupies, as `wcswidth` counts it.
  ///
  /// Each grapheme cluster (what a reader sees as one character) counts as:
  /// - 2 for an emoji shown as a picture: a pictograph with emoji presentation (😀), one made a
  ///   picture by U+FE0F (❤️, 1️⃣), a flag (🇰🇷), a skin-tone or ZWJ sequence (👍🏽, 👨‍👩‍👧) — one
  ///   picture, however many scalars;
  /// - otherwise the sum of its scalars' widths: 2 for East Asian Wide and Fullwidth characters
  ///   (Hangul syllables and leading jamo, CJK, kana, fullwidth forms); 0 for combining marks,
  ///   vowel and final jamo, zero-width and format characters; 1 for everything else (Latin,
  ///   digits, ambiguous-width symbols such as `…`). A scalar after a zero-width joiner adds
  ///   nothing, and a spacing combining mark adds 1 after its base (0 alone).
  ///
  /// The table follows Unicode 16's East Asian Width and the `wcwidth` Python package (0.7), and
  /// is checked against it in tests. ANSI escape sequences are measured as their characters; use
  /// ``visibleWidth(_:)`` for styled text.
  public static func displayWidth(_ text: String) -> Int {
    if text.utf8.allSatisfy({ (0x20..<0x7F).contains($0) }) { return text.utf8.count }
    var total = 0
    for character in text {
      total += TerminalText.width(of: character)
    }
    return total
  }

  /// The number of columns `text` occupies once ANSI escape sequences (colours, styles) are
  /// removed: the width of styled output.
  public static func visibleWidth(_ text: String) -> Int {
    displayWidth(strippingANSI(text))
  }

  /// The text without ANSI escape sequences: CSI sequences such as `ESC [ 1 ; 31 m`, OSC
  /// sequences such as hyperlinks (ended by BEL or `ESC \`), and two-character `ESC X` sequences.
  public static func strippingANSI(_ text: String) -> String {
    guard text.unicodeScalars.contains("\u{1B}") else { return text }
    var result = ""
    for segment in ansiSegments(text) where !segment.isEscape {
      result += segment.text
    }
    return result
  }

  /// The columns one grapheme cluster occupies: 0, 1, 2, or more for a cluster of several wide
  /// scalars (two leading Hangul jamo take 4, as `wcswidth` counts them).
  public static func width(of character: Character) -> Int {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    if scalars.count == 1 { return width(of: first) }
    if first.properties.isEmojiPresentation
      || (first.properties.isEmoji && scalars.contains("\u{FE0F}"))
    {
      return 2
    }
    // As `wcswidth` does, a scalar joined on by U+200D adds nothing (❤‍🔥 without U+FE0F is
    // drawn as its first scalar), and a spacing mark after its base adds a column (कि is 2).
    var total = 0
    var joined = false
    for scalar in scalars {
      if !joined {
        total += scalar.properties.generalCategory == .spacingMark ? 1 : width(of: scalar)
      }
      joined = scalar == "\u{200D}"
    }
    return total
  }

  /// The columns one scalar occupies on its own, as `wcwidth` counts it: 0, 1 or 2.
  static func width(of scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x7F { return value < 0x20 ? 0 : 1 }
    // A soft hyphen and the prepended concatenation marks are format characters that print.
    if value == 0xAD || printingFormatCharacters.contains(value) { return 1 }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark, .format, .control, .lineSeparator,
      .paragraphSeparator:
      return 0
    default:
      break
    }
    // Hangul medial vowels and final consonants join the leading consonant before them; the
    // Hangul fillers are invisible.
    if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) || value == 0x3164
      || value == 0xFFA0
    {
      return 0
    }
    if isWide(value) || scalar.properties.isEmojiPresentation { return 2 }
    return 1
  }

  private static let printingFormatCharacters: Set<UInt32> = [
    0x600, 0x601, 0x602, 0x603, 0x604, 0x605, 0x6DD, 0x70F, 0x890, 0x891, 0x8E2, 0x110BD,
    0x110CD,
  ]

  /// East Asian Wide (W) and Fullwidth (F) ranges outside the emoji blocks; pictographs are
  /// wide when they have the Unicode emoji presentation property, which is exactly the wide ones.
  private static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F,  // Hangul Jamo leading consonants
    0x2329...0x232A,  // angle brackets
    0x2630...0x2637,  // trigrams
    0x268A...0x268F,  // monograms and digrams
    0x2E80...0x303E,  // CJK radicals, Kangxi, ideographic description, CJK symbols, U+3000
    0x3041...0x3247,  // kana, Bopomofo, Hangul compatibility jamo, Kanbun, CJK strokes, enclosed
    0x3250...0x33FF,  // enclosed CJK letters and months, CJK compatibility (not 3248–324F)
    0x3400...0x9FFF,  // CJK extension A, Yijing hexagrams, CJK unified ideographs
    0xA000...0xA4CF,  // Yi
    0xA960...0xA97F,  // Hangul Jamo extended A
    0xAC00...0xD7A3,  // Hangul syllables
    0xF900...0xFAFF,  // CJK compatibility ideographs
    0xFE10...0xFE19,  // vertical forms
    0xFE30...0xFE6F,  // CJK compatibility forms, small form variants
    0xFF00...0xFF60,  // fullwidth ASCII and punctuation
    0xFFE0...0xFFE6,  // fullwidth signs (￦, ￥, …)
    0x16FE0...0x16FE4,  // ideographic symbols
    0x16FF0...0x16FF6,  // Vietnamese reading marks, Chinese small kana
    0x17000...0x18DFF,  // Tangut, Khitan, Tangut supplements
    0x1AFF0...0x1B2FF,  // kana supplement and extensions, Nüshu
    0x1D300...0x1D356,  // Tai Xuan Jing symbols
    0x1D360...0x1D376,  // counting rod numerals
    0x1F200...0x1F2FF,  // enclosed ideographic supplement
    0x20000...0x2FFFD,  // CJK extensions B–F, compatibility supplement
    0x30000...0x3FFFD,  // CJK extensions G–H
  ]

  private static func isWide(_ value: UInt32) -> Bool {
    guard value >= 0x1100 else { return false }
    var low = 0
    var high = wideRanges.count - 1
    while low <= high {
      let middle = (low + high) / 2
      let range = wideRanges[middle]
      if value < range.lowerBound {
        high = middle - 1
      } else if value > range.upperBound {
        low = middle + 1
      } else {
        return true
      }
    }
    return false
  }
}
