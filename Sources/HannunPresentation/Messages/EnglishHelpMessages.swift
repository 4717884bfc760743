import HannunDomain

/// ``HelpMessages`` in English.
public struct EnglishHelpMessages: HelpMessages {
  /// The English words.
  public init() {}

  /// `HelpMessages`.
  public var overviewHeading: String {
    "Commands (upper or lower case; short forms in brackets):"
  }

  /// `HelpMessages`.
  public func name(of group: HelpGroup) -> String {
    switch group {
    case .calendar: "Calendar"
    case .entries: "Entries"
    case .lookInto: "Look into"
    case .household: "Household"
    case .other: "Other"
    }
  }

  /// `HelpMessages`.
  public var helpArgument: String { "[COMMAND]" }

  /// `HelpMessages`.
  public var keysHeading: String { "Keys (no Enter needed):" }

  /// `HelpMessages`.
  public var keys: [(key: String, meaning: String)] {
    [
      ("PageDown, Alt-→, ]", "the next month (or week, in week view)"),
      ("PageUp, Alt-←, [", "the previous month (or week)"),
      ("Alt-t, Home", "this month, today selected"),
      ("Tab", "completes commands, categories, dates and entries"),
      ("", "[, ] and Home only on an empty line; what you typed stays"),
    ]
  }

  /// `HelpMessages`.
  public var moreHelp: String { "Type help COMMAND for more, for example help add." }

  /// `HelpMessages`.
  public var aliasesLabel: String { "Also: " }

  /// `HelpMessages`.
  public func summary(_ topic: HelpTopic) -> String {
    switch topic {
    case .next: "show the next month"
    case .previous: "show the previous month"
    case .today: "show this month and select today"
    case .go: "show a month; with a day, also select that day"
    case .day: "select a day: 1-31 of this month, or a date"
    case .week: "show the selected day's week"
    case .month: "show the whole month"
    case .mode: "show only dates, or each day's totals or mood"
    case .firstWeekday: "start weeks on 1 (Sunday) … 7 (Saturday)"
    case .add: "add an entry; alone, fill in a form"
    case .edit: "change entry N of the selected day"
    case .delete: "delete entry N of the selected day"
    case .undo: "take back the last change"
    case .redo: "make the last undone change again"
    case .help: "list the commands, or explain one"
    case .quit: "leave Hannun (Ctrl-D also works)"
    case .cancel: "abandon the form or picker in progress"
    case .pick: "choose a year and month from a picker"
    case .list: "list the selected day's entries, page N"
    case .report: "income and expense by category, month or year"
    case .year: "twelve small calendars of the shown year"
    case .budget: "monthly budgets: show, set or remove them"
    case .recurring: "list, add, change or remove recurring rules"
    case .due: "list what is due; confirm, skip or change N"
    case .find: "search memos and categories of all entries"
    case .open: "show the day of search result N"
    case .categories: "categories with entry counts and totals"
    case .category: "rename a category, or merge it into another"
    case .importFile: "add a bank's CSV statement or a journal, in one undo step"
    case .mood: "note the day's mood in the mood diary"
    }
  }

