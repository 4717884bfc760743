import HannunDomain

/// ``HelpMessages`` in Korean.
public struct KoreanHelpMessages: HelpMessages {
  /// The Korean words.
  public init() {}

  /// `HelpMessages`.
  public var overviewHeading: String {
    "명령 (대소문자 구분 없음; 괄호 안은 줄임):"
  }

  /// `HelpMessages`.
  public func name(of group: HelpGroup) -> String {
    switch group {
    case .calendar: "달력"
    case .entries: "기록"
    case .lookInto: "살펴보기"
    case .household: "가계"
    case .other: "기타"
    }
  }

  /// `HelpMessages`.
  public var helpArgument: String { "[명령]" }

  /// `HelpMessages`.
  public var keysHeading: String { "키 (Enter 없이):" }

  /// `HelpMessages`.
  public var keys: [(key: String, meaning: String)] {
    [
      ("PageDown, Alt-→, ]", "다음 달 (주간 보기에서는 다음 주)"),
      ("PageUp, Alt-←, [", "이전 달 (이전 주)"),
      ("Alt-t, Home", "이번 달, 오늘 선택"),
      ("Tab", "명령, 분류, 날짜, 내역 번호 완성"),
      ("", "[, ], Home은 빈 줄에서만; 적던 글은 그대로 남습니다"),
    ]
  }

  /// `HelpMessages`.
  public var moreHelp: String { "자세한 설명은 help 명령, 예: help add." }

  /// `HelpMessages`.
  public var aliasesLabel: String { "줄임: " }

  /// `HelpMessages`.
  public func summary(_ topic: HelpTopic) -> String {
    switch topic {
    case .next: "다음 달 보기"
    case .previous: "이전 달 보기"
    case .today: "이번 달을 보고 오늘 선택"
    case .go: "어느 달로 가기; 날짜를 주면 그날도 선택"
    case .day: "날 선택: 이 달의 1-31, 또는 날짜"
    case .week: "선택한 날의 주 보기"
    case .month: "달 전체 보기"
    case .mode: "날짜만, 또는 날마다 합계나 기분도 보기"
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
    case .budget: "달마다의 예산 보기, 정하기, 없애기"
    case .recurring: "반복 규칙 보기, 추가, 고치기, 지우기"
    case .due: "반복 항목 보기, N번 확정·건너뛰기·바꾸기"
    case .find: "장부 전체의 메모와 분류에서 찾기"
    case .open: "찾은 내역 N번의 날 보기"
    case .categories: "분류마다 내역 수와 합계"
    case .category: "분류 이름 바꾸기, 또는 다른 분류에 합치기"
    case .importFile: "은행 CSV 내역이나 journal을 한 번에 가져오기 (undo 한 번)"
    case .mood: "그날의 기분을 기분 일기에 적기"
    }
  }

