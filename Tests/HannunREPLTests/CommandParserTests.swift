import HannunDomain
import HannunPresentation
import HannunTestSupport
import Testing

@testable import HannunREPL

private let today = Fixtures.day("2025-11-03")

private func parse(_ line: String) throws(CommandError) -> Command {
  try CommandParser.parse(line, today: today)
}

/// The error a line gives, or `nil` when it parses.
private func error(_ line: String) -> CommandError? {
  do {
    _ = try parse(line)
    return nil
  } catch {
    return error
  }
}

/// The one-line message a line gives, or "" when it parses.
private func message(_ line: String) -> String {
  error(line)?.description ?? ""
}

@Suite("Command parser: verbs and aliases")
struct CommandVerbTests {
  @Test(
    "commands without arguments, by every name and in any case",
    arguments: [
      ("next", Command.next), ("n", .next), ("NEXT", .next), ("Next", .next),
      ("prev", .previous), ("p", .previous), ("previous", .previous), ("PREV", .previous),
      ("today", .today), ("t", .today), ("T", .today),
      ("week", .week), ("w", .week), ("month", .month), ("m", .month),
      ("undo", .undo), ("redo", .redo), ("UNDO", .undo),
      ("quit", .quit), ("q", .quit), ("exit", .quit), ("Q", .quit),
      ("cancel", .cancel), ("pick", .pick), ("add", .addForm), ("ADD", .addForm),
      ("help", .help(topic: nil)), ("h", .help(topic: nil)), ("?", .help(topic: nil)),
    ])
  func bareCommands(line: String, expected: Command) throws {
    #expect(try parse(line) == expected)
  }

  @Test(
    "a date without a year or month belongs to the month on screen",
    arguments: [
      ("day 3일", "2026-02-03"), ("day 11/3", "2026-11-03"), ("day 2025.11.03", "2025-11-03"),
      ("go 11월3일", "2026-11-03"), ("day \"11월 3일\"", "2026-11-03"),
      ("day 2025/12/24", "2025-12-24"),
    ])
  func datesInShownMonth(line: String, expected: String) throws {
    let command = try CommandParser.parse(
      line, today: today, shownMonth: Fixtures.month("2026-02"))
    switch command {
    case .day(.date(let day)), .goToDay(let day): #expect(day == Fixtures.day(expected))
    default: Issue.record("\(line) parsed as \(command)")
    }
  }

  @Test("blank lines do nothing", arguments: ["", " ", "   \t  ", "\u{3000}"])
  func blank(line: String) throws {
    #expect(try parse(line) == .empty)
  }

  @Test("surrounding and repeated spaces are ignored")
  func spaces() throws {
    #expect(try parse("   next   ") == .next)
    #expect(try parse("  go    2025-11 ") == .go(Fixtures.month("2025-11")))
    #expect(try parse("day\t15") == .day(.dayOfShownMonth(15)))
    #expect(try parse("day\u{3000}15") == .day(.dayOfShownMonth(15)))
  }

  @Test("an unknown verb is named and points to help")
  func unknownVerb() {
    #expect(error("foo") == .unknownCommand("foo"))
    #expect(message("foo") == "unknown command 'foo'; type help for the list")
    #expect(error("nxet 3") == .unknownCommand("nxet"))
  }

  @Test("the unknown word is sanitized in the message")
  func unknownVerbSanitized() {
    #expect(message("\u{1B}[2J") == "unknown command '^[[2J'; type help for the list")
  }

  @Test(
    "commands without arguments refuse extra words",
    arguments: ["next 3", "today now", "undo all", "quit please", "pick 2025", "week 2"])
  func extraWords(line: String) {
    let text = message(line)
    #expect(text.contains("takes no arguments"))
    #expect(text.contains("remove '\(line.split(separator: " ")[1])'"))
  }

  @Test("every verb and alias is recognised by CommandVerb")
  func verbTable() {
    for verb in CommandVerb.allCases {
      #expect(CommandVerb(word: verb.rawValue) == verb)
      #expect(CommandVerb(word: verb.rawValue.uppercased()) == verb)
      for alias in verb.aliases {
        #expect(CommandVerb(word: alias) == verb)
      }
    }
    #expect(CommandVerb(word: "foo") == nil)
  }
}

