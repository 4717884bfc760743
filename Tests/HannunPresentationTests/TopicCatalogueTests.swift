import HannunDomain
import HannunPresentation
import HannunTestSupport
import Testing

/// Every topic catalogue answers every key in both languages: no sentence is empty, and where
/// the English says something in words the Korean says it in Hangul.
@Suite("Topic catalogues in Korean and English")
struct TopicCatalogueTests {
  static let entry = Transaction.fixture(id: "t1", memo: "lunch")
  static let day = Fixtures.day("2025-11-03")
  static let month = Fixtures.month("2025-11")
  static let rule = RecurringRuleID("r1")

  /// Every sentence of the session topic, with sample values.
  static func session(_ words: any SessionMessages) -> [String] {
    [
      words.deleteQuestion("lunch ₩12,000"), words.hint, words.nothingToCancel,
      words.formIntro(editing: true), words.formIntro(editing: false), words.windowTooSmall,
      words.cancelled, words.kept, words.nothingToUndo, words.nothingToRedo,
      words.pickerQuestion(current: month), words.added("x"), words.changed("x", "y"),
      words.deleted("x"), words.report("added x", .undone), words.report("added x", .redone),
      words.restarting, words.stepDropped("x", now: "y", undoing: true),
      words.stepDropped("x", now: nil, undoing: false),
      words.batchDropped("x", now: nil, carries: true, undoing: true),
      words.batchDropped("x", now: "y", carries: false, undoing: false),
      words.moodDropped("x", undoing: true), words.summary(entry, amount: "₩12,000"),
      words.imported(added: 3, skipped: 1), words.moodEdit(day, mood: .joy, note: "payday"),
      words.moodEdit(day, mood: nil, note: ""), words.moodUnchanged(day),
      words.morePrompt(shown: 23, of: 52), words.errorLabel, words.askCurrency(suggested: "USD"),
    ]
      + TransactionFormViewModel.Field.allCases.map(words.fieldLabel)
      + [EntryAttempt.opening, .saving, .deleting].flatMap { attempt in
        [true, false].map { words.conflict("x", deleted: $0, attempt: attempt) }
      }
  }

  static func due(_ words: any DueMessages) -> [String] {
    [
      words.dueNotice(2), words.moreDue(3), words.dueChoices, words.badDueAnswer(0),
      words.badDueAnswer(4), words.added("r1"), words.edited(rule),
      words.removed(rule), words.confirmed(count: 2), words.confirmed("x"),
      words.skipped(rule, on: day), words.skipped(count: 2),
      words.changed(rule, on: day, .amount, to: "₩1"),
      words.changed(rule, on: day, .memo, to: "'m'"),
      words.changed(rule, on: day, .date, to: day.iso),
    ]
  }

  static func screens(_ words: any ScreenMessages) -> [String] {
    [
      words.entryCount(3), words.reportTitle("x"), words.byMonth, words.noEntriesInSpan,
      words.budgets, words.budgetsTitle("x"), words.nothingFound,
      words.searchActions, words.searchTitle, words.searchCategory("x"), words.found(3),
      words.noEntriesInPeriod, words.categoryHeads.name, words.categoryHeads.count,
      words.categoryHeads.total, words.allTime, words.categoriesTitle("x"),
      words.moodReportTitle("x"), words.moreOn, words.noMood, words.days(2),
      words.perDay("₩1"), words.nothingDue, words.dueHeading(2, by: day),
    ] + words.change(against: "x", income: "+1%", expense: "-1%")
      + [CommandHintStyle.commandLine, .repl, .web].flatMap { hints in
        [
          words.noBudgets(hints), words.openMonthHint(hints), words.noMoodInSpan(hints),
          words.noRecurringRules(hints),
        ]
      }
  }

