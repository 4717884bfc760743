import HannunDomain
import HannunPresentation
import HannunREPL

/// The occurrence a command line names.
func occurrenceKey(_ rule: String?, _ date: String?, today: Day) throws -> OccurrenceKey {
  guard let rule, let date else { throw RecurringCommandProblem.needsOccurrence }
  return OccurrenceKey(
    rule: try RecurringRuleID(userInput: rule), date: try Day(userInput: date, today: today))
}

extension AppEnvironment {
  /// The session's recurring rules; the file store always keeps them.
  func recurring() throws -> RecurringViewModel {
    guard let recurring = session.recurring else { throw RecurringCommandProblem.notSupported }
    return recurring
  }

  /// The session's recurring rules, read; a damaged `recurring.json` fails the command.
  func loadedRecurring() async throws -> RecurringViewModel {
    let recurring = try recurring()
    await recurring.load()
    if let failure = recurring.loadFailure { throw failure }
    return recurring
  }

  /// Rules and occurrences as the terminal shows them.
  var recurringRenderer: RecurringRenderer {
    RecurringRenderer(
      theme: Theme(colorEnabled: colorEnabled), width: TerminalSize.output.columns,
      language: language, money: MoneyFormatter(currency: currency))
  }
}

/// What the recurring commands refuse before writing, in the user's language.
enum RecurringCommandProblem: LocalizedMessage, Equatable {
  case needsSchedule, oneSchedule, needsAmount, editNeedsChange, needsOccurrence
  case confirmAllOrOne, changeNeedsChange, notSupported

  func text(in catalog: any MessageCatalog) -> String {
    let refusal: CommandLineRefusal =
      switch self {
      case .needsSchedule: .recurringNeedsSchedule
      case .oneSchedule: .recurringOneSchedule
      case .needsAmount: .recurringNeedsAmount
      case .editNeedsChange: .recurringEditNeedsChange
      case .needsOccurrence: .recurringNeedsOccurrence
      case .confirmAllOrOne: .recurringConfirmAllOrOne
      case .changeNeedsChange: .recurringChangeNeedsChange
      case .notSupported: .recurringNotSupported
      }
    return catalog.language.commandLine.describe(refusal)
  }
}
