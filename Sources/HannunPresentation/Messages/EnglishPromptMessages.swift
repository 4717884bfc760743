import HannunDomain

/// ``PromptMessages`` in English.
public struct EnglishPromptMessages: PromptMessages {
  /// The English sentences.
  public init() {}

  private static let addUsage = "add [income|expense] AMOUNT CATEGORY [MEMO] [--date YYYY-MM-DD]"
  private static let budgetUsage =
    "budget [YYYY-MM], budget set AMOUNT [CATEGORY] [--from YYYY-MM], "
    + "budget remove [CATEGORY] [--from YYYY-MM]"
  private static let findOptions =
    "--category C, --kind income|expense, --from D, --to D, --min A, --max A"

  /// `PromptMessages`.
  public func describe(_ refusal: PromptRefusal) -> String {
    let addUsage = Self.addUsage
    let usage = Self.budgetUsage
    switch refusal {
    case .unknownCommand(let word): return "unknown command '\(word)'; type help for the list"
    case .unknownHelpTopic(let word): return "there is no command '\(word)'; type help for the list"
    case .unterminatedQuote(let quote):
      return "unterminated \(quote) quote; close it, or write \\\(quote) for the character itself"
    case .recurringUsage(let word, let usage): return "usage: \(usage) (see help \(word))"
    case .moodUsage(let usage):
      return "usage: \(usage) (moods: "
        + Mood.allCases.map { DisplayLanguage.english.name(of: $0) }.joined(separator: ", ") + ")"
    case .unexpected(let name, let words): return "\(name) takes no arguments; remove '\(words)'"
    case .extra(let name, let words, let usage):
      return "\(name) takes one argument; remove '\(words)' (usage: \(usage))"
    case .goNeedsMonth(let text):
      let prefix = text.map { "'\($0)' is not a month; " } ?? ""
      return prefix + "go needs a month as YYYY-MM, for example go 2025-11, or a day as YYYY-MM-DD"
    case .dayNeedsDay(let text, let dayNumber):
      let prefix =
        text.map { dayNumber ? "'\($0)' is not a day of a month; " : "'\($0)' is not a day; " }
        ?? ""
      return prefix + "day takes a day of the shown month (1-31) or a date YYYY-MM-DD "
        + "(also today, yesterday, tomorrow, 오늘, 어제, 내일)"
    case .notADayNumber(let text):
      return "'\(text)' is not a day of a month; --date takes a day of the shown month (1-31) or "
        + "a date YYYY-MM-DD"
    case .notADay(let text):
      return "'\(text)' is not a day; --date takes a day of the shown month (1-31) or a date "
        + "YYYY-MM-DD"
    case .modeMissing: return "mode takes dateonly, amounts or emotion"
    case .notAMode(let text): return "mode takes dateonly, amounts or emotion, not '\(text)'"
    case .firstWeekdayMissing:
      return "firstweekday takes a number from 1 (Sunday) to 7 (Saturday), for example "
        + "firstweekday 2"
    case .importNeedsFile:
      return "import needs a file: a bank's CSV, a journal or a backup, for example "
        + "import ~/statement.csv (add --dry-run to see it first)"
    case .needsEntry(let name):
      return "\(name) needs an entry: its number in the selected day's list or its id, "
        + "for example \(name) 2"
    case .notAMonth(let text): return "'\(text)' is not a month"
    case .notAReportSpan(let text):
      return "report takes nothing (the shown month), year, a year YYYY or a month YYYY-MM, "
        + "not '\(text)'"
    case .notAPage(let text):
      return "'\(text)' is not a page; list takes a page number from 1, for example list 2"
    case .notACategoryPeriod(let text):
      return
        "categories takes nothing (the shown month), year, all, a year YYYY or a month YYYY-MM, "
        + "not '\(text)'"
    case .notACategoryAction(let words) where words.isEmpty:
      return "category needs what to do: category rename OLD NEW (quote names with spaces)"
    case .notACategoryAction(let words):
      return "'category \(words)' is not understood; use category rename OLD NEW "
        + "(quote names with spaces)"
    case .dateNeedsValue:
      return "--date needs a day: YYYY-MM-DD, 1-31, today, yesterday or tomorrow"
    case .unknownAddOption(let option):
      return "add has no option '\(option)'; the only option is --date D "
        + "(quote text that starts with --)"
    case .dateTwice: return "add takes --date only once"
    case .addNeedsKind:
      return "add needs an amount, after a kind or alone for an expense: \(addUsage)"
    case .addNeedsAmount: return "add needs an amount after the kind: \(addUsage)"
    case .addNeedsCategory: return "add needs a category after the amount: \(addUsage)"
    case .addAmountFirst(let word, let suggestion):
      return
        "'\(word)' is not a kind (income or expense, 수입 or 지출); an expense may start with its "
        + "amount: \(suggestion)"
    case .budgetUnknownAction(let word): return "budget does not know '\(word)'; usage: \(usage)"
    case .budgetNeedsAmount: return "budget set needs an amount, for example budget set 300000 food"
    case .budgetNeedsValue(let option): return "\(option) needs a value; usage: \(usage)"
    case .budgetUnknownOption(let option):
      return "budget has no option '\(option)'; its options are --category and --from"
    case .budgetTwice(let what): return "give \(what) only once"
    case .budgetExtra(let words): return "remove '\(words)'; usage: \(usage)"
    case .findUnknownOption(let option):
      return "find has no option '\(option)'; it takes \(Self.findOptions) "
        + "(quote text that starts with --)"
    case .findOptionTwice(let option): return "find takes \(option) only once"
    case .findNeedsValue(let option):
      return "\(option) needs a value, for example find --kind expense"
    case .notAResult(let text):
      return "'\(text)' is not a result number; open takes a number from the last find, "
        + "for example open 2"
    }
  }
}
