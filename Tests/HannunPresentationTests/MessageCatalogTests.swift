import Foundation
import HannunDomain
import HannunPresentation
import HannunTestSupport
import Testing

/// Every error a user can trigger, said in each language: named input, what is accepted, and no
/// sentence built below Presentation.
@Suite("Messages in Korean and English")
struct MessageCatalogTests {
  static let entry = Transaction.fixture(id: "t1", memo: "점심")

  /// One value of every case of every error a user can meet.
  static let errors: [AppError] =
    [
      AmountInputError.empty, .malformed("12a"), .notPositive("-5"), .tooLarge("1e99"),
      .tooManyDecimals("12.5", currency: "KRW", allowed: 0),
      .tooManyDecimals("12.345", currency: "USD", allowed: 2), .wrongCurrency("$12", ledger: "KRW"),
      .badCurrency("US"),
    ].map(AppError.amount)
    + [
      DateInputError.malformedDate("banana"), .malformedMonth("2025/13"), .malformedYear("20x6"),
      .noSuchDay("2025-02-30"),
      .noSuchMonth("2025-13"), .outOfRange("1582-12-31"),
      .navigationLimit(YearMonth.supportedRange.lowerBound),
      .navigationLimit(YearMonth.supportedRange.upperBound), .badFirstWeekday("8"),
    ].map(AppError.date)
    + [
      FieldInputError.emptyCategory, .tooLong(field: "memo", limit: 200, count: 201),
      .tooLong(field: "category", limit: 40, count: 41), .controlCharacters(field: "memo"),
      .badKind("gift"),
    ].map(AppError.field)
    + ledgerErrors.map(AppError.ledger)
    + [.entry(.noSuchPosition(5, count: 2)), .entry(.noSuchPosition(1, count: 0))]

  static let fileProblems: [FileProblem] = [
    .system(.diskFull, systemText: "No space left on device"),
    .cannotCreateTemporary(.permissionDenied, systemText: "Permission denied"),
    .cannotLock(.inputOutput, systemText: "Input/output error"),
    .cannotFlush(.diskFull, systemText: "No space left on device"), .notRegularFile, .notAFolder,
    .fileWhereFolderBelongs, .folderDisappeared, .missingMetadata, .newerVersion(3, supported: 1),
    .unknownVersion(0), .duplicateID(TransactionID("t1"), alsoIn: "/d/ledger/2025/2025-10.json"),
    .unsafeJournal(naming: "../x"),
    .entryNotStorable(TransactionID("t1"), detail: .described("bad")),
    .invalidContent(.described("expected a value (at line 1, column 1)")),
    .tooLarge(size: 2_147_483_648, limit: 67_108_864),
    .missingMonthFile(indexFolder: "/d/ledger/index"),
    .monthFileInOtherYear(belongsAt: "/d/ledger/2025/2025-11.json"), .symbolicLink,
    .symbolicLinkFile,
    .lockHeld(
      by: LockHolder(
        processID: 4242, command: "hannun add --expense 1",
        since: Date(timeIntervalSince1970: 1_764_000_000),
        clockTime: LocalDateTime(year: 2025, month: 11, day: 25, hour: 1, minute: 0, second: 0)),
      waitedMilliseconds: 4000),
    .lockHeld(by: nil, waitedMilliseconds: 1000),
    .journalMismatch(
      file: "/d/ledger/2025/2025-11.json", .pendingDamaged(pending: "/d/ledger/pending/a.json")),
    .journalMismatch(
      file: "/d/ledger/2025/2025-11.json", .pendingMissing(pending: "/d/ledger/pending/a.json")),
    .journalMismatch(file: "/d/ledger/2025/2025-11.json", .targetChanged),
  ]

  static let ledgerErrors: [LedgerError] =
    [
      LedgerError.totalOverflow, .unknownTransaction("zz9"), .ambiguousTransaction("a"),
      .duplicateTransaction(TransactionID("t1")),
      .unreadableFile(
        path: "/d/ledger/2025/2025-11.json",
        reason: .invalidContent(.described("it is not a regular file"))),
      .unwritableFile(
        path: "/d/ledger", reason: .invalidContent(.described("No space left on device"))),
      .unfinishedWrite(
        path: "/d/ledger/2026/2026-01.json",
        reason: .folderNotWritable(
          folder: "/d/ledger/2026", .permissionDenied, systemText: "Permission denied"),
        journal: "/d/ledger/journal.json"),
      .currencyMismatch(ledger: "KRW", requested: "USD"),
      .staleTransaction(expected: entry, current: nil),
      .staleTransaction(expected: entry, current: entry),
      .editNoLongerApplies(.added(entry), current: nil),
      .monthTotalOverflow(Fixtures.month("2025-11")),
    ] + fileProblems.map { LedgerError.unreadableFile(path: "/d/f.json", reason: $0) }

  @Test("every error has a Korean and an English sentence, and they differ", arguments: errors)
  func bothLanguages(error: AppError) {
    let english = EnglishMessages().describe(error)
    let korean = KoreanMessages().describe(error)
    #expect(!english.isEmpty && !korean.isEmpty)
    #expect(english != korean)
    #expect(korean.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }, "\(korean)")
    #expect(!english.contains("\n") && !korean.contains("\n"))
  }

