import HannunDomain

/// What a prompt (the REPL) refuses in a typed line, as a value: an unknown command, a quote
/// left open, or a known command's arguments missing, extra or of the wrong shape. Words from
/// the line arrive as typed; the frontend escapes the sentence for its medium.
public enum PromptRefusal: Hashable, Sendable {
  /// The first word is not a command.
  case unknownCommand(String)
  /// `help WORD` where WORD is not a command.
  case unknownHelpTopic(String)
  /// A quote opened a word and the line ended before it closed.
  case unterminatedQuote(String)
  /// A recurring command whose words do not fit its usage: the command word and its usage.
  case recurringUsage(String, usage: String)
  /// `mood` without a mood: its usage.
  case moodUsage(String)
  /// The command (first) takes no arguments; these (second) were given.
  case unexpected(String, String)
  /// The command takes one argument; these came after it (with the command's usage).
  case extra(String, String, usage: String)
  /// `go` without a month, or with this text that is none.
  case goNeedsMonth(String?)
  /// `day` without a day, or with this text that is none (`dayNumber`: a number outside 1-31).
  case dayNeedsDay(String?, dayNumber: Bool)
  /// `--date` given a number that is no day of a month.
  case notADayNumber(String)
  /// `--date` given text that is no day.
  case notADay(String)
  /// `mode` without a mode.
  case modeMissing
  /// `mode` given this text.
  case notAMode(String)
  /// `firstweekday` without a number.
  case firstWeekdayMissing
  /// The command needs an entry (by its number or id).
  case needsEntry(String)
  /// `import` without the file to read.
  case importNeedsFile
  /// Not a month.
  case notAMonth(String)
  /// Not a span `report` takes.
  case notAReportSpan(String)
  /// Not a page number for `list`.
  case notAPage(String)
  /// Not a period `categories` takes.
  case notACategoryPeriod(String)
  /// `category` without `rename OLD NEW`: the words given, possibly none.
  case notACategoryAction(String)
  /// `--date` without a value.
  case dateNeedsValue
  /// An option `add` does not have.
  case unknownAddOption(String)
  /// `--date` given twice.
  case dateTwice
  /// `add` without a kind.
  case addNeedsKind
  /// `add KIND` without an amount.
  case addNeedsAmount
  /// `add KIND AMOUNT` without a category.
  case addNeedsCategory
  /// `add` with a word that is neither a kind nor an amount before an amount (`add 식비 5000`):
  /// that word, and the line as an expense with the amount first (`add 5000 식비`).
  case addAmountFirst(String, suggestion: String)
  /// `budget` given a word it does not know.
  case budgetUnknownAction(String)
  /// `budget set` without an amount.
  case budgetNeedsAmount
  /// A `budget` option without its value.
  case budgetNeedsValue(String)
  /// An option `budget` does not take.
  case budgetUnknownOption(String)
  /// The same `budget` option twice, or a category given twice.
  case budgetTwice(String)
  /// Words left over after `budget`.
  case budgetExtra(String)
  /// An option `find` does not take.
  case findUnknownOption(String)
  /// A `find` option given twice.
  case findOptionTwice(String)
  /// A `find` option without its value.
  case findNeedsValue(String)
  /// Not a result number for `open`.
  case notAResult(String)
}

/// What a prompt says when it refuses a typed line.
public protocol PromptMessages: Sendable {
  /// Why the line was refused, and what is accepted.
  /// - Parameter refusal: What was wrong.
  func describe(_ refusal: PromptRefusal) -> String
}

extension DisplayLanguage {
  /// What a prompt says when it refuses a line, in this language.
  public var prompt: any PromptMessages {
    switch self {
    case .korean: KoreanPromptMessages()
    case .english: EnglishPromptMessages()
    }
  }
}