  static func imports(_ words: any ImportMessages) -> [String] {
    [
      words.defaultCategory, words.fileMissing("f"), words.fileUnreadable("f"),
      words.notRegularFile("f"), words.cannotGuessFormat("f", hints: .commandLine),
      words.unknownFormat("f"),
      words.nothingImported, words.undecodable, words.noHeader,
      words.missingColumn("date", headers: "x", hints: .repl),
      words.missingColumn("amount", headers: "x", hints: .web),
      words.unknownField("x", fields: "date"), words.unknownHeader("date", "x"),
      words.badMapping("x"), words.raggedRow(line: 2, fields: 3, expected: 4),
      words.lineTooLong(line: 2, kibibytes: 64), words.fileTooLarge(mebibytes: 64),
      words.badRow(line: 2, column: "x", reason: "y"), words.notAKind("x"), words.noAmount,
      words.bothAmounts, words.dryRun(added: 2, duplicates: 1),
      words.dryRunMonth(month, count: 2, income: "₩1", expense: "₩2"), words.firstRows(3),
      words.rowKind(.income), words.rowKind(.expense), words.skippedTransactions(2),
      words.line(3), words.postings(3), words.noCategoryAccount, words.unreadableAmount("x"),
      words.reversed, words.unreadableDate("x"), words.rule,
    ]
  }

  static func backups(_ words: any BackupMessages) -> [String] {
    let counts = BackupCounts(
      currency: "KRW", entries: 1_234, months: 2, budgets: 1, rules: 1, decisions: 3, moods: 1)
    return [
      words.nothingRestored, words.unwritableStamp("t1"), words.notInREPL("b.json"),
      words.ledgerNotEmpty, words.currencyMismatch(ledger: "KRW", backup: "USD"),
      words.unsettled(3), words.notJSON(line: 1, column: 2), words.notABackup,
      words.unsupportedVersion("9", supported: "1"), words.field(line: 1, place: "x", reason: "y"),
      words.missing, words.unknownMember, words.duplicateMember, words.notAKind("'x'"),
      words.notAStamp("'x'"), words.notAMood("'x'", names: "joy"), words.notASchedule("'x'"),
      words.endBeforeStart, words.notADecision("'x'"), words.notACount("'x'"),
      words.badEntryID("'x'"), words.duplicateEntry("'x'"), words.badRuleID("'x'"),
      words.duplicateRule("'x'"), words.decisionWithoutRule("'r1'"),
      words.notAnOccurrence("'r1'", day), words.duplicateDecision("'r1'", day),
      words.duplicateBudget(nil, month), words.duplicateBudget("'x'", month),
      words.duplicateMood(day),
    ]
      + [BackupValueKind.object, .array, .text, .number, .textOrNull, .numberOrNull].map(
        words.wrongType)
      + words.restored(counts, dryRun: true) + words.restored(counts, dryRun: false)
  }

  static let commandLineRefusals: [CommandLineRefusal] = [
    .addNeedsAmount, .addNeedsCategory,
    .addExtra("식비", category: "--category 식비", memo: nil),
    .addExtra("식비 x", category: "--category 식비", memo: "--memo x"),
    .addExtra("x", category: nil, memo: "--memo x"), .addExtra("x", category: nil, memo: nil),
    .addOptionsAfterTerminator("--category x"),
    .editNeedsChange, .needsEntryID("edit"), .needsEntryID("delete"), .needsRuleID("edit"),
    .needsRuleID("remove"), .renameNeedsNames, .importNeedsFile, .reportOneSpan,
    .reportNeedsBothEnds, .reportBackwards("2025-06", "2025-01"), .budgetSetNeedsAmount,
    .budgetShowTakesNoOptions, .budgetUnknownAction("x"), .budgetExtra("x"), .moodNeedsMood,
    .moodClearTakesNoNote, .moodClearTakesNoMood, .moodExtra("x"),
    .moodNeitherMoodNorDay("x"), .exportUnknownFormat("x"),
    .exportBOMNeedsCSV, .exportBackwards("2025-06-01", "2025-01-01"),
    .exportCannotWrite("f", reason: "r"), .exportInsideData("f", data: "d"),
    .categoriesOnePeriod, .recurringNeedsSchedule, .recurringOneSchedule, .recurringNeedsAmount,
    .recurringEditNeedsChange, .recurringNeedsOccurrence, .recurringConfirmAllOrOne,
    .recurringChangeNeedsChange, .serveBadListenAddress("x"),
    .serveUnreadableTokenFile("f", reason: "r"), .serveCannotWriteTokenFile("f", reason: "r"),
    .serveTokenFileNotPrivate("f", mode: "0644"), .serveWeakToken("f", bits: 40, minimum: 128),
    .serveUnknownDevice("ffffffff"),
    .serveCannotListen("127.0.0.1:8080", reason: .inUse, instead: "127.0.0.1:8081"),
    .serveCannotListen("127.0.0.1:80", reason: .notPermitted, instead: "127.0.0.1:8080"),
    .serveCannotListen("10.9.9.9:8080", reason: .notThisMachine, instead: "0.0.0.0:8080"),
    .serveCannotListen("x.invalid:8080", reason: .unknownHost, instead: "127.0.0.1:8080"),
    .serveServerMissing("/usr/bin/hannun-serve"),
    .replMissing("/usr/bin/hannun-repl"), .sessionOnly("undo"), .sessionOnly("redo"),
  ]

