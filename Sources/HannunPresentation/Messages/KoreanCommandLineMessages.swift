import HannunDomain

/// ``CommandLineMessages`` in Korean.
public struct KoreanCommandLineMessages: CommandLineMessages {
  /// The Korean sentences.
  public init() {}

  /// `CommandLineMessages`.
  public func describe(_ refusal: CommandLineRefusal) -> String {
    switch refusal {
    case .unknownCommand(let word, let likely?):
      "'\(word)'은(는) hannun의 명령이 아닙니다. 그 일은 hannun \(likely)(으)로 합니다"
        + " (명령 목록은 hannun --help)"
    case .unknownCommand(let word, nil):
      "'\(word)'은(는) hannun의 명령이 아닙니다. 명령 목록은 hannun --help에서 봅니다"
    // undo와 redo만 이 문장들을 씁니다: 둘 다 모음으로 끝나 '는'이 맞습니다.
    case .sessionOnly(let word) where word.lowercased() == "redo":
      "'\(word)'는 달력 화면(명령 없이 hannun)에서 undo 뒤에 쓰는 명령입니다. 한 번 실행하는 명령은 "
        + "다시 할 기록을 남기지 않으니, 바꾼 것을 hannun add나 hannun edit ID로 다시 하세요"
    case .sessionOnly(let word):
      "'\(word)'는 달력 화면(명령 없이 hannun)에서 그 안에서 한 변경에 쓰는 명령입니다. 한 번 "
        + "실행하는 명령은 되돌릴 기록을 남기지 않으니, 추가한 내역은 hannun delete ID로 지우고 "
        + "고친 내역은 hannun edit ID로 다시 고치세요"
    case .addNeedsAmount: "add에는 금액이 필요합니다. 예: hannun add --expense 12000 --category 식비"
    case .addNeedsCategory: "add에는 --category가 필요합니다. 예: --category 식비"
    case .addExtra(let words, let category?, let memo?):
      "'\(words)'은(는) 남는 말입니다. add 뒤에는 금액 하나만 오고, 분류는 --category 뒤에, "
        + "메모는 --memo 뒤에 씁니다: \(category) \(memo)"
    case .addExtra(let words, let category?, nil):
      "'\(words)'은(는) 남는 말입니다. add 뒤에는 금액 하나만 오고, 분류는 --category 뒤에 씁니다: "
        + category
    case .addExtra(let words, nil, let memo?):
      "'\(words)'은(는) 남는 말입니다. add 뒤에는 금액 하나만 오고, 메모는 --memo 뒤에 씁니다: \(memo)"
    case .addExtra(let words, nil, nil):
      "'\(words)'은(는) 남는 말입니다. add 뒤에는 금액 하나만 오고 분류와 메모는 이미 적었습니다. 지우세요"
    case .addOptionsAfterTerminator(let words):
      "'\(words)'은(는) -- 뒤에 있습니다. -- 뒤의 말은 옵션으로 읽지 않으니 옵션은 -- 앞에 쓰세요"
    case .editNeedsChange:
      "edit에는 바꿀 것이 필요합니다: --income이나 --expense, --amount, --category, --memo, --date"
    case .needsEntryID(let command):
      "\(command)에는 내역의 id가 필요합니다. 예: hannun \(command) k3v9x2"
        + (command == "edit" ? " --amount 15000" : "")
        + " (id는 day와 find가 # 뒤에 보여 주며, 앞 몇 글자만 적어도 됩니다)"
    case .needsRuleID(let command):
      "recurring \(command)에는 규칙의 id가 필요합니다. 예: hannun recurring \(command) r1"
        + (command == "edit" ? " --amount 700000" : "") + " (규칙 목록은 hannun recurring)"
    case .renameNeedsNames:
      "category rename에는 지금 이름과 새 이름이 필요합니다. 예: hannun category rename 식비 외식 "
        + "(띄어쓰기가 있으면 따옴표로)"
    case .importNeedsFile:
      "import에는 파일이 필요합니다. 예: hannun import 내역.csv (은행의 CSV 내역이나 hledger/ledger 저널)"
    case .reportOneSpan: "report에는 달, --year, --from/--to 가운데 하나만 적으세요"
    case .reportNeedsBothEnds: "--from과 --to는 함께 적으세요. 예: --from 2025-01 --to 2025-06"
    case .reportBackwards(let from, let to):
      "--from \(from)이(가) --to \(to)보다 늦습니다. 앞의 달을 --from에 적으세요"
    case .budgetSetNeedsAmount: "budget set에는 금액이 필요합니다. 예: hannun budget set 30만 --category 식비"
    case .budgetShowTakesNoOptions:
      "--category와 --from은 budget set, budget remove에만 씁니다. 보기는 hannun budget [YYYY-MM]"
    case .budgetUnknownAction(let word): "'\(word)'은(는) 달(YYYY-MM)도, set이나 remove도 아닙니다"
    case .budgetExtra(let words):
      "'\(words)'은(는) 남는 말입니다. budget 뒤에는 set 금액 [분류], remove [분류], 달(YYYY-MM)"
        + " 가운데 하나만 옵니다. 예: hannun budget set 30만 식비"
    case .budgetCategoryTwice(let word, let option):
      "분류를 '\(word)'와(과) --category \(option), 두 번 적었습니다. 한 번만 적으세요."
        + " 예: hannun budget set 30만 \(word)"
    case .moodNeedsMood: "--note에는 기분이 필요합니다. 예: hannun mood 기쁨 --note 월급날"
    case .moodClearTakesNoNote: "--clear와 --note는 함께 쓸 수 없습니다"
    case .moodClearTakesNoMood: "--clear에는 날짜만 적으세요. 예: hannun mood 2025-11-03 --clear"
    case .moodNeitherMoodNorDay(let word):
      "'\(word)'은(는) 기분도 날짜도 아닙니다. 기분("
        + Mood.allCases.map(\.koreanName).joined(separator: ", ")
        + " 또는 그 이모지)을 적거나, 그날의 기분을 보려면 날짜(예: 2025-11-03)를 적으세요"
    case .moodExtra(let words):
      "'\(words)'은(는) mood에 필요 없는 말입니다. 날짜와 기분만 적으세요. 예: hannun mood 2025-11-03 기쁨"
        + " (메모는 --note로)"
    case .exportUnknownFormat(let format):
      "'\(format)'은(는) 모르는 형식입니다. --format csv, journal, json 가운데 하나를 쓰세요"
    case .exportNeedsFormat(let output):
      "--format csv, journal, json 가운데 하나로 형식을 적으세요"
        + (output.map { " ('\($0)'의 끝이 .csv, .journal, .ledger, .json이 아닙니다)" } ?? "")
    case .exportBOMNeedsCSV: "--bom은 --format csv와만 씁니다"
    case .exportBackwards(let from, let to):
      "--from \(from)이(가) --to \(to)보다 늦습니다. 앞의 날을 --from에 적으세요"
    case .exportCannotWrite(let path, let reason): "\(path)에 쓸 수 없습니다: \(reason). 바뀐 것은 없습니다"
    case .exportInsideData(let path, let data):
      "\(path)은(는) 데이터 폴더 \(data) 안에 있어 "
        + "가계부 파일을 덮어쓸 수 있으므로 쓰지 않았습니다. --output에 데이터 폴더 밖의 경로를 적으세요"
    case .categoriesOnePeriod: "categories에는 달, --year, --from/--to, --all 가운데 하나만 적으세요"
    case .recurringNeedsSchedule:
      "반복 일정이 필요합니다: --monthly 25, --last-business-day, --yearly 03-15, --weekly fri 가운데 하나"
    case .recurringOneSchedule: "반복 일정은 하나만 적으세요"
    case .recurringNeedsAmount:
      "금액이 필요합니다. 예: hannun recurring add --monthly 25 650000 --category 월세"
    case .recurringEditNeedsChange:
      "바꿀 것이 필요합니다: 일정, --income이나 --expense, --amount, --category, --memo, --from, --until, --no-end"
    case .recurringNeedsOccurrence: "규칙과 날짜가 필요합니다. 예: r1 2025-11-25 (hannun due로 확인)"
    case .recurringConfirmAllOrOne: "--all이나 규칙과 날짜 가운데 하나만 적으세요"
    case .recurringChangeNeedsChange: "change에는 바꿀 것이 필요합니다: --amount, --memo, --on"
    case .serveBadListenAddress(let text):
      "--listen '\(text)'은(는) 주소가 아닙니다. 호스트:포트로 적으세요. 예: 127.0.0.1:8080, 0.0.0.0:8080"
    case .serveCannotListen(let address, let reason, let instead):
      "\(address)에서 서버를 열 수 없습니다: \(listenReason(reason)). 예: --listen \(instead)"
    case .serveUnreadableTokenFile(let path, let reason): "토큰 파일 \(path)을(를) 읽을 수 없습니다: \(reason)"
    case .serveCannotWriteTokenFile(let path, let reason): "토큰 파일 \(path)을(를) 만들 수 없습니다: \(reason)"
    case .serveTokenFileNotPrivate(let path, let mode):
      "토큰 파일 \(path)을(를) 다른 사용자도 읽거나 바꿀 수 있습니다(권한 \(mode)). "
        + "주인만 쓰도록 chmod 600 \(path) 하세요"
    case .serveWeakToken(let path, let bits, let minimum):
      "\(path)의 토큰은 추측하기 쉽습니다: 약 \(bits)비트이며 \(minimum)비트 "
        + "이상이어야 합니다(무작위 16진수 32자리 이상, 예: openssl rand -hex 32 > \(path))"
    case .serveUnknownDevice(let id):
      "--revoke \(id): 그런 기기가 없습니다. hannun serve --devices 가 보여 주는 ID를 쓰세요. 바뀐 것은 없습니다"
    case .serveServerMissing(let path):
      "hannun serve 는 hannun 옆의 hannun-serve 로 돕니다: \(path)을(를) 실행할 수 없습니다. "
        + "hannun 과 같은 폴더에 hannun-serve 를 두세요(swift build 가 둘 다 만듭니다)"
    case .replMissing(let path):
      "hannun 의 대화형 달력은 hannun 옆의 hannun-repl 로 돕니다: \(path)을(를) 실행할 수 없습니다. "
        + "hannun 과 같은 폴더에 hannun-repl 을 두세요(swift build 가 둘 다 만듭니다)"
    }
  }

