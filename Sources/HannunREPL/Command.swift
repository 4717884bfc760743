import HannunDomain
import HannunPresentation

/// One line typed at the Hannun prompt, understood. ``CommandParser`` makes these; the session
/// carries them out. Values the parser cannot check alone (a day number against the shown month,
/// an amount against the ledger currency, an entry against the selected day's list) are carried
/// as typed.
public enum Command: Equatable, Sendable {
  /// A blank line: do nothing.
  case empty
  /// `next`, `n`: show the next month.
  case next
  /// `prev`, `p`, `previous`: show the previous month.
  case previous
  /// `today`, `t`: show the current month and select today.
  case today
  /// `go YYYY-MM`, `g`: show a month.
  case go(YearMonth)
  /// `go YYYY-MM-DD`: show that day's month and select the day.
  case goToDay(Day)
  /// `day D`, `d`: select a day.
  case day(DayInput)
  /// `week`, `w`: show the selected day's week.
  case week
  /// `month`, `m`: show the whole month.
  case month
  /// `mode dateonly|amounts`: what each calendar cell shows.
  case mode(DisplayMode)
  /// `firstweekday 1-7`, `fw`: the weekday the calendar's rows start on.
  case firstWeekday(Weekday)
  /// `add` alone: add an entry through a form, one field at a time.
  case addForm
  /// `add [income|expense] AMOUNT CATEGORY [MEMO…] [--date D]`: without a kind, an expense.
  ///
  /// - `amountText` is exactly the word typed; parse it with the ledger's `AmountParser`.
  /// - `category` and `memo` are not yet checked against `TransactionRules`; `memo` is the
  ///   remaining words joined by single spaces, or empty.
  /// - `date` is `nil` without `--date`; the session then uses the selected day.
  case add(
    kind: TransactionKind, amountText: String, category: String, memo: String, date: DayInput?)
  /// `edit N`: change an entry. `entry` is as typed: a position (1…) in the selected day's list,
  /// or an entry id or id prefix.
  case edit(entry: String)
  /// `delete N`, `del`, `rm`: delete an entry; `entry` as for ``edit(entry:)``.
  case delete(entry: String)
  /// `undo`: take back the last change.
  case undo
  /// `redo`: make the last undone change again.
  case redo
  /// `help`, `h`, `?`, optionally with a command to explain.
  case help(topic: CommandVerb?)
  /// `quit`, `q`, `exit`: leave Hannun.
  case quit
  /// `cancel`: abandon the form or picker in progress.
  case cancel
  /// `pick`: choose a year and month from a picker.
  case pick
  /// `list [N]`, `l`: page N (from 1) of the selected day's entries, for days with more than fit
  /// under the calendar.
  case list(page: Int)
  /// `report [year|YYYY|YYYY-MM]`: the shown month's report, its year's, or another year's or
  /// month's, with bars.
  case report(PromptPeriod)
  /// `year`, `y`: the shown month's year at a glance, twelve small calendars with totals.
  case year
  /// `budget …`, `예산`: show, set or remove monthly budgets (see ``BudgetRequest``).
  case budget(BudgetRequest)
  /// `recurring …`, `due`, and `due`'s words `confirm …`, `skip …`, `change …`: recurring rules
  /// and their occurrences (see ``RecurringCommand``).
  case recurring(RecurringCommand)
  /// `find [TEXT] [--category C] [--kind K] [--from D] [--to D] [--min A] [--max A]`: search
  /// the whole ledger.
  case find(SearchRequest)
  /// `open N`, `o`: select the day of result N of the last search.
  case open(result: Int)
  /// `categories [year|all|YYYY|YYYY-MM]`: the categories of a period with counts and totals.
  case categories(PromptPeriod)
  /// `category rename OLD NEW`: rename a category, or merge it into an existing one.
  case renameCategory(from: String, to: String)
  /// `import FILE [--dry-run]`: add a CSV statement's or a journal's entries in one undo step.
  case importFile(path: String, dryRun: Bool)
  /// `mood [DAY] MOOD [NOTE…]`, `mood [DAY] clear`, `기분`: the mood diary (see
  /// ``MoodRequest``).
  case mood(MoodRequest)
  /// `report mood [year|YYYY|YYYY-MM]`: spending by mood over the shown month, its year, or
  /// another year or month.
  case moodReport(PromptPeriod)
}

/// A day named in a command.
public enum DayInput: Equatable, Sendable {
  /// A day number of the month on screen, 1–31, not yet checked against that month's length.
  case dayOfShownMonth(Int)
  /// A full date; the words today, yesterday, tomorrow (오늘, 어제, 내일) are already resolved.
  case date(Day)

  /// The day this input names when `month` is on screen.
  /// - Throws: `DateInputError.noSuchDay` when the number is past the end of `month`.
  public func resolved(in month: YearMonth) throws(DateInputError) -> Day {
    switch self {
    case .dayOfShownMonth(let number): try month.day(number)
    case .date(let day): day
    }
  }
}

