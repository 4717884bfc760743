import Testing

@testable import HannunREPL

@Suite("Tab completion")
struct CommandCompletionTests {
  @Test(
    "the first word completes to command names",
    arguments: [
      ("ne", ["next"]), ("mo", ["month", "mode"]), ("d", ["day", "delete"]), ("xyz", []),
      ("UN", ["undo"]),
    ])
  func commandNames(word: String, expected: [String]) {
    #expect(CommandCompletion.candidates(line: word, word: word) == expected)
  }

  @Test(
    "the second word completes to what the command takes",
    arguments: [
      ("add i", "i", ["income"]), ("add ", "", ["income", "expense"]),
      ("mode a", "a", ["amounts"]), ("help re", "re", ["redo"]),
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
