import HannunDomain
import HannunPresentation

/// Why a typed line is not a command, as a value; ``text(in:)`` says it in the user's language,
/// naming what was wrong and what is accepted (user text in it is sanitized).
public enum CommandError: Error, Equatable, Sendable {
  /// The first word is not a command.
  case unknownCommand(String)
  /// `help WORD` where WORD is not a command.
  case unknownHelpTopic(String)
  /// A quote (`"` or `'`) opened a word and the line ended before it closed.
  case unterminatedQuote(Character)
  /// The verb is known but its arguments are missing, extra or of the wrong shape.
  case invalidArguments(CommandVerb, ArgumentProblem)
  /// A recurring command whose words do not fit its usage: the command word and its usage.
  case recurringUsage(String, usage: String)
  /// A date, month or weekday the Domain parsers refused.
  case rejectedDate(DateInputError)
  /// An entry kind the Domain rules refused.
  case rejectedField(FieldInputError)
  /// `mood` without a mood (or `clear`).
  case moodUsage
  /// A word that is not a mood.
  case rejectedMood(MoodError)
}

/// What is wrong with a known command's arguments.
public enum ArgumentProblem: Equatable, Sendable {
  /// The command takes no arguments; these were given.
  case unexpected(String)
  /// The command takes one argument; these came after it.
  case extra(String)
  /// The command's one argument is missing.
  case missing
  /// Not a month or a day for `go`.
  case notAMonth(String)
  /// Not a day for `day` or `--date`.
  case notADay(String)
  /// A number that is not a day of any month (0, 32).
  case notADayNumber(String)
  /// Not `dateonly` or `amounts`.
  case notAMode(String)
  /// Not a page number for `list`.
  case notAPage(String)
  /// Not `year` for `report`.
  case notAReportSpan(String)
  /// Not `year`, `all` or a month for `categories`.
  case notACategoryPeriod(String)
  /// `category` without `rename OLD NEW`; the words given.
  case notACategoryAction(String)
  /// `--date` without a value.
  case dateNeedsValue
  /// An option `add` does not have.
  case unknownOption(String)
  /// `--date` given twice.
  case dateTwice
  /// `add` without a kind.
  case needsKind
  /// `add KIND` without an amount.
  case needsAmount
  /// `add KIND AMOUNT` without a category.
  case needsCategory
  /// `add WORD AMOUNT …` whose first word is neither a kind nor an amount: that word, and the
  /// line with the amount first.
  case amountFirst(String, suggestion: String)
  /// A `budget` line that does not follow its usage.
  case budget(BudgetArgumentProblem)
  /// A `find` option or `open` number that is wrong.
  case search(SearchArgumentProblem)
}

extension CommandError: LocalizedMessage {
  /// The message in the catalogue's language, safe to print.
  /// - Parameter catalog: The catalogue of the user's language.
  public func text(in catalog: any MessageCatalog) -> String {
    let prompt = catalog.language.prompt
    let text =
      switch self {
      case .unknownCommand(let word): prompt.describe(.unknownCommand(word))
      case .unknownHelpTopic(let word): prompt.describe(.unknownHelpTopic(word))
      case .unterminatedQuote(let quote): prompt.describe(.unterminatedQuote(String(quote)))
      case .invalidArguments(let verb, let problem): prompt.describe(Self.refusal(verb, problem))
      case .rejectedDate(let error): catalog.describe(error)
      case .rejectedField(let error): catalog.describe(error)
      case .recurringUsage(let word, let usage):
        prompt.describe(.recurringUsage(word, usage: usage))
      case .moodUsage: prompt.describe(.moodUsage(CommandVerb.mood.usage))
      case .rejectedMood(let error): catalog.describe(mood: error)
      }
    return TerminalText.sanitized(text)
  }

  /// What the catalogue says for a known command's `problem`.
  private static func refusal(_ verb: CommandVerb, _ problem: ArgumentProblem) -> PromptRefusal {
    let name = verb.rawValue
    switch (problem, verb) {
    case (.unexpected(let words), _): return .unexpected(name, words)
    case (.extra(let words), _): return .extra(name, words, usage: verb.usage)
    case (.missing, .go): return .goNeedsMonth(nil)
    case (.notAMonth(let text), .go): return .goNeedsMonth(text)
    case (.missing, .day): return .dayNeedsDay(nil, dayNumber: false)
    case (.notADay(let text), .day): return .dayNeedsDay(text, dayNumber: false)
    case (.notADayNumber(let text), .day): return .dayNeedsDay(text, dayNumber: true)
    case (.notADayNumber(let text), _): return .notADayNumber(text)
    case (.notADay(let text), _): return .notADay(text)
    case (.missing, .mode): return .modeMissing
    case (.notAMode(let text), _): return .notAMode(text)
    case (.missing, .firstWeekday): return .firstWeekdayMissing
    case (.missing, .importFile): return .importNeedsFile
    case (.missing, _): return .needsEntry(name)
    case (.notAMonth(let text), _): return .notAMonth(text)
    case (.notAReportSpan(let text), _): return .notAReportSpan(text)
    case (.notAPage(let text), _): return .notAPage(text)
    case (.notACategoryPeriod(let text), _): return .notACategoryPeriod(text)
    case (.notACategoryAction(let words), _): return .notACategoryAction(words)
    case (.dateNeedsValue, _): return .dateNeedsValue
    case (.unknownOption(let option), _): return .unknownAddOption(option)
    case (.dateTwice, _): return .dateTwice
    case (.needsKind, _): return .addNeedsKind
    case (.needsAmount, _): return .addNeedsAmount
    case (.needsCategory, _): return .addNeedsCategory
    case (.amountFirst(let word, let suggestion), _):
      return .addAmountFirst(word, suggestion: suggestion)
    case (.budget(let problem), _): return problem.refusal
    case (.search(let problem), _): return problem.refusal
    }
  }
}

extension CommandError: CustomStringConvertible {
  /// The message in English.
  public var description: String { text(in: EnglishMessages()) }
}
