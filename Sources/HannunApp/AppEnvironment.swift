import HannunDomain
import HannunKit
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

/// The composition root: one ``LedgerSession`` opened from the command line and the process
/// environment, plus what only a terminal needs (colour).
@MainActor
struct AppEnvironment {
  let session: LedgerSession
  let colorEnabled: Bool
  /// Whether moods show as emoji (not with `--ascii` or on the Linux console).
  let emoji: Bool

  /// The ledger's currency.
  var currency: Currency { session.currency }
  /// The language of titles, labels and messages.
  var language: DisplayLanguage { session.language }

  /// Opens the ledger with the calendar not yet started: each command starts it (or not) with
  /// its own first weekday, in ``makeCalendar(firstWeekday:started:)``.
  /// - Throws: ``LedgerError`` when the ledger cannot be opened, ``AmountInputError`` for a bad
  ///   `--currency`.
  init(options: GlobalOptions, environment: [String: String] = ProcessInfo.processInfo.environment)
    async throws
  {
    try await self.init(options: options.values, environment: environment)
  }

  /// Opens the ledger as ``init(options:environment:)`` does, from the options' plain values.
  init(options: GlobalValues, environment: [String: String] = ProcessInfo.processInfo.environment)
    async throws
  {
    let requested = try options.currency.map { code throws(AmountInputError) in
      try Currency(code: code)
    }
    session = try await LedgerSession.open(
      LedgerSession.Options(
        dataPath: options.data, localeIdentifier: options.locale.map(\.localeIdentifier),
        currency: requested, clock: .system, startsCalendar: false, environment: environment))
    let isTerminal = isatty(STDOUT_FILENO) == 1
    colorEnabled =
      ColorChoice(rawValue: options.color.rawValue)?
      .resolve(isTerminal: isTerminal, environment: environment) ?? false
    emoji = EmojiSupport.resolve(ascii: options.ascii, environment: environment)
  }

  /// The session's calendar with `firstWeekday` as its first column. A command asks once: there
  /// is one calendar per process.
  /// - Parameters:
  ///   - firstWeekday: The grid's first column.
  ///   - started: Whether the calendar loads its window and follows changes; a one-shot
  ///     editing command shows no calendar and skips both.
  ///   - readingAhead: Whether the months beside the shown one are read too; a one-shot view
  ///     reads only the months it prints.
  ///   - position: Moves the calendar before it starts, so that it reads only where it opens.
  func makeCalendar(
    firstWeekday: Weekday = .sunday, started: Bool = true, readingAhead: Bool = true,
    position: (CalendarViewModel) async -> Void = { _ in }
  ) async -> CalendarViewModel {
    let calendar = session.calendar
    calendar.setFirstWeekday(firstWeekday)
    calendar.setReadsAhead(readingAhead)
    await position(calendar)
    if started { await session.start() }
    return calendar
  }

  /// The session's coordinator, for the REPL and the editing commands.
  func makeCoordinator(firstWeekday: Weekday = .sunday, started: Bool = true) async
    -> AppCoordinator
  {
    _ = await makeCalendar(firstWeekday: firstWeekday, started: started)
    return session.coordinator
  }

  /// Says on standard error, once, that the command's write created the ledger (which currency
  /// it keeps and why); says nothing when the ledger existed or nothing was written. Every
  /// command that writes calls it last.
  func sayNewLedgerNotice() async {
    guard let notice = await session.takeNewLedgerNotice() else { return }
    Console.errorOutput(TerminalText.sanitized(language.messages.newLedger(notice)) + "\n")
  }

  /// The language of a command line's messages, before its options are parsed: `--locale`
  /// (`--locale ko`, `--locale=en`) if given, else the environment's locale, as
  /// ``LedgerSession/Options`` reads it.
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
    // Only the locale is read: a current directory of its own spares a getcwd, which
    // `--version`, `--help` and a usage error never need (the system clock reads no time zone
    // until asked for today).
    return LedgerSession.Options(
      localeIdentifier: choice?.localeIdentifier, environment: environment, currentDirectory: "/"
    ).language
  }
}

extension LocaleChoice {
  /// `--locale ko` is Korean in Korea, `--locale en` English in the United States.
  fileprivate var localeIdentifier: String { self == .ko ? "ko_KR" : "en_US" }
}