@Suite("Command parser: navigation")
struct NavigationParserTests {
  @Test("go takes a month")
  func goMonth() throws {
    #expect(try parse("go 2025-11") == .go(Fixtures.month("2025-11")))
    #expect(try parse("g 1583-01") == .go(Fixtures.month("1583-01")))
    #expect(try parse("GO 9999-12") == .go(Fixtures.month("9999-12")))
  }

  @Test("go with a full date jumps to it and selects it")
  func goDay() throws {
    #expect(try parse("go 2025-11-20") == .goToDay(Fixtures.day("2025-11-20")))
    #expect(try parse("g 2024-02-29") == .goToDay(Fixtures.day("2024-02-29")))
    #expect(try parse("go tomorrow") == .goToDay(Fixtures.day("2025-11-04")))
  }

  @Test("go without a month says what it needs")
  func goMissing() {
    #expect(
      message("go") == "go needs a month as YYYY-MM, for example go 2025-11, or a day as YYYY-MM-DD"
    )
    #expect(error("go")?.isInvalidArguments(of: .go) == true)
  }

  @Test("go with text that is no month names it")
  func goMalformed() {
    #expect(
      message("go november").hasPrefix("'november' is not a month; go needs a month as YYYY-MM"))
    #expect(message("go 2025").contains("'2025' is not a month"))
    #expect(message("go 2025-1").contains("'2025-1' is not a month"))
  }

  @Test("go reuses the Domain reasons for impossible months and days")
  func goDomainErrors() {
    #expect(error("go 2025-13") == .rejectedDate(.noSuchMonth("2025-13")))
    #expect(message("go 2025-13") == "'2025-13' has no such month; months run from 01 to 12")
    #expect(error("go 1582-12") == .rejectedDate(.outOfRange("1582-12")))
    #expect(error("go 2025-02-30") == .rejectedDate(.noSuchDay("2025-02-30")))
    #expect(message("go 2025-02-30") == "2025-02-30 does not exist: that month has 28 days")
  }

  @Test("go takes one argument")
  func goExtra() {
    #expect(message("go 2025-11 2025-12").contains("go takes one argument; remove '2025-12'"))
    #expect(message("go 2025-11 x y").contains("usage: go YYYY-MM[-DD]"))
  }

  @Test(
    "day takes a day number of the shown month, unchecked",
    arguments: [("day 1", 1), ("d 15", 15), ("day 31", 31), ("DAY 05", 5), ("d 9", 9)])
  func dayNumber(line: String, number: Int) throws {
    #expect(try parse(line) == .day(.dayOfShownMonth(number)))
  }

  @Test(
    "day takes a full date or a relative word in English or Korean",
    arguments: [
      ("day 2025-12-25", "2025-12-25"), ("d today", "2025-11-03"), ("day TODAY", "2025-11-03"),
      ("day yesterday", "2025-11-02"), ("day tomorrow", "2025-11-04"),
      ("day 오늘", "2025-11-03"), ("day 어제", "2025-11-02"), ("day 내일", "2025-11-04"),
    ])
  func dayDate(line: String, iso: String) throws {
    #expect(try parse(line) == .day(.date(Fixtures.day(iso))))
  }

  @Test("day numbers outside 1-31 are refused with the accepted forms")
  func dayOutOfRange() {
    for line in ["day 0", "day 32", "day 100", "day 00"] {
      let text = message(line)
      #expect(text.contains("is not a day of a month"), "\(line)")
      #expect(text.contains("day takes a day of the shown month (1-31) or a date YYYY-MM-DD"))
    }
  }

  @Test("day without a day, or with other text, says what is accepted")
  func dayMalformed() {
    #expect(
      message("day").hasPrefix("day takes a day of the shown month (1-31) or a date YYYY-MM-DD"))
    #expect(
      message("day friday").hasPrefix("'friday' is not a day; day takes a day of the shown month"))
    #expect(message("day -3").contains("'-3' is not a day"))
    #expect(error("day 2025-02-29") == .rejectedDate(.noSuchDay("2025-02-29")))
    #expect(message("day 1 2").contains("day takes one argument; remove '2'"))
  }

  @Test("a day input resolves against the shown month")
  func dayInputResolution() throws {
    let november = Fixtures.month("2025-11")
    #expect(try DayInput.dayOfShownMonth(30).resolved(in: november) == Fixtures.day("2025-11-30"))
    #expect(throws: DateInputError.noSuchDay("2025-11-31")) {
      try DayInput.dayOfShownMonth(31).resolved(in: november)
    }
    let christmas = Fixtures.day("2025-12-25")
    #expect(try DayInput.date(christmas).resolved(in: november) == christmas)
  }
}

