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
  /// A schedule that is not one (`monthly 32`).
  case recurringSchedule(RecurringError)
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
  /// A `budget` line that does not follow its usage.
  case budget(BudgetArgumentProblem)
  /// A `find` option or `open` number that is wrong.
  case search(SearchArgumentProblem)
}

extension CommandError: LocalizedMessage {
  /// The message in the catalogue's language, safe to print.
  /// - Parameter catalog: The catalogue of the user's language.
  public func text(in catalog: any MessageCatalog) -> String {
    let korean = catalog.language == .korean
    let text =
      switch (self, korean) {
      case (.unknownCommand(let word), true): "'\(word)'은(는) 없는 명령입니다. help로 목록을 보세요"
      case (.unknownCommand(let word), false): "unknown command '\(word)'; type help for the list"
      case (.unknownHelpTopic(let word), true): "'\(word)' 명령은 없습니다. help로 목록을 보세요"
      case (.unknownHelpTopic(let word), false):
        "there is no command '\(word)'; type help for the list"
      case (.unterminatedQuote(let quote), true):
        "\(quote) 따옴표가 닫히지 않았습니다. 닫거나, 글자 자체는 \\\(quote)로 적으세요"
      case (.unterminatedQuote(let quote), false):
        "unterminated \(quote) quote; close it, or write \\\(quote) for the character itself"
      case (.invalidArguments(let verb, let problem), _):
        korean ? Self.korean(verb, problem) : Self.english(verb, problem)
      case (.rejectedDate(let error), _): catalog.describe(error)
      case (.rejectedField(let error), _): catalog.describe(error)
      case (.recurringUsage(let word, let usage), true): "사용법: \(usage) (help \(word) 참고)"
      case (.recurringUsage(let word, let usage), false): "usage: \(usage) (see help \(word))"
      case (.recurringSchedule(let error), _): catalog.describe(recurring: error)
      case (.moodUsage, true):
        "사용법: \(CommandVerb.mood.usage) (기분: "
          + Mood.allCases.map(\.koreanName).joined(separator: ", ") + ")"
      case (.moodUsage, false):
        "usage: \(CommandVerb.mood.usage) (moods: "
          + Mood.allCases.map(\.englishName).joined(separator: ", ") + ")"
      case (.rejectedMood(let error), _): catalog.describe(mood: error)
      }
    return TerminalText.sanitized(text)
  }

  private static let addUsage = "add income|expense AMOUNT CATEGORY [MEMO] [--date YYYY-MM-DD]"

  private static func english(_ verb: CommandVerb, _ problem: ArgumentProblem) -> String {
    let name = verb.rawValue
    switch (problem, verb) {
    case (.unexpected(let words), _): return "\(name) takes no arguments; remove '\(words)'"
    case (.extra(let words), _):
      return "\(name) takes one argument; remove '\(words)' (usage: \(verb.usage))"
    case (.missing, .go), (.notAMonth, .go):
      let prefix =
        if case .notAMonth(let text) = problem { "'\(text)' is not a month; " } else { "" }
      return prefix + "go needs a month as YYYY-MM, for example go 2025-11, or a day as YYYY-MM-DD"
    case (.missing, .day), (.notADay, .day), (.notADayNumber, .day):
      let prefix =
        switch problem {
        case .notADay(let text): "'\(text)' is not a day; "
        case .notADayNumber(let text): "'\(text)' is not a day of a month; "
        default: ""
        }
      return prefix + "day takes a day of the shown month (1-31) or a date YYYY-MM-DD "
        + "(also today, yesterday, tomorrow, 오늘, 어제, 내일)"
    case (.notADayNumber(let text), _):
      return "'\(text)' is not a day of a month; --date takes a day of the shown month (1-31) or "
        + "a date YYYY-MM-DD"
    case (.notADay(let text), _):
      return "'\(text)' is not a day; --date takes a day of the shown month (1-31) or a date "
        + "YYYY-MM-DD"
    case (.missing, .mode): return "mode takes dateonly, amounts or emotion"
    case (.notAMode(let text), _): return "mode takes dateonly, amounts or emotion, not '\(text)'"
    case (.missing, .firstWeekday):
      return "firstweekday takes a number from 1 (Sunday) to 7 (Saturday), for example "
        + "firstweekday 2"
    case (.missing, _):
      return "\(name) needs an entry: its number in the selected day's list or its id, "
        + "for example \(name) 2"
    case (.notAMonth(let text), _): return "'\(text)' is not a month"
    case (.notAReportSpan(let text), _):
      return "report takes nothing (the shown month) or year, not '\(text)'"
    case (.notAPage(let text), _):
      return "'\(text)' is not a page; list takes a page number from 1, for example list 2"
    case (.notACategoryPeriod, _), (.notACategoryAction, _): return englishCategories(problem)
    case (.dateNeedsValue, _):
      return "--date needs a day: YYYY-MM-DD, 1-31, today, yesterday or tomorrow"
    case (.unknownOption(let option), _):
      return "add has no option '\(option)'; the only option is --date D "
        + "(quote text that starts with --)"
    case (.dateTwice, _): return "add takes --date only once"
    case (.needsKind, _): return "add needs a kind: \(addUsage)"
    case (.needsAmount, _): return "add needs an amount after the kind: \(addUsage)"
    case (.needsCategory, _): return "add needs a category after the amount: \(addUsage)"
    case (.budget(let problem), _): return problem.text(korean: false)
    case (.search(let problem), _): return problem.english
    }
  }