  /// `CommandLineMessages`.
  public func negativeAmount(_ amount: String, budget: Bool) -> String {
    budget
      ? "'\(amount)'은(는) 0보다 큰 금액이 아닙니다. 예산은 양수인 한 달 한도입니다"
      : "'\(amount)'은(는) 0보다 큰 금액이 아닙니다. 금액은 양수로 적고, --income이나 --expense로 "
        + "방향을 정합니다"
  }

  /// `CommandLineMessages`.
  public func seeHelp(_ command: String) -> String { " (\(command) --help 참고)" }

  /// `CommandLineMessages`.
  public func serving(at address: String) -> String {
    "hannun serve: http://\(address)/ 에서 달력을 엽니다 (끝내려면 Ctrl-C)"
  }

  /// `CommandLineMessages`.
  public func alsoServing(at address: String) -> String { "  http://\(address)/ 에서도 열립니다" }

  /// `CommandLineMessages`.
  public func signInToken(in tokenFile: String) -> String {
    "로그인 토큰은 \(tokenFile)에 있습니다. 다른 사람에게 보이지 마세요"
  }

  /// `CommandLineMessages`.
  public func pairWith(_ address: String, code: String) -> String {
    "폰 연결: 이 QR 코드를 찍거나 \(address) 에서 코드 \(code) 를 넣으세요 (한 번만, 10분 안에. 새 코드는 Enter)"
  }