  @Test("every file problem has a Korean and an English account", arguments: fileProblems)
  func fileProblem(problem: FileProblem) {
    let english = EnglishMessages().describe(problem)
    let korean = KoreanMessages().describe(problem)
    #expect(!english.isEmpty && english != korean)
    #expect(korean.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }, "\(korean)")
  }

  @Test("a ledger file that is a symbolic link has its own sentence, not the folders' one")
  func symbolicLinkFile() {
    let english = EnglishMessages()
    let korean = KoreanMessages()
    #expect(
      english.describe(FileProblem.symbolicLinkFile)
        == "it is a symbolic link; Hannun replaces a ledger file whole on each write, which would "
        + "replace the link and leave the file it points to behind. Replace the link with the "
        + "file it points to")
    #expect(english.describe(.symbolicLinkFile) != english.describe(.symbolicLink))
    let sentence = korean.describe(FileProblem.symbolicLinkFile)
    #expect(sentence != korean.describe(.symbolicLink))
    #expect(sentence.contains("심볼릭 링크") && sentence.contains("파일"))
    // No English word in the Korean sentence.
    #expect(!sentence.unicodeScalars.contains { $0.isASCII && $0.properties.isAlphabetic })
  }

  @Test("a refused folder link and a lost month file, which leave no file untouched, say so")
  func nothingChangedWithoutFile() {
    let english = EnglishMessages()
    let korean = KoreanMessages()
    let folder = LedgerError.unreadableFile(path: "/d/ledger/2026", reason: .symbolicLink)
    let lost = LedgerError.unreadableFile(
      path: "/d/ledger/2026/2026-10.json", reason: .missingMonthFile(indexFolder: "/d/ledger/index")
    )
    for error in [folder, lost] {
      #expect(english.describe(error).hasSuffix("; nothing was changed"), "\(error)")
      #expect(korean.describe(error).hasSuffix(". 바뀐 것은 없습니다"), "\(error)")
    }
    let file = LedgerError.unreadableFile(
      path: "/d/ledger/2026/2026-10.json", reason: .symbolicLinkFile)
    #expect(english.describe(file).hasSuffix("; the file was left untouched"))
  }

  @Test("both languages name the input that was refused", arguments: errors)
  func namesInput(error: AppError) {
    let input: String? =
      switch error {
      case .amount(.malformed(let text)), .amount(.notPositive(let text)),
        .amount(.tooLarge(let text)), .amount(.badCurrency(let text)),
        .date(.malformedDate(let text)), .date(.noSuchDay(let text)), .field(.badKind(let text)),
        .ledger(.unknownTransaction(let text)):
        text
      default: nil
      }
    guard let input else { return }
    #expect(EnglishMessages().describe(error).contains(input))
    #expect(KoreanMessages().describe(error).contains(input))
  }

  @Test("the English wording users and scripts know is kept")
  func englishWording() {
    let english = EnglishMessages()
    #expect(
      english.describe(AmountInputError.tooManyDecimals("12.5", currency: "KRW", allowed: 0))
        == "'12.5' has too many decimal places: KRW amounts have no decimal places")
    #expect(
      english.describe(DateInputError.noSuchDay("2024-02-30"))
        == "2024-02-30 does not exist: that month has 29 days")
    #expect(
      english.describe(DateInputError.navigationLimit(YearMonth.supportedRange.lowerBound))
        == "1583-01 is the first month Hannun supports; cannot go further")
    #expect(
      english.describe(FieldInputError.tooLong(field: "memo", limit: 200, count: 201))
        == "the memo has 201 characters; at most 200 are allowed")
  }

  @Test("Korean says the field, the limit and the month's length in Korean")
  func koreanWording() {
    let korean = KoreanMessages()
    #expect(
      korean.describe(FieldInputError.tooLong(field: "memo", limit: 200, count: 201))
        == "메모이(가) 201자입니다. 200자까지 쓸 수 있습니다")
    #expect(
      korean.describe(DateInputError.noSuchDay("2025-02-30"))
        == "2025-02-30은(는) 없는 날입니다. 그 달은 28일까지 있습니다")
    #expect(korean.describe(AmountInputError.malformed("12a")).hasPrefix("'12a'은(는) 금액이 아닙니다"))
  }

  @Test("each language's catalogue is found by the display language")
  func byLanguage() {
    #expect(DisplayLanguage.korean.messages.language == .korean)
    #expect(DisplayLanguage.english.messages.language == .english)
    #expect(
      DisplayLanguage.korean.messages.describe(any: LedgerError.totalOverflow)
        == KoreanMessages().describe(LedgerError.totalOverflow))
  }

  @Test(
    "an amount error suggests the ledger's own forms, each of which that ledger reads back",
    arguments: ["KRW", "USD", "JPY", "EUR"].compactMap { try? Currency(code: $0) })
  func amountFormsOfTheLedger(currency: Currency) throws {
    let forms = AmountExamples.forms(for: currency)
    #expect(forms.count >= 3)
    for form in forms {
      #expect(throws: Never.self, "\(form) in \(currency.code)") {
        try AmountParser(currency: currency).parse(form)
      }
    }
    for catalog in [
      KoreanMessages(currency: currency), EnglishMessages(currency: currency),
    ] as [any MessageCatalog] {
      let message = catalog.describe(AmountInputError.malformed("12a"))
      for form in forms { #expect(message.contains(form), "\(message)") }
      if currency != .usd { #expect(!message.contains("$12.50"), "\(message)") }
      if currency != .krw { #expect(!message.contains("만"), "\(message)") }
    }
  }
}
