import Testing

@testable import HannunREPL

@Suite("Tab completes file names where a command takes a file")
struct FileCompletionTests {
  @Test("the FILE of import, also as 가져오기 and after --dry-run, is a file name")
  func importFile() {
    #expect(CommandCompletion.completesFileName(line: "import ", word: ""))
    #expect(CommandCompletion.completesFileName(line: "import ~/Down", word: "~/Down"))
    #expect(CommandCompletion.completesFileName(line: "가져오기 bank", word: "bank"))
    #expect(CommandCompletion.completesFileName(line: "IMPORT --dry-run st", word: "st"))
  }

  @Test("nothing else is: other commands, options, a second file")
  func notAFile() {
    #expect(!CommandCompletion.completesFileName(line: "imp", word: "imp"))
    #expect(!CommandCompletion.completesFileName(line: "add 12000 foo", word: "foo"))
    #expect(!CommandCompletion.completesFileName(line: "import --d", word: "--d"))
    #expect(!CommandCompletion.completesFileName(line: "import a.csv b", word: "b"))
    #expect(!CommandCompletion.completesFileName(line: "find x", word: "x"))
  }

  @Test("import's option completes once; the command's own candidates never list files")
  func options() {
    #expect(CommandCompletion.candidates(line: "import --d", word: "--d") == ["--dry-run"])
    #expect(CommandCompletion.candidates(line: "import a.csv -", word: "-") == ["--dry-run"])
    #expect(CommandCompletion.candidates(line: "import --dry-run -", word: "-").isEmpty)
    #expect(CommandCompletion.candidates(line: "import ba", word: "ba").isEmpty)
  }
}
