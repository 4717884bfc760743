import HannunPresentation

/// The text `help` prints, in the user's language. Command words stay English in both (they are
/// what is typed); Korean aliases (`수입`, `지출`, `오늘`, `어제`) are named where they apply.
public enum HelpText {
  /// Every command with its aliases and a one-line explanation, then the keys.
  /// - Parameter language: The user's language.
  public static func overview(in language: DisplayLanguage) -> String {
    let rows = CommandVerb.allCases.map { verb in
      let words = [shortUsage(verb)] + verb.aliases
      return (words.joined(separator: ", "), summary(verb, language))
    }
    let column = rows.map { TerminalText.displayWidth($0.0) }.max() ?? 0
    let korean = language == .korean
    var lines = [korean ? "명령 (대소문자 구분 없음):" : "Commands (upper or lower case):"]
    for (words, summary) in rows {
      lines.append("  " + TerminalText.pad(words, toWidth: column) + "  " + summary)
    }
    lines.append(korean ? "키 (Enter 없이):" : "Keys (no Enter needed):")
    let keys =
      korean
      ? [
        ("PageDown, Alt-→, ]", "다음 달 (주간 보기에서는 다음 주)"),
        ("PageUp, Alt-←, [", "이전 달 (이전 주)"),
        ("Alt-t, Home", "이번 달, 오늘 선택"),
        ("Tab", "명령, 분류, 날짜, 내역 번호 완성"),
        ("", "[, ], Home은 빈 줄에서만; 적던 글은 그대로 남습니다"),
      ]
      : [
        ("PageDown, Alt-→, ]", "the next month (or week, in week view)"),
        ("PageUp, Alt-←, [", "the previous month (or week)"),
        ("Alt-t, Home", "this month, today selected"),
        ("Tab", "completes commands, categories, dates and entries"),
        ("", "[, ] and Home only on an empty line; what you typed stays"),
      ]
    let keyColumn = keys.map { TerminalText.displayWidth($0.0) }.max() ?? 0
    for (key, meaning) in keys {
      lines.append("  " + TerminalText.pad(key, toWidth: keyColumn) + "  " + meaning)
    }
    lines.append(
      korean
        ? "자세한 설명은 help 명령, 예: help add."
        : "Type help COMMAND for more, for example help add.")
    return lines.joined(separator: "\n")
  }

  /// The help for one command: usage, explanation, aliases and details, one per line.
  /// - Parameters:
  ///   - verb: The command.
  ///   - language: The user's language.
  public static func topic(_ verb: CommandVerb, in language: DisplayLanguage) -> String {
    var lines = [verb.usage, summary(verb, language)]
    if !verb.aliases.isEmpty {
      lines.append((language == .korean ? "줄임: " : "Also: ") + verb.aliases.joined(separator: ", "))
    }
    lines += language == .korean ? koreanDetails(verb) : verb.details
    return lines.joined(separator: "\n")
  }

  /// The one-line explanation of a command.
  static func summary(_ verb: CommandVerb, _ language: DisplayLanguage) -> String {
    guard language == .korean else { return verb.summary }
    return switch verb {
    case .next: "다음 달 보기"
    case .previous: "이전 달 보기"
    case .today: "이번 달을 보고 오늘 선택"
    case .go: "어느 달로 가기; 날짜를 주면 그날도 선택"
    case .day: "날 선택: 이 달의 1-31, 또는 날짜"
    case .week: "선택한 날의 주 보기"
    case .month: "달 전체 보기"
    case .mode: "날짜만, 또는 날마다 합계도 보기"
    case .firstWeekday: "주의 첫 요일: 1(일요일) … 7(토요일)"
    case .add: "내역 추가; 인자 없이 쓰면 하나씩 묻기"
    case .edit: "선택한 날의 N번 내역 고치기"
    case .delete: "선택한 날의 N번 내역 지우기"
    case .undo: "마지막 변경 되돌리기"
    case .redo: "되돌린 변경 다시 하기"
    case .help: "명령 목록, 또는 한 명령의 설명"
    case .quit: "한눈 끝내기 (Ctrl-D도 됩니다)"
    case .cancel: "입력 중인 양식이나 선택 그만두기"
    case .pick: "연도와 달을 골라 가기"
    case .list: "선택한 날의 내역을 N쪽씩 보기"
    case .report: "보이는 달(또는 그 해)의 수입과 지출, 분류별 비율"
    case .year: "보이는 해: 열두 달의 작은 달력과 합계"
    case .categories: "분류마다 내역 수와 합계"
    case .category: "분류 이름 바꾸기, 또는 다른 분류에 합치기"
    }
  }

  private static func koreanDetails(_ verb: CommandVerb) -> [String] {
    switch verb {
    case .go:
      [
        "YYYY-MM은 그 달을 보여 줍니다. 예: go 2025-11",
        "YYYY-MM-DD는 그 달을 보여 주고 그날을 선택합니다. 예: go 2025-11-03",
      ]
    case .day:
      [
        "D는 보이는 달의 날(1-31), YYYY-MM-DD 날짜,",
        "또는 오늘, 어제, 내일 (today, yesterday, tomorrow). 예: day 15",
      ]
    case .mode:
      [
        "dateonly (또는 date-only): 날마다 날짜만 보입니다.",
        "amounts (또는 amount): 날마다 수입과 지출 합계도 보입니다.",
      ]
    case .firstWeekday:
      ["1은 일요일, 2는 월요일, … 7은 토요일. 예: firstweekday 2"]
    case .add:
      [
        "종류: 수입 또는 지출 (income, expense, i, e)",
        "금액: 12000, 12,000, ₩12,000, 3만5천, 1.5만, 오만원",
        "메모: 나머지 낱말",
        "--date D: day 명령처럼 적는 날; 없으면 선택한 날",
        "띄어쓰기가 있는 글은 따옴표로: add 지출 4500 카페 \"민이와 커피\"",
        "add만 쓰면 항목을 하나씩 묻습니다.",
      ]
    case .edit, .delete:
      ["N은 선택한 날 목록의 번호, 또는 내역의 아이디입니다."]
    case .help:
      ["예: help add"]
    case .report:
      [
        "수입, 지출, 합계, 지난 달(또는 해) 대비 변화, 분류마다 비율과 막대를 보여 줍니다.",
        "report year는 보이는 해 전체입니다.",
        "셸에서: hannun report [YYYY-MM] [--year YYYY] [--from … --to …] [--json]",
      ]
    case .categories, .category: koreanCategoryDetails
    case .list:
      [
        "달력 아래에 다 보이지 않으면 화면 끝에 …외 N건 (list)이 나옵니다.",
        "list는 그 내역을 쪽마다 보여 줍니다: list 2, list 3 …",
      ]
    default:
      []
    }
  }

  /// The usage without `add`'s long argument list, for the overview table.
  private static func shortUsage(_ verb: CommandVerb) -> String {
    verb == .add ? "add [KIND AMOUNT CATEGORY ...]" : verb.usage
  }
}
