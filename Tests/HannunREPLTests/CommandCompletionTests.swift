import HannunDomain
import HannunPresentation
import HannunTestSupport
import Testing

@testable import HannunREPL

@Suite("Tab completion")
struct CommandCompletionTests {
  @Test(
    "the first word completes to command names",
    arguments: [
      ("ne", ["next"]), ("mo", ["month", "mode", "mood"]), ("d", ["day", "delete", "due"]),
      ("xyz", []),
      ("UN", ["undo"]),
    ])
  func commandNames(word: String, expected: [String]) {
    #expect(CommandCompletion.candidates(line: word, word: word) == expected)
  }

  @Test(
    "the second word completes to what the command takes",
    arguments: [
      ("add i", "i", ["income"]), ("add ", "", ["income", "expense", "수입", "지출"]),
      ("mode a", "a", ["amounts"]), ("help re", "re", ["redo", "report", "recurring"]),
      ("day to", "to", ["today", "tomorrow"]),
      ("next x", "x", []),
    ])
  func arguments(line: String, word: String, expected: [String]) {
    #expect(CommandCompletion.candidates(line: line, word: word) == expected)
  }

  @Test("later words, such as amounts and memos, get no completion")
  func laterWords() {
    #expect(CommandCompletion.candidates(line: "add income 5", word: "5").isEmpty)
    #expect(CommandCompletion.candidates(line: "add income 5000 e", word: "e").isEmpty)
  }
}

@Suite("Tab completion from the ledger")
struct LedgerCompletionTests {
  private let context = CompletionContext(
    categories: ["점심", "카페", "cafe", "점검", "커피 한잔", "evil\u{202E}txt"], entryCount: 12)

  private func complete(_ line: String, _ context: CompletionContext? = nil) -> [String] {
    let word = line.split(separator: " ", omittingEmptySubsequences: false).last ?? ""
    return CommandCompletion.candidates(
      line: line, word: String(word), context: context ?? self.context)
  }

  @Test(
    "add takes a kind in both languages",
    arguments: [
      ("add ", ["income", "expense", "수입", "지출"]), ("add 수", ["수입"]), ("add 지", ["지출"]),
      ("add EX", ["expense"]),
    ])
  func kinds(line: String, expected: [String]) {
    #expect(complete(line) == expected)
  }

  @Test("after the kind and amount, categories already used, most used first, Hangul included")
  func categories() {
    #expect(complete("add expense 5000 점") == ["점심", "점검"])
    #expect(complete("add 지출 3만 카") == ["카페"])
    #expect(complete("add e 5000 C") == ["cafe"], "case is ignored")
    #expect(
      complete("add income 5000 ") == ["점심", "카페", "cafe", "점검", "커피\\ 한잔"],
      "the context's order; a category with a space is escaped as the parser reads it")
    #expect(complete("add expense 5000 커피") == ["커피\\ 한잔"])
  }

  @Test("a category that cannot be shown safely is never offered")
  func unsafeCategory() {
    #expect(complete("add expense 5000 ev").isEmpty)
  }

  @Test("no categories after an unknown kind, for the amount, or for the memo")
  func notCategories() {
    #expect(complete("add foo 5000 점").isEmpty)
    #expect(complete("add expense 5").isEmpty)
    #expect(complete("add expense 5000 점심 점").isEmpty)
  }

  @Test("--date completes, and takes a date word in both languages")
  func dateOption() {
    #expect(complete("add expense 5000 점심 --d") == ["--date"])
    #expect(complete("add expense 5000 점심 --date 어") == ["어제"])
    #expect(
      complete("add expense 5000 --date ")
        == ["today", "yesterday", "tomorrow", "오늘", "어제", "내일"])
    #expect(complete("add expense 5000 --date=to") == ["--date=today", "--date=tomorrow"])
    #expect(complete("add --date today expense 5000 점") == ["점심", "점검"])
    #expect(complete("add -- expense 5000 --d").isEmpty, "after -- nothing is an option")
  }

  @Test("day and go take the date words in both languages")
  func dateWords() {
    #expect(complete("day 오") == ["오늘"])
    #expect(complete("go 내") == ["내일"])
    #expect(complete("d y") == ["yesterday"])
    #expect(complete("go ") == ["today", "yesterday", "tomorrow", "오늘", "어제", "내일"])
  }

  @Test("edit and delete take the selected day's entry numbers")
  func entryNumbers() {
    #expect(complete("edit 1") == ["1", "10", "11", "12"])
    #expect(complete("rm ", CompletionContext(entryCount: 3)) == ["1", "2", "3"])
    #expect(complete("delete ", .empty).isEmpty)
    #expect(complete("edit 1 ").isEmpty)
  }

  @Test("categories rank by use, then by the latest day, then by name")
  func ranking() {
    let entries: [Transaction] = [
      .fixture(id: "a", day: "2025-11-01", category: "카페"),
      .fixture(id: "b", day: "2025-11-02", category: "점심"),
      .fixture(id: "c", day: "2025-11-03", category: "카페"),
      .fixture(id: "d", day: "2025-11-04", category: "taxi"),
      .fixture(id: "e", day: "2025-11-04", category: "bus"),
      .fixture(id: "f", day: "2025-11-05", category: "점심"),
      .fixture(id: "g", day: "2025-10-30", category: "점심"),
    ]
    #expect(CompletionContext.rankedCategories(entries) == ["점심", "카페", "bus", "taxi"])
    #expect(CompletionContext.rankedCategories([]).isEmpty)
    #expect(CompletionContext(entryCount: -2).entryCount == 0)
  }

  @Test(
    "in a form field Tab completes the field's value: categories, kinds and days, not commands",
    arguments: [
      (TransactionFormViewModel.Field.category, "식", "식", ["식비", "식료품"]),
      (.category, "", "", ["식비", "식료품", "용돈 통장", "bus"]),
      (.category, "용돈 ", "", ["통장"]),
      (.category, "B", "B", ["bus"]),
      (.category, "ne", "ne", []),
      (.kind, "지", "지", ["지출"]),
      (.kind, "in", "in", ["income"]),
      (.date, "어", "어", ["어제"]),
      (.amount, "1", "1", []),
      (.memo, "de", "de", []),
    ])
  func formField(
    field: TransactionFormViewModel.Field, line: String, word: String, expected: [String]
  ) {
    let context = CompletionContext(
      categories: ["식비", "식료품", "용돈 통장", "bus"], formField: field)
    #expect(CommandCompletion.candidates(line: line, word: word, context: context) == expected)
  }

  @Test(
    "a completed category reads back as one word, its text exact, when a mark follows a space, a quote or a backslash"
  )
  func combiningMarks() throws {
    for category in [
      "커피 \u{301}한잔", "\"\u{301}quoted", "'\u{20DD}x", "back\\\u{301}slash", "a\u{3000}\u{301}b",
      "tab\t\u{301}x",
    ] {
      let words = try CommandParser.split(CommandCompletion.escaped(category))
      #expect(
        words.map { Array($0.text.unicodeScalars) } == [Array(category.unicodeScalars)],
        "\(category.unicodeScalars.map { String($0.value, radix: 16) })")
      #expect(
        Array(CommandCompletion.unescaped(CommandCompletion.escaped(category)).unicodeScalars)
          == Array(category.unicodeScalars))
    }
  }
}
