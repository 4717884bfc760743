import HannunPresentation

/// The text `help` prints, in the user's language. Command words stay English in both (they are
/// what is typed); Korean aliases (`수입`, `지출`, `오늘`, `어제`) are named where they apply.
public enum HelpText {
  /// Every command, grouped by what it is for, with its short aliases and the arguments it
  /// needs; then the keys. It fits an 80×24 screen with the prompt: one-line explanations are
  /// in `help COMMAND`.
  ///
  /// Laid out for `width`: each group's name beside its commands where the lists keep
  /// ``narrowestList`` columns, else above them; a key beside its meaning where both fit, else
  /// above it. Lists are broken between commands, never inside one, and stay indented.
  /// - Parameters:
  ///   - language: The user's language.
  ///   - width: The terminal's columns (80 when unknown).
  public static func overview(in language: DisplayLanguage, width: Int = 80) -> String {
    let words = language.help
    let columns = max(1, width)
    let width = min(overviewWidth, columns)
    var lines = [words.overviewHeading]
    let grouped = Set(groups.flatMap(\.verbs))
    let others = CommandVerb.allCases.filter { !grouped.contains($0) }
    let rows =
      groups.map { (words.name(of: $0.group), $0.verbs) }
      + [(words.name(of: .other), others)]
    let column = rows.map { TerminalText.displayWidth($0.0) }.max() ?? 0
    let beside = width - (column + 4) >= narrowestList
    let indent = String(repeating: " ", count: beside ? column + 4 : 4)
    for (name, verbs) in rows where !verbs.isEmpty {
      let commands = verbs.map { overviewWord($0, helpArgument: words.helpArgument) }
      if !beside { lines.append("  " + name) }
      for (position, line) in packed(commands, width: width - indent.count).enumerated() {
        let lead =
          beside && position == 0 ? "  " + TerminalText.pad(name, toWidth: column) + "  " : indent
        lines.append(lead + line)
      }
    }
    lines.append(words.keysHeading)
    let keys = words.keys
    let keyColumn = keys.map { TerminalText.displayWidth($0.key) }.max() ?? 0
    for (key, meaning) in keys {
      let line = "  " + TerminalText.pad(key, toWidth: keyColumn) + "  " + meaning
      guard TerminalText.displayWidth(line) > columns else {
        lines.append(line)
        continue
      }
      if !key.isEmpty { lines.append("  " + key) }
      lines += TerminalText.wrapped(meaning, toWidth: max(1, columns - 4)).map { "    " + $0 }
    }
    lines.append(words.moreHelp)
    return lines.joined(separator: "\n")
  }

  /// The width the overview's command lists are broken to on a wide terminal.
  private static let overviewWidth = 78

  /// The fewest columns a command list keeps beside its group's name; narrower, the name goes
  /// above the list.
  private static let narrowestList = 40

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
