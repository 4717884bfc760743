import HannunDomain
import HannunPresentation

/// What Tab offers at the prompt. Pure, so the rules are tested without a terminal;
/// ``ReadlineLineReader`` hands them to readline.
///
/// - The first word: command names.
/// - `add`: a kind (`income`, `expense`, `수입`, `지출`), then after the amount the categories
///   already used (``CompletionContext/categories``, most used first), and `--date` followed by a
///   date word.
/// - `day`, `go`: the date words `today`, `yesterday`, `tomorrow`, `오늘`, `어제`, `내일`.
/// - `edit`, `delete`: the entry numbers 1…``CompletionContext/entryCount`` of the selected day.
/// - `mode`: `dateonly`, `amounts`, `emotion`; `mood`: the moods and `clear`; `help`: command
///   names.
/// - `budget`: `set` or `remove`, then the categories where a category goes, and `--category`
///   and `--from` (see `CommandCompletion+Budget.swift`).
/// - `find`: its options, the categories in use after `--category`, a kind after `--kind`, the
///   date words after `--from` and `--to`.
/// - `import`: file names, through readline (``completesFileName(line:word:)``), and `--dry-run`.
///
/// Candidates match the word typed so far ignoring case, and keep the order above. A category
/// holding a space, a tab, a quote or a backslash is offered with those escaped by a backslash,
/// as ``CommandParser`` reads them; one holding text that cannot be shown safely (bidi or other
/// format controls, see ``TerminalText/sanitized(_:)``) is never offered, since readline would
/// show it raw.
public enum CommandCompletion {
  /// The kinds `add` takes, in both languages.
  static let kindWords = ["income", "expense", "수입", "지출"]
  /// The relative days `day`, `go` and `--date` take, in both languages.
  static let dateWords = ["today", "yesterday", "tomorrow", "오늘", "어제", "내일"]

  /// The completions of the word being typed.
  /// - Parameters:
  ///   - line: The whole line up to the cursor.
  ///   - word: The word under the cursor (a suffix of `line`).
  ///   - context: The ledger's words; without it only command words and fixed arguments are
  ///     offered.
  /// - Returns: Candidates that start with `word`, in a stable order; empty when nothing fits.
  public static func candidates(line: String, word: String, context: CompletionContext = .empty)
    -> [String]
  {
    if let field = context.formField {
      return fieldValue(field, line: line, word: word, context: context)
    }
    let before = line.dropLast(word.count).split(whereSeparator: isSpace).map(String.init)
    guard let first = before.first else {
      return matching(CommandVerb.allCases.map(\.rawValue), word)
    }
    let arguments = Array(before.dropFirst())
    switch CommandVerb(word: first) {
    case .add:
      return addArgument(arguments, word: word, context: context)
    case .find:
      return findArgument(arguments, word: word, context: context)
    case .mode where arguments.isEmpty:
      return matching(["dateonly", "amounts", "emotion"], word)
    case .mood where arguments.isEmpty:
      return matching(Mood.allCases.map(\.englishName) + ["clear"], word)
    case .help where arguments.isEmpty:
      return matching(CommandVerb.allCases.map(\.rawValue), word)
    case .day where arguments.isEmpty, .go where arguments.isEmpty:
      return matching(dateWords, word)
    case .budget:
      return budgetArgument(arguments, word: word, context: context)
    case .edit where arguments.isEmpty, .delete where arguments.isEmpty:
      return matching(context.entryCount > 0 ? (1...context.entryCount).map(String.init) : [], word)
    case .categories where arguments.isEmpty:
      return matching(["year", "all"], word)
    case .category where arguments.isEmpty:
      return matching(["rename"], word)
    case .importFile:
      return importOptions(arguments, word: word)
    case .category where arguments.count <= 2:
      let shown = context.categories.filter { TerminalText.sanitized($0) == $0 }
      return matching(shown, unescaped(word)).map(escaped)
    default:
      return []
    }
  }

  /// A form field's value: the whole line is the value, typed as is (nothing escaped), so a
  /// category with a space completes too; the candidates replace the word under the cursor.
  private static func fieldValue(
    _ field: TransactionFormViewModel.Field, line: String, word: String,
    context: CompletionContext
  ) -> [String] {
    let values: [String]
    switch field {
    case .kind: values = kindWords
    case .category: values = context.categories.filter { TerminalText.sanitized($0) == $0 }
    case .date: values = dateWords
    case .amount, .memo: values = []
    }
    let typed = line.drop { isSpace($0) }
    let kept = typed.count - word.count
    guard kept >= 0 else { return [] }
    return values.filter {
      $0.count >= typed.count && $0.lowercased().hasPrefix(typed.lowercased())
    }
    .map { String($0.dropFirst(kept)) }
  }

  /// `add KIND AMOUNT CATEGORY [MEMO…] [--date D]`: which of these the word is, and its
  /// candidates.
  private static func addArgument(_ arguments: [String], word: String, context: CompletionContext)
    -> [String]
  {
    var positional: [String] = []
    var optionsEnded = false
    var expectsDate = false
    for argument in arguments {
      if expectsDate {
        expectsDate = false
      } else if !optionsEnded && argument == "--" {
        optionsEnded = true
      } else if !optionsEnded && argument.lowercased() == "--date" {
        expectsDate = true
      } else if !optionsEnded && argument.lowercased().hasPrefix("--date=") {
        continue
      } else {
        positional.append(argument)
      }
    }
    if expectsDate { return matching(dateWords, word) }
    if !optionsEnded && word.hasPrefix("-") {
      let option = "--date="
      if word.lowercased().hasPrefix(option) {
        return matching(dateWords, String(word.dropFirst(option.count))).map { option + $0 }
      }
      return matching(["--date"], word)
    }
    switch positional.count {
    case 0:
      return matching(kindWords, word)
    case 2 where (try? TransactionRules.kind(positional[0])) != nil:
      let shown = context.categories.filter { TerminalText.sanitized($0) == $0 }
      return matching(shown, unescaped(word)).map(escaped)
    default:
      return []
    }
  }

  /// The options that start with `word`, ignoring case, each once, in order.
  static func matching(_ options: [String], _ word: String) -> [String] {
    let lowered = word.lowercased()
    var seen: Set<String> = []
    return options.filter { $0.lowercased().hasPrefix(lowered) && seen.insert($0).inserted }
  }

  private static func isSpace(_ character: Character) -> Bool {
    character == " " || character == "\t" || character == "\u{3000}"
  }

  /// `text` with the scalars that end or quote a word escaped by a backslash. Scalar by
  /// scalar, as ``CommandParser`` reads a line: a space or quote a combining mark follows is one
  /// Character with it, but still ends or quotes the word.
  static func escaped(_ text: String) -> String {
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      switch scalar {
      case " ", "\t", "\u{3000}", "\\", "\"", "'": result.append("\\")
      default: break
      }
      result.append(scalar)
    }
    return String(result)
  }

  /// `word` with backslash escapes undone, scalar by scalar, as the parser reads it.
  static func unescaped(_ word: String) -> String {
    var result = String.UnicodeScalarView()
    var escaping = false
    for scalar in word.unicodeScalars {
      if scalar == "\\" && !escaping {
        escaping = true
        continue
      }
      escaping = false
      result.append(scalar)
    }
    return String(result)
  }
}
