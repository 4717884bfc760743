import HannunDomain

/// What the one-shot command line refuses before it opens or writes the ledger: an option
/// missing, two that do not go together, a word left over. Text from the command line arrives
/// already escaped by the frontend.
public enum CommandLineRefusal: Hashable, Sendable {
  /// A first word that is no command (`hannun backup`), with the command line that does what it
  /// likely meant, when one is known (`export --format json`).
  case unknownCommand(String, likely: String?)
  /// A first word that is a command of the calendar's session only, whose history a one-shot
  /// command does not keep (`hannun undo`, `hannun redo`), as typed.
  case sessionOnly(String)
  /// `add` without an amount.
  case addNeedsAmount
  /// `add` without `--category`.
  case addNeedsCategory
  /// `add` given words after its amount (`hannun add 12000 식비`): the words, and the options
  /// they belong after as a command line would give them (`--category 식비`, `--memo '점심 약속'`),
  /// each `nil` when the command already has that option.
  case addExtra(String, category: String?, memo: String?)
  /// `add` given options after `--` (`hannun add -- 12000 --category 식비`), which ends the
  /// options, so that they arrived as words: the words as given.
  case addOptionsAfterTerminator(String)
  /// `edit` with nothing to change.
  case editNeedsChange
  /// `edit` or `delete` without the entry's id: the command's name.
  case needsEntryID(String)
  /// `recurring edit` or `recurring remove` without the rule's id: the command's name inside
  /// the group (`edit`, `remove`).
  case needsRuleID(String)
  /// `category rename` without the category's name, or without the new one.
  case renameNeedsNames
  /// `import` without a file.
  case importNeedsFile
  /// `report` given more than one span.
  case reportOneSpan
  /// `--from` without `--to`, or the other way round.
  case reportNeedsBothEnds
  /// `report --from` after its `--to` (the two months as given).
  case reportBackwards(String, String)
  /// `budget set` without an amount.
  case budgetSetNeedsAmount
  /// `budget` (show) given `--category` or `--from`.
  case budgetShowTakesNoOptions
  /// `budget` given a word that is no month, `set` nor `remove`.
  case budgetUnknownAction(String)
  /// `budget` given words left over.
  case budgetExtra(String)
  /// `budget set` or `budget remove` given a category word and `--category` (the word, the
  /// option's value).
  case budgetCategoryTwice(String, String)
  /// `mood --note` without a mood.
  case moodNeedsMood
  /// `mood --clear` with `--note`.
  case moodClearTakesNoNote
  /// `mood --clear` with a mood.
  case moodClearTakesNoMood
  /// `mood` given words left over.
  case moodExtra(String)
  /// `mood` given one word that is neither a mood nor a day, as typed.
  case moodNeitherMoodNorDay(String)
  /// `export --format` names no format.
  case exportUnknownFormat(String)
  /// `export` with no `--format`, and no `--output` file (the one given) whose name ends in a
  /// format's extension.
  case exportNeedsFormat(String?)
  /// `export --bom` without `--format csv`.
  case exportBOMNeedsCSV
  /// `export --from` after its `--to` (the two days as given).
  case exportBackwards(String, String)
  /// `export --output` cannot be written: the path and the system's reason.
  case exportCannotWrite(String, reason: String)
  /// `export --output` inside the data folder: the path and the folder.
  case exportInsideData(String, data: String)
  /// `categories` given more than one period.
  case categoriesOnePeriod
  /// A recurring rule without a schedule.
  case recurringNeedsSchedule
  /// A recurring rule with two schedules.
  case recurringOneSchedule
  /// A recurring rule without an amount.
  case recurringNeedsAmount
  /// `recurring edit` with nothing to change.
  case recurringEditNeedsChange
  /// A due command without a rule and a date.
  case recurringNeedsOccurrence
  /// `confirm` with both `--all` and an occurrence.
  case recurringConfirmAllOrOne
  /// `change` with nothing to change.
  case recurringChangeNeedsChange
  /// `serve --listen` is not `HOST:PORT`.
  case serveBadListenAddress(String)
  /// `serve` could not listen on its address (`HOST:PORT` as given): why, and an address to
  /// give instead.
  case serveCannotListen(String, reason: ListenProblem, instead: String)
  /// `serve`'s token file cannot be read: the path and the system's reason.
  case serveUnreadableTokenFile(String, reason: String)
  /// `serve`'s token file cannot be made: the path and the system's reason.
  case serveCannotWriteTokenFile(String, reason: String)
  /// `serve`'s token file is open to other users: the path and its mode, as `chmod` writes it.
  case serveTokenFileNotPrivate(String, mode: String)
  /// `serve`'s token is too easy to guess: the path, its bits and the bits needed.
  case serveWeakToken(String, bits: Int, minimum: Int)
  /// `serve --revoke` names no signed-in device: the id given.
  case serveUnknownDevice(String)
  /// `serve` cannot run its server, `hannun-serve`, which should sit beside `hannun`: where it
  /// was looked for (and the system's reason, when it was there and would not run).
  case serveServerMissing(String)
  /// The REPL cannot run: `hannun-repl`, which holds it, should sit beside `hannun`: where it
  /// was looked for (and the system's reason, when it was there and would not run).
  case replMissing(String)
}

