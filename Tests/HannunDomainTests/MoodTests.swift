import Foundation
import HannunDomain
import HannunTestSupport
import Testing

@Suite("The mood diary's rules: palette, parsing, notes")
struct MoodTests {
  @Test("the palette: eight moods, each with its emoji and Korean name, in order")
  func palette() {
    #expect(
      Mood.allCases.map(\.englishName) == [
        "joy", "calm", "okay", "sad", "angry", "anxious", "tired", "excited",
      ])
    #expect(Mood.allCases.map(\.emoji) == ["😊", "😌", "😐", "😢", "😠", "😰", "😴", "🥰"])
    #expect(
      Mood.allCases.map(\.koreanName) == [
        "기쁨", "평온", "보통", "슬픔", "화남", "불안", "피곤", "설렘",
      ])
  }

  @Test("a mood is named by its English name in any case, its Korean name or its emoji")
  func parsing() throws {
    for mood in Mood.allCases {
      #expect(try Mood(parsing: mood.englishName) == mood)
      #expect(try Mood(parsing: mood.englishName.uppercased()) == mood)
      #expect(try Mood(parsing: " \(mood.koreanName) ") == mood)
      #expect(try Mood(parsing: mood.emoji) == mood)
      #expect(try Mood(parsing: mood.emoji + "\u{FE0F}") == mood)
    }
  }

  @Test("a word that names no mood is refused with the word", arguments: ["", "happy", "기뻐", "🙂"])
  func unknown(_ word: String) {
    #expect(throws: MoodError.unknownMood(word)) { try Mood(parsing: word) }
  }

  @Test("a note is trimmed, at most 100 characters, on one line")
  func note() throws {
    #expect(try MoodRules.note("  월급날 ") == "월급날")
    #expect(try MoodRules.note("") == "")
    #expect(try MoodRules.note(String(repeating: "가", count: 100)).count == 100)
    #expect(throws: FieldInputError.tooLong(field: "note", limit: 100, count: 101)) {
      try MoodRules.note(String(repeating: "a", count: 101))
    }
    #expect(throws: FieldInputError.controlCharacters(field: "note")) {
      try MoodRules.note("two\nlines")
    }
  }
}

@Suite("Ledger editor: mood edits in the undo history")
struct MoodEditorTests {
  private let day = Fixtures.day("2025-11-03")

  private func makeEditor() -> (LedgerEditor, InMemoryTransactionRepository) {
    let repository = InMemoryTransactionRepository()
    return (
      LedgerEditor(
        repository: repository, clock: .fixed(at: day), makeID: Fixtures.sequentialIDs()),
      repository
    )
  }

  @Test("setting, changing and clearing a mood are steps undo and redo walk with entries'")
  func undoRedo() async throws {
    let (editor, repository) = makeEditor()
    let joy = DayMood(.joy, note: "월급날")
    try await editor.setMood(joy, on: day)
    let entry = try await editor.add(
      TransactionDraft(
        day: day, kind: .expense, amount: Fixtures.amount(5_000), category: "카페", memo: ""))
    try await editor.setMood(DayMood(.tired), on: day)
    #expect(try await repository.moods(in: day...day) == [day: DayMood(.tired)])
    let undone = try await editor.undo()
    #expect(undone == .mood(MoodEdit(day: day, before: joy, after: DayMood(.tired))))
    #expect(try await repository.moods(in: day...day) == [day: joy])
    #expect(try await editor.undo() == .added(entry))
    #expect(await repository.all.isEmpty)
    _ = try await editor.undo()
    #expect(try await repository.moods(in: day...day).isEmpty)
    _ = try await editor.redo()
    #expect(try await repository.moods(in: day...day) == [day: joy])
    try await editor.setMood(nil, on: day)
    #expect(try await repository.moods(in: day...day).isEmpty)
    #expect(await editor.canRedo == false)
  }

  @Test("setting the mood a day already has writes and records nothing")
  func unchanged() async throws {
    let (editor, repository) = makeEditor()
    try await editor.setMood(DayMood(.calm), on: day)
    let (revision, _) = await repository.subscribe()
    #expect(try await editor.setMood(DayMood(.calm), on: day) == nil)
    #expect(await repository.latestRevision() == revision)
    _ = try await editor.undo()
    #expect(await editor.canUndo == false)
  }

