/// Lets global options come before the subcommand (`hannun --data DIR month`) as well as after
/// it. Swift Argument Parser gives options written before a subcommand to the root command, so
/// they are moved behind the subcommand's name before parsing.
enum CommandLineOrder {
  static let subcommands: Set<String> = [
    "repl", "month", "week", "day", "add", "edit", "delete", "help",
  ]
  static let optionsWithValue: Set<String> = [
    "--data", "--locale", "--color", "--currency", "--first-weekday",
  ]

  /// `[--data, X, month, 2025-11]` → `[month, --data, X, 2025-11]`; anything else unchanged.
  static func subcommandFirst(_ arguments: [String]) -> [String] {
    var leading: [String] = []
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      let name = String(argument.prefix { $0 != "=" })
      guard optionsWithValue.contains(name) else { break }
      leading.append(argument)
      if !argument.contains("="), index + 1 < arguments.count {
        leading.append(arguments[index + 1])
        index += 1
      }
      index += 1
    }
    guard !leading.isEmpty, index < arguments.count, subcommands.contains(arguments[index]) else {
      return arguments
    }
    return [arguments[index]] + leading + arguments[(index + 1)...]
  }

  /// `-5`, `-12.5`, `-1,000`: a negative amount that the parser would take for an option.
  static func looksNegative(_ argument: String) -> Bool {
    argument.count > 1 && argument.first == "-" && argument.dropFirst().first?.isNumber == true
  }
}