  /// `HelpMessages`.
  public func details(_ topic: HelpTopic) -> [String] {
    switch topic {
    case .go:
      [
        "YYYY-MM shows a month, for example go 2025-11.",
        "YYYY-MM-DD shows the month and selects the day, for example go 2025-11-03.",
      ]
    case .day:
      [
        "D is a day of the shown month (1-31), a date YYYY-MM-DD,",
        "or today, yesterday, tomorrow (오늘, 어제, 내일). For example: day 15",
      ]
    case .mode:
      [
        "dateonly (or date-only): each day shows its date alone.",
        "amounts (or amount): each day also shows its income and expense totals.",
        "emotion (or mood): each day also shows its mood from the mood diary.",
      ]
    case .firstWeekday:
      ["1 is Sunday, 2 Monday, … 7 Saturday. For example: firstweekday 2"]
    case .add:
      [
        "kind: income or expense (also 수입, 지출, i, e)",
        "without a kind, an expense: add 4500 cafe",
        "AMOUNT: 12000, 12,000, ₩12,000, $12.50, 3만5천 or 1.5만",
        "MEMO: the rest of the words",
        "--date D: a day as for the day command; without it, the selected day",
        "Quote words with spaces: add expense 4500 cafe \"coffee with Min\"",
        "add alone asks for each field in turn.",
      ]
    case .edit, .delete:
      ["N is the entry's number in the selected day's list, or its id."]
    case .help:
      ["For example: help add"]
    case .report:
      [
        "Income, expense and balance, the change against the month (or year) before,",
        "and every category with its share as a bar. report year covers the shown year;",
        "report 2025 a whole year, report 2025-03 a month.",
        "report mood [PERIOD]: the average day's expense on each mood's days, and the",
        "categories that rise most on them (hannun report --by-mood from the shell).",
        "From the shell: hannun report [YYYY-MM | YYYY] [--year YYYY]",
        "[--from … --to …] [--json]",
      ]
    case .categories, .category:
      [
        "PERIOD: year (the shown year), all (all time), YYYY (a year) or YYYY-MM; else",
        "the shown month.",
        "Each with its kind, entry count and total, largest first within each kind.",
        "category rename OLD NEW renames OLD at once in every entry, its budgets",
        "and its recurring rules; when NEW exists, the two are merged (not when both",
        "have a budget for the same month). undo takes the whole rename back.",
        "Quote names with spaces: category rename \"eating out\" food",
        "From the shell: hannun categories [YYYY-MM | --year YYYY | --from M --to M",
        "| --all] [--json] and hannun category rename OLD NEW",
      ]
    case .importFile:
      [
        "FILE: a CSV statement (UTF-8 or CP949) or an hledger/ledger journal, by its",
        "extension. Every row is checked first: one bad row adds nothing. Rows already",
        "in the ledger (same day, kind, amount, memo) are skipped. --dry-run shows",
        "what would be added. undo takes the whole import back.",
        "From the shell: hannun import FILE [--format csv|journal] [--dry-run]",
        "[--map FIELD=HEADER …] [--category C] [--json]",
        "A Hannun backup (hannun export --format json) is not imported here: it",
        "restores only into an empty ledger, from the shell:",
        "hannun import BACKUP --data NEW-FOLDER",
      ]
    case .list:
      [
        "When a day has more entries than fit under the calendar, the screen ends with",
        "… N more (list); list shows them page by page: list 2, list 3 …",
      ]
    case .budget:
      [
        "budget alone shows the shown month's budgets: spent, limit, a bar, what is left.",
        "budget set AMOUNT [CATEGORY] sets the whole month's budget, or a category's.",
        "The category may come first: budget set 식비 30만.",
        "A budget holds from the shown month (or --from YYYY-MM) until it is changed.",
        "budget remove [CATEGORY] removes it from that month on.",
        "For example: budget set 30만 식비, budget set 200만,",
        "budget remove 식비 --from 2025-07",
        "From the shell: hannun budget [YYYY-MM] [--json], hannun budget set|remove …",
      ]
    case .recurring:
      [
        "recurring alone lists the rules.",
        "recurring add SCHEDULE KIND AMOUNT CATEGORY [MEMO] [--from D] [--until D]",
        "  SCHEDULE: monthly 25 | last-business-day | yearly 03-15 | weekly fri",
        "  for example: recurring add monthly 25 expense 650000 rent --from 2025-01-01",
        "recurring edit ID amount|category|memo|kind|from|until|schedule VALUE",
        "  (until none removes the end); recurring remove ID",
      ]
    case .due:
      [
        "due lists what is due by today, numbered; confirm N, confirm all, skip N,",
        "change N amount 700000 (or memo TEXT, date D) act on entry N of that list.",
        "A rule and its scheduled day also work: confirm r1 2025-11-25.",
        "Planned entries show in the calendar with ~, kept out of the totals.",
      ]
    case .find:
      [
        "TEXT is found in memos and categories, in any case: find coffee, find 커피.",
        "--kind income|expense, --category C (the whole category), --from D and --to D",
        "(dates as for day, both included), --min A and --max A (amounts as for add).",
        "Results are newest first, with their total; open N shows result N's day,",
        "edit N and delete N change it while the results are on screen, list N pages.",
      ]
    case .open:
      ["N is a result's number in the last find; its day is selected."]
    case .mood:
      [
        "MOOD: "
          + Mood.allCases.prefix(4).map { "\($0.emoji) \($0.englishName)" }
          .joined(separator: ", ") + ",",
        "      "
          + Mood.allCases.dropFirst(4).map { "\($0.emoji) \($0.englishName)" }
          .joined(separator: ", ") + ",",
        "      or the Korean names " + Mood.allCases.map(\.koreanName).joined(separator: ", ")
          + ".",
        "DAY as for day; without it, the selected day. NOTE: the rest of the words,",
        "at most \(MoodRules.noteLimit) characters. mood clear removes the day's mood; undo takes",
        "a mood back like an entry. mode emotion shows the moods in the calendar.",
        "From the shell: hannun mood [YYYY-MM-DD] MOOD [--note TEXT] | --clear",
      ]
    default:
      []
    }
  }
}
