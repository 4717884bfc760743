import ArgumentParser
import Foundation
import HannunREPL
import HannunServe
import HannunTestSupport
import Synchronization
import Testing

@testable import HannunApp

/// Collects what a command writes, from any thread.
private final class Output: Sendable {
  let text = Mutex("")
  func append(_ more: String) { text.withLock { $0 += more } }
  var value: String { text.withLock { $0 } }
}

/// Runs `hannun ARGUMENTS` in process with `environment` as the process environment.
@MainActor
private func hannun(_ arguments: [String], environment: [String: String]) async -> Run {
  // `serve` runs in this process, as in `hannun-serve`, rather than replacing it.
  HannunServe.install()
  let out = Output()
  let err = Output()
  let status = await Console.$output.withValue(
    { out.append($0) },
    operation: {
      await Console.$errorOutput.withValue(
        { err.append($0) },
        operation: { await HannunMain.run(arguments: arguments, environment: environment) })
    })
  return Run(status: status, out: out.value, err: err.value)
}

private let korean = ["LANG": "ko_KR.UTF-8"]
private let english = ["LANG": "en_US.UTF-8"]

/// Every command's path from the root: `[]`, `["month"]`, …, `["recurring", "add"]`.
private func commandPaths(
  _ command: any ParsableCommand.Type = Hannun.self, prefix: [String] = []
) -> [[String]] {
  let configuration = CommandLineText.$language.withValue(.english) { command.configuration }
  return [prefix]
    + configuration.subcommands.flatMap { sub in
      let name = CommandLineText.$language.withValue(.english) { sub.configuration.commandName }
      return commandPaths(sub, prefix: prefix + [name ?? ""])
    }
}

/// The terminal columns of a line: two for each Hangul syllable or CJK mark, one otherwise.
private func columns(_ line: Substring) -> Int {
  let wide: [ClosedRange<UInt32>] = [0x1100...0x115F, 0x3000...0x303F, 0xAC00...0xD7A3]
  return line.unicodeScalars.reduce(0) { sum, scalar in
    sum + (wide.contains { $0.contains(scalar.value) } ? 2 : 1)
  }
}

/// The parser's own English on a help page.
private let parserEnglish = [
  "OVERVIEW", "USAGE", "ARGUMENTS:", "OPTIONS:", "SUBCOMMANDS:", "Show help information",
  "Show the version", "Show subcommand help", "for detailed help", "(default", "(values:",
  "<subcommand>",
]

