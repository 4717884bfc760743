import HannunPresentation

/// Measuring and cleaning text for a character terminal.
///
/// Ledger text (categories, memos) comes from files a user may have edited by hand, so it can hold
/// anything. ``sanitized(_:)`` makes it inert before it is printed; the width functions count
/// terminal columns, not characters, so Hangul, CJK and emoji line up in the calendar grid.
public enum TerminalText {
  /// How padded text sits in its column.
  public enum Alignment: Sendable {
    /// Text starts at the column's left edge.
    case left
    /// Text ends at the column's right edge.
    case right
    /// Text sits in the middle, any odd space on the right.
    case center
  }

  // MARK: - Sanitizing

  /// Makes text safe to print: nothing in the result can move the cursor, change colours, ring
  /// the bell, start a new line or reorder what follows it.
  ///
  /// - C0 control characters and DEL become caret notation: ESC is `^[`, BEL `^G`, a line feed
  ///   `^J`, a tab `^I`, DEL `^?`.
  /// - C1 control characters (U+0080–U+009F, such as the 8-bit CSI U+009B), line and paragraph
  ///   separators, bidirectional controls (such as U+202E RIGHT-TO-LEFT OVERRIDE) and other
  ///   invisible format characters become `<U+XXXX>`.
  /// - A zero-width joiner (U+200D) is kept only where it joins two characters into one, as in
  ///   the emoji sequence 👨‍👩‍👧 or an Indic conjunct; anywhere else it hides between letters and
  ///   becomes `<U+200D>`. Tag characters (U+E0020–U+E007F) are kept only as an emoji tag
  ///   sequence — an emoji, tag letters and U+E007F CANCEL TAG, as in the flag of Scotland —
  ///   and otherwise become `<U+E00XX>`, since alone they are invisible text a reader cannot
  ///   see. A zero-width non-joiner (U+200C), which Persian and Indic words need, is kept.
  /// - What is kept is measured by ``displayWidth(_:)`` as it is drawn, and every escape is
  ///   plain ASCII, so the width of the result is the width of what the terminal shows.
  ///
  /// - Parameter text: Text from the ledger or from the user.
  /// - Returns: The text with every unsafe scalar replaced by a visible escape; other text is
  ///   unchanged.
  public static func sanitized(_ text: String) -> String {
    InertText.sanitized(text)
  }

  /// Whether `scalar` must not reach the terminal raw (``InertText/needsEscape(_:)``).
  static func needsEscape(_ scalar: Unicode.Scalar) -> Bool { InertText.needsEscape(scalar) }

  // MARK: - Fitting into columns

  /// Pads `text` with spaces to `width` columns. Text already as wide or wider is returned
  /// unchanged (use ``fit(_:toWidth:alignment:)`` to also cut it).
  ///
  /// The width is measured with ``visibleWidth(_:)``, so styled text pads correctly.
  /// - Parameters:
  ///   - text: The text to place.
  ///   - width: The column count to reach.
  ///   - alignment: Where the text sits; centred text leans left when the spare columns are odd.
  public static func pad(_ text: String, toWidth width: Int, alignment: Alignment = .left)
    -> String
  {
    let spare = width - visibleWidth(text)
    guard spare > 0 else { return text }
    switch alignment {
    case .left:
      return text + String(repeating: " ", count: spare)
    case .right:
      return String(repeating: " ", count: spare) + text
    case .center:
      let left = spare / 2
      return String(repeating: " ", count: left) + text
        + String(repeating: " ", count: spare - left)
    }
  }

  /// Shortens plain `text` to at most `width` columns, ending it with `ellipsis` when anything
  /// was cut. Wide characters are never split: if one does not fit, the result is a column
  /// narrower than `width`.
  ///
  /// Truncate before styling; ANSI sequences in `text` would be counted as characters.
  /// - Returns: `text` itself when it fits; otherwise a prefix plus the ellipsis, or a prefix
  ///   alone when even the ellipsis does not fit.
  public static func truncate(_ text: String, toWidth width: Int, ellipsis: String = "…")
    -> String
  {
    guard width > 0 else { return "" }
    guard displayWidth(text) > width else { return text }
    let ellipsisWidth = displayWidth(ellipsis)
    let budget = ellipsisWidth <= width ? width - ellipsisWidth : width
    var result = ""
    var used = 0
    for character in text {
      let columns = TerminalText.width(of: character)
      guard used + columns <= budget else { break }
      result.append(character)
      used += columns
    }
    return ellipsisWidth <= width ? result + ellipsis : result
  }

  /// Truncates `text`, then pads it: the result is exactly `width` columns wide (for
  /// `width` ≥ 0).
  public static func fit(_ text: String, toWidth width: Int, alignment: Alignment = .left)
    -> String
  {
    pad(truncate(text, toWidth: width), toWidth: width, alignment: alignment)
  }

  // MARK: - ANSI sequences

  /// `text` cut into runs of printable text and whole escape sequences, in order.
  package static func ansiSegments(_ text: String) -> [(isEscape: Bool, text: String)] {
    let scalars = Array(text.unicodeScalars)
    var segments: [(isEscape: Bool, text: String)] = []
    var plain = String.UnicodeScalarView()
    var index = 0
    func flushPlain() {
      if !plain.isEmpty { segments.append((false, String(plain))) }
      plain = String.UnicodeScalarView()
    }
    while index < scalars.count {
      guard scalars[index] == "\u{1B}" else {
        plain.append(scalars[index])
        index += 1
        continue
      }
      let end = escapeEnd(scalars, from: index)
      flushPlain()
      var sequence = String.UnicodeScalarView()
      sequence.append(contentsOf: scalars[index..<end])
      segments.append((true, String(sequence)))
      index = end
    }
    flushPlain()
    return segments
  }

  /// The index just after the escape sequence starting at `start` (which holds ESC).
  private static func escapeEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
    var index = start + 1
    guard index < scalars.count else { return index }
    switch scalars[index] {
    case "[":  // CSI: parameters 0x30–0x3F, intermediates 0x20–0x2F, one final 0x40–0x7E
      index += 1
      while index < scalars.count, (0x20...0x3F).contains(scalars[index].value) { index += 1 }
      return index < scalars.count && (0x40...0x7E).contains(scalars[index].value)
        ? index + 1 : index
    case "]", "P", "_", "^":  // OSC, DCS, APC, PM: up to BEL or ESC \
      index += 1
      while index < scalars.count {
        if scalars[index] == "\u{07}" { return index + 1 }
        if scalars[index] == "\u{1B}" {
          return index + 1 < scalars.count && scalars[index + 1] == "\\" ? index + 2 : index
        }
        index += 1
      }
      return index
    default:  // ESC followed by intermediates and one final character
      while index < scalars.count, (0x20...0x2F).contains(scalars[index].value) { index += 1 }
      return min(index + 1, scalars.count)
    }
  }
}