@Suite("Command parser: settings")
struct SettingsParserTests {
  @Test(
    "mode takes dateonly or amounts with their variants",
    arguments: [
      ("mode dateonly", DisplayMode.dateOnly), ("mode date-only", .dateOnly),
      ("mode DateOnly", .dateOnly), ("mode date", .dateOnly), ("mode amounts", .amounts),
      ("mode amount", .amounts), ("MODE AMOUNTS", .amounts),
    ])
  func mode(line: String, expected: DisplayMode) throws {
    #expect(try parse(line) == .mode(expected))
  }

  @Test("mode refuses anything else")
  func modeMalformed() {
    #expect(message("mode") == "mode takes dateonly, amounts or emotion")
    #expect(message("mode colour") == "mode takes dateonly, amounts or emotion, not 'colour'")
    #expect(
      error("mode big")
        == .invalidArguments(.mode, .notAMode("big")))
  }

  @Test(
    "firstweekday takes 1 (Sunday) to 7 (Saturday)",
    arguments: [
      ("firstweekday 1", Weekday.sunday), ("fw 2", .monday), ("FW 7", .saturday),
      ("firstweekday 07", .saturday), ("FirstWeekday 4", .wednesday),
    ])
  func firstWeekday(line: String, expected: Weekday) throws {
    #expect(try parse(line) == .firstWeekday(expected))
  }

  @Test("firstweekday reuses the Domain reason for bad numbers")
  func firstWeekdayMalformed() {
    #expect(error("fw 0") == .rejectedDate(.badFirstWeekday("0")))
    #expect(error("fw 8") == .rejectedDate(.badFirstWeekday("8")))
    #expect(error("fw monday") == .rejectedDate(.badFirstWeekday("monday")))
    #expect(
      error("fw 99999999999999999999") == .rejectedDate(.badFirstWeekday("99999999999999999999")))
    #expect(message("fw 8") == "'8' is not a first weekday; use 1 (Sunday) to 7 (Saturday)")
    #expect(message("firstweekday").contains("from 1 (Sunday) to 7 (Saturday)"))
  }
}