/// The English sentences of a help page: outside its usage lines, each run of text between
/// column gaps with three words in a row (not an option's name and value).
private func englishSentences(_ page: String) -> [String] {
  var sentences: [String] = []
  var inUsage = false
  for line in page.split(separator: "\n", omittingEmptySubsequences: false) {
    if line.hasPrefix("USAGE: ") {
      inUsage = true
      continue
    }
    if inUsage, line.hasPrefix("       ") { continue }
    inUsage = false
    let text = line.hasPrefix("OVERVIEW: ") ? line.dropFirst("OVERVIEW: ".count) : line
    for segment in text.split(separator: #/\s{2,}/#)
    where segment.contains(#/[A-Za-z]+,? [a-z]+,? [a-z]+/#) {
      sentences.append(String(segment))
    }
  }
  return sentences
}

/// A usage error, its Korean line and the English line the parser writes.
struct UsageCase: Sendable, CustomTestStringConvertible {
  let arguments: [String]
  let korean: String
  let english: String
  var testDescription: String { arguments.joined(separator: " ") }
}

private let usageCases = [
  UsageCase(
    arguments: ["month", "--bogus"], korean: "hannun: '--bogus'은(는) 없는 옵션입니다",
    english: "hannun: Unknown option '--bogus'"),
  UsageCase(
    arguments: ["month", "2025-11", "extra"],
    korean: "hannun: 'extra'은(는) 이 명령이 받지 않는 인자입니다",
    english: "hannun: Unexpected argument 'extra'"),
  UsageCase(
    arguments: ["month", "--color"], korean: "hannun: '--color <color>' 다음에 값을 적으세요",
    english: "hannun: Missing value for '--color <color>'"),
  UsageCase(
    arguments: ["month", "--locale", "jp"],
    korean: "hannun: 'jp'은(는) '--locale <locale>'에 쓸 수 없는 값입니다. 다음 가운데 하나를 적으세요: 'ko', 'en'",
    english:
      "hannun: The value 'jp' is invalid for '--locale <locale>'. Please provide one of 'ko' and 'en'."
  ),
  UsageCase(
    arguments: ["month", "--color", "sometimes"],
    korean:
      "hannun: 'sometimes'은(는) '--color <color>'에 쓸 수 없는 값입니다. 다음 가운데 하나를 적으세요: 'auto', 'always', 'never'",
    english:
      "hannun: The value 'sometimes' is invalid for '--color <color>'. Please provide one of 'auto', 'always' or 'never'."
  ),
  UsageCase(
    arguments: ["add", "--income", "--expense", "100", "--category", "x"],
    korean: "hannun: '--expense'와(과) '--income'은(는) 같은 것을 정하므로 함께 쓸 수 없습니다. 하나만 적으세요",
    english:
      "hannun: Value to be set with flag '--expense' had already been set with flag '--income'"),
]

@MainActor
@Suite("The command line in Korean: help pages and usage errors")
struct KoreanCommandLineTests {
  let folder: TemporaryFolder
  var data: String { folder.appending("data").path(percentEncoded: false) }

  init() throws { folder = try TemporaryFolder(prefix: "hannun-korean-cli") }

  @Test("the Korean catalogue gives each English text once")
  func catalogueKeys() {
    #expect(KoreanCommandLineText.help.count == KoreanCommandLineText.helpPairs.count)
  }

  @Test("--help of every command is Korean with LANG=ko_KR.UTF-8 and with --locale ko")
  func everyHelpPage() async throws {
    let paths = commandPaths()
    #expect(paths.count > 25, "every command and subcommand: \(paths)")
    for path in paths {
      let englishPage = await hannun(path + ["--help"], environment: english)
      #expect(englishPage.status == 0 && englishPage.out.contains("USAGE: "), "\(englishPage)")
      let sentences = englishSentences(englishPage.out)
      #expect(!sentences.isEmpty, "\(path): \(englishPage.out)")
      for run in [
        await hannun(path + ["--help"], environment: korean),
        await hannun(path + ["--help", "--locale", "ko"], environment: english),
      ] {
        let page = run.out
        #expect(run.status == 0 && run.err.isEmpty, "\(path): \(run)")
        #expect(page.hasPrefix("개요: ") && page.contains("\n사용법: "), "\(path):\n\(page)")
        #expect(page.contains("옵션:"), "\(path):\n\(page)")
        #expect(page.contains("도움말을 보여 줍니다."), "\(path):\n\(page)")
        for phrase in parserEnglish {
          #expect(!page.contains(phrase), "\(path): '\(phrase)' is English:\n\(page)")
        }
        for sentence in sentences {
          #expect(!page.contains(sentence), "\(path): '\(sentence)' is English:\n\(page)")
        }
      }
    }
  }

  @Test("every help page fits 80 columns in both languages, its usage broken between options")
  func everyPageFits() async throws {
    for path in commandPaths() {
      for environment in [english, korean] {
        let run = await hannun(path + ["--help"], environment: environment)
        #expect(run.status == 0, "\(path): \(run)")
        for line in run.out.split(separator: "\n") {
          #expect(columns(line) <= 80, "\(path): \(line)")
        }
        // No option, value or argument is cut in two: each line of the usage breaks between
        // bracketed groups, never inside one.
        let isUsage = { (line: Substring) in
          line.hasPrefix("USAGE: ") || line.hasPrefix("사용법: ")
        }
        let usage = run.out.split(separator: "\n").drop { !isUsage($0) }
          .prefix { isUsage($0) || $0.hasPrefix("       ") }
        #expect(!usage.isEmpty, "\(path): \(run.out)")
        for line in usage {
          let opened = line.filter { $0 == "[" }.count
          #expect(opened == line.filter { $0 == "]" }.count, "\(path): \(line)")
          #expect(line.filter { $0 == "<" }.count == line.filter { $0 == ">" }.count, "\(line)")
        }
      }
    }
    // English text holding Korean words is broken by the columns it takes, not its characters.
    let mood = await hannun(["mood", "--help"], environment: english)
    #expect(mood.out.contains("기쁨"), "\(mood)")
  }

  @Test("no option's help states its default twice, in either language")
  func defaultsStatedOnce() async throws {
    for path in commandPaths() {
      for environment in [english, korean] {
        let run = await hannun(path + ["--help"], environment: environment)
        // An option's help is its first line (two spaces, then a dash) and the lines indented
        // under it; the parser adds "(default: …)" to a default of its own.
        var blocks: [String] = []
        for line in run.out.split(separator: "\n", omittingEmptySubsequences: false) {
          if line.hasPrefix("  -") || line.hasPrefix("  <") || !line.hasPrefix("   ") {
            blocks.append(String(line))
          } else if !blocks.isEmpty {
            blocks[blocks.count - 1] += " " + line.trimmingCharacters(in: .whitespaces)
          }
        }
        for block in blocks where block.hasPrefix("  -") {
          let stated =
            block.components(separatedBy: "default").count - 1
            + block.components(separatedBy: "기본값").count - 1
          #expect(stated <= 1, "\(path): \(block)")
        }
      }
    }
  }

  @Test("a first word that is no command is refused by name in both languages, --help too")
  func unknownCommand() async throws {
    let lines = [
      ["backup"], ["backup", "--help"], ["help", "backup"], ["--data", "x", "backup"],
    ]
    for arguments in lines {
      let run = await hannun(arguments, environment: english)
      #expect(run.status == 2 && run.out.isEmpty, "\(arguments): \(run)")
      #expect(
        run.err
          == "hannun: 'backup' is not a hannun command; for that, hannun export --format json"
          + " --output FILE (hannun --help lists them all)\n", "\(arguments): \(run)")
    }
    let unknown = await hannun(["frobnicate", "-h"], environment: korean)
    #expect(unknown.status == 2, "\(unknown)")
    #expect(
      unknown.err == "hannun: 'frobnicate'은(는) hannun의 명령이 아닙니다. 명령 목록은 hannun --help에서 봅니다\n",
      "\(unknown)")
    // The words of the calendar's screens and the web's menu, which the REPL takes for some
    // (예산, 기분, 가져오기), name the command that does it.
    for (word, command) in [
      ("예산", "budget"), ("추가", "add AMOUNT --category C"), ("보고서", "report"),
      ("가져오기", "import FILE"), ("기분", "mood"), ("달력", "month"), ("삭제", "delete ID"),
    ] {
      let run = await hannun([word], environment: korean)
      #expect(
        run.status == 2
          && run.err.hasPrefix(
            "hannun: '\(word)'은(는) hannun의 명령이 아닙니다. 그 일은 "
              + "hannun \(command)(으)로 합니다"),
        "\(word): \(run)")
    }
    // Commands, help and options before a command are as they were.
    for arguments in [["help", "month"], ["--help"], ["--locale", "en", "month", "--help"]] {
      let run = await hannun(arguments, environment: english)
      #expect(run.status == 0 && run.out.contains("USAGE: "), "\(arguments): \(run)")
    }
  }

  @Test("undo and redo, which only the calendar keeps a history for, say where they work")
  func sessionOnlyCommands() async throws {
    let undo = await hannun(["undo"], environment: english)
    #expect(undo.status == 2 && undo.out.isEmpty, "\(undo)")
    #expect(
      undo.err
        == "hannun: 'undo' works in hannun's calendar (hannun with no command), on the changes "
        + "made there; a one-shot command keeps no history to undo: hannun delete ID takes back "
        + "an entry you added, hannun edit ID sets back what you changed\n", "\(undo)")
    let redo = await hannun(["REDO", "--help"], environment: english)
    #expect(redo.status == 2, "\(redo)")
    #expect(
      redo.err
        == "hannun: 'REDO' works in hannun's calendar (hannun with no command), after an undo "
        + "there; a one-shot command keeps no history to redo: make the change again with hannun "
        + "add or hannun edit ID\n", "\(redo)")
    let koreanRedo = await hannun(["redo"], environment: korean)
    #expect(koreanRedo.err.contains("undo 뒤에 쓰는 명령입니다"), "\(koreanRedo)")
    let korean = await hannun(["undo"], environment: korean)
    #expect(korean.status == 2, "\(korean)")
    #expect(
      korean.err
        == "hannun: 'undo'는 달력 화면(명령 없이 hannun)에서 그 안에서 한 변경에 쓰는 명령입니다. 한 번 "
        + "실행하는 명령은 되돌릴 기록을 남기지 않으니, 추가한 내역은 hannun delete ID로 지우고 고친 "
        + "내역은 hannun edit ID로 다시 고치세요\n", "\(korean)")
  }

  @Test("help COMMAND is Korean too, and English help is as the parser writes it")
  func helpCommand() async throws {
    let page = await hannun(["help", "report"], environment: korean)
    #expect(page.status == 0 && page.out.hasPrefix("개요: 한 달, 한 해"), "\(page)")
    let root = await hannun(["--help"], environment: korean)
    #expect(root.out.contains("repl (기본)"), "\(root)")
    #expect(root.out.contains("명령마다 자세한 도움말은 'hannun help <명령>'으로 봅니다."), "\(root)")
    let month = await hannun(["month", "--help"], environment: korean)
    #expect(month.out.contains("첫 열: 1(일요일)부터 7(토요일)까지. (기본값: 1)"), "\(month)")
    for line in month.out.split(separator: "\n") where !line.hasPrefix("사용법: ") {
      #expect(columns(line) <= 80, "broken to 80 columns: \(line)")
    }
    let englishPage = await hannun(["month", "--help"], environment: english)
    #expect(englishPage.out.hasPrefix("OVERVIEW: Show a month (default: this month)."))
    #expect(englishPage.out.contains("The first column: 1 (Sunday) to 7 (Saturday).\n"))
    #expect(englishPage.out.contains("  -h, --help              Show help information."))
  }

  @Test("each usage error of the parser is Korean under a Korean locale", arguments: usageCases)
  func usageError(_ usage: UsageCase) async throws {
    // The data option comes first: the case's own arguments end the line (`--color` alone).
    let arguments = ["--data", data] + usage.arguments
    let koreanRun = await hannun(arguments, environment: korean)
    #expect(koreanRun.status == 2, "\(koreanRun)")
    // The hint names the page of the command given.
    let page = "hannun " + usage.arguments[0]
    #expect(koreanRun.err == usage.korean + " (\(page) --help 참고)\n", "\(koreanRun)")
    if !usage.arguments.contains("--locale") {
      let flag = await hannun(arguments + ["--locale", "ko"], environment: english)
      #expect(flag.err.hasPrefix(usage.korean), "--locale ko: \(flag)")
    }
    let englishRun = await hannun(arguments, environment: english)
    #expect(englishRun.status == 2, "\(englishRun)")
    #expect(englishRun.err == usage.english + " (see \(page) --help)\n", "\(englishRun)")
    #expect(!folder.contains("data/ledger"), "nothing was written")
  }

  @Test("a suggested option and a missing argument are Korean too")
  func moreUsageErrors() async throws {
    let suggestion = await hannun(["month", "--jsn"], environment: korean)
    #expect(
      suggestion.err.hasPrefix("hannun: '--jsn'은(는) 없는 옵션입니다. '--json'을(를) 뜻했나요?"),
      "\(suggestion)")
    let missing = await hannun(["delete"], environment: korean)
    #expect(missing.err.hasPrefix("hannun: delete에는 내역의 id가 필요합니다"), "\(missing)")
    // A command without its own sentence for a missing word gets the parser's, in Korean.
    #expect(KoreanCommandLineText.usage(.missingArgument(["<id>"])) == "'<id>'이(가) 필요합니다")
  }

  @Test(
    "a usage error's hint names the page of the command given, inside a group too",
    arguments: [
      (["recurring", "edit", "r1", "--bogus"], "hannun recurring edit"),
      (["--locale", "en", "skip", "r1", "2025-01-01", "x"], "hannun skip"),
      (["category", "rename", "a", "b", "--bogus"], "hannun category rename"),
      (["--data", "d", "recurring", "add", "--bogus"], "hannun recurring add"),
      (["--bogus"], "hannun"),
    ])
  func hintNamesCommand(arguments: [String], page: String) async throws {
    let inEnglish = await hannun(arguments, environment: english)
    #expect(
      inEnglish.status == 2 && inEnglish.err.hasSuffix(" (see \(page) --help)\n"), "\(inEnglish)")
    let inKorean = await hannun(arguments + ["--locale", "ko"], environment: korean)
    #expect(
      inKorean.status == 2 && inKorean.err.hasSuffix(" (\(page) --help 참고)\n"), "\(inKorean)")
  }

  @Test("a month file damaged by hand is named in Korean, with no English prose")
  func damagedMonth() async throws {
    let added = await hannun(
      ["add", "5000", "--category", "식비", "--data", data, "--date", "2026-11-03"],
      environment: korean)
    #expect(added.status == 0, "\(added)")
    let file = folder.appending("data/ledger/2026/2026-11.json")
    let text = try String(contentsOf: file, encoding: .utf8)
    try text.replacingOccurrences(of: "\"2026-11-03\"", with: "\"2026-13-01\"")
      .write(to: file, atomically: true, encoding: .utf8)
    let month = await hannun(["month", "2026-11", "--data", data], environment: korean)
    #expect(month.status == 1, "\(month)")
    // The file's path and the program's name are not sentences.
    let sentence = month.err.replacing(#/\S*2026-11\.json/#, with: "")
      .replacingOccurrences(of: "hannun:", with: "")
    #expect(sentence.contains("'2026-13-01'"), "\(month)")
    #expect(englishLeft(inKorean: sentence).isEmpty, "\(month)")
    let englishRun = await hannun(["month", "2026-11", "--data", data], environment: english)
    #expect(
      englishRun.err.contains(": date '2026-13-01' is not a day from 1583-01-01 to 9999-12-31"),
      "\(englishRun)")
  }
}

