import HannunPresentation

/// The text `help` prints, in the user's language. Command words stay English in both (they are
/// what is typed); Korean aliases (`수입`, `지출`, `오늘`, `어제`) are named where they apply.
public enum HelpText {
  /// Every command, grouped by what it is for, with its short aliases and the arguments it
  /// needs; then the keys. It fits an 80×24 screen with the prompt: one-line explanations are
  /// in `help COMMAND`.
  /// - Parameter language: The user's language.
  public static func overview(in language: DisplayLanguage) -> String {
    let words = language.help
    var lines = [words.overviewHeading]
    let grouped = Set(groups.flatMap(\.verbs))
    let others = CommandVerb.allCases.filter { !grouped.contains($0) }
    let rows =
      groups.map { (words.name(of: $0.group), $0.verbs) }
      + [(words.name(of: .other), others)]
    let column = rows.map { TerminalText.displayWidth($0.0) }.max() ?? 0
    let indent = String(repeating: " ", count: column + 4)
    for (name, verbs) in rows where !verbs.isEmpty {
      let commands = verbs.map { overviewWord($0, helpArgument: words.helpArgument) }
      for (position, line) in packed(commands, width: overviewWidth - indent.count).enumerated() {
        lines.append(
          (position == 0 ? "  " + TerminalText.pad(name, toWidth: column) + "  " : indent) + line)
      }
    }
    lines.append(words.keysHeading)
    let keys = words.keys
    let keyColumn = keys.map { TerminalText.displayWidth($0.key) }.max() ?? 0
    for (key, meaning) in keys {
      lines.append("  " + TerminalText.pad(key, toWidth: keyColumn) + "  " + meaning)
    }
    lines.append(words.moreHelp)
    return lines.joined(separator: "\n")
  }

  /// The width the overview's command lists are broken to.
  private static let overviewWidth = 78

  /// The commands of the overview by purpose; commands in no group are listed last.
  private static let groups: [(group: HelpGroup, verbs: [CommandVerb])] = [
    (
      .calendar,
      [.next, .previous, .today, .go, .day, .week, .month, .mode, .firstWeekday, .pick, .list]
    ),
    (.entries, [.add, .edit, .delete, .undo, .redo, .cancel]),
    (.lookInto, [.report, .year, .categories, .category, .find, .open]),
    (.household, [.budget, .recurring, .due, .importFile, .mood]),
  ]

  /// Items joined by commas into lines no wider than `width`, never breaking an item.
  private static func packed(_ items: [String], width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for (position, item) in items.enumerated() {
      let piece = item + (position < items.count - 1 ? "," : "")
      if line.isEmpty {
        line = piece
      } else if TerminalText.displayWidth(line) + 1 + TerminalText.displayWidth(piece) <= width {
        line += " " + piece
      } else {
        lines.append(line)
        line = piece
      }
    }
    if !line.isEmpty { lines.append(line) }
    return lines
  }

  /// A command as the overview lists it: its word, what it takes, and its short aliases.
  private static func overviewWord(_ verb: CommandVerb, helpArgument: String) -> String {
    let argument: String? =
      switch verb {
      case .go: "YYYY-MM"
      case .day: "D"
      case .edit, .delete, .open: "N"
      case .list: "[N]"
      case .report: "[year]"
      case .firstWeekday: "1-7"
      case .help: helpArgument
      default: nil
      }
    let aliases = verb.aliases.filter { $0.count <= 3 || verb == .due }
    return ([verb.rawValue] + (argument.map { [$0] } ?? [])).joined(separator: " ")
      + (aliases.isEmpty ? "" : " (" + aliases.joined(separator: ", ") + ")")
  }

  /// The help for one command: usage, explanation, aliases and details, one per line.
  /// - Parameters:
  ///   - verb: The command.
  ///   - language: The user's language.
  public static func topic(_ verb: CommandVerb, in language: DisplayLanguage) -> String {
    let words = language.help
    var lines = [verb.usage, words.summary(verb.topic)]
    if !verb.aliases.isEmpty {
      lines.append(words.aliasesLabel + verb.aliases.joined(separator: ", "))
    }
    lines += words.details(verb.topic)
    return lines.joined(separator: "\n")
  }

  /// The one-line explanation of a command.
  static func summary(_ verb: CommandVerb, _ language: DisplayLanguage) -> String {
    language.help.summary(verb.topic)
  }

  /// The usage without `add`'s long argument list, for the overview table.
  private static func shortUsage(_ verb: CommandVerb) -> String {
    switch verb {
    case .add: "add [KIND AMOUNT CATEGORY ...]"
    case .budget: "budget [set|remove ...]"
    case .find: "find [TEXT] [--…]"
    default: verb.usage
    }
  }
}

extension CommandVerb {
  /// The verb's topic in the help catalogues.
  var topic: HelpTopic {
    switch self {
    case .next: .next
    case .previous: .previous
    case .today: .today
    case .go: .go
    case .day: .day
    case .week: .week
    case .month: .month
    case .mode: .mode
    case .firstWeekday: .firstWeekday
    case .add: .add
    case .edit: .edit
    case .delete: .delete
    case .undo: .undo
    case .redo: .redo
    case .help: .help
    case .quit: .quit
    case .cancel: .cancel
    case .pick: .pick
    case .list: .list
    case .report: .report
    case .year: .year
    case .budget: .budget
    case .recurring: .recurring
    case .due: .due
    case .find: .find
    case .open: .open
    case .categories: .categories
    case .category: .category
    case .importFile: .importFile
    case .mood: .mood
    }
  }
}