@Suite("Command parser: entries")
struct EntryParserTests {
  @Test("add with kind, amount and category")
  func addMinimal() throws {
    #expect(
      try parse("add expense 12000 food")
        == .add(kind: .expense, amountText: "12000", category: "food", memo: "", date: nil))
  }

  @Test("the memo is the remaining words joined by single spaces")
  func addMemo() throws {
    #expect(
      try parse("add income 3,500,000 salary   November   pay")
        == .add(
          kind: .income, amountText: "3,500,000", category: "salary", memo: "November pay",
          date: nil))
  }

  @Test(
    "kind words in English, Korean and short forms",
    arguments: [
      ("income", TransactionKind.income), ("i", .income), ("수입", .income), ("INCOME", .income),
      ("expense", .expense), ("e", .expense), ("지출", .expense), ("Expense", .expense),
    ])
  func addKinds(word: String, kind: TransactionKind) throws {
    #expect(
      try parse("add \(word) 5000 x")
        == .add(kind: kind, amountText: "5000", category: "x", memo: "", date: nil))
  }

  @Test("the amount is kept as typed, for the ledger currency to parse")
  func addAmountText() throws {
    for amount in ["3만5천", "₩12,000", "$12.50", "12,000원", "-5000", "0"] {
      guard case .add(_, let text, _, _, _) = try parse("add e \(amount) food") else {
        Issue.record("not an add: \(amount)")
        continue
      }
      #expect(text == amount)
    }
  }

  @Test("Korean category and memo")
  func addKorean() throws {
    #expect(
      try parse("add 지출 4500 식비 점심 김밥")
        == .add(kind: .expense, amountText: "4500", category: "식비", memo: "점심 김밥", date: nil))
  }

  @Test(
    "--date may come anywhere after the verb",
    arguments: [
      "add expense 4500 cafe latte --date 2025-11-01",
      "add expense 4500 cafe --date 2025-11-01 latte",
      "add expense 4500 --date 2025-11-01 cafe latte",
      "add expense --date 2025-11-01 4500 cafe latte",
      "add --date 2025-11-01 expense 4500 cafe latte",
      "add expense 4500 cafe latte --date=2025-11-01",
      "add expense 4500 cafe latte --DATE 2025-11-01",
    ])
  func addDatePlacement(line: String) throws {
    #expect(
      try parse(line)
        == .add(
          kind: .expense, amountText: "4500", category: "cafe", memo: "latte",
          date: .date(Fixtures.day("2025-11-01"))))
  }

  @Test("--date takes relative words and day numbers of the shown month")
  func addDateForms() throws {
    #expect(
      try parse("add e 1 x --date yesterday")
        == .add(
          kind: .expense, amountText: "1", category: "x", memo: "",
          date: .date(Fixtures.day("2025-11-02"))))
    #expect(
      try parse("add e 1 x --date 어제")
        == .add(
          kind: .expense, amountText: "1", category: "x", memo: "",
          date: .date(Fixtures.day("2025-11-02"))))
    #expect(
      try parse("add e 1 x --date 17")
        == .add(
          kind: .expense, amountText: "1", category: "x", memo: "", date: .dayOfShownMonth(17)))
  }

  @Test("bad --date values are refused with the reason")
  func addDateErrors() {
    #expect(message("add e 1 x --date").contains("--date needs a day"))
    #expect(message("add e 1 x --date soon").contains("'soon' is not a day; --date takes a day"))
    #expect(message("add e 1 x --date 40").contains("'40' is not a day of a month"))
    #expect(error("add e 1 x --date 2025-02-30") == .rejectedDate(.noSuchDay("2025-02-30")))
    #expect(message("add e 1 x --date 1 --date 2") == "add takes --date only once")
    #expect(error("add e 1 x --date")?.isInvalidArguments(of: .add) == true)
  }

  @Test("quoted words keep their spaces")
  func addQuoted() throws {
    #expect(
      try parse(#"add expense 4500 "eating out" "coffee with Min""#)
        == .add(
          kind: .expense, amountText: "4500", category: "eating out", memo: "coffee with Min",
          date: nil))
    #expect(
      try parse("add expense 4500 cafe 'coffee  with \"Min\"'")
        == .add(
          kind: .expense, amountText: "4500", category: "cafe",
          memo: #"coffee  with "Min""#, date: nil))
    #expect(
      try parse(#"add e "3만 5천" 식비 "점심 ""#)
        == .add(kind: .expense, amountText: "3만 5천", category: "식비", memo: "점심 ", date: nil))
  }

  @Test("a quoted --date is memo text, not an option")
  func addQuotedOption() throws {
    #expect(
      try parse(#"add e 1 x "--date" 2025-11-01"#)
        == .add(
          kind: .expense, amountText: "1", category: "x", memo: "--date 2025-11-01", date: nil))
    #expect(
      try parse(#"add e 1 x -- --date 2025-11-01"#)
        == .add(
          kind: .expense, amountText: "1", category: "x", memo: "--date 2025-11-01", date: nil))
  }

  @Test("an unknown option is refused")
  func addUnknownOption() {
    #expect(
      message("add e 1 x --memo hi").contains(
        "add has no option '--memo'; the only option is --date"))
  }

  @Test("add names the first missing part and shows the accepted form")
  func addMissing() {
    let usage = "add [income|expense] AMOUNT CATEGORY [MEMO] [--date YYYY-MM-DD]"
    #expect(
      message("add --date 2025-11-01")
        == "add needs an amount, after a kind or alone for an expense: \(usage)")
    #expect(message("add expense") == "add needs an amount after the kind: \(usage)")
    #expect(message("add income 5000") == "add needs a category after the amount: \(usage)")
  }

  @Test("a wrong kind reuses the Domain reason")
  func addBadKind() {
    #expect(error("add food x") == .rejectedField(.badKind("food")))
    #expect(message("add spend x") == "'spend' is not a kind; use income or expense (수입 or 지출)")
  }

  @Test("an amount first is an expense: the kind may be left out")
  func addWithoutKind() throws {
    #expect(
      try parse("add 12000 식비 점심 김밥")
        == .add(kind: .expense, amountText: "12000", category: "식비", memo: "점심 김밥", date: nil))
    #expect(
      try parse("add 3만5천 food --date 2025-11-01")
        == .add(
          kind: .expense, amountText: "3만5천", category: "food", memo: "",
          date: .date(Fixtures.day("2025-11-01"))))
    // Written as an amount even when the ledger will refuse it: the form says why.
    for amount in ["₩12,000", "$12.50", "12,000원", "-5000", "0", "오만원", "35K"] {
      guard case .add(.expense, let text, "food", "", nil) = try parse("add \(amount) food") else {
        Issue.record("not an expense: \(amount)")
        continue
      }
      #expect(text == amount)
    }
    let usage = "add [income|expense] AMOUNT CATEGORY [MEMO] [--date YYYY-MM-DD]"
    #expect(message("add 5000") == "add needs a category after the amount: \(usage)")
    // The category first: the line with the amount first is suggested.
    #expect(
      message("add 식비 5000 점심")
        == "'식비' is not a kind (income or expense, 수입 or 지출); an expense may start with its "
        + "amount: add 5000 식비 점심")
  }

  @Test("edit and delete carry the entry as typed", arguments: ["2", "1", "a3f9", "T1"])
  func editDelete(entry: String) throws {
    #expect(try parse("edit \(entry)") == .edit(entry: entry))
    #expect(try parse("delete \(entry)") == .delete(entry: entry))
    #expect(try parse("del \(entry)") == .delete(entry: entry))
    #expect(try parse("rm \(entry)") == .delete(entry: entry))
    #expect(try parse("EDIT \(entry)") == .edit(entry: entry))
  }

  @Test("edit and delete need exactly one entry")
  func editDeleteMalformed() {
    #expect(
      message("edit")
        == "edit needs an entry: its number in the selected day's list or its id, for example edit 2"
    )
    #expect(message("rm").hasPrefix("delete needs an entry"))
    #expect(message(#"edit """#).hasPrefix("edit needs an entry"))
    #expect(message("delete 1 2").contains("delete takes one argument; remove '2'"))
  }

  @Test("import without a file asks for a file, not for an entry, in both languages")
  func importNeedsFile() throws {
    for line in ["import", "import --dry-run"] {
      let refused = try #require(error(line))
      let english = refused.text(in: EnglishMessages())
      #expect(english.hasPrefix("import needs a file"), "\(english)")
      #expect(!english.contains("entry"), "\(english)")
      let korean = refused.text(in: KoreanMessages())
      #expect(korean.hasPrefix("import에는 파일이 필요합니다"), "\(korean)")
      #expect(!korean.contains("내역이 필요합니다"), "\(korean)")
    }
  }
}