/// The one-shot command line's sentences: its refusals, the hint after a usage error, what
/// `serve` says on start and a day's mood.
public protocol CommandLineMessages: Sendable {
  /// Why the command was refused, and what is accepted.
  /// - Parameter refusal: What was wrong.
  func describe(_ refusal: CommandLineRefusal) -> String
  /// A negative amount: amounts are positive and the option gives the direction.
  /// - Parameters:
  ///   - amount: The amount as given.
  ///   - budget: Whether it was a budget's limit.
  func negativeAmount(_ amount: String, budget: Bool) -> String
  /// Put after a usage error: where the full usage is.
  /// - Parameter command: The command whose page that is, as typed: `hannun month`, or `hannun`
  ///   when the error is no one command's.
  func seeHelp(_ command: String) -> String
  /// What `serve` says when it listens.
  /// - Parameter address: The address, `host:port`.
  func serving(at address: String) -> String
  /// What `serve` says of each further address a phone on the network can open.
  /// - Parameter address: The address, `host:port`.
  func alsoServing(at address: String) -> String
  /// What `serve` says about its sign-in token.
  /// - Parameter tokenFile: Where the token is.
  func signInToken(in tokenFile: String) -> String
  /// How `serve` tells a phone to pair, above the QR code.
  /// - Parameters:
  ///   - address: The pairing page's address, `http://HOST:PORT/pair`.
  ///   - code: The one-time code, as shown (`ABCD-EFGH`).
  func pairWith(_ address: String, code: String) -> String
  /// What `serve` says when a phone paired.
  /// - Parameter name: The name the phone gave itself, or empty.
  func paired(_ name: String) -> String
  /// One line of `serve --devices`.
  /// - Parameters:
  ///   - id: The device's id.
  ///   - name: The name it gave itself, or empty.
  ///   - since: The day it paired, `YYYY-MM-DD` (or `?`).
  ///   - until: The day its session ends.
  func device(_ id: String, name: String, since: String, until: String) -> String
  /// What `serve --devices` says when no device is signed in.
  var noDevices: String { get }
  /// What `serve --revoke` says of the device it signed out.
  /// - Parameters:
  ///   - id: The device's id.
  ///   - name: The name it gave itself, or empty.
  func revoked(_ id: String, name: String) -> String
  /// A day without a mood: `2025-11-03 no mood`.
  /// - Parameter day: The day.
  func noMood(on day: Day) -> String
}

extension DisplayLanguage {
  /// The one-shot command line's sentences, in this language.
  public var commandLine: any CommandLineMessages {
    switch self {
    case .korean: KoreanCommandLineMessages()
    case .english: EnglishCommandLineMessages()
    }
  }
}

/// Why `hannun serve` could not listen on the address it was given.
public enum ListenProblem: Hashable, Sendable {
  /// Another program listens on that port.
  case inUse
  /// The port (under 1024) needs rights this user lacks.
  case notPermitted
  /// No network interface of this machine has that address.
  case notThisMachine
  /// No host has that name.
  case unknownHost
}
