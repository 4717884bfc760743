import ArgumentParser
import Foundation
import HannunDomain
import HannunREPL

/// The version `hannun --version` prints.
let hannunVersion = "0.3.0"

/// `hannun`: with no subcommand, the interactive calendar; with one, a single scriptable action.
struct Hannun: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "hannun",
    abstract: "한눈 — your household ledger's month at a glance.",
    discussion: """
      With no subcommand, opens the calendar REPL (type help inside). Commands read from a pipe \
      run as a script, without prompt or colour.
      """,
    version: hannunVersion,
    subcommands: [
      REPLCommand.self, MonthCommand.self, WeekCommand.self, DayCommand.self, AddCommand.self,
      EditCommand.self,
      DeleteCommand.self,
    ],
    defaultSubcommand: REPLCommand.self)
}

/// `hannun` alone (or `hannun repl`): the interactive calendar.
struct REPLCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "repl", abstract: "Open the interactive calendar (the default).")

  @OptionGroup var global: GlobalOptions

  @Option(name: .long, help: "The first column of the calendar: 1 (Sunday) to 7 (Saturday).")
  var firstWeekday: Int = 1

  @MainActor func run() async throws {
    let weekday = try Weekday(number: firstWeekday)
    let environment = try await AppEnvironment(options: global)
    let coordinator = await environment.makeCoordinator(firstWeekday: weekday)
    let interactive = Terminal.isTerminal(STDIN_FILENO)
    let reader = LineReaders.standard(
      historyFile: ReadlineLineReader.defaultHistoryFile(
        environment: ProcessInfo.processInfo.environment))
    let session = REPLSession(
      coordinator: coordinator, reader: reader,
      theme: Theme(colorEnabled: interactive && environment.colorEnabled),
      interactive: interactive,
      columns: { interactive ? Terminal.columns(environment: [:]) : nil },
      write: { Console.output($0) })
    let status = await session.run()
    if status != 0 { throw ExitCode(status) }
  }
}
