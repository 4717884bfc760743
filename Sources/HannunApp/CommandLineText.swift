import ArgumentParser
import HannunPresentation
import HannunREPL

/// The one-shot commands' own words — their help pages and the argument parser's usage errors —
/// in the user's language.
///
/// swift-argument-parser reads a command's texts (its ``CommandConfiguration`` and each
/// argument's ``ArgumentHelp``) when it builds the command during parsing, so ``HannunMain`` sets
/// ``language`` from the command line and the environment before the parser runs, and every text
/// is written through ``localized(_:)``. The English text is the key of the Korean catalogue
/// (``KoreanCommandLineText``), so English stays exactly as written in each command.
enum CommandLineText {
  /// The language of the command line being handled; English unless ``HannunMain`` sets another.
  @TaskLocal static var language: DisplayLanguage = .english

  /// `english` in the current language: the Korean catalogue's sentence for it, or `english`.
  static func text(_ english: String) -> String {
    guard language == .korean else { return english }
    return KoreanCommandLineText.help[english] ?? english
  }

  /// What the parser prints for `error` when it is no error (`--help`, `help COMMAND`,
  /// `--version`, a completion script): a help page in the current language, broken to `width`
  /// display columns (the parser counts characters, and Hangul takes two columns; it leaves a
  /// usage line whole, which a terminal then cuts mid-option).
  static func page(for error: any Error, width: Int) -> String {
    // Unbroken, so that each sentence is found whole, translated, then broken by width.
    let page = Hannun.fullMessage(for: error, columns: 100_000)
    return helpPage(page, width: width, korean: language == .korean)
  }

  /// A help page of the parser, each line broken to `width` — its headings and sentences in
  /// Korean when `korean` — or any other text (a version, a completion script) as it is.
  static func helpPage(_ page: String, width: Int, korean: Bool) -> String {
    guard page.hasPrefix("OVERVIEW: ") || page.hasPrefix("USAGE: ") else { return page }
    let heading = korean ? KoreanCommandLineText.usageHeading : "USAGE: "
    // The usage's further lines are indented under its first (the Korean heading is a column
    // wider than the parser's).
    let indent = String(repeating: " ", count: TerminalText.displayWidth(heading))
    var inUsage = false
    return page.split(separator: "\n", omittingEmptySubsequences: false).flatMap {
      line -> [String] in
      let line = String(line)
      if line.hasPrefix("USAGE: ") {
        inUsage = true
        var usage = heading + line.dropFirst("USAGE: ".count)
        if korean {
          usage = usage.replacing("<subcommand>", with: KoreanCommandLineText.subcommandPlaceholder)
        }
        return brokenUsage(usage, heading: heading, width: width)
      }
      if inUsage {
        if line.hasPrefix("       ") {
          return brokenUsage(indent + line.dropFirst(7), heading: indent, width: width)
        }
        inUsage = false
      }
      return broken(korean ? koreanLine(line) : line, toWidth: width)
    }.joined(separator: "\n")
  }

  /// A line of a help page (not of its usage) with the parser's headings and phrases in Korean.
  private static func koreanLine(_ line: String) -> String {
    if line.hasPrefix("OVERVIEW: ") {
      return KoreanCommandLineText.overviewHeading + line.dropFirst("OVERVIEW: ".count)
    }
    if let heading = KoreanCommandLineText.sectionHeadings[line] { return heading }
    if let match = line.wholeMatch(of: #/  See '(.+) <subcommand>' for detailed help\./#) {
      return "  " + KoreanCommandLineText.seeSubcommandHelp(String(match.1))
    }
    var line = line
    for (english, korean) in KoreanCommandLineText.parserPhrases {
      line = line.replacing(english, with: korean)
    }
    return line
  }

