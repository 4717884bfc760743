import HannunDomain

/// A topic of a prompt's `help`: one per command of the REPL.
public enum HelpTopic: String, CaseIterable, Hashable, Sendable {
  /// `next`.
  case next
  /// `prev`.
  case previous
  /// `today`.
  case today
  /// `go`.
  case go
  /// `day`.
  case day
  /// `week`.
  case week
  /// `month`.
  case month
  /// `mode`.
  case mode
  /// `firstweekday`.
  case firstWeekday
  /// `add`.
  case add
  /// `edit`.
  case edit
  /// `delete`.
  case delete
  /// `undo`.
  case undo
  /// `redo`.
  case redo
  /// `help`.
  case help
  /// `quit`.
  case quit
  /// `cancel`.
  case cancel
  /// `pick`.
  case pick
  /// `list`.
  case list
  /// `report`.
  case report
  /// `year`.
  case year
  /// `budget`.
  case budget
  /// `recurring`.
  case recurring
  /// `due`.
  case due
  /// `find`.
  case find
  /// `open`.
  case open
  /// `categories`.
  case categories
  /// `category`.
  case category
  /// `import`.
  case importFile
  /// `mood`.
  case mood
}

/// A group of commands in `help`'s overview, by what they are for.
public enum HelpGroup: CaseIterable, Hashable, Sendable {
  /// Moving through the calendar.
  case calendar
  /// Adding and changing entries.
  case entries
  /// Reports, searches and lists.
  case lookInto
  /// Budgets, recurring rules, imports and moods.
  case household
  /// Everything else.
  case other
}

/// The words of a prompt's `help`: the overview's headings and keys, and each command's one-line
/// summary and further lines. Command words stay English in both languages (they are what is
/// typed).
public protocol HelpMessages: Sendable {
  /// The overview's first line.
  var overviewHeading: String { get }
  /// A group's name in the overview.
  /// - Parameter group: The group.
  func name(of group: HelpGroup) -> String
  /// What `help` takes, as the overview shows it.
  var helpArgument: String { get }
  /// The heading of the keys.
  var keysHeading: String { get }
  /// The keys and what they do.
  var keys: [(key: String, meaning: String)] { get }
  /// The overview's last line: how to learn more.
  var moreHelp: String { get }
  /// Before a command's aliases: `줄임: ` or `Also: `.
  var aliasesLabel: String { get }
  /// What a command does, in one line.
  /// - Parameter topic: The command.
  func summary(_ topic: HelpTopic) -> String
  /// Further lines for `help COMMAND`, beyond the usage and summary.
  /// - Parameter topic: The command.
  func details(_ topic: HelpTopic) -> [String]
}

extension DisplayLanguage {
  /// The words of `help`, in this language.
  public var help: any HelpMessages {
    switch self {
    case .korean: KoreanHelpMessages()
    case .english: EnglishHelpMessages()
    }
  }
}
