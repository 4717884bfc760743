/// Text going onto and coming back from the line editor.
extension TerminalText {
  /// The UTF-8 text in `bytes`, with every byte that is not part of a well-formed UTF-8 sequence
  /// dropped.
  ///
  /// The line editor's last line of defence: an editor that worked on bytes (a locale it could
  /// not make UTF-8) can cut a character in half, and what is left of it is removed rather than
  /// stored as U+FFFD, so the ledger never holds a broken character. Well-formed text is
  /// returned unchanged.
  /// - Parameter bytes: What the editor returned, without a terminating NUL.
  /// - Returns: Valid text; empty when nothing in `bytes` was well formed.
  public static func decodingUTF8(_ bytes: some Sequence<UInt8>) -> String {
    var scalars = String.UnicodeScalarView()
    var decoder = Unicode.UTF8()
    var iterator = bytes.makeIterator()
    decoding: while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar): scalars.append(scalar)
      case .error: continue
      case .emptyInput: break decoding
      }
    }
    return String(scalars)
  }
}

/// A value put on the edit line for changing, made safe to show, and how the edited line is read
/// back.
///
/// Ledger text may hold characters that must not reach the terminal raw (a right-to-left
/// override in a memo would reorder the line; an escape could drive the terminal). On the line
/// they appear as ``TerminalText/sanitized(_:)`` shows them: `<U+202E>`, `^[`. What is on the
/// line is what is stored, with one exception: a line returned exactly as it was offered means
/// "keep", and gives back the original text, so pressing Enter on an unchanged value never
/// rewrites it. Once edited, the visible escapes are ordinary text, as they were seen.
public struct EditablePrefill: Equatable, Sendable {
  /// The value as stored.
  public let original: String
  /// The value as the line shows it.
  public let shown: String

  /// - Parameter original: The value to offer for editing.
  public init(_ original: String) {
    self.original = original
    shown = TerminalText.sanitized(original)
  }

  /// The value a returned line stands for: ``original`` when `line` is ``shown`` unchanged,
  /// otherwise `line` itself.
  public func resolve(_ line: String) -> String {
    line == shown ? original : line
  }
}