  /// A usage line broken to `width` between its words and bracketed groups (`[--category
  /// <category>]` stays whole, and so does an option with its value), each further line
  /// indented under the first option when that leaves room, else under the heading.
  static func brokenUsage(_ line: String, heading: String, width: Int) -> [String] {
    guard TerminalText.displayWidth(line) > width else { return [line] }
    // The groups: split at spaces outside brackets; a `<value>` joins the option before it.
    var groups: [String] = []
    var depth = 0
    var current = ""
    for character in line.dropFirst(heading.count) {
      if character == " ", depth == 0 {
        if !current.isEmpty { groups.append(current) }
        current = ""
        continue
      }
      if character == "[" || character == "<" { depth += 1 }
      if character == "]" || character == ">" { depth = max(0, depth - 1) }
      if current.isEmpty, character == "<", let last = groups.last, last.hasPrefix("--") {
        current = groups.removeLast() + " "
      }
      current.append(character)
    }
    if !current.isEmpty { groups.append(current) }
    // The command's words (`hannun add`) are the groups before the first option or argument.
    let words = groups.prefix { !$0.hasPrefix("[") && !$0.hasPrefix("-") && !$0.hasPrefix("<") }
    let commandWidth = TerminalText.displayWidth(heading + words.joined(separator: " ") + " ")
    // Under the first option when the widest group fits there, else under the heading.
    let widestGroup = groups.map(TerminalText.displayWidth).max() ?? 0
    let indent =
      commandWidth <= width / 2 && commandWidth + widestGroup <= width
      ? commandWidth : TerminalText.displayWidth(heading)
    var lines: [String] = []
    var text = heading
    var textWidth = TerminalText.displayWidth(heading)
    var fresh = true
    for group in groups {
      let groupWidth = TerminalText.displayWidth(group)
      if !fresh, textWidth + 1 + groupWidth > width {
        lines.append(text)
        text = String(repeating: " ", count: indent)
        textWidth = indent
        fresh = true
      }
      if !fresh {
        text += " "
        textWidth += 1
      }
      text += group
      textWidth += groupWidth
      fresh = false
    }
    lines.append(text)
    return lines
  }

  /// A line broken to `width`, its further lines indented where its text starts: after the
  /// label of an option or command (`  --data <data>   text`), else after its leading spaces.
  private static func broken(_ line: String, toWidth width: Int) -> [String] {
    guard TerminalText.displayWidth(line) > width else { return [line] }
    let label = line.firstMatch(of: #/^  \S.*?\s{2,}(?=\S)/#).map { String($0.output) }
    let head = label ?? String(line.prefix { $0 == " " })
    // Narrow, an option's description goes under its name, rather than down a thin column.
    if width < narrowHelpWidth, head.count >= 2 + descriptionIndent.count {
      let description = String(line.dropFirst(head.count))
      // `  --category <category>`, without the spaces before the description.
      let name = label.map { [String($0.reversed().drop { $0 == " " }.reversed())] } ?? []
      return name
        + TerminalText.wrapped(description, toWidth: width - descriptionIndent.count).map {
          descriptionIndent + $0
        }
    }
    let indent = TerminalText.displayWidth(head)
    let lines = TerminalText.wrapped(String(line.dropFirst(head.count)), toWidth: width - indent)
    return lines.enumerated().map { index, text in
      (index == 0 ? head : String(repeating: " ", count: indent)) + text
    }
  }

  /// Below this width, a help page puts each option's description under its name.
  static let narrowHelpWidth = 60
  /// The indent of a description under its option's name on a narrow help page.
  static let descriptionIndent = "      "

  /// A usage error's message (the parser's English, from `message(for:)`) in the current
  /// language; a message this catalogue does not know stays English.
  static func usageMessage(_ english: String) -> String {
    guard language == .korean, let problem = UsageProblem(message: english) else { return english }
    return KoreanCommandLineText.usage(problem)
  }
}

/// `english`, a command's abstract or discussion, in the current language (see
/// ``CommandLineText``).
func localized(_ english: String) -> String { CommandLineText.text(english) }

extension ArgumentHelp {
  /// An argument's help, `english` in the current language (see ``CommandLineText``).
  static func localized(_ english: String) -> ArgumentHelp {
    ArgumentHelp(CommandLineText.text(english))
  }
}

/// A usage error of the argument parser, told by its message.
///
/// The parser's error types are internal to swift-argument-parser; its public account of what
/// went wrong is `message(for:)`, whose sentences (1.8.x) are read here. A message of another
/// form is not a ``UsageProblem`` and is shown as the parser wrote it.
enum UsageProblem: Equatable {
  /// `Unknown option '--x'`, with the option the parser suggests, if any.
  case unknownOption(String, suggestion: String?)
  /// `Unexpected argument 'x'`, or several.
  case unexpectedArguments([String])
  /// `Missing value for '--data <data>'`.
  case missingValue(String)
  /// `The value 'jp' is invalid for '--locale <locale>'`, with the values accepted when the
  /// parser lists them.
  case invalidValue(String, option: String, accepted: [String])
  /// `Value to be set with flag '--expense' had already been set with flag '--income'`.
  case alreadySet(String, previous: String)
  /// `Missing expected argument '<id>'`, or one of several.
  case missingArgument([String])
  /// `The option '--json' does not take any value, but 'x' was specified.`
  case takesNoValue(String, value: String)