  @Test("an undo step whose day another window changed is dropped and reported")
  func conflict() async throws {
    let (editor, repository) = makeEditor()
    try await editor.setMood(DayMood(.sad), on: day)
    await repository.replaceMoodUnannounced(DayMood(.angry), on: day)
    await #expect(
      throws: LedgerError.editNoLongerApplies(
        .mood(MoodEdit(day: day, before: nil, after: DayMood(.sad))), current: nil)
    ) {
      try await editor.undo()
    }
    #expect(await editor.canUndo == false)
    #expect(try await repository.moods(in: day...day) == [day: DayMood(.angry)])
  }

  @Test("a stale write is refused with the stored mood")
  func stale() async throws {
    let (_, repository) = makeEditor()
    try await repository.replaceMood(on: day, nil, with: DayMood(.joy))
    await #expect(throws: MoodError.staleMood(day, current: DayMood(.joy))) {
      try await repository.replaceMood(on: day, nil, with: DayMood(.sad))
    }
  }
}

@Suite("Spending by mood")
struct MoodSpendingTests {
  private func entry(_ day: String, _ amount: Int64, _ category: String, id: String) -> Transaction
  {
    .fixture(id: id, day: day, amount: amount, category: category)
  }

  @Test("averages per mood and without one, and the categories that rise on a mood")
  func report() throws {
    let days = Fixtures.day("2025-10-01")...Fixtures.day("2025-10-10")
    let entries = [
      entry("2025-10-01", 10_000, "식비", id: "a"), entry("2025-10-02", 10_000, "식비", id: "b"),
      entry("2025-10-03", 30_000, "카페", id: "c"), entry("2025-10-03", 10_000, "식비", id: "d"),
      entry("2025-10-04", 50_000, "쇼핑", id: "e"),
      .fixture(id: "i", day: "2025-10-04", kind: .income, amount: 999_999, category: "월급"),
    ]
    let moods = [
      Fixtures.day("2025-10-03"): DayMood(.sad), Fixtures.day("2025-10-04"): DayMood(.sad),
      Fixtures.day("2025-10-05"): DayMood(.joy),
    ]
    let report = try MoodSpendingReport(days: days, entries: entries, moods: moods)
    #expect(report.moods.map(\.mood) == [.joy, .sad])
    let sad = try #require(report.moods.last)
    #expect(sad.spending.days == 2)
    #expect(sad.spending.expense == Money(minorUnits: 90_000))
    #expect(sad.spending.averageDaily == Money(minorUnits: 45_000))
    #expect(sad.rising.map(\.category) == ["쇼핑", "카페", "식비"])
    // 식비: 10,000 on 2 sad days = 5,000 a day; 20,000 on the other 8 days = 2,500.
    #expect(sad.rising.last?.averageOn == Money(minorUnits: 5_000))
    #expect(sad.rising.last?.averageOff == Money(minorUnits: 2_500))
    #expect(sad.rising.last?.rise == Money(minorUnits: 2_500))
    #expect(report.moods.first?.spending.expense == .zero)
    #expect(report.moods.first?.rising.isEmpty == true)
    #expect(report.withoutMood.days == 7)
    #expect(report.withoutMood.expense == Money(minorUnits: 20_000))
    // 20,000 / 7 = 2,857.14… rounds to 2,857.
    #expect(report.withoutMood.averageDaily == Money(minorUnits: 2_857))
  }

  @Test(
    "averages round half away from zero",
    arguments: [
      (10, 4, 3), (9, 2, 5), (7, 2, 4), (1, 3, 0), (2, 3, 1), (0, 5, 0),
    ])
  func rounding(_ total: Int64, _ days: Int, _ expected: Int64) throws {
    #expect(
      try MoodSpendingReport.average(Money(minorUnits: total), days: days)
        == Money(minorUnits: expected))
  }

  @Test("a sum past 64 bits is an overflow, not a wrong number")
  func overflow() {
    let days = Fixtures.day("2025-10-01")...Fixtures.day("2025-10-01")
    let big = Amount.maximumMinorUnits
    let entries = (0..<10_000).map {
      Transaction.fixture(id: "x\($0)", day: "2025-10-01", amount: big)
    }
    #expect(throws: LedgerError.totalOverflow) {
      try MoodSpendingReport(days: days, entries: entries, moods: [days.lowerBound: DayMood(.joy)])
    }
  }
}
