import ArgumentParser

/// The one-shot reads (`month`, `week`, `day`, `report`, `year`, `budget`, `due`,
/// `categories`) and the REPL read from their command line without the argument parser, whose
/// reflection over every command's properties costs a read more than its ledger does.
///
/// Only a plain, valid command line is read here: the read's name, then its own options and the
/// global ones once each, each value given and valid, and no more words than the read takes.
/// Anything else — help, `--version`, an option it does not know, a repeated option, a value that
/// starts with `-`, `--` — is left to the parser (``command(_:)`` answers `nil`), so help, usage
/// errors and their exit statuses stay the parser's. The command built is the one the parser
/// would have built, every property set (`OneShotReadTests` checks both), and runs as it would.
enum OneShotRead {
  /// What one read's command line may hold besides the global options.
  struct Shape {
    /// How many words, at most, the read takes (its month, day or year).
    let words: Int
    /// Its options that take a value.
    let options: Set<String>
    /// Its flags.
    let flags: Set<String>
  }

  /// Each read's shape, by its name.
  static let shapes: [String: Shape] = [
    "month": Shape(words: 1, options: ["--first-weekday"], flags: ["--json"]),
    "week": Shape(words: 1, options: ["--first-weekday"], flags: ["--json"]),
    "day": Shape(words: 1, options: [], flags: ["--json"]),
    "report": Shape(
      words: 1, options: ["--year", "--from", "--to"], flags: ["--json", "--by-mood"]),
    "year": Shape(words: 1, options: ["--first-weekday"], flags: ["--json"]),
    // A month shown; `budget set` and `budget remove` go to the parser.
    "budget": Shape(words: 1, options: [], flags: ["--json"]),
    "due": Shape(words: 0, options: [], flags: ["--json"]),
    "categories": Shape(
      words: 1, options: ["--year", "--from", "--to"], flags: ["--all", "--json"]),
    // `hannun` with no subcommand, or `hannun repl`.
    "repl": Shape(words: 0, options: ["--first-weekday"], flags: []),
  ]

  /// The global options that take a value, and the global flags.
  static let globalOptions: Set<String> = ["--data", "--locale", "--color", "--currency"]
  static let globalFlags: Set<String> = ["--ascii"]

  /// A read's command line taken apart.
  struct Line {
    /// The read's name.
    var name: String
    /// Its words, in order.
    var words: [String] = []
    /// Each option given, by its name (`--data`), with its value.
    var values: [String: String] = [:]
    /// The flags given.
    var flags: Set<String> = []
  }

  /// `arguments` (after the program name, the subcommand first as ``CommandLineOrder`` puts
  /// it) taken apart, or `nil` when they are not a plain, valid read for this reader.
  static func line(_ arguments: [String]) -> Line? {
    // No subcommand is the REPL's, the parser's default.
    let name = arguments.first.flatMap { $0.hasPrefix("-") ? nil : $0 } ?? "repl"
    guard let shape = shapes[name] else { return nil }
    var line = Line(name: name)
    var index = arguments.first == name ? 1 : 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      guard argument.hasPrefix("-") else {
        guard line.words.count < shape.words, argument != "help" else { return nil }
        line.words.append(argument)
        continue
      }
      let equals = argument.firstIndex(of: "=")
      let option = equals.map { String(argument[..<$0]) } ?? argument
      if equals == nil, shape.flags.contains(option) || globalFlags.contains(option) {
        guard line.flags.insert(option).inserted else { return nil }
        continue
      }
      guard shape.options.contains(option) || globalOptions.contains(option),
        line.values[option] == nil
      else { return nil }
      let value: String
      if let equals {
        value = String(argument[argument.index(after: equals)...])
      } else {
        guard index < arguments.count else { return nil }
        value = arguments[index]
        index += 1
      }
      guard !value.isEmpty, !value.hasPrefix("-") else { return nil }
      line.values[option] = value
    }
    return line
  }

  /// The read `arguments` ask for, built as the parser builds it, or `nil` for the parser.
  static func command(_ arguments: [String]) -> (any AsyncParsableCommand)? {
    guard let line = line(arguments), let global = global(of: line) else { return nil }
    let json = line.flags.contains("--json")
    let word = line.words.first
    var firstWeekday = 1
    if let text = line.values["--first-weekday"] {
      guard let number = Int(text) else { return nil }
      firstWeekday = number
    }
    switch line.name {
    case "month":
      var command = MonthCommand()
      (command.month, command.firstWeekday, command.json) = (word, firstWeekday, json)
      command.global = global
      return command
    case "week":
      var command = WeekCommand()
      (command.date, command.firstWeekday, command.json) = (word, firstWeekday, json)
      command.global = global
      return command
    case "day":
      var command = DayCommand()
      (command.date, command.json) = (word, json)
      command.global = global
      return command
    case "report":
      var command = ReportCommand()
      (command.month, command.year) = (word, line.values["--year"])
      (command.from, command.to) = (line.values["--from"], line.values["--to"])
      (command.json, command.byMood) = (json, line.flags.contains("--by-mood"))
      command.global = global
      return command
    case "year":
      var command = YearCommand()
      (command.year, command.firstWeekday, command.json) = (word, firstWeekday, json)
      command.global = global
      return command
    case "budget":
      guard word != "set", word != "remove" else { return nil }
      var command = BudgetCommand()
      (command.words, command.category, command.from) = (line.words, nil, nil)
      command.json = json
      command.global = global
      return command
    case "due":
      var command = DueCommand()
      command.json = json
      command.global = global
      return command
    case "categories":
      var command = CategoriesCommand()
      (command.month, command.year) = (word, line.values["--year"])
      (command.from, command.to) = (line.values["--from"], line.values["--to"])
      (command.all, command.json) = (line.flags.contains("--all"), json)
      command.global = global
      return command
    case "repl":
      var command = REPLCommand()
      command.firstWeekday = firstWeekday
      command.global = global
      return command
    default:
      return nil
    }
  }

  /// The global options of `line`, or `nil` when a value is not one the parser accepts.
  private static func global(of line: Line) -> GlobalOptions? {
    var global = GlobalOptions()
    global.data = line.values["--data"]
    global.currency = line.values["--currency"]
    global.ascii = line.flags.contains("--ascii")
    global.locale = nil
    if let text = line.values["--locale"] {
      guard let locale = LocaleChoice(rawValue: text) else { return nil }
      global.locale = locale
    }
    global.color = .auto
    if let text = line.values["--color"] {
      guard let color = ColorOption(rawValue: text) else { return nil }
      global.color = color
    }
    return global
  }
}