  /// The problem a parser message names, or `nil` for a message of another form.
  init?(message: String) {
    let first = message.split(separator: "\n", omittingEmptySubsequences: false).first ?? ""
    if let match = first.wholeMatch(of: #/Unknown option '(.+?)'(?:\. Did you mean '(.+?)'\?)?/#) {
      self = .unknownOption(String(match.1), suggestion: match.2.map(String.init))
    } else if let match = first.wholeMatch(of: #/Unexpected argument '(.*)'/#) {
      self = .unexpectedArguments([String(match.1)])
    } else if let match = first.wholeMatch(of: #/\d+ unexpected arguments: (.*)/#) {
      self = .unexpectedArguments(Self.quoted(match.1))
    } else if let match = first.wholeMatch(of: #/Missing value for '(.+)'/#) {
      self = .missingValue(String(match.1))
    } else if let match = first.firstMatch(of: #/^The value '(.*?)' is invalid for '(.+?)'/#) {
      let rest = message[match.range.upperBound...]
      let list = rest.firstRange(of: "Please provide one of").map { rest[$0.upperBound...] }
      var accepted = list.map(Self.quoted) ?? []
      if accepted.isEmpty, let list {
        // The long form lists the values one a line: `  - value`.
        accepted = list.split(separator: "\n").compactMap { line in
          line.hasPrefix("  - ") ? String(line.dropFirst(4)) : nil
        }
      }
      self = .invalidValue(String(match.1), option: String(match.2), accepted: accepted)
    } else if let match = first.wholeMatch(
      of: #/Value to be set with (.+) had already been set with (.+)/#)
    {
      self = .alreadySet(Self.element(match.1), previous: Self.element(match.2))
    } else if let match = first.wholeMatch(of: #/Missing expected argument '(.+)'/#) {
      self = .missingArgument([String(match.1)])
    } else if let match = first.wholeMatch(of: #/Missing one of: (.+)/#) {
      self = .missingArgument(Self.quoted(match.1))
    } else if let match = first.wholeMatch(
      of: #/The option '(.+)' does not take any value, but '(.*)' was specified\./#)
    {
      self = .takesNoValue(String(match.1), value: String(match.2))
    } else {
      return nil
    }
  }

  /// The texts in single quotes: `'a', 'b' or 'c'` → `[a, b, c]`.
  private static func quoted(_ text: Substring) -> [String] {
    text.matches(of: #/'([^']*)'/#).map { String($0.1) }
  }

  /// What the parser calls an element of the command line: `flag '--income'` (or `flag 'x' in
  /// '-xy'`) and `'value'` name the text typed; `position 3` stays as it is.
  private static func element(_ text: Substring) -> String {
    quoted(text).first ?? String(text)
  }
}

extension CommandLineRefusal {
  /// What the command `path` names needs when the parser found a word of it missing
  /// (``UsageProblem/missingArgument(_:)``), or `nil` for a command without such a sentence.
  init?(missingArgumentOf path: [String]) {
    switch path {
    case ["edit"], ["delete"]: self = .needsEntryID(path[0])
    case ["recurring", "edit"], ["recurring", "remove"]: self = .needsRuleID(path[1])
    case ["category", "rename"]: self = .renameNeedsNames
    case ["import"]: self = .importNeedsFile
    case ["skip"], ["change"]: self = .recurringNeedsOccurrence
    default: return nil
    }
  }
}