@Suite("Help pages on a narrow terminal")
struct NarrowHelpPageTests {
  private let page = """
    OVERVIEW: Add an income or expense; prints the new id.

    USAGE: hannun add [--category <category>]

    OPTIONS:
      --category <category>   The category, 1-40 characters, as the ledger's own categories are named.
      --first-weekday <first-weekday>
                              The first column of the calendar: 1 (Sunday) to 7 (Saturday). (default: 1)
      --json                  Print JSON.
    """

  @Test("below 60 columns an option's description goes under its name, wrapped at 6 columns in")
  func descriptionsUnderNames() {
    let lines = CommandLineText.helpPage(page, width: 40, korean: false)
      .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines.allSatisfy { TerminalText.displayWidth($0) <= 40 }, "\(lines)")
    let category = lines.firstIndex(of: "  --category <category>")
    #expect(category != nil, "\(lines)")
    if let category {
      #expect(lines[category + 1].hasPrefix("      The category, 1-40"), "\(lines)")
    }
    let weekday = lines.firstIndex(of: "  --first-weekday <first-weekday>")
    #expect(weekday.map { lines[$0 + 1].hasPrefix("      The first column") } == true, "\(lines)")
    // A line that fits stays as it is.
    #expect(lines.contains("  --json                  Print JSON."), "\(lines)")
    // Each description takes at most three lines at 40 columns (a column 16 wide took six).
    #expect(lines.filter { $0.hasPrefix("      ") }.count <= 7, "\(lines)")
  }

  @Test("from 60 columns the descriptions keep their column")
  func wideKeepsColumn() {
    let text = CommandLineText.helpPage(page, width: 80, korean: false)
    #expect(text.contains("  --category <category>   The category, 1-40 characters,"), "\(text)")
  }
}
