/// The one-shot commands' help and the argument parser's usage errors in Korean (see
/// ``CommandLineText``).
enum KoreanCommandLineText {
  /// Each command's help sentences, keyed by the English each command writes.
  static let help: [String: String] = Dictionary(
    helpPairs, uniquingKeysWith: { first, _ in first })

  /// The pairs of ``help``, in the order the commands list them; a test checks no English text
  /// is given twice.
  static let helpPairs: [(String, String)] = [
    // hannun, repl and the options every command takes
    ("한눈 — your household ledger's month at a glance.", "한눈 — 가계부의 한 달을 한눈에."),
    (
      """
      With no subcommand, opens the calendar REPL (type help inside). Commands read from a pipe \
      run as a script, without prompt or colour.

      Options every command takes, before or after the subcommand:
        --data DIR          the data directory (default: $HANNUN_DATA,
                            $XDG_DATA_HOME/hannun or ~/.local/share/hannun)
        --locale ko|en      language of titles, labels and messages (LC_ALL, LANG)
        --currency CODE     ISO 4217 currency of a new ledger (from the locale)
        --color WHEN        auto (a terminal, and NO_COLOR unset), always, never
        --ascii             moods as text tags instead of emoji (also TERM=linux)
      repl, month, week and serve also take --first-weekday 1-7 (1 is Sunday).

      Shell completion: hannun --generate-completion-script bash|zsh|fish
      """,
      """
      명령 없이 실행하면 달력 REPL이 열립니다(안에서 help를 입력하세요). 파이프로 읽은 명령은 \
      프롬프트와 색 없이 스크립트로 실행됩니다.

      모든 명령이 받는 옵션(명령 앞이나 뒤에 적습니다):
        --data DIR          데이터 폴더 (기본값: $HANNUN_DATA,
                            $XDG_DATA_HOME/hannun 또는 ~/.local/share/hannun)
        --locale ko|en      제목, 이름표, 메시지의 언어 (LC_ALL, LANG)
        --currency CODE     새 가계부의 ISO 4217 통화 (로캘에서 정함)
        --color WHEN        auto(터미널이고 NO_COLOR가 없을 때), always, never
        --ascii             기분을 이모지 대신 글자 표시로 (TERM=linux에서도)
      repl, month, week, serve는 --first-weekday 1-7도 받습니다(1은 일요일).

      셸 자동 완성: hannun --generate-completion-script bash|zsh|fish
      """
    ),
    ("Open the interactive calendar (the default).", "대화형 달력을 엽니다(기본 명령)."),
    (
      "The first column of the calendar: 1 (Sunday) to 7 (Saturday).",
      "달력의 첫 열: 1(일요일)부터 7(토요일)까지."
    ),
    (
      "The data directory (default: $HANNUN_DATA, $XDG_DATA_HOME/hannun or ~/.local/share/hannun).",
      "데이터 폴더 (기본값: $HANNUN_DATA, $XDG_DATA_HOME/hannun 또는 ~/.local/share/hannun)."
    ),
    (
      "Language of titles and labels: ko or en (default: from LC_ALL / LANG).",
      "제목과 이름표의 언어: ko 또는 en (기본값: LC_ALL / LANG에서 정함)."
    ),
    (
      "Colour: auto (only on a terminal, off when NO_COLOR is set), always or never.",
      "색: auto(터미널에서만, NO_COLOR가 있으면 끔), always 또는 never."
    ),
    (
      "ISO 4217 currency of a new ledger (default: from the locale, KRW for Korean, USD otherwise).",
      "새 가계부의 ISO 4217 통화 (기본값: 로캘에서 정함, 한국어는 KRW, 그 밖에는 USD)."
    ),
    (
      "Show moods as text tags instead of emoji (also when TERM=linux).",
      "기분을 이모지 대신 글자 표시로 보여 줍니다(TERM=linux일 때도)."
    ),

    // month, week, day, report, year
    ("Show a month (default: this month).", "한 달을 보여 줍니다(기본값: 이번 달)."),
    ("The month, YYYY-MM.", "달, YYYY-MM."),
    ("The first column: 1 (Sunday) to 7 (Saturday).", "첫 열: 1(일요일)부터 7(토요일)까지."),
    ("Print JSON.", "JSON으로 출력합니다."),
    (
      "Show the week containing a day (default: today).",
      "어느 날이 든 주를 보여 줍니다(기본값: 오늘)."
    ),
    ("A day in the week, YYYY-MM-DD.", "그 주의 하루, YYYY-MM-DD."),
    ("Show one day's entries.", "하루의 내역을 보여 줍니다."),
    (
      "The day, YYYY-MM-DD (or today, yesterday, 11/3, 3일…); default today.",
      "날짜, YYYY-MM-DD(또는 오늘, 어제, 11/3, 3일…). 기본값은 오늘."
    ),
    (
      "Income, expense and every category of a month, a year or a span, with bars.",
      "한 달, 한 해, 또는 기간의 수입, 지출, 분류별 합계를 막대와 함께 보여 줍니다."
    ),
    (
      "The month, YYYY-MM, or a whole year, YYYY (default: this month).",
      "달(YYYY-MM)이나 한 해(YYYY) (기본값: 이번 달)."
    ),
    ("A whole year, YYYY.", "한 해 전체, YYYY."),
    ("The first month of a span, YYYY-MM.", "기간의 첫 달, YYYY-MM."),
    ("The last month of a span, YYYY-MM.", "기간의 마지막 달, YYYY-MM."),
    (
      "Spending by mood: the average day on each mood, rising categories.",
      "기분별 지출: 기분마다 하루 평균과 늘어난 분류."
    ),
    (
      "The twelve months of a year at a glance (default: this year).",
      "한 해의 열두 달을 한눈에 보여 줍니다(기본값: 올해)."
    ),
    ("The year, YYYY.", "연도, YYYY."),
    ("Print the twelve months' totals as JSON.", "열두 달의 합계를 JSON으로 출력합니다."),

    // add, edit, delete
    ("Add an income or expense; prints the new id.", "수입이나 지출을 기록하고 새 id를 출력합니다."),
    (
      "Whether money came in or went out (default: --expense).",
      "돈이 들어왔는지 나갔는지 (기본값: --expense)."
    ),
    (
      "The amount: 12000, 12,000, ₩12,000, $12.50, 3만5천 …",
      "금액: 12000, 12,000, ₩12,000, $12.50, 3만5천 …"
    ),
    ("The category, 1-40 characters.", "분류, 1-40자."),
    ("A memo, up to 200 characters.", "메모, 200자까지."),
    ("The day, YYYY-MM-DD (default: today).", "날짜, YYYY-MM-DD (기본값: 오늘)."),
    ("Print the new entry as JSON.", "새 내역을 JSON으로 출력합니다."),
    (
      "Change fields of an entry; only those given change.",
      "내역의 항목을 바꿉니다. 적은 항목만 바뀝니다."
    ),
    ("The entry's id (or a unique prefix).", "내역의 id (또는 하나로 정해지는 앞부분)."),
    ("Change the kind.", "종류를 바꿉니다."),
    ("A new amount.", "새 금액."),
    ("A new category.", "새 분류."),
    ("A new memo.", "새 메모."),
    ("A new day, YYYY-MM-DD.", "새 날짜, YYYY-MM-DD."),
    ("Print the changed entry as JSON.", "바뀐 내역을 JSON으로 출력합니다."),
    ("Delete an entry (no confirmation).", "내역을 삭제합니다(묻지 않습니다)."),
    ("Print the deleted entry as JSON.", "삭제한 내역을 JSON으로 출력합니다."),

    // budget
    (
      "Show a month's budgets, or set, change or remove one.",
      "한 달의 예산을 보여 주거나, 예산을 정하고 바꾸고 없앱니다."
    ),
    (
      """
      A budget is a monthly limit on expenses, for the whole ledger or for one category \
      (CATEGORY, or --category). It holds from --from (default: this month) until it is \
      changed; remove takes it away from that month on. AMOUNT takes every form add does: \
      300000, 30만, ₩300,000; the category may come before it (budget set 식비 30만).
      """,
      """
      예산은 가계부 전체나 한 분류(CATEGORY 또는 --category)의 한 달 지출 한도입니다. \
      --from(기본값: 이번 달)부터 바꿀 때까지 이어지고, remove는 그 달부터 예산을 없앱니다. \
      AMOUNT는 add가 받는 모든 꼴을 받습니다: 300000, 30만, ₩300,000. 분류를 금액 앞에 \
      적어도 됩니다(budget set 식비 30만).
      """
    ),
    (
      "Nothing or YYYY-MM to show a month (default: this month); set AMOUNT [CATEGORY]; remove [CATEGORY].",
      "한 달을 보려면 비우거나 YYYY-MM (기본값: 이번 달). set AMOUNT [분류], 또는 remove [분류]."
    ),
    (
      "The category the budget is for (default: the whole ledger).",
      "예산의 분류 (기본값: 가계부 전체)."
    ),
    (
      "The first month it applies to, YYYY-MM (default: this month).",
      "예산이 시작되는 달, YYYY-MM (기본값: 이번 달)."
    ),
    ("Print the month's budgets as JSON.", "그 달의 예산을 JSON으로 출력합니다."),

    // categories, category rename
    (
      "Categories of a month, a year, a span or all time, with counts and totals.",
      "한 달, 한 해, 기간, 또는 전체의 분류를 건수와 합계와 함께 보여 줍니다."
    ),
    ("The whole ledger.", "가계부 전체."),
    ("Rename a category, or merge it into another.", "분류 이름을 바꾸거나 다른 분류에 합칩니다."),
    (
      "Rename a category in every entry, budget and rule at once; merges into NEW when it exists.",
      "모든 내역, 예산, 반복 규칙의 분류 이름을 한 번에 바꿉니다. NEW가 이미 있으면 합칩니다."
    ),
    ("The category as stored.", "기록된 분류 이름."),
    (
      "The new name (an existing category merges the two).",
      "새 이름 (이미 있는 분류면 둘을 합칩니다)."
    ),
    ("Print what changed as JSON.", "바뀐 것을 JSON으로 출력합니다."),

    // export, import
    (
      "Write the entries as CSV or an hledger/ledger journal, or a complete JSON backup.",
      "내역을 CSV나 hledger/ledger 장부로, 또는 온전한 JSON 백업으로 씁니다."
    ),
    (
      "--format json writes everything the ledger holds (entries with ids and stamps, budgets, "
        + "recurring rules and their decisions, moods); --from/--to limit its entries and moods "
        + "by day, budgets and rules are always whole.",
      "--format json은 가계부의 모든 것(id와 기록 시각이 있는 내역, 예산, 반복 규칙과 그 결정, "
        + "기분)을 씁니다. --from/--to는 내역과 기분을 날짜로 줄이고, 예산과 규칙은 언제나 "
        + "전부 씁니다."
    ),
    (
      "csv, journal or json (a complete backup); by default what the --output file's name ends in"
        + " (.csv, .journal or .ledger, .json).",
      "csv, journal 또는 json (온전한 백업). 적지 않으면 --output 파일 이름의 끝"
        + "(.csv, .journal이나 .ledger, .json)을 따릅니다."
    ),
    (
      "The first day, included: YYYY-MM-DD, 11/3, yesterday, 어제 …",
      "첫날 (포함): YYYY-MM-DD, 11/3, 어제, yesterday …"
    ),
    ("The last day, included.", "마지막 날 (포함)."),
    (
      "Write to this file (owner-only) instead of standard output.",
      "표준 출력 대신 이 파일에 씁니다(소유자만 읽을 수 있게)."
    ),
    (
      "Start a CSV file with a byte-order mark, for spreadsheets.",
      "스프레드시트를 위해 CSV 파일을 바이트 순서 표시(BOM)로 시작합니다."
    ),
    (
      "Add the entries of a CSV statement or an hledger/ledger journal, all or nothing.",
      "CSV 명세서나 hledger/ledger 장부의 내역을 모두 더하거나, 하나도 더하지 않습니다."
    ),
    (
      "A Hannun backup (hannun export --format json) is restored whole into an EMPTY ledger: "
        + "entries with their ids and stamps, budgets, recurring rules, moods. Give a new data "
        + "folder with --data; a ledger that holds anything is refused.",
      "한눈 백업(hannun export --format json)은 빈 가계부에만 통째로 되살립니다: id와 기록 시각이 "
        + "있는 내역, 예산, 반복 규칙, 기분. --data로 새 데이터 폴더를 주세요. 무엇이든 든 "
        + "가계부에는 되살리지 않습니다."
    ),
    (
      "The file to read (UTF-8, with or without BOM, or CP949/EUC-KR).",
      "읽을 파일 (BOM이 있거나 없는 UTF-8, 또는 CP949/EUC-KR)."
    ),
    (
      "csv, journal or json (default: a backup is json, else the extension).",
      "csv, journal 또는 json (기본값: 백업이면 json, 아니면 확장자)."
    ),
    ("Show what would be added; write nothing.", "더해질 것만 보여 주고 아무것도 쓰지 않습니다."),
    (
      "A CSV column for a field: FIELD=HEADER, FIELD one of \(ImportCommand.fieldList). Repeatable.",
      "항목에 쓸 CSV 열: FIELD=HEADER, FIELD는 \(ImportCommand.fieldList) 가운데 하나. 여러 번 적을 수 "
        + "있습니다."
    ),
    (
      "The category of rows without one (default 미분류/uncategorized).",
      "분류가 없는 줄의 분류 (기본값: 미분류/uncategorized)."
    ),
    (
      "Print what was (or would be) added as JSON.",
      "더한 것(또는 더해질 것)을 JSON으로 출력합니다."
    ),

    // find
    (
      "Search memos and categories; newest first, with the total of the matches.",
      "메모와 분류를 찾습니다. 최근 것부터, 찾은 내역의 합계와 함께."
    ),
    (
      "Words to find in the memo or category, in any case (all entries if none).",
      "메모나 분류에서 찾을 말, 대소문자 무관 (없으면 모든 내역)."
    ),
    ("Only this category (in any case).", "이 분류만 (대소문자 무관)."),
    ("Only income or expense (also 수입, 지출).", "수입이나 지출만 (income, expense도)."),
    (
      "The smallest amount, included: 12000, 3만, $12.50 …",
      "가장 작은 금액 (포함): 12000, 3만, $12.50 …"
    ),
    ("The largest amount, included.", "가장 큰 금액 (포함)."),

    // mood
    (
      "Note a day's mood in the mood diary, clear it, or show it.",
      "기분 일기에 하루의 기분을 적거나, 지우거나, 보여 줍니다."
    ),
    (
      """
      MOOD is one of joy, calm, okay, sad, angry, anxious, tired, excited, their Korean names \
      (기쁨, 평온, 보통, 슬픔, 화남, 불안, 피곤, 설렘) or their emoji. The day is today without a \
      date. In the REPL, mode emotion shows the moods in the calendar.
      """,
      """
      MOOD는 기쁨, 평온, 보통, 슬픔, 화남, 불안, 피곤, 설렘, 그 영어 이름(joy, calm, okay, sad, \
      angry, anxious, tired, excited), 또는 그 이모지 가운데 하나입니다. 날짜가 없으면 오늘입니다. \
      REPL에서는 mode emotion으로 달력에 기분을 보여 줍니다.
      """
    ),
    (
      "A date YYYY-MM-DD (default: today), then the mood.",
      "날짜 YYYY-MM-DD (기본값: 오늘), 그다음 기분."
    ),
    (
      "A short note for the day (at most 100 characters).",
      "그날의 짧은 메모 (100자까지)."
    ),
    ("Remove the day's mood.", "그날의 기분을 지웁니다."),
    ("Print the day's mood as JSON.", "그날의 기분을 JSON으로 출력합니다."),

    // recurring, due, confirm, skip, change
    ("Add, list, change and remove recurring rules.", "반복 규칙을 더하고, 보고, 바꾸고, 없앱니다."),
    (
      "Every month on this day, 1-31 (the last day when shorter).",
      "매달 이날, 1-31 (달이 짧으면 마지막 날)."
    ),
    (
      "Every month on its last business day (Monday to Friday).",
      "매달 마지막 평일 (월요일부터 금요일)."
    ),
    ("Every year on this day, MM-DD.", "매년 이날, MM-DD."),
    ("Every week on this day: mon … sun (or 금, 1-7).", "매주 이 요일: 월 … 일 (또는 fri, 1-7)."),
    ("Add a recurring rule; prints its id.", "반복 규칙을 더하고 그 id를 출력합니다."),
    (
      "The amount each time: 650000, ₩650,000, 65만 …",
      "매번의 금액: 650000, ₩650,000, 65만 …"
    ),
    (
      "Whether money comes in or goes out (default: expense).",
      "돈이 들어오는지 나가는지 (기본값: 지출)."
    ),
    ("The first day, YYYY-MM-DD (default: today).", "첫날, YYYY-MM-DD (기본값: 오늘)."),
    ("The last day, YYYY-MM-DD (default: no end).", "마지막 날, YYYY-MM-DD (기본값: 끝 없음)."),
    ("Print the rule as JSON.", "규칙을 JSON으로 출력합니다."),
    ("List the recurring rules.", "반복 규칙을 보여 줍니다."),
    (
      "Change fields of a recurring rule; occurrences already decided stay as they are.",
      "반복 규칙의 항목을 바꿉니다. 이미 정한 회차는 그대로입니다."
    ),
    ("The rule's id: r1 (or 1).", "규칙의 id: r1 (또는 1)."),
    ("A new first day, YYYY-MM-DD.", "새 첫날, YYYY-MM-DD."),
    ("A new last day, YYYY-MM-DD.", "새 마지막 날, YYYY-MM-DD."),
    ("Remove the last day: the rule runs on.", "마지막 날을 없앱니다. 규칙이 끝없이 이어집니다."),
    (
      "Remove a recurring rule; entries it became stay.",
      "반복 규칙을 없앱니다. 이미 기록된 내역은 남습니다."
    ),
    ("Print the removed rule as JSON.", "없앤 규칙을 JSON으로 출력합니다."),
    (
      "List recurring entries due by today, not yet confirmed.",
      "오늘까지 돌아왔지만 아직 확정하지 않은 반복 내역을 보여 줍니다."
    ),
    (
      "Record a planned recurring entry (or --all that are due); prints the new ids.",
      "예정된 반복 내역(또는 --all로 돌아온 것 모두)을 기록하고 새 id를 출력합니다."
    ),
    ("The rule: r1 (or 1).", "규칙: r1 (또는 1)."),
    ("The occurrence's scheduled day, YYYY-MM-DD.", "그 회차의 예정일, YYYY-MM-DD."),
    ("Confirm every occurrence due by today.", "오늘까지 돌아온 회차를 모두 확정합니다."),
    ("Print {\"transactions\":[…]} as JSON.", "{\"transactions\":[…]}를 JSON으로 출력합니다."),
    ("Skip one occurrence of a recurring rule.", "반복 규칙의 한 회차를 건너뜁니다."),
    ("Print the skipped occurrence as JSON.", "건너뛴 회차를 JSON으로 출력합니다."),
    (
      "Change one occurrence of a recurring rule (amount, memo or day), not the rule.",
      "규칙은 그대로 두고 반복 규칙의 한 회차(금액, 메모, 날짜)를 바꿉니다."
    ),
    ("This time's amount.", "이번 금액."),
    ("This time's memo.", "이번 메모."),
    ("This time's day, YYYY-MM-DD.", "이번 날짜, YYYY-MM-DD."),
    ("Print the occurrence as JSON.", "그 회차를 JSON으로 출력합니다."),

    // serve
    (
      "Serve the calendar to browsers (default 127.0.0.1:8080).",
      "브라우저에 달력을 보여 줍니다 (기본값: 127.0.0.1:8080)."
    ),
    (
      """
      On loopback (127.0.0.1, localhost, ::1) no sign-in is needed. Any other address (0.0.0.0 \
      for a phone on the same network) requires the token from --token-file, or from \
      $XDG_STATE_HOME/hannun/serve-token (~/.local/state/hannun/serve-token), made on first use. \
      A token file must be private to its owner (chmod 600) and hold at least 128 bits (32 random \
      hex digits: openssl rand -hex 32).
      """,
      """
      루프백(127.0.0.1, localhost, ::1)에서는 로그인이 필요 없습니다. 다른 주소(같은 네트워크의 \
      휴대폰을 위한 0.0.0.0 등)에서는 --token-file의 토큰, 또는 처음 쓸 때 만드는 \
      $XDG_STATE_HOME/hannun/serve-token(~/.local/state/hannun/serve-token)의 토큰이 필요합니다. \
      토큰 파일은 주인만 읽을 수 있어야 하고(chmod 600) 128비트 이상이어야 합니다(무작위 16진수 \
      32자리: openssl rand -hex 32).
      """
    ),
    (
      "Where to listen, HOST:PORT.",
      "들을 주소, HOST:PORT."
    ),
    (
      "A file holding the sign-in token (off loopback): mode 600, 128 bits or more.",
      "로그인 토큰이 든 파일 (루프백이 아닐 때): 모드 600, 128비트 이상."
    ),
    (
      "List the devices signed in off loopback, and serve nothing.",
      "루프백 밖에서 로그인한 기기를 보여 주고, 서버는 열지 않습니다."
    ),
    (
      "With --devices: sign out the device with this id for good.",
      "--devices와 함께: 이 ID의 기기를 로그아웃시키고 다시 연결해야 하게 합니다."
    ),
  ]

