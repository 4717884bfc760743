/// What Tab offers at the prompt: command names for the first word, and the fixed words some
/// commands take next (`add income`, `mode amounts`, `help add`). Pure, so the rules are tested
/// without a terminal; ``ReadlineLineReader`` hands them to readline.
public enum CommandCompletion {
  /// The completions of the word being typed.
  /// - Parameters:
  ///   - line: The whole line up to the cursor.
  ///   - word: The word under the cursor (a suffix of `line`).
  /// - Returns: Candidates that start with `word`, in a stable order; empty when nothing fits.
  public static func candidates(line: String, word: String) -> [String] {
    let before = line.dropLast(word.count).split(whereSeparator: { $0 == " " || $0 == "\t" })
    let options: [String]
    switch before.count {
    case 0:
      options = CommandVerb.allCases.map(\.rawValue)
    case 1:
      switch CommandVerb(word: String(before[0])) {
      case .add: options = ["income", "expense"]
      case .mode: options = ["dateonly", "amounts"]
      case .help: options = CommandVerb.allCases.map(\.rawValue)
      case .day, .go: options = ["today", "yesterday", "tomorrow"]
      default: options = []
      }
    default:
      options = []
    }
    let lowered = word.lowercased()
    return options.filter { $0.hasPrefix(lowered) }
  }
}