  /// `CommandLineMessages`.
  public func paired(_ name: String) -> String { "\(name.isEmpty ? "이름 없는 기기" : name) 연결됨" }

  /// `CommandLineMessages`.
  public func device(_ id: String, name: String, since: String, until: String) -> String {
    "\(id)  \(name.isEmpty ? "이름 없음" : name)  \(since)부터, \(until)까지"
  }

  /// `CommandLineMessages`.
  public var noDevices: String { "연결된 기기가 없습니다" }

  /// `CommandLineMessages`.
  public func revoked(_ id: String, name: String) -> String {
    "\(id) (\(name.isEmpty ? "이름 없음" : name)) 기기의 연결을 끊었습니다. 다시 쓰려면 새로 연결하세요"
  }

  /// `CommandLineMessages`.
  public func noMood(on day: Day) -> String { "\(day.iso) 기분 없음" }

  /// Why `serve` could not listen, ending with what to give instead.
  private func listenReason(_ reason: ListenProblem) -> String {
    switch reason {
    case .inUse:
      "다른 프로그램(다른 hannun serve일 수도 있습니다)이 그 포트를 쓰고 있습니다. 다른 포트를 적으세요"
    case .notPermitted:
      "1024보다 작은 포트에는 이 사용자에게 없는 권한이 필요합니다. 1024 이상을 적으세요"
    case .notThisMachine:
      "이 컴퓨터에는 그런 주소가 없습니다. 이 컴퓨터의 주소나, 모든 주소를 뜻하는 0.0.0.0을 적으세요"
    case .unknownHost:
      "그런 이름의 호스트가 없습니다. 주소를 적으세요"
    }
  }
}
