import HannunDomain
import HannunPresentation

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

extension CommandError: LocalizedMessage {
  /// The message in the catalogue's language, safe to print.
  /// - Parameter catalog: The catalogue of the user's language.
  public func text(in catalog: any MessageCatalog) -> String {
    let korean = catalog.language == .korean
    let text =
      switch self {
      case .unknownCommand(let word) where korean:
        "'\(word)'은(는) 없는 명령입니다. help로 목록을 보세요"
      case .unknownHelpTopic(let word) where korean:
        "'\(word)' 명령은 없습니다. help로 목록을 보세요"
      case .unterminatedQuote(let quote) where korean:
        "\(quote) 따옴표가 닫히지 않았습니다. 닫거나, 글자 자체는 \\\(quote)로 적으세요"
      case .rejectedDate(let error): catalog.describe(error)
      case .rejectedField(let error): catalog.describe(error)
      case .unknownCommand(let word):
        "unknown command '\(word)'; type help for the list"
      case .unknownHelpTopic(let word):
        "there is no command '\(word)'; type help for the list"
      case .unterminatedQuote(let quote):
        "unterminated \(quote) quote; close it, or write \\\(quote) for the character itself"
      case .invalidArguments(_, let message):
        message
      }
    return TerminalText.sanitized(text)
  }
}

extension CommandError: CustomStringConvertible {
  /// The message in English.
  public var description: String { text(in: EnglishMessages()) }
}
