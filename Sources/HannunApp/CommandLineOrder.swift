import ArgumentParser
import HannunDomain

/// Lets global options come before the subcommand (`hannun --data DIR month`) as well as after
/// it. Swift Argument Parser gives options written before a subcommand to the root command, so
/// they are moved behind the subcommand's name before parsing.
enum CommandLineOrder {
  static let subcommands: Set<String> = [
    "repl", "month", "week", "day", "add", "edit", "delete", "report", "year", "help",
    "budget", "categories", "category", "find", "export", "recurring", "due", "confirm", "skip",
    "change", "import", "mood",
    "serve",
  ]
  static let optionsWithValue: Set<String> = [
    "--data", "--locale", "--color", "--currency", "--first-weekday",
  ]
  /// Global flags, moved like the options but without a value.
  static let globalFlags: Set<String> = ["--ascii"]

  /// Options whose value may look like a negative number, which the parser would otherwise take
  /// for an option of its own.
  static let optionsWithNumber: Set<String> = ["--first-weekday", "--amount"]

  /// `--first-weekday -1` → `--first-weekday=-1`, so that the value reaches the option and is
  /// refused with the option's own message.
  static func joiningNegativeValues(_ arguments: [String]) -> [String] {
    var result: [String] = []
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      if optionsWithNumber.contains(argument), index + 1 < arguments.count,
        looksNegative(arguments[index + 1])
      {
        result.append(argument + "=" + arguments[index + 1])
        index += 2
      } else {
        result.append(argument)
        index += 1
      }
    }
    return result
  }

  /// `[--data, X, month, 2025-11]` → `[month, --data, X, 2025-11]`; anything else unchanged.
  /// A group's command takes the options behind both words, wherever they were before it:
  /// `[--data, X, recurring, edit, r1]` and `[recurring, --data, X, edit, r1]` →
  /// `[recurring, edit, --data, X, r1]` (left between the two, they would reach the group, which
  /// would then give its command's words to its default command, `recurring list`).
  static func subcommandFirst(_ arguments: [String]) -> [String] {
    var leading: [String] = []
    var index = globalOptions(in: arguments, from: 0, into: &leading)
    guard index < arguments.count, subcommands.contains(arguments[index]) else {
      return arguments
    }
    var words = [arguments[index]]
    if groupNames.contains(arguments[index]) {
      var between: [String] = []
      let next = globalOptions(in: arguments, from: index + 1, into: &between)
      if next < arguments.count, groupCommands[arguments[index]]?.contains(arguments[next]) == true
      {
        words.append(arguments[next])
        leading += between
        index = next
      }
    }
    guard !leading.isEmpty else { return arguments }
    return words + leading + arguments[(index + 1)...]
  }

  /// Adds the global options and flags from `start` on to `options`, with their values; returns
  /// the index of the first word that is none.
  private static func globalOptions(
    in arguments: [String], from start: Int, into options: inout [String]
  ) -> Int {
    var index = start
    while index < arguments.count {
      let count =
        optionWords(arguments, at: index) ?? (globalFlags.contains(arguments[index]) ? 1 : 0)
      guard count > 0 else { break }
      let end = min(index + count, arguments.count)
      options += arguments[index..<end]
      index = end
    }
    return index
  }

  /// The names of ``groups``, known without building their configurations (which a read on
  /// the fast path never needs); a test holds them to the parser's.
  static let groupNames: Set<String> = ["recurring", "category"]

  /// `help` takes no options of its own: the language of the page is read from `--locale`
  /// before parsing, so `hannun --locale ko help month` drops the global options and their
  /// values, which the parser would otherwise refuse as unknown options of `help`; and
  /// `--help` with only global options beside it is `help` of hannun or of its group.
  static func helpWithoutGlobalOptions(_ ordered: [String]) -> [String] {
    // `hannun --locale en --help` and `hannun recurring --help` ask for the page of hannun or
    // of the group: given a global option, the parser would give the page of the default
    // command (`repl`, `recurring list`) instead, which names no other.
    let words = withoutGlobalOptions(ordered[...])
    if words.count == 1, helpFlags.contains(words[0]) { return ["help"] }
    // The groups last: their configurations are built only for a line asking for help.
    if words.count == 2, helpFlags.contains(words[1]), groupsWithDefault.contains(words[0]) {
      return ["help", words[0]]
    }
    guard ordered.first == "help" else { return ordered }
    return withoutGlobalOptions(ordered[...])
  }

  /// The command groups with a default command (`recurring` lists) besides hannun itself (whose
  /// default is `repl`), whose `--help` the parser would give to that default.
  static var groupsWithDefault: Set<String> {
    Set(
      groups.compactMap { group in
        group.configuration.defaultSubcommand == nil ? nil : group.configuration.commandName
      })
  }
  /// The flags that ask for a page of help.
  static let helpFlags: Set<String> = ["--help", "-h"]

  /// `words` without the global options and their values.
  private static func withoutGlobalOptions(_ words: ArraySlice<String>) -> [String] {
    let ordered = Array(words)
    var result: [String] = []
    var index = 0
    while index < ordered.count {
      let argument = ordered[index]
      if let words = optionWords(ordered, at: index) {
        index += words
      } else if globalFlags.contains(argument) {
        index += 1
      } else {
        result.append(argument)
        index += 1
      }
    }
    return result
  }

  /// How many words the global option at `index` takes with its value (`--data DIR` two,
  /// `--data=DIR` one), or `nil` when that word is no global option with a value.
  static func optionWords(_ arguments: [String], at index: Int) -> Int? {
    let argument = arguments[index]
    guard optionsWithValue.contains(String(argument.prefix { $0 != "=" })) else { return nil }
    return FoundationText.contains("=", in: argument) ? 1 : 2
  }

  /// Commands of the calendar's session that a one-shot command has no history for.
  static let sessionOnly: Set<String> = ["undo", "redo"]

  /// The command lines that do what a word people try first means, when it is no command.
  static let likelyCommands: [String: String] = [
    "backup": "export --format json --output FILE", "restore": "import FILE --data NEW-FOLDER",
    "list": "month", "ls": "month", "show": "month", "search": "find WORD", "remove": "delete ID",
    "rm": "delete ID", "new": "add AMOUNT --category C", "budgets": "budget",
    "moods": "mood", "rename": "category rename OLD NEW", "version": "--version",
    // The Korean words of the calendar's screens, the web's menu and the REPL's own Korean
    // commands (예산, 기분, 가져오기), which a one-shot command does not take.
    "추가": "add AMOUNT --category C", "기록": "add AMOUNT --category C", "수정": "edit ID",
    "삭제": "delete ID", "지우기": "delete ID", "달력": "month", "주간": "week", "오늘": "day",
    "보고서": "report", "연간": "year", "예산": "budget", "반복": "recurring",
    "반복항목": "recurring", "찾기": "find WORD", "검색": "find WORD", "분류": "categories",
    "가져오기": "import FILE", "내보내기": "export --format csv",
    "백업": "export --format json --output FILE",
    "기분": "mood", "도움말": "--help", "버전": "--version",
  ]

  /// The commands with commands inside them.
  static let groups: [any ParsableCommand.Type] = [
    RecurringCommand.self, CategoryCommand.self,
  ]

  /// The commands inside each group, by the group's name: `recurring add`, `category rename`,
  /// as the parser's configuration names them.
  static var groupCommands: [String: Set<String>] {
    var commands: [String: Set<String>] = [:]
    for group in groups {
      guard let name = group.configuration.commandName else { continue }
      commands[name] = Set(
        group.configuration.subcommands.compactMap { $0.configuration.commandName })
    }
    return commands
  }

  /// The words naming the command of a command line (`["recurring", "edit"]`, `["month"]`),
  /// wherever its global options are, or none when it names no command.
  static func commandPath(in arguments: [String]) -> [String] {
    let ordered = subcommandFirst(joiningNegativeValues(arguments))
    guard let first = ordered.first, first != "help", subcommands.contains(first) else {
      return []
    }
    // `recurring --data D add`: the global options may come between the group and its command.
    guard let inside = groupCommands[first],
      let second = withoutGlobalOptions(ordered.dropFirst()).first, inside.contains(second)
    else { return [first] }
    return [first, second]
  }

  /// The parser's option that prints a shell's completion script, whose value is no command.
  static let completionScriptOption = "--generate-completion-script"

  /// The first word of an ordered command line (``subcommandFirst(_:)``) when it is no command:
  /// the parser would otherwise hand it to the default command, the REPL, which takes no words
  /// (and whose help `hannun backup --help` would print). `hannun help WORD` too.
  static func unknownCommand(in ordered: [String]) -> String? {
    var index = 0
    while index < ordered.count {
      let argument = ordered[index]
      if let words = optionWords(ordered, at: index) {
        index += words
        continue
      }
      // The parser's own option with a value: `--generate-completion-script bash`.
      if argument == completionScriptOption {
        index += 2
        continue
      }
      if argument.hasPrefix("-") {
        index += 1
        continue
      }
      if argument == "help", index + 1 < ordered.count {
        let next = ordered[index + 1]
        return next.hasPrefix("-") || subcommands.contains(next) ? nil : next
      }
      return subcommands.contains(argument) ? nil : argument
    }
    return nil
  }

  /// `-5`, `-12.5`, `-1,000`: a negative amount that the parser would take for an option.
  static func looksNegative(_ argument: String) -> Bool {
    argument.count > 1 && argument.first == "-" && argument.dropFirst().first?.isNumber == true
  }

  /// The negative number given where `add`, `edit` or `budget set` takes an amount (`add
  /// --expense -5`, `edit ID --amount -5`, `budget set -5`), or `nil`: a negative value of another option (`--first-weekday -1`)
  /// is not an amount.
  static func negativeAmount(in arguments: [String]) -> String? {
    let ordered = subcommandFirst(arguments)
    guard let command = ordered.first, ["add", "edit", "budget"].contains(command) else {
      return nil
    }
    for (index, argument) in ordered.enumerated() where looksNegative(argument) {
      let previous = index > 0 ? ordered[index - 1] : ""
      if previous == "--amount"
        || !optionsWithValue.union(["--category", "--memo", "--date", "--from"])
          .contains(previous)
      {
        return argument
      }
    }
    return nil
  }
}
