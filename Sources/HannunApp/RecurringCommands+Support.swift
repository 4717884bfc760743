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
  /// The rules screen of the session's coordinator, read; a ledger without rules, or a damaged
  /// `recurring.json`, fails the command.
  func recurringRules() async throws -> RecurringRulesViewModel {
    do {
      return try await session.coordinator.showRecurringRules()
    } catch UnavailableRoute.recurringRules {
      throw RecurringCommandProblem.notSupported
    }
  }

  /// The due list of the session's coordinator, read; fails as ``recurringRules()`` does.
  func dueList() async throws -> DueListViewModel {
    do {
      return try await session.coordinator.showDueList()
    } catch UnavailableRoute.recurringRules {
      throw RecurringCommandProblem.notSupported
    }
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
