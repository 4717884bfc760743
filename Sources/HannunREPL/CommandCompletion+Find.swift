extension CommandCompletion {
  /// `find [TEXT] [--category C] [--kind K] [--from D] [--to D] [--min A] [--max A]`: an
  /// option's name after `--`, the categories in use after `--category`, a kind after `--kind`,
  /// the date words after `--from` and `--to`; nothing for the text or amounts.
  static func findArgument(_ arguments: [String], word: String, context: CompletionContext)
    -> [String]
  {
    var optionsEnded = false
    var pending: String?
    for argument in arguments {
      let lowered = argument.lowercased()
      if pending != nil {
        pending = nil
      } else if !optionsEnded && argument == "--" {
        optionsEnded = true
      } else if !optionsEnded && SearchRequest.options.contains(lowered) {
        pending = lowered
      }
    }
    switch pending {
    case "--category":
      let shown = context.categories.filter { TerminalText.sanitized($0) == $0 }
      // The word as the parser reads it: a backslash makes the next scalar ordinary.
      return startingWith(shown, unescaped(word)).map(escaped)
    case "--kind": return startingWith(kindWords, word)
    case "--from", "--to": return startingWith(dateWords, word)
    case .some: return []
    case nil:
      guard !optionsEnded && word.hasPrefix("-") else { return [] }
      return startingWith(findOptions, word)
    }
  }

  /// `find`'s options in the order help lists them.
  private static let findOptions = ["--category", "--kind", "--from", "--to", "--min", "--max"]

  /// The options that start with `word`, ignoring case, in order.
  private static func startingWith(_ options: [String], _ word: String) -> [String] {
    options.filter { $0.lowercased().hasPrefix(word.lowercased()) }
  }
}