  /// `HelpMessages`.
  public func details(_ topic: HelpTopic) -> [String] {
    switch topic {
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
        "emotion (또는 mood): 날마다 기분 일기의 기분도 보입니다.",
      ]
    case .firstWeekday:
      ["1은 일요일, 2는 월요일, … 7은 토요일. 예: firstweekday 2"]
    case .add:
      [
        "종류: 수입 또는 지출 (income, expense, i, e)",
        "종류를 빼면 지출: add 4500 카페",
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
        "report year는 보이는 해 전체, report 2025는 그 해, report 2025-03은 그 달입니다.",
        "report mood [기간]: 기분마다 하루 평균 지출과 그날 더 쓴 분류",
        "(셸에서: hannun report --by-mood).",
        "셸에서: hannun report [YYYY-MM | YYYY] [--year YYYY]",
        "[--from … --to …] [--json]",
      ]
    case .categories, .category:
      [
        "PERIOD: year(보이는 해), all(전체 기간), YYYY(그 해), YYYY-MM; 없으면 보이는 달.",
        "분류마다 종류, 내역 수, 합계를 종류 안에서 큰 것부터 보여 줍니다.",
        "category rename 옛이름 새이름: 가계부 전체에서 분류를 한 번에 바꿉니다.",
        "내역과 함께 그 분류의 예산과 반복 규칙도 옮깁니다.",
        "새이름이 이미 있으면 두 분류를 합칩니다(같은 달에 둘 다 예산이 있으면",
        "합치지 않습니다). undo로 한 번에 되돌립니다.",
        "띄어쓰기가 있는 이름은 따옴표로: category rename \"외식 비용\" 식비",
        "셸에서: hannun categories [YYYY-MM | --year YYYY | --from M --to M",
        "| --all] [--json], hannun category rename 옛이름 새이름",
      ]
    case .importFile:
      [
        "FILE: CSV 내역(UTF-8, CP949)이나 hledger/ledger journal (확장자로 구분).",
        "모든 줄을 먼저 검사해 한 줄이라도 틀리면 아무것도 더하지 않습니다.",
        "이미 있는 내역(같은 날, 종류, 금액, 메모)은 건너뜁니다.",
        "--dry-run은 더할 것만 보여 줍니다. undo로 가져온 것 전체를 되돌립니다.",
        "셸에서: hannun import FILE [--format csv|journal] [--dry-run]",
        "[--map 항목=머리글 …] [--category 분류] [--json]",
        "한눈 백업(hannun export --format json)은 여기서 가져오지 않습니다.",
        "백업은 빈 장부에만 되살리므로 셸에서:",
        "hannun import 백업파일 --data 새폴더",
      ]
    case .mood:
      [
        "기분: " + Mood.allCases.map { "\($0.emoji) \($0.koreanName)" }.joined(separator: ", "),
        "(영어 이름도 됩니다: " + Mood.allCases.map(\.englishName).joined(separator: ", ") + ")",
        "DAY는 day 명령처럼; 없으면 선택한 날. 메모: 나머지 낱말, 최대 \(MoodRules.noteLimit)자.",
        "mood clear는 그날의 기분을 지웁니다. undo로 내역처럼 되돌립니다.",
        "mode emotion으로 달력에 기분을 보여 줍니다.",
        "셸에서: hannun mood [YYYY-MM-DD] 기분 [--note 메모] | --clear",
      ]
    case .list:
      [
        "달력 아래에 다 보이지 않으면 화면 끝에 …외 N건 (list)이 나옵니다.",
        "list는 그 내역을 쪽마다 보여 줍니다: list 2, list 3 …",
      ]
    case .budget:
      [
        "budget만 쓰면 보이는 달의 예산을 보여 줍니다: 쓴 돈, 한도, 남은 돈과 막대.",
        "budget set 금액은 한 달 전체 예산을, 분류를 적으면 그 분류의 예산을 정합니다.",
        "분류를 먼저 써도 됩니다: budget set 식비 30만.",
        "예산은 보이는 달(또는 --from YYYY-MM)부터 바꿀 때까지 이어집니다.",
        "budget remove [분류]는 그 달부터 예산을 없앱니다.",
        "예: budget set 30만 식비, budget set 200만, budget remove 식비 --from 2025-07",
        "셸에서: hannun budget [YYYY-MM] [--json], hannun budget set|remove …",
      ]
    case .recurring:
      [
        "recurring만 쓰면 규칙 목록을 보여 줍니다.",
        "recurring add 일정 종류 금액 분류 [메모] [--from D] [--until D]",
        "  일정: monthly 25 | last-business-day | yearly 03-15 | weekly fri",
        "  예: recurring add monthly 25 지출 65만 월세 --from 2025-01-01",
        "recurring edit ID amount|category|memo|kind|from|until|schedule 값",
        "  (until none은 끝을 없앰); recurring remove ID",
      ]
    case .due:
      [
        "due는 오늘까지 확정을 기다리는 항목을 번호와 함께 보여 줍니다.",
        "confirm N, confirm all, skip N, change N amount 70만 (또는 memo 글, date D)",
        "규칙과 예정일로도 됩니다: confirm r1 2025-11-25",
        "예정 항목은 달력에 ~로 흐리게 보이고 합계에는 들어가지 않습니다.",
      ]
    case .find:
      [
        "TEXT는 메모와 분류에서 찾습니다 (대소문자 구분 없음): find 커피, find coffee",
        "--kind 수입|지출, --category C (분류 전체), --from D, --to D (day처럼 적는 날,",
        "양 끝 포함), --min A, --max A (add처럼 적는 금액).",
        "최근 것부터 보이고 합계가 나옵니다. open N은 N번의 날을 보여 줍니다.",
        "결과가 보이는 동안 edit N, delete N은 N번을 고치거나 지우고,",
        "list N은 N쪽을 보여 줍니다.",
      ]
    case .open:
      ["N은 마지막 find 결과의 번호입니다. 그 내역의 날이 선택됩니다."]
    default:
      []
    }
  }
}