@Suite("Command parser: help")
struct HelpParserTests {
  @Test("help names a command by any of its words")
  func helpTopic() throws {
    #expect(try parse("help add") == .help(topic: .add))
    #expect(try parse("? go") == .help(topic: .go))
    #expect(try parse("h n") == .help(topic: .next))
    #expect(try parse("help RM") == .help(topic: .delete))
    #expect(try parse("help ?") == .help(topic: .help))
  }

  @Test("help for an unknown command points back to help")
  func helpUnknown() {
    #expect(error("help foo") == .unknownHelpTopic("foo"))
    #expect(message("help foo") == "there is no command 'foo'; type help for the list")
    #expect(message("help add go").contains("help takes one argument"))
  }

  @Test("the overview names every command and its short forms, within 80 columns and 24 rows")
  func overview() {
    for language in [DisplayLanguage.english, .korean] {
      let lines = HelpText.overview(in: language).split(separator: "\n").map(String.init)
      let words = Set(
        lines.joined(separator: " ").split(whereSeparator: { " ,()".contains($0) }).map(String.init)
      )
      for verb in CommandVerb.allCases {
        #expect(words.contains(verb.rawValue), "\(verb)")
        for alias in verb.aliases where alias.count <= 3 {
          #expect(words.contains(alias), "\(verb): \(alias)")
        }
      }
      #expect(lines.allSatisfy { TerminalText.displayWidth($0) <= 80 })
      // With the prompt and a line to spare, on an 80×24 terminal nothing scrolls away.
      #expect(lines.count <= 22, "\(lines.count) lines")
    }
  }