  // MARK: - The parser's own words on a help page

  /// Replaces `OVERVIEW: `.
  static let overviewHeading = "개요: "
  /// Replaces `USAGE: `, a column wider.
  static let usageHeading = "사용법: "
  /// Replaces `<subcommand>` in the usage of a command group (`hannun recurring <subcommand>`).
  static let subcommandPlaceholder = "<명령>"
  /// The section headings, whole lines.
  static let sectionHeadings = [
    "ARGUMENTS:": "인자:", "OPTIONS:": "옵션:", "SUBCOMMANDS:": "명령:",
  ]
  /// The parser's sentences and marks inside a line. `(default)` after the default command's
  /// name keeps its nine columns, so the descriptions stay aligned.
  static let parserPhrases: [(String, String)] = [
    ("Show help information.", "도움말을 보여 줍니다."),
    ("Show the version.", "버전을 보여 줍니다."),
    ("Show subcommand help information.", "명령의 도움말을 보여 줍니다."),
    (" (default)", " (기본)   "),
    ("(default as flag:", "(값 없이 적으면:"),
    ("; default:", "; 기본값:"),
    ("(default:", "(기본값:"),
    ("(values:", "(값:"),
  ]

  /// `See 'hannun help <subcommand>' for detailed help.`
  static func seeSubcommandHelp(_ command: String) -> String {
    "명령마다 자세한 도움말은 '\(command) <명령>'으로 봅니다."
  }

