extension TerminalText {
  /// Breaks plain text (no ANSI escapes) into lines no wider than `width` display columns: at
  /// spaces where it can, inside a word (at a character boundary, never mid-Hangul) where a word
  /// alone is wider than the line.
  /// - Parameters:
  ///   - text: One line of text.
  ///   - width: The most display columns a line may take; at least 1.
  ///   - keepingLastClause: Whether what follows the last word ending in `:` is kept on one
  ///     line when it takes at most half the width: a message's suggested command (`…: add 5000
  ///     식비`, `(usage: edit N)`) then reads, and copies, whole.
  /// - Returns: The lines, without trailing spaces; one empty line for empty text.
  public static func wrapped(
    _ text: String, toWidth width: Int, keepingLastClause: Bool = false
  ) -> [String] {
    let width = max(1, width)
    guard displayWidth(text) > width else { return [text] }
    var lines: [String] = []
    var line = ""
    var lineWidth = 0
    var words = text.split(separator: " ", omittingEmptySubsequences: false)
    if keepingLastClause, let colon = words.lastIndex(where: { $0.hasSuffix(":") }),
      colon + 1 < words.endIndex
    {
      let clause = words[(colon + 1)...].joined(separator: " ")
      if displayWidth(clause) <= width / 2 {
        words.replaceSubrange((colon + 1)..., with: [Substring(clause)])
      }
    }
    for word in words {
      var word = Substring(word)
      var wordWidth = displayWidth(String(word))
      let gap = line.isEmpty ? 0 : 1
      if lineWidth + gap + wordWidth <= width {
        if gap == 1 { line += " " }
        line += word
        lineWidth += gap + wordWidth
        continue
      }
      if !line.isEmpty {
        lines.append(line)
        line = ""
        lineWidth = 0
      }
      // A word wider than a whole line is cut after its last `|` or `/` that fits (between the
      // choices of a syntax, the folders of a path), else at character boundaries.
      while wordWidth > width {
        var piece = ""
        var pieceWidth = 0
        var lastSeparator: String.Index?
        for character in word {
          let characterWidth = self.width(of: character)
          if pieceWidth + characterWidth > width { break }
          piece.append(character)
          pieceWidth += characterWidth
          if character == "|" || character == "/" { lastSeparator = piece.endIndex }
        }
        if let lastSeparator, lastSeparator < piece.endIndex {
          piece = String(piece[..<lastSeparator])
        }
        if piece.isEmpty, let first = word.first { piece = String(first) }
        lines.append(piece)
        word = word.dropFirst(piece.count)
        wordWidth = displayWidth(String(word))
      }
      line = String(word)
      lineWidth = wordWidth
    }
    lines.append(line)
    return lines
  }
}
