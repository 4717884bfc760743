import ArgumentParser
import HannunDomain
import HannunJSON
import HannunPresentation
import HannunREPL

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `hannun month [YYYY-MM]`: the month grid with daily and monthly totals.
struct MonthCommand: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "month", abstract: localized("Show a month (default: this month)."))
  }

  @Argument(help: .localized("The month, YYYY-MM.")) var month: String?
  @Option(name: .long, help: .localized("The first column: 1 (Sunday) to 7 (Saturday)."))
  var firstWeekday = 1
  @Flag(name: .long, help: .localized("Print JSON.")) var json = false
  @OptionGroup var global: GlobalOptions

  /// What the parser read, as plain values.
  var values: MonthRun {
    MonthRun(month: month, firstWeekday: firstWeekday, json: json, global: global.values)
  }

  @MainActor func run() async throws { try await values.run() }
}

/// `hannun month`'s work from plain values: what the parser's command runs, and what
/// ``OneShotRead`` builds without the parser.
struct MonthRun: OneShotRun {
  var month: String?
  var firstWeekday = 1
  var json = false
  var global = GlobalValues()

  @MainActor func run() async throws {
    let weekday = try Weekday(number: firstWeekday)
    let target = try month.map { text throws(DateInputError) in try YearMonth(typed: text) }
    let environment = try await AppEnvironment(options: global)
    let calendar = await environment.makeCalendar(firstWeekday: weekday, readingAhead: false) {
      calendar in if let target { await calendar.show(month: target) }
    }
    try emit(calendar, json: json, environment: environment) { CalendarJSON.month($0) }
  }
}

/// `hannun week [YYYY-MM-DD]`: the seven days of a week.
struct WeekCommand: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "week", abstract: localized("Show the week containing a day (default: today)."))
  }

  @Argument(help: .localized("A day in the week, YYYY-MM-DD.")) var date: String?
  @Option(name: .long, help: .localized("The first column: 1 (Sunday) to 7 (Saturday)."))
  var firstWeekday = 1
  @Flag(name: .long, help: .localized("Print JSON.")) var json = false
  @OptionGroup var global: GlobalOptions

  /// What the parser read, as plain values.
  var values: WeekRun {
    WeekRun(date: date, firstWeekday: firstWeekday, json: json, global: global.values)
  }

  @MainActor func run() async throws { try await values.run() }
}

/// `hannun week`'s work from plain values: what the parser's command runs, and what
/// ``OneShotRead`` builds without the parser.
struct WeekRun: OneShotRun {
  var date: String?
  var firstWeekday = 1
  var json = false
  var global = GlobalValues()

  @MainActor func run() async throws {
    let weekday = try Weekday(number: firstWeekday)
    let environment = try await AppEnvironment(options: global)
    let day = try date.map { text throws(DateInputError) in
      try Day(userInput: text, today: environment.session.clock.today)
    }
    let calendar = await environment.makeCalendar(firstWeekday: weekday, readingAhead: false) {
      calendar in
      if let day { await calendar.select(day: day) }
      calendar.showWeek()
    }
    await calendar.settle()
    try emit(calendar, json: json, environment: environment) { try CalendarJSON.week($0) }
  }
}

/// `hannun day [YYYY-MM-DD]`: one day's entries and totals; today when no day is given.
struct DayCommand: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "day", abstract: localized("Show one day's entries."))
  }

  @Argument(
    help: .localized("The day, YYYY-MM-DD (or today, yesterday, 11/3, 3일…); default today."))
  var date: String?
  @Flag(name: .long, help: .localized("Print JSON.")) var json = false
  @OptionGroup var global: GlobalOptions

  /// What the parser read, as plain values.
  var values: DayRun {
    DayRun(date: date, json: json, global: global.values)
  }

  @MainActor func run() async throws { try await values.run() }
}

/// `hannun day`'s work from plain values: what the parser's command runs, and what
/// ``OneShotRead`` builds without the parser.
struct DayRun: OneShotRun {
  var date: String?
  var json = false
  var global = GlobalValues()

