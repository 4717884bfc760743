import HannunDomain

/// Why a typed line is not a command. Each ``description`` is one line that names what was wrong
/// and what is accepted, safe to print (user text in it is sanitized).
public enum CommandError: Error, Equatable, Sendable {
  /// The first word is not a command.
  case unknownCommand(String)
  /// `help WORD` where WORD is not a command.
  case unknownHelpTopic(String)
  /// A quote (`"` or `'`) opened a word and the line ended before it closed.
  case unterminatedQuote(Character)
  /// The verb is known but its arguments are missing, extra or of the wrong shape; the message
  /// says which and shows the accepted form.
  case invalidArguments(CommandVerb, message: String)
  /// A date, month or weekday the Domain parsers refused.
  case rejectedDate(DateInputError)
  /// An entry kind the Domain rules refused.
  case rejectedField(FieldInputError)
}

extension CommandError: CustomStringConvertible {
  public var description: String {
    let text =
      switch self {
      case .unknownCommand(let word):
        "unknown command '\(word)'; type help for the list"
      case .unknownHelpTopic(let word):
        "there is no command '\(word)'; type help for the list"
      case .unterminatedQuote(let quote):
        "unterminated \(quote) quote; close it, or write \\\(quote) for the character itself"
      case .invalidArguments(_, let message):
        message
      case .rejectedDate(let error):
        error.description
      case .rejectedField(let error):
        error.description
      }
    return TerminalText.sanitized(text)
  }
}
