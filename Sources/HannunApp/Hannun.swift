import ArgumentParser
import HannunDomain
import HannunPresentation
import HannunREPL

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The version `hannun --version` prints.
let hannunVersion = "0.3.0"

/// `hannun`: with no subcommand, the interactive calendar; with one, a single scriptable action.
struct Hannun: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "hannun",
      abstract: localized("한눈 — your household ledger's month at a glance."),
      discussion: localized(
        """
        With no subcommand, opens the calendar REPL (type help inside). Commands read from a pipe \
        run as a script, without prompt or colour.

        Options every command takes, before or after the subcommand:
          --data DIR          the data directory (default: $HANNUN_DATA,
                              $XDG_DATA_HOME/hannun or ~/.local/share/hannun)
          --locale ko|en      language of titles, labels and messages (LC_ALL, LANG)
          --currency CODE     ISO 4217 currency of a new ledger (from the locale)
          --color WHEN        auto (a terminal, and NO_COLOR unset), always, never
          --ascii             moods as text tags instead of emoji (also TERM=linux)
        repl, month, week and serve also take --first-weekday 1-7 (1 is Sunday).

        Shell completion: hannun --generate-completion-script bash|zsh|fish
        """),
      version: hannunVersion,
      subcommands: [
        REPLCommand.self, MonthCommand.self, WeekCommand.self, DayCommand.self, AddCommand.self,
        EditCommand.self,
        DeleteCommand.self, ReportCommand.self, YearCommand.self,
        BudgetCommand.self,
        RecurringCommand.self, DueCommand.self, ConfirmCommand.self, SkipCommand.self,
        ChangeOccurrenceCommand.self,
        FindCommand.self, ExportCommand.self, ImportCommand.self,
        CategoriesCommand.self, CategoryCommand.self,
        MoodCommand.self,
        ServeCommand.self,
      ],
      defaultSubcommand: REPLCommand.self)
  }
}

/// `hannun` alone (or `hannun repl`): the interactive calendar.
struct REPLCommand: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "repl", abstract: localized("Open the interactive calendar (the default)."))
  }

  @OptionGroup var global: GlobalOptions

  @Option(
    name: .long, help: .localized("The first column of the calendar: 1 (Sunday) to 7 (Saturday)."))
  var firstWeekday: Int = 1

  @MainActor func run() async throws {
    guard let makeReader = REPLLauncher.makeReader else {
      // The line editor lives in `hannun-repl`: become it, with the same command line.
      throw REPLProblem.missing(
        path: SiblingExecutable.exec("hannun-repl", arguments: HannunMain.commandLine))
    }
    let weekday = try Weekday(number: firstWeekday)
    var environment = try await AppEnvironment(options: global)
    let interactive = Terminal.isTerminal(STDIN_FILENO)
    let reader = makeReader()
    if interactive, environment.session.newLedgerNotice?.reason == .noLocale {
      // No locale says which currency a new ledger keeps: ask, once, before anything is written.
      var options = global
      options.currency = askCurrency(
        reader, suggested: environment.currency, language: environment.language)
      if options.currency != nil { environment = try await AppEnvironment(options: options) }
    }
    let coordinator = await environment.makeCoordinator(firstWeekday: weekday)
    var theme = Theme(colorEnabled: interactive && environment.colorEnabled)
    theme.emoji = environment.emoji
    let session = REPLSession(
      coordinator: coordinator, reader: reader, theme: theme,
      interactive: interactive,
      columns: { interactive ? Terminal.columns(environment: [:]) : nil },
      rows: { interactive ? Terminal.rows(environment: [:]) : nil },
      write: { Console.output($0) })
    session.newLedgerNotice = environment.session.pendingNewLedgerNotice
    session.changes = environment.session.changes
    let status = await session.run()
    if status != 0 { throw ExitCode(status) }
  }

  /// Asks for the currency of a new ledger until a valid ISO 4217 code (or nothing, for the
  /// suggestion) is given.
  @MainActor
  private func askCurrency(
    _ reader: any LineReader, suggested: Currency, language: DisplayLanguage
  ) -> String? {
    let prompt = language.session.askCurrency(suggested: suggested.code)
    while let answer = reader.readLine(prompt: prompt) {
      let code = FoundationText.trimmingWhitespace(answer).uppercased()
      if code.isEmpty { return nil }
      if (try? Currency(code: code)) != nil { return code }
      Console.output(
        TerminalText.sanitized(language.messages.describe(AmountInputError.badCurrency(answer)))
          + "\n")
    }
    return nil
  }
}
