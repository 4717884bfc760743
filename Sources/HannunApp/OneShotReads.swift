import ArgumentParser

/// The one-shot reads (`month`, `week`, `day`, `report`, `year`, `budget`, `due`,
/// `categories`) and the REPL read from their command line without the argument parser, whose
/// reflection over every command's properties costs a read more than its ledger does.
///
/// Only a plain, valid command line is read here: the read's name, then its own options and the
/// global ones once each, each value given and valid, and no more words than the read takes.
/// Anything else — help, `--version`, an option it does not know, a repeated option, a value that
/// starts with `-`, `--` — is left to the parser (``command(_:)`` answers `nil`), so help, usage
/// errors and their exit statuses stay the parser's. What is built is the plain values of the
/// command the parser would have built (`OneShotReadTests` checks it), which that command runs
/// too: the parser's property wrappers, their names, help texts and sets, are never built.
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

  /// Each read's work, by its name; `repl` is also `hannun` with no subcommand.
  static let commands: [String: any OneShotRun.Type] = [
    "month": MonthRun.self, "week": WeekRun.self, "day": DayRun.self,
    "report": ReportRun.self, "year": YearRun.self, "budget": BudgetRun.self,
    "due": DueRun.self, "categories": CategoriesRun.self, "repl": REPLRun.self,
    // The one-shot writes (see `OneShotWrite`), built as the parser builds them.
    "add": ParserBuilt<AddCommand>.self, "edit": ParserBuilt<EditCommand>.self,
    "delete": ParserBuilt<DeleteCommand>.self,
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

    /// The read's word (its month, day or year), if given.
    var word: String? { words.first }
    /// Whether `--json` was given.
    var json: Bool { flags.contains("--json") }
    /// `--first-weekday`'s number (1 when not given), or `nil` when its value is not a number.
    var firstWeekday: Int? { values["--first-weekday"].map { Int($0) } ?? 1 }
  }

  /// `arguments` (after the program name, the subcommand first as ``CommandLineOrder`` puts
  /// it) taken apart, or `nil` when they are not a plain, valid read for this reader.
  static func line(_ arguments: [String]) -> Line? {
    // No subcommand is the REPL's, the parser's default.
    let name = arguments.first.flatMap { $0.hasPrefix("-") ? nil : $0 } ?? "repl"
    guard let shape = commands[name]?.shape else { return nil }
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

  /// The read `arguments` ask for, with the values the parser would give it, or `nil` for the
  /// parser.
  static func command(_ arguments: [String]) -> (any OneShotRun)? {
    guard let line = line(arguments), let type = commands[line.name],
      let global = global(of: line)
    else { return nil }
    return built(type, from: line, global: global)
  }

  /// A `Command` with `global` and what `line` gives it, or `nil` when it takes the line for
  /// the parser's.
  private static func built<Command: OneShotRun>(
    _ type: Command.Type, from line: Line, global: GlobalValues
  ) -> Command? {
    var command = Command()
    command.global = global
    return command.take(line) ? command : nil
  }

  /// The global options of `line`, or `nil` when a value is not one the parser accepts.
  private static func global(of line: Line) -> GlobalValues? {
    var global = GlobalValues()
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

/// A read's work from plain values, which ``OneShotRead`` builds from a plain command line
/// instead of the parser; the parser's command (``OneShotReadCommand``) runs the same values.
protocol OneShotRun: SendableMetatype {
  /// What its command line may hold besides the global options.
  static var shape: OneShotRead.Shape { get }
  /// The values of a command line with nothing but the read's name.
  init()
  /// The global options, set before ``take(_:)``.
  var global: GlobalValues { get set }
  /// Sets every other property as the parser would from `line`; `false` when a value is one
  /// the parser refuses (or a form only the parser reads), which leaves the line to the parser.
  mutating func take(_ line: OneShotRead.Line) -> Bool
  /// Runs the read.
  @MainActor func run() async throws
}

/// A parser's command whose work is a ``OneShotRun``.
protocol OneShotValuesCommand: AsyncParsableCommand {
  /// The work's type.
  associatedtype Run: OneShotRun
  /// What the parser read, as plain values.
  var values: Run { get }
}

extension MonthCommand: OneShotValuesCommand {}
extension WeekCommand: OneShotValuesCommand {}
extension DayCommand: OneShotValuesCommand {}
extension ReportCommand: OneShotValuesCommand {}
extension YearCommand: OneShotValuesCommand {}
extension BudgetCommand: OneShotValuesCommand {}
extension DueCommand: OneShotValuesCommand {}
extension CategoriesCommand: OneShotValuesCommand {}
extension REPLCommand: OneShotValuesCommand {
  var values: REPLRun { REPLRun(firstWeekday: firstWeekday, global: global.values) }
}

/// `hannun` alone or `hannun repl` from plain values: the parser's ``REPLCommand`` with them,
/// which becomes `hannun-repl` (the REPL's start builds its command as before).
struct REPLRun: OneShotRun {
  /// `--first-weekday`.
  var firstWeekday = 1
  var global = GlobalValues()

  @MainActor func run() async throws {
    var command = REPLCommand()
    command.global = GlobalOptions.holding(global)
    command.firstWeekday = firstWeekday
    try await command.run()
  }
}

/// A parser's command that ``OneShotRead`` builds from a plain command line as the parser
/// builds it, property wrappers and all (the one-shot writes: see `OneShotWrite`).
protocol OneShotReadCommand: AsyncParsableCommand {
  /// What its command line may hold besides the global options.
  static var shape: OneShotRead.Shape { get }
  /// The global options, set before ``take(_:)``.
  var global: GlobalOptions { get set }
  /// Sets every other property as the parser would from `line`; `false` when a value is one
  /// the parser refuses (or a form only the parser reads), which leaves the line to the parser.
  mutating func take(_ line: OneShotRead.Line) -> Bool
}

/// A ``OneShotReadCommand`` as a ``OneShotRun``: the command itself, which it runs, and which
/// it describes itself as.
struct ParserBuilt<Command: OneShotReadCommand>: OneShotRun, CustomStringConvertible {
  static var shape: OneShotRead.Shape { Command.shape }
  /// The command built.
  var command = Command()

  var global: GlobalValues {
    get { command.global.values }
    set { command.global = GlobalOptions.holding(newValue) }
  }

  var description: String { String(describing: command) }

  mutating func take(_ line: OneShotRead.Line) -> Bool { command.take(line) }

  /// Runs the command as the parser's caller runs it (off the main actor, as it is declared).
  nonisolated func run() async throws {
    var command = command
    try await command.run()
  }
}

extension MonthRun {
  static let shape = OneShotRead.Shape(words: 1, options: ["--first-weekday"], flags: ["--json"])

  mutating func take(_ line: OneShotRead.Line) -> Bool {
    guard let weekday = line.firstWeekday else { return false }
    (month, firstWeekday, json) = (line.word, weekday, line.json)
    return true
  }
}

extension WeekRun {
  static let shape = OneShotRead.Shape(words: 1, options: ["--first-weekday"], flags: ["--json"])

  mutating func take(_ line: OneShotRead.Line) -> Bool {
    guard let weekday = line.firstWeekday else { return false }
    (date, firstWeekday, json) = (line.word, weekday, line.json)
    return true
  }
}

extension DayRun {
  static let shape = OneShotRead.Shape(words: 1, options: [], flags: ["--json"])

  mutating func take(_ line: OneShotRead.Line) -> Bool {
    (date, json) = (line.word, line.json)
    return true
  }
}

extension ReportRun {
  static let shape = OneShotRead.Shape(
    words: 1, options: ["--year", "--from", "--to"], flags: ["--json", "--by-mood"])

  mutating func take(_ line: OneShotRead.Line) -> Bool {
    (month, year) = (line.word, line.values["--year"])
    (from, to) = (line.values["--from"], line.values["--to"])
    (json, byMood) = (line.json, line.flags.contains("--by-mood"))
    return true
  }
}

extension YearRun {
  static let shape = OneShotRead.Shape(words: 1, options: ["--first-weekday"], flags: ["--json"])

  mutating func take(_ line: OneShotRead.Line) -> Bool {
    guard let weekday = line.firstWeekday else { return false }
    (year, firstWeekday, json) = (line.word, weekday, line.json)
    return true
  }
}

extension BudgetRun {
  /// A month shown; `budget set` and `budget remove` go to the parser.
  static let shape = OneShotRead.Shape(words: 1, options: [], flags: ["--json"])

  mutating func take(_ line: OneShotRead.Line) -> Bool {
    guard line.word != "set", line.word != "remove" else { return false }
    (words, category, from, json) = (line.words, nil, nil, line.json)
    return true
  }
}

extension DueRun {
  static let shape = OneShotRead.Shape(words: 0, options: [], flags: ["--json"])

  mutating func take(_ line: OneShotRead.Line) -> Bool {
    json = line.json
    return true
  }
}

extension CategoriesRun {
  static let shape = OneShotRead.Shape(
    words: 1, options: ["--year", "--from", "--to"], flags: ["--all", "--json"])

  mutating func take(_ line: OneShotRead.Line) -> Bool {
    (month, year) = (line.word, line.values["--year"])
    (from, to) = (line.values["--from"], line.values["--to"])
    (all, json) = (line.flags.contains("--all"), line.json)
    return true
  }
}

extension REPLRun {
  /// `hannun` with no subcommand, or `hannun repl`.
  static let shape = OneShotRead.Shape(words: 0, options: ["--first-weekday"], flags: [])

  mutating func take(_ line: OneShotRead.Line) -> Bool {
    guard let weekday = line.firstWeekday else { return false }
    firstWeekday = weekday
    return true
  }
}
