import ArgumentParser
import Foundation
import HannunDomain
import HannunJSON
import HannunPresentation
import HannunREPL

/// `hannun month [YYYY-MM]`: the month grid with daily and monthly totals.
struct MonthCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "month", abstract: "Show a month (default: this month).")

  @Argument(help: "The month, YYYY-MM.") var month: String?
  @Option(name: .long, help: "The first column: 1 (Sunday) to 7 (Saturday).") var firstWeekday = 1
  @Flag(name: .long, help: "Print JSON.") var json = false
  @OptionGroup var global: GlobalOptions

  @MainActor func run() async throws {
    let weekday = try Weekday(number: firstWeekday)
    let target = try month.map { text throws(DateInputError) in try YearMonth(iso: text) }
    let environment = try await AppEnvironment(options: global)
    let calendar = await environment.makeCalendar(firstWeekday: weekday)
    if let target { await calendar.show(month: target) }
    try emit(calendar, json: json, environment: environment) { CalendarJSON.month($0) }
  }
}

/// `hannun week [YYYY-MM-DD]`: the seven days of a week.
struct WeekCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "week", abstract: "Show the week containing a day (default: today).")

  @Argument(help: "A day in the week, YYYY-MM-DD.") var date: String?
  @Option(name: .long, help: "The first column: 1 (Sunday) to 7 (Saturday).") var firstWeekday = 1
  @Flag(name: .long, help: "Print JSON.") var json = false
  @OptionGroup var global: GlobalOptions

  @MainActor func run() async throws {
    let weekday = try Weekday(number: firstWeekday)
    let environment = try await AppEnvironment(options: global)
    let calendar = await environment.makeCalendar(firstWeekday: weekday)
    if let date { await calendar.select(day: try Day(userInput: date, today: calendar.today)) }
    calendar.showWeek()
    try emit(calendar, json: json, environment: environment) { try CalendarJSON.week($0) }
  }
}

/// `hannun day [YYYY-MM-DD]`: one day's entries and totals; today when no day is given.
struct DayCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "day", abstract: "Show one day's entries.")

  @Argument(help: "The day, YYYY-MM-DD (or today, yesterday, 11/3, 3일…); default today.")
  var date: String?
  @Flag(name: .long, help: "Print JSON.") var json = false
  @OptionGroup var global: GlobalOptions

  @MainActor func run() async throws {
    let environment = try await AppEnvironment(options: global)
    let calendar = await environment.makeCalendar()
    if let date { await calendar.select(day: try Day(userInput: date, today: calendar.today)) }
    try checkLoaded(calendar)
    if json {
      Console.line(CalendarJSON.day(calendar).serialized())
    } else {
      Console.output(
        CalendarRenderer(theme: Theme(colorEnabled: environment.colorEnabled), size: .output)
          .dayList(calendar))
    }
  }
}

/// Prints a calendar as JSON or as the REPL draws it, after making sure it loaded.
@MainActor
func emit(
  _ calendar: CalendarViewModel, json: Bool, environment: AppEnvironment,
  _ makeJSON: (CalendarViewModel) throws -> JSONValue
) throws {
  try checkLoaded(calendar)
  if json {
    Console.line(try makeJSON(calendar).serialized())
  } else {
    let renderer = CalendarRenderer(
      theme: Theme(colorEnabled: environment.colorEnabled), size: .output)
    Console.output(renderer.screen(calendar))
  }
}

/// A load error (an unreadable file) fails the command instead of showing an empty month.
@MainActor
func checkLoaded(_ calendar: CalendarViewModel) throws {
  if let failure = calendar.loadFailure { throw failure }
}

extension TerminalSize {
  /// The width of the terminal on standard output (or `COLUMNS`), 80 columns into a pipe; no
  /// height limit, since a one-shot command's output scrolls.
  static var output: TerminalSize {
    TerminalSize(
      columns: Terminal.columns(environment: ProcessInfo.processInfo.environment)
        ?? TerminalSize.standard.columns, rows: nil)
  }
}