  static func commandLine(_ words: any CommandLineMessages) -> [String] {
    commandLineRefusals.map(words.describe)
      + [
        words.negativeAmount("-5", budget: true), words.negativeAmount("-5", budget: false),
        words.seeHelp("hannun month"), words.serving(at: "127.0.0.1:8080"),
        words.signInToken(in: "f"),
        words.noMood(on: day), words.pairWith("http://h/pair", code: "ABCD-EFGH"),
        words.paired(""), words.paired("x"), words.device("d1", name: "", since: "s", until: "u"),
        words.noDevices, words.revoked("d1", name: ""),
      ]
  }

  static let promptRefusals: [PromptRefusal] = [
    .unknownCommand("x"), .unknownHelpTopic("x"), .unterminatedQuote("\""),
    .recurringUsage("due", usage: "due"), .moodUsage("mood MOOD"), .unexpected("n", "x"),
    .extra("go", "x", usage: "go M"), .goNeedsMonth(nil), .goNeedsMonth("x"),
    .dayNeedsDay(nil, dayNumber: false), .dayNeedsDay("32", dayNumber: true), .notADayNumber("0"),
    .notADay("x"), .modeMissing, .notAMode("x"), .firstWeekdayMissing, .needsEntry("edit"),
    .importNeedsFile,
    .notAMonth("x"), .notAReportSpan("x"), .notAPage("x"), .notACategoryPeriod("x"),
    .notACategoryAction(""), .notACategoryAction("x"), .dateNeedsValue, .unknownAddOption("--x"),
    .dateTwice, .addNeedsKind, .addNeedsAmount, .addNeedsCategory,
    .addAmountFirst("식비", suggestion: "add 5000 식비"), .budgetUnknownAction("x"),
    .budgetNeedsAmount, .budgetNeedsValue("--from"), .budgetUnknownOption("--x"),
    .budgetTwice("--from"), .budgetExtra("x"), .findUnknownOption("--x"),
    .findOptionTwice("--kind"), .findNeedsValue("--kind"), .notAResult("x"),
  ]

  static func help(_ words: any HelpMessages) -> [String] {
    [words.overviewHeading, words.helpArgument, words.keysHeading, words.moreHelp]
      + HelpGroup.allCases.map(words.name) + words.keys.map(\.meaning)
      + HelpTopic.allCases.map(words.summary)
  }

  static func web(_ words: any WebMessages) -> [String] {
    [
      words.appName, words.previous, words.next, words.previousWeek, words.nextWeek,
      words.showWeek, words.showMonth, words.go, words.chooseMonth, words.edit, words.delete,
      words.addTitle, words.editTitle, words.kind, words.amount, words.amountHint,
      words.category, words.memo, words.date, words.dateHint, words.save, words.add,
      words.cancel, words.undo, words.nothingToUndo, words.deleteTitle, words.yesDelete,
      words.signInTitle, words.signInToken, words.signInHint, words.signInButton,
      words.wrongToken, words.notFound, words.badForm, words.crossSite,
      words.tooManyTries(seconds: 2), words.signedOutKept, words.staleFormKept,
      words.changedElsewhere("x"), words.deletedElsewhere,
      words.entry(category: "c", amount: "₩1", memo: "", day: "d"), words.tooLarge,
      words.wrongHost, words.backToMonth, words.deleteQuestion("x", "₩1"),
      words.keptOnDevice.one, words.keptOnDevice.other, words.notSentBecause,
      words.signInToSend,
    ]
  }