/// The command words, each with its aliases and help.
public enum CommandVerb: String, CaseIterable, Sendable {
  /// The next month (or week, in week mode): `next`, `n`.
  case next
  /// The month (or week) before: `prev`, `p`.
  case previous = "prev"
  /// Back to today: `today`, `t`.
  case today
  /// A month or a day by date: `go 2025-11`.
  case go
  /// Selects a day of the shown month: `day 14`.
  case day
  /// Shows the week around the selected day.
  case week
  /// Shows the whole month again.
  case month
  /// What the cells show: dates only, amounts or moods (`mode dateonly|amounts|emotion`).
  case mode
  /// The first day of the week, 1 (Sunday) to 7.
  case firstWeekday = "firstweekday"
  /// Opens the entry form for a new entry.
  case add
  /// Opens the entry form on an entry of the selected day.
  case edit
  /// Asks before deleting an entry of the selected day.
  case delete
  /// Undoes the last write.
  case undo
  /// Writes again what was undone.
  case redo
  /// The list of commands, or one command's help.
  case help
  /// Leaves the REPL.
  case quit
  /// Leaves the form or question without writing.
  case cancel
  /// Opens the month picker.
  case pick
  /// The selected day's entries, a page at a time.
  case list
  /// A month's, a year's or a span's report.
  case report
  /// The year at a glance, month by month.
  case year
  /// The month's budgets; sets, changes or removes one.
  case budget
  /// The recurring rules; adds, changes or removes one.
  case recurring
  /// The recurring entries due and not yet decided.
  case due
  /// Searches the ledger.
  case find
  /// Opens a search result's day.
  case open
  /// The ledger's categories with their counts and totals.
  case categories
  /// Renames or merges a category.
  case category
  /// Imports a CSV statement or a journal (`--dry-run` to preview).
  case importFile = "import"
  /// The selected day's mood.
  case mood

  /// Finds the verb for a typed word or alias, ignoring case.
  public init?(word: String) {
    let lowered = word.lowercased()
    guard let verb = CommandVerb.byWord[lowered] else { return nil }
    self = verb
  }

  private static let byWord: [String: CommandVerb] = {
    var table: [String: CommandVerb] = [:]
    for verb in CommandVerb.allCases {
      table[verb.rawValue] = verb
      for alias in verb.aliases { table[alias] = verb }
    }
    return table
  }()

  /// The other words that mean this verb.
  public var aliases: [String] {
    switch self {
    case .next: ["n"]
    case .previous: ["p", "previous"]
    case .today: ["t"]
    case .go: ["g"]
    case .day: ["d"]
    case .week: ["w"]
    case .month: ["m"]
    case .firstWeekday: ["fw"]
    case .delete: ["del", "rm"]
    case .help: ["h", "?"]
    case .quit: ["q", "exit"]
    case .list: ["l", "ls"]
    case .year: ["y"]
    case .budget: ["예산"]
    case .recurring: ["rec"]
    case .due: ["confirm", "skip", "change"]
    case .find: ["search", "f"]
    case .open: ["o"]
    case .categories: ["cats"]
    case .category: ["cat"]
    case .importFile: ["가져오기"]
    case .mood: ["기분"]
    case .mode, .add, .edit, .undo, .redo, .cancel, .pick, .report: []
    }
  }

  /// How to write the command, for help and error messages.
  public var usage: String {
    switch self {
    case .go: "go YYYY-MM[-DD]"
    case .day: "day D"
    case .mode: "mode dateonly|amounts|emotion"
    case .firstWeekday: "firstweekday 1-7"
    case .add: "add [[income|expense] AMOUNT CATEGORY [MEMO] [--date D]]"
    case .edit: "edit N"
    case .delete: "delete N"
    case .help: "help [COMMAND]"
    case .list: "list [N]"
    case .report: "report [mood] [year|YYYY|YYYY-MM]"
    case .budget: "budget [YYYY-MM | set AMOUNT [CATEGORY] | remove [CATEGORY]] [--from YYYY-MM]"
    case .recurring: "recurring [add|edit|rm …]"
    case .find: "find [TEXT] [--category C] [--kind K] [--from D] [--to D] [--min A] [--max A]"
    case .open: "open N"
    case .categories: "categories [PERIOD]"
    case .category: "category rename OLD NEW"
    case .importFile: "import FILE [--dry-run]"
    case .mood: "mood [DAY] MOOD [NOTE] | mood [DAY] clear"
    default: rawValue
    }
  }

  /// What the command does, in one line.
  public var summary: String { DisplayLanguage.english.help.summary(topic) }

  /// Further lines for `help COMMAND`, beyond the usage and summary.
  public var details: [String] { DisplayLanguage.english.help.details(topic) }
}
