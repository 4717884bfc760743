import Foundation
import HannunData
import HannunDomain
import HannunPresentation
import HannunREPL

/// The composition root: the only place that knows every concrete type. It reads the process
/// environment once and builds the store, the clock and the view-models from it.
@MainActor
struct AppEnvironment {
  let store: JSONFileTransactionStore
  let clock: LedgerClock
  let currency: Currency
  let language: DisplayLanguage
  let colorEnabled: Bool

  /// - Throws: ``LedgerError`` when the ledger cannot be opened, ``AmountInputError`` for a bad
  ///   `--currency`.
  init(options: GlobalOptions, environment: [String: String] = ProcessInfo.processInfo.environment)
    async throws
  {
    let localeID = AppEnvironment.localeIdentifier(options.locale, environment)
    language = DisplayLanguage(localeIdentifier: localeID)
    let requested = try options.currency.map { code throws(AmountInputError) in
      try Currency(code: code)
    }
    // $HOME first, as the XDG specification and the history file do; the password database's
    // home only when HOME is unset.
    let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()
    let directory = DataDirectory.resolve(
      explicit: options.data, environment: environment, homeDirectory: home)
    store = try await JSONFileTransactionStore.open(
      directory: directory, requestedCurrency: requested,
      defaultCurrency: Currency.preferred(for: Locale(identifier: localeID)))
    currency = store.currency
    clock = .system
    let isTerminal = isatty(STDOUT_FILENO) == 1
    colorEnabled =
      ColorChoice(rawValue: options.color.rawValue)?
      .resolve(isTerminal: isTerminal, environment: environment) ?? false
  }

  /// A calendar over the store, loaded and following changes.
  /// - Parameter started: Whether the calendar loads its window and follows changes; a one-shot
  ///   editing command shows no calendar and skips both.
  func makeCalendar(firstWeekday: Weekday = .sunday, started: Bool = true) async
    -> CalendarViewModel
  {
    let calendar = CalendarViewModel(
      repository: store, clock: clock, currency: currency, language: language,
      firstWeekday: firstWeekday)
    if started { await calendar.start() }
    return calendar
  }

  /// The coordinator with its editor, for the REPL and the editing commands.
  func makeCoordinator(firstWeekday: Weekday = .sunday, started: Bool = true) async
    -> AppCoordinator
  {
    AppCoordinator(
      calendar: await makeCalendar(firstWeekday: firstWeekday, started: started),
      editor: LedgerEditor(repository: store, clock: clock), repository: store, clock: clock,
      currency: currency)
  }

  /// The language of a command line's messages, before its options are parsed: `--locale`
  /// (`--locale ko`, `--locale=en`) if given, else the environment's locale.
  /// - Parameters:
  ///   - arguments: The command line after the program name.
  ///   - environment: The process environment.
  static func language(
    arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> DisplayLanguage {
    var choice: LocaleChoice?
    for (index, argument) in arguments.enumerated() {
      if argument == "--locale", index + 1 < arguments.count {
        choice = LocaleChoice(rawValue: arguments[index + 1])
      } else if argument.hasPrefix("--locale=") {
        choice = LocaleChoice(rawValue: String(argument.dropFirst("--locale=".count)))
      }
    }
    return DisplayLanguage(localeIdentifier: localeIdentifier(choice, environment))
  }

  /// `--locale`, else LC_ALL, LC_MESSAGES, LANG; `en` when none is set.
  private static func localeIdentifier(_ choice: LocaleChoice?, _ environment: [String: String])
    -> String
  {
    if let choice { return choice == .ko ? "ko_KR" : "en_US" }
    for key in ["LC_ALL", "LC_MESSAGES", "LANG"] {
      if let value = environment[key], !value.isEmpty, value != "C", value != "POSIX" {
        return String(value.prefix { $0 != "." && $0 != "@" })
      }
    }
    return "en_US"
  }
}