  static func pairing(_ words: any PairingMessages) -> [String] {
    [
      words.title, words.hint, words.code, words.name, words.namePlaceholder, words.button,
      words.wrongCode, words.tooManyTries(seconds: 2),
    ]
  }

  /// Korean and English answers to the same keys, in order.
  static let topics: [(name: String, korean: [String], english: [String])] = [
    ("session", session(DisplayLanguage.korean.session), session(DisplayLanguage.english.session)),
    ("due", due(DisplayLanguage.korean.due), due(DisplayLanguage.english.due)),
    ("screens", screens(DisplayLanguage.korean.screens), screens(DisplayLanguage.english.screens)),
    ("imports", imports(DisplayLanguage.korean.imports), imports(DisplayLanguage.english.imports)),
    ("backups", backups(DisplayLanguage.korean.backups), backups(DisplayLanguage.english.backups)),
    (
      "command line", commandLine(DisplayLanguage.korean.commandLine),
      commandLine(DisplayLanguage.english.commandLine)
    ),
    (
      "prompt", promptRefusals.map(DisplayLanguage.korean.prompt.describe),
      promptRefusals.map(DisplayLanguage.english.prompt.describe)
    ),
    ("help", help(DisplayLanguage.korean.help), help(DisplayLanguage.english.help)),
    ("web", web(DisplayLanguage.korean.web), web(DisplayLanguage.english.web)),
    ("pairing", pairing(DisplayLanguage.korean.pairing), pairing(DisplayLanguage.english.pairing)),
  ]

  static func hasHangul(_ text: String) -> Bool {
    text.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }
  }

  static func hasLatinWord(_ text: String) -> Bool {
    // A word of two letters or more outside command words and placeholders in capitals.
    text.split { !$0.isLetter || !$0.isASCII }.contains { $0.count >= 2 && $0.lowercased() == $0 }
  }

  @Test("each topic answers every key in both languages, none empty", arguments: topics.indices)
  func everyKeyAnswered(_ index: Int) {
    let topic = Self.topics[index]
    #expect(topic.korean.count == topic.english.count, "\(topic.name)")
    for (korean, english) in zip(topic.korean, topic.english) {
      #expect(!korean.isEmpty && !english.isEmpty, "\(topic.name): '\(korean)' / '\(english)'")
      #expect(korean != english || !Self.hasLatinWord(english), "\(topic.name): '\(english)'")
    }
  }

  @Test(
    "where the English says something in words, the Korean says it in Hangul",
    arguments: topics.indices)
  func koreanInHangul(_ index: Int) {
    let topic = Self.topics[index]
    for (korean, english) in zip(topic.korean, topic.english)
    where Self.hasLatinWord(english) && english != "한국어" {
      #expect(Self.hasHangul(korean), "\(topic.name): '\(korean)' for '\(english)'")
    }
    // The page's language switch names the other language in itself.
    #expect(DisplayLanguage.korean.web.otherLanguage == "English")
  }

  @Test("every help topic has further lines in both languages or in neither")
  func helpDetails() {
    for topic in HelpTopic.allCases {
      let korean = DisplayLanguage.korean.help.details(topic)
      let english = DisplayLanguage.english.help.details(topic)
      #expect(korean.isEmpty == english.isEmpty, "\(topic)")
      #expect(korean.allSatisfy { !$0.isEmpty } && english.allSatisfy { !$0.isEmpty })
      #expect(korean.isEmpty || korean.contains(where: Self.hasHangul), "\(topic)")
    }
  }
}