  // MARK: - Usage errors

  /// A usage error, named with what was typed and what is accepted.
  static func usage(_ problem: UsageProblem) -> String {
    switch problem {
    case .unknownOption(let option, nil): "'\(option)'은(는) 없는 옵션입니다"
    case .unknownOption(let option, let suggestion?):
      "'\(option)'은(는) 없는 옵션입니다. '\(suggestion)'을(를) 뜻했나요?"
    case .unexpectedArguments(let arguments) where arguments.count == 1:
      "'\(arguments[0])'은(는) 이 명령이 받지 않는 인자입니다"
    case .unexpectedArguments(let arguments):
      "이 명령이 받지 않는 인자가 \(arguments.count)개 있습니다: " + quotedList(arguments)
    case .missingValue(let option): "'\(option)' 다음에 값을 적으세요"
    case .invalidValue(let value, let option, let accepted) where accepted.isEmpty:
      "'\(value)'은(는) '\(option)'에 쓸 수 없는 값입니다"
    case .invalidValue(let value, let option, let accepted):
      "'\(value)'은(는) '\(option)'에 쓸 수 없는 값입니다. 다음 가운데 하나를 적으세요: "
        + quotedList(accepted)
    case .alreadySet(let value, let previous):
      "'\(value)'와(과) '\(previous)'은(는) 같은 것을 정하므로 함께 쓸 수 없습니다. 하나만 적으세요"
    case .missingArgument(let arguments) where arguments.count == 1:
      "'\(arguments[0])'이(가) 필요합니다"
    case .missingArgument(let arguments):
      "다음 가운데 하나가 필요합니다: " + quotedList(arguments)
    case .takesNoValue(let option, let value):
      "'\(option)'은(는) 값을 받지 않습니다. '\(value)'을(를) 지우세요"
    }
  }

  private static func quotedList(_ items: [String]) -> String {
    items.map { "'\($0)'" }.joined(separator: ", ")
  }
}