  private static func korean(_ verb: CommandVerb, _ problem: ArgumentProblem) -> String {
    let name = verb.rawValue
    let addUsage = "add 수입|지출 금액 분류 [메모] [--date 날짜]"
    switch (problem, verb) {
    case (.unexpected(let words), _): return "\(name)에는 인자가 없습니다. '\(words)'을(를) 지우세요"
    case (.extra(let words), _):
      return "\(name)은(는) 인자를 하나만 받습니다. '\(words)'을(를) 지우세요 (쓰는 법: \(verb.usage))"
    case (.missing, .go), (.notAMonth, .go):
      let prefix = if case .notAMonth(let text) = problem { "'\(text)'은(는) 달이 아닙니다. " } else { "" }
      return prefix + "go에는 YYYY-MM 형식의 달(예: go 2025-11)이나 YYYY-MM-DD 형식의 날을 적으세요"
    case (.missing, .day), (.notADay, .day), (.notADayNumber, .day):
      let prefix =
        switch problem {
        case .notADay(let text), .notADayNumber(let text): "'\(text)'은(는) 날짜가 아닙니다. "
        default: ""
        }
      return prefix + "day에는 보이는 달의 날(1-31)이나 YYYY-MM-DD 날짜, 또는 오늘, 어제, 내일을 적으세요"
    case (.notADay(let text), _), (.notADayNumber(let text), _):
      return "'\(text)'은(는) 날짜가 아닙니다. --date에는 보이는 달의 날(1-31)이나 YYYY-MM-DD 날짜를 적으세요"
    case (.missing, .mode): return "mode에는 dateonly, amounts, emotion 중 하나를 적으세요"
    case (.notAMode(let text), _):
      return "mode에는 dateonly, amounts, emotion 중 하나를 적으세요 ('\(text)'이(가) 아니라)"
    case (.missing, .firstWeekday):
      return "firstweekday에는 1(일요일)부터 7(토요일)까지의 수를 적으세요. 예: firstweekday 2"
    case (.missing, _):
      return "\(name)에는 내역이 필요합니다. 선택한 날 목록의 번호나 아이디를 적으세요. 예: \(name) 2"
    case (.notAMonth(let text), _): return "'\(text)'은(는) 달이 아닙니다"
    case (.notAReportSpan(let text), _):
      return "report 뒤에는 아무것도 적지 않거나(보이는 달) year를 적으세요 ('\(text)'이(가) 아니라)"
    case (.notAPage(let text), _):
      return "'\(text)'은(는) 쪽 번호가 아닙니다. list에는 1부터의 쪽 번호를 적으세요. 예: list 2"
    case (.notACategoryPeriod, _), (.notACategoryAction, _): return koreanCategories(problem)
    case (.dateNeedsValue, _):
      return "--date에는 날이 필요합니다: YYYY-MM-DD, 1-31, 오늘, 어제, 내일"
    case (.unknownOption(let option), _):
      return "add에는 '\(option)' 옵션이 없습니다. 옵션은 --date D 하나뿐입니다 (--로 시작하는 글은 따옴표로 감싸세요)"
    case (.dateTwice, _): return "add에는 --date를 한 번만 적으세요"
    case (.needsKind, _): return "add에는 종류가 필요합니다: \(addUsage)"
    case (.needsAmount, _): return "add에는 종류 다음에 금액이 필요합니다: \(addUsage)"
    case (.needsCategory, _): return "add에는 금액 다음에 분류가 필요합니다: \(addUsage)"
    case (.budget(let problem), _): return problem.text(korean: true)
    case (.search(let problem), _): return problem.korean
    }
  }
}

extension CommandError: CustomStringConvertible {
  /// The message in English.
  public var description: String { text(in: EnglishMessages()) }
}
