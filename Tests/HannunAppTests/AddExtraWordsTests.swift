import Foundation
import HannunTestSupport
import Testing

@testable import HannunApp

/// `hannun add 12000 식비`: a category typed as a word, not after `--category`. The refusal names
/// the fix, as `budget`'s does for its own words left over, and nothing is written.
@MainActor
@Suite("hannun add given words after its amount")
struct AddExtraWordsTests {
  let folder: TemporaryFolder
  var data: URL { folder.appending("data") }

  init() throws { folder = try TemporaryFolder(prefix: "hannun-add-extra") }

  @Test(
    "a word after the amount is refused with the option it belongs after, in both languages",
    arguments: [
      (
        ["add", "12000", "식비"],
        "hannun: '식비' is more than add takes (one amount); "
          + "a category goes after --category: --category 식비\n",
        "hannun: '식비'은(는) 남는 말입니다. add 뒤에는 금액 하나만 오고, 분류는 --category 뒤에 씁니다: "
          + "--category 식비\n"
      ),
      (
        ["add", "--expense", "12000", "식비", "점심 약속"],
        "hannun: '식비 점심 약속' is more than add takes (one amount); a category goes after "
          + "--category and a memo after --memo: --category 식비 --memo '점심 약속'\n",
        "hannun: '식비 점심 약속'은(는) 남는 말입니다. add 뒤에는 금액 하나만 오고, 분류는 --category 뒤에, "
          + "메모는 --memo 뒤에 씁니다: --category 식비 --memo '점심 약속'\n"
      ),
      (
        ["add", "--expense", "12000", "--category", "식비", "점심"],
        "hannun: '점심' is more than add takes (one amount); a memo goes after --memo: "
          + "--memo 점심\n",
        "hannun: '점심'은(는) 남는 말입니다. add 뒤에는 금액 하나만 오고, 메모는 --memo 뒤에 씁니다: "
          + "--memo 점심\n"
      ),
      (
        ["add", "--expense", "12000", "--category", "식비", "--memo", "m", "x"],
        "hannun: 'x' is more than add takes (one amount, with --category and --memo); "
          + "remove it\n",
        "hannun: 'x'은(는) 남는 말입니다. add 뒤에는 금액 하나만 오고 분류와 메모는 이미 적었습니다. "
          + "지우세요\n"
      ),
    ])
  func refused(arguments: [String], english: String, korean: String) async throws {
    let inEnglish = await hannun(arguments + ["--locale", "en"], data: data)
    #expect(inEnglish.status == 2, "\(inEnglish)")
    #expect(inEnglish.err == english)
    let inKorean = await hannun(arguments + ["--locale", "ko"], data: data)
    #expect(inKorean.status == 2, "\(inKorean)")
    #expect(inKorean.err == korean)
    #expect(!folder.contains("data/ledger"), "nothing is written")
  }

  @Test(
    "options after -- are named as such, not offered back as a category or memo",
    arguments: [
      ["add", "--", "12000", "--category", "식비"],
      ["add", "12000", "--category", "식비", "--", "-x"],
    ])
  func optionsAfterTerminator(arguments: [String]) async throws {
    let words = arguments.drop { $0 != "--" }.dropFirst().filter { $0.hasPrefix("-") }
    // The language goes before `--`, where it is read.
    let inEnglish = await hannun(["add", "--locale", "en"] + arguments.dropFirst(), data: data)
    #expect(inEnglish.status == 2, "\(inEnglish)")
    #expect(inEnglish.err.contains("came after --, which ends the options"), "\(inEnglish)")
    #expect(inEnglish.err.contains(words.joined(separator: " ")), "\(inEnglish)")
    #expect(!inEnglish.err.contains("--category --"), "\(inEnglish)")
    let inKorean = await hannun(["add", "--locale", "ko"] + arguments.dropFirst(), data: data)
    #expect(inKorean.status == 2, "\(inKorean)")
    #expect(inKorean.err.contains("옵션은 -- 앞에 쓰세요"), "\(inKorean)")
    #expect(!folder.contains("data/ledger"), "nothing is written")
  }

  @Test("the fix it names is a command that adds the entry")
  func fixWorks() async throws {
    let refused = await hannun(["add", "--expense", "12000", "식비", "--locale", "en"], data: data)
    let fix = try #require(refused.err.split(separator: ": ").last).dropLast()
    #expect(fix == "--category 식비")
    let added = await hannun(
      ["add", "--expense", "12000"] + fix.split(separator: " ").map(String.init), data: data)
    #expect(added.status == 0, "\(added)")
  }

  @Test(
    "a hint's shell word is one word for a POSIX shell, its text exact, when a mark follows a quote"
  )
  func shellWordCombiningMark() {
    for text in ["it'\u{301}s; rm -rf x #", "'\u{301}", "a'\u{20DD}'b", "점심 '\u{302}약속'"] {
      let word = CommandLineProblem.shellWord(text)
      // Read as sh reads a word: quotes by their bytes, and no unquoted blank or `;` inside.
      var read = String.UnicodeScalarView()
      var quoted = false
      var words = 1
      var iterator = word.unicodeScalars.makeIterator()
      while let scalar = iterator.next() {
        if scalar == "'" {
          quoted.toggle()
        } else if !quoted && scalar == "\\" {
          if let next = iterator.next() { read.append(next) }
        } else if !quoted && [" ", ";", "#", "&", "|"].contains(scalar) {
          words += 1
        } else {
          read.append(scalar)
        }
      }
      #expect(!quoted && words == 1, "\(word)")
      #expect(Array(read) == Array(text.unicodeScalars), "\(word)")
    }
  }
}