  @MainActor func run() async throws {
    let environment = try await AppEnvironment(options: global)
    let day = try date.map { text throws(DateInputError) in
      try Day(userInput: text, today: environment.session.clock.today)
    }
    let calendar = await environment.makeCalendar(readingAhead: false) { calendar in
      if let day { await calendar.select(day: day) }
    }
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
  if let failure = calendar.loadFailure ?? calendar.planFailure { throw failure }
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

/// `hannun report [YYYY-MM] [--year YYYY] [--from YYYY-MM --to YYYY-MM]`: where the money came
/// from and went.
struct ReportCommand: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "report",
      abstract: localized(
        "Income, expense and every category of a month, a year or a span, with bars."))
  }

  @Argument(help: .localized("The month, YYYY-MM, or a whole year, YYYY (default: this month)."))
  var month: String?
  @Option(name: .long, help: .localized("A whole year, YYYY.")) var year: String?
  @Option(name: .long, help: .localized("The first month of a span, YYYY-MM.")) var from: String?
  @Option(name: .long, help: .localized("The last month of a span, YYYY-MM.")) var to: String?
  @Flag(name: .long, help: .localized("Print JSON.")) var json = false
  @Flag(
    name: .long,
    help: .localized("Spending by mood: the average day on each mood, rising categories."))
  var byMood = false
  @OptionGroup var global: GlobalOptions

  /// What the parser read, as plain values.
  var values: ReportRun {
    ReportRun(
      month: month, year: year, from: from, to: to, json: json, byMood: byMood,
      global: global.values)
  }

  @MainActor func run() async throws { try await values.run() }
}

/// `hannun report`'s work from plain values: what the parser's command runs, and what
/// ``OneShotRead`` builds without the parser.
struct ReportRun: OneShotRun {
  var month: String?
  var year: String?
  var from: String?
  var to: String?
  var json = false
  var byMood = false
  var global = GlobalValues()

  @MainActor func run() async throws {
    let givenSpan = try span()
    let environment = try await AppEnvironment(options: global)
    let session = environment.session
    let today = session.clock.today.yearMonth
    if byMood { return try await reportByMood(givenSpan ?? today...today, environment) }
    // The month's budgets are shown with the text only.
    let model = session.coordinator.showReport(
      of: givenSpan ?? today...today, budgets: json ? nil : session.budgets)
    await model.load()
    // A span before that cannot be read is said in place of the comparison (exit 0): only the
    // report's own span, or its budgets, refuse it.
    if let failure = model.loadFailure ?? model.budgetFailure { throw failure }
    guard let report = model.report else { return }
    if json {
      let messages = environment.language.messages
      Console.line(
        ReportJSON.report(report, currency: environment.currency, messages: messages).serialized())
    } else {
      let renderer = ReportRenderer(
        theme: Theme(colorEnabled: environment.colorEnabled), width: TerminalSize.output.columns,
        language: environment.language, money: MoneyFormatter(currency: environment.currency),
        hints: .commandLine)
      Console.output(renderer.text(report, budgets: model.budgets))
    }
  }

  /// The months asked for, or `nil` for this month.
  private func span() throws -> ClosedRange<YearMonth>? {
    let forms = [month != nil, year != nil, from != nil || to != nil].filter { $0 }.count
    guard forms <= 1 else { throw CommandLineProblem.reportOneSpan }
    return try requestedMonths(month: month, year: year, from: from, to: to)
  }
}

/// `hannun year [YYYY]`: the twelve months as small calendars with their totals.
struct YearCommand: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "year",
      abstract: localized("The twelve months of a year at a glance (default: this year)."))
  }

  @Argument(help: .localized("The year, YYYY.")) var year: String?
  @Option(name: .long, help: .localized("The first column: 1 (Sunday) to 7 (Saturday)."))
  var firstWeekday = 1
  @Flag(name: .long, help: .localized("Print the twelve months' totals as JSON.")) var json = false
  @OptionGroup var global: GlobalOptions

  /// What the parser read, as plain values.
  var values: YearRun {
    YearRun(year: year, firstWeekday: firstWeekday, json: json, global: global.values)
  }

  @MainActor func run() async throws { try await values.run() }
}

/// `hannun year`'s work from plain values: what the parser's command runs, and what
/// ``OneShotRead`` builds without the parser.
struct YearRun: OneShotRun {
  var year: String?
  var firstWeekday = 1
  var json = false
  var global = GlobalValues()

  @MainActor func run() async throws {
    let weekday = try Weekday(number: firstWeekday)
    let given = try year.map { text throws(DateInputError) in
      try YearMonth.months(ofYearText: text)
    }
    let environment = try await AppEnvironment(options: global)
    let model = environment.session.coordinator.showYear(
      given?.lowerBound.year ?? environment.session.clock.today.year)
    await model.load()
    if let failure = model.loadFailure { throw failure }
    guard let report = model.report else { return }
    if json {
      Console.line(ReportJSON.year(report, currency: environment.currency).serialized())
    } else {
      let renderer = YearRenderer(
        theme: Theme(colorEnabled: environment.colorEnabled), width: TerminalSize.output.columns,
        language: environment.language, money: MoneyFormatter(currency: environment.currency),
        firstWeekday: weekday, hints: .commandLine)
      Console.output(renderer.text(report, today: model.today))
    }
  }
}