  @Test("each topic shows the usage, aliases and details")
  func topics() {
    #expect(HelpText.topic(.add, in: .english).contains("[income|expense] AMOUNT CATEGORY [MEMO]"))
    #expect(HelpText.topic(.add, in: .english).contains("--date D"))
    #expect(HelpText.topic(.delete, in: .english).contains("Also: del, rm"))
    #expect(HelpText.topic(.day, in: .english).contains("오늘"))
    for verb in CommandVerb.allCases {
      #expect(HelpText.topic(verb, in: .english).hasPrefix(verb.usage + "\n" + verb.summary))
      #expect(
        HelpText.topic(verb, in: .english).split(separator: "\n").allSatisfy {
          TerminalText.displayWidth(String($0)) <= 80
        })
    }
  }
}

@Suite("Command parser: quoting")
struct QuotingTests {
  private func words(_ line: String) throws(CommandError) -> [String] {
    try CommandParser.split(line).map(\.text)
  }

  @Test("double and single quotes group words")
  func quotes() throws {
    #expect(try words(#"a "b c" 'd e' f"#) == ["a", "b c", "d e", "f"])
    #expect(try words(#""" ''"#) == ["", ""])
    #expect(try words(#""a"b"#) == ["ab"])
  }

  @Test("backslash escapes outside quotes and inside double quotes")
  func backslash() throws {
    #expect(try words(#"a\ b"#) == ["a b"])
    #expect(try words(#"\"quoted\""#) == [#""quoted""#])
    #expect(try words(#""say \"hi\" \\ now""#) == [#"say "hi" \ now"#])
    #expect(try words(#"'it\'s"#) == [#"it\s"#])
    #expect(try words(#"end\"#) == [#"end\"#])
  }

  @Test("single quotes take backslashes literally")
  func singleQuoteLiteral() throws {
    #expect(try words(#"'a\b'"#) == [#"a\b"#])
  }

  @Test("an apostrophe inside a word is an ordinary character")
  func apostrophe() throws {
    #expect(try words("Min's coffee") == ["Min's", "coffee"])
    #expect(
      try parse("add e 4500 cafe Min's latte")
        == .add(
          kind: .expense, amountText: "4500", category: "cafe", memo: "Min's latte", date: nil))
  }

  @Test("an unterminated quote is an error naming the quote")
  func unterminated() {
    #expect(error(#"add e 1 x "coffee with"#) == .unterminatedQuote("\""))
    #expect(error("add e 1 x 'coffee") == .unterminatedQuote("'"))
    #expect(error(#"add e 1 x "ends with \"#) == .unterminatedQuote("\""))
    #expect(message(#"x "y"#).hasPrefix(#"unterminated " quote; close it, or write \" "#))
  }

  @Test("the verb itself may be quoted")
  func quotedVerb() throws {
    #expect(try parse(#""next""#) == .next)
  }
}

@Suite("Command errors")
struct CommandErrorTests {
  @Test("every message is one line, even with line breaks in the input")
  func oneLine() {
    let lines = [
      "foo\u{0A}bar", "add e 1 x --date \"a\u{0A}b\"", "add \"a\u{0A}b\" 1 x", "go \"2025\u{0A}\"",
      "mode \"a\u{0D}b\"", "help \"x\u{0A}\"",
    ]
    for line in lines {
      let text = message(line)
      #expect(!text.isEmpty, "\(line)")
      #expect(!text.contains("\n") && !text.contains("\r"), "\(line)")
    }
  }
}

extension CommandError {
  fileprivate func isInvalidArguments(of verb: CommandVerb) -> Bool {
    if case .invalidArguments(let found, _) = self { return found == verb }
    return false
  }
}
