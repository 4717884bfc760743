import HannunDomain

/// ``PromptMessages`` in Korean.
public struct KoreanPromptMessages: PromptMessages {
  /// The Korean sentences.
  public init() {}

  private static let addUsage = "add [수입|지출] 금액 분류 [메모] [--date 날짜]"
  private static let budgetUsage =
    "budget [YYYY-MM], budget set 금액 [분류] [--from YYYY-MM], budget remove [분류] [--from YYYY-MM]"
  private static let findOptions =
    "--category C, --kind income|expense, --from D, --to D, --min A, --max A"

  /// `PromptMessages`.
  public func describe(_ refusal: PromptRefusal) -> String {
    let addUsage = Self.addUsage
    let usage = Self.budgetUsage
    switch refusal {
    case .unknownCommand(let word): return "'\(word)'은(는) 없는 명령입니다. help로 목록을 보세요"
    case .unknownHelpTopic(let word): return "'\(word)' 명령은 없습니다. help로 목록을 보세요"
    case .unterminatedQuote(let quote):
      return "\(quote) 따옴표가 닫히지 않았습니다. 닫거나, 글자 자체는 \\\(quote)로 적으세요"
    case .recurringUsage(let word, let usage): return "사용법: \(usage) (help \(word) 참고)"
    case .moodUsage(let usage):
      return "사용법: \(usage) (기분: "
        + Mood.allCases.map { DisplayLanguage.korean.name(of: $0) }.joined(separator: ", ") + ")"
    case .unexpected(let name, let words): return "\(name)에는 인자가 없습니다. '\(words)'을(를) 지우세요"
    case .extra(let name, let words, let usage):
      return "\(name)은(는) 인자를 하나만 받습니다. '\(words)'을(를) 지우세요 (쓰는 법: \(usage))"
    case .goNeedsMonth(let text):
      let prefix = text.map { "'\($0)'은(는) 달이 아닙니다. " } ?? ""
      return prefix + "go에는 YYYY-MM 형식의 달(예: go 2025-11)이나 YYYY-MM-DD 형식의 날을 적으세요"
    case .dayNeedsDay(let text, _):
      let prefix = text.map { "'\($0)'은(는) 날짜가 아닙니다. " } ?? ""
      return prefix + "day에는 보이는 달의 날(1-31)이나 YYYY-MM-DD 날짜, 또는 오늘, 어제, 내일을 적으세요"
    case .notADay(let text), .notADayNumber(let text):
      return "'\(text)'은(는) 날짜가 아닙니다. --date에는 보이는 달의 날(1-31)이나 YYYY-MM-DD 날짜를 적으세요"
    case .modeMissing: return "mode에는 dateonly, amounts, emotion 중 하나를 적으세요"
    case .notAMode(let text):
      return "mode에는 dateonly, amounts, emotion 중 하나를 적으세요 ('\(text)'이(가) 아니라)"
    case .firstWeekdayMissing:
      return "firstweekday에는 1(일요일)부터 7(토요일)까지의 수를 적으세요. 예: firstweekday 2"
    case .importNeedsFile:
      return "import에는 파일이 필요합니다: 은행 CSV, 저널이나 백업 파일. 예: import ~/내역.csv "
        + "(먼저 보려면 --dry-run)"
    case .needsEntry(let name):
      return "\(name)에는 내역이 필요합니다. 선택한 날 목록의 번호나 아이디를 적으세요. 예: \(name) 2"
    case .notAMonth(let text): return "'\(text)'은(는) 달이 아닙니다"
    case .notAReportSpan(let text):
      return "report 뒤에는 아무것도 적지 않거나(보이는 달) year, YYYY 해, YYYY-MM 달을 적으세요 "
        + "('\(text)'이(가) 아니라)"
    case .notAPage(let text):
      return "'\(text)'은(는) 쪽 번호가 아닙니다. list에는 1부터의 쪽 번호를 적으세요. 예: list 2"
    case .notACategoryPeriod(let text):
      return "categories 뒤에는 아무것도 적지 않거나(보이는 달) year, all, YYYY 해, YYYY-MM 달을 적으세요 "
        + "('\(text)'이(가) 아니라)"
    case .notACategoryAction(let words) where words.isEmpty:
      return "category에는 할 일을 적으세요: category rename 옛이름 새이름 (띄어쓰기가 있으면 따옴표로)"
    case .notACategoryAction(let words):
      return "'category \(words)'은(는) 알 수 없습니다. category rename 옛이름 새이름으로 적으세요 "
        + "(띄어쓰기가 있으면 따옴표로)"
    case .dateNeedsValue: return "--date에는 날이 필요합니다: YYYY-MM-DD, 1-31, 오늘, 어제, 내일"
    case .unknownAddOption(let option):
      return "add에는 '\(option)' 옵션이 없습니다. 옵션은 --date D 하나뿐입니다 (--로 시작하는 글은 따옴표로 감싸세요)"
    case .dateTwice: return "add에는 --date를 한 번만 적으세요"
    case .addNeedsKind: return "add에는 금액이 필요합니다 (앞에 종류, 없으면 지출): \(addUsage)"
    case .addNeedsAmount: return "add에는 종류 다음에 금액이 필요합니다: \(addUsage)"
    case .addNeedsCategory: return "add에는 금액 다음에 분류가 필요합니다: \(addUsage)"
    case .addAmountFirst(let word, let suggestion):
      return "'\(word)'은(는) 종류(수입, 지출)가 아닙니다. 지출은 금액부터 써도 됩니다: \(suggestion)"
    case .budgetUnknownAction(let word): return "budget 뒤의 '\(word)'을(를) 알 수 없습니다. 쓰는 법: \(usage)"
    case .budgetNeedsAmount: return "budget set에는 금액이 필요합니다. 예: budget set 30만 식비"
    case .budgetNeedsValue(let option): return "\(option)에는 값이 필요합니다. 쓰는 법: \(usage)"
    case .budgetUnknownOption(let option):
      return "budget에는 '\(option)' 옵션이 없습니다. 옵션은 --category와 --from입니다"
    case .budgetTwice(let what): return "\(what)은(는) 한 번만 적으세요"
    case .budgetExtra(let words): return "'\(words)'을(를) 지우세요. 쓰는 법: \(usage)"
    case .findUnknownOption(let option):
      return "find에는 '\(option)' 옵션이 없습니다. 옵션: \(Self.findOptions) (--로 시작하는 글은 따옴표로 감싸세요)"
    case .findOptionTwice(let option): return "find에는 \(option)을(를) 한 번만 적으세요"
    case .findNeedsValue(let option): return "\(option) 뒤에 값을 적으세요. 예: find --kind 지출"
    case .notAResult(let text):
      return "'\(text)'은(는) 결과 번호가 아닙니다. open에는 찾은 내역의 번호를 적으세요. 예: open 2"
    }
  }
}
