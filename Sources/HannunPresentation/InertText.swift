/// Ledger text made inert before any frontend shows it.
///
/// Categories, memos and file names come from files a user may have edited by hand or from a
/// statement someone else wrote, so they can hold anything: control characters, bidirectional
/// overrides, invisible format characters. ``sanitized(_:)`` replaces each with a visible escape,
/// so that no frontend (a terminal, a page, a bot) shows text that moves, hides or reorders what
/// follows it. A frontend still escapes for its own medium (HTML escaping on a page).
public enum InertText {
  /// Makes text safe to show: control characters become caret notation (`^[`, `^J`), other
  /// invisible or reordering scalars `<U+XXXX>`; a zero-width joiner and tag characters are kept
  /// only inside the emoji or conjunct they build (see `TerminalText.sanitized(_:)`, which
  /// forwards here, for the whole rule).
  /// - Parameter text: Text from the ledger, a file or the user.
  /// - Returns: The text with every unsafe scalar replaced by a visible ASCII escape.
  public static func sanitized(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { needsEscape($0) || isJoiner($0) }) else {
      return text
    }
    var result = ""
    result.reserveCapacity(text.utf8.count + 8)
    for character in text {
      let scalars = character.unicodeScalars
      guard scalars.contains(where: { needsEscape($0) || isJoiner($0) }) else {
        result.append(character)
        continue
      }
      let joined = Array(scalars)
      let isTagSequence = isEmojiTagSequence(joined)
      for (index, scalar) in joined.enumerated() {
        if needsEscape(scalar) || (isJoiner(scalar) && !joins(joined, at: index, isTagSequence)) {
          result += visibleEscape(for: scalar)
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result
  }

  /// Whether `scalar` is a zero-width joiner or a tag character: kept only inside the sequence
  /// it builds.
  public static func isJoiner(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "\u{200D}" || (0xE0020...0xE007F).contains(scalar.value)
  }

  /// Whether the joiner or tag at `index` of one character's scalars builds that character: a
  /// U+200D followed, in the same character, by a scalar that is not another mark (which
  /// Unicode joins only for emoji and Indic conjuncts); a tag inside an emoji tag sequence.
  private static func joins(
    _ scalars: [Unicode.Scalar], at index: Int, _ isTagSequence: Bool
  ) -> Bool {
    guard scalars[index] == "\u{200D}" else { return isTagSequence }
    guard index > 0, index + 1 < scalars.count else { return false }
    switch scalars[index + 1].properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark, .format: return false
    default: return true
    }
  }

  /// Whether one character's scalars are an emoji tag sequence: an emoji, one or more tag
  /// letters U+E0020–U+E007E, and U+E007F CANCEL TAG last (UTS #51).
  private static func isEmojiTagSequence(_ scalars: [Unicode.Scalar]) -> Bool {
    guard scalars.count >= 3, scalars[0].properties.isEmoji, scalars.last == "\u{E007F}" else {
      return false
    }
    return scalars.dropFirst().dropLast().allSatisfy { (0xE0020...0xE007E).contains($0.value) }
  }

  /// Whether `scalar` must not reach the terminal raw.
  public static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    // The tag block's start: U+E0001 LANGUAGE TAG and unassigned, invisible code points.
    if (0xE0000...0xE001F).contains(scalar.value) { return true }
    switch scalar.properties.generalCategory {
    case .control, .lineSeparator, .paragraphSeparator, .surrogate:
      return true
    case .format:
      // Joiners shape emoji and Indic text; tags build subdivision flags. Neither moves the
      // cursor or reorders text; ``sanitized(_:)`` keeps a U+200D or a tag only where it builds
      // one of those sequences.
      return
        !(scalar == "\u{200C}" || scalar == "\u{200D}"
        || (0xE0020...0xE007F).contains(scalar.value))
    default:
      return false
    }
  }

  private static func visibleEscape(for scalar: Unicode.Scalar) -> String {
    let value = scalar.value
    if value < 0x20 {
      // ^@ … ^_ : the caret form terminals and `cat -v` use.
      return "^" + String(UnicodeScalar(UInt8(value + 0x40)))
    }
    if value == 0x7F { return "^?" }
    let hex = String(value, radix: 16, uppercase: true)  // U+E0041 has five digits
    return "<U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + ">"
  }
}
