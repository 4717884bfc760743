import HannunDomain
import HannunPresentation
import HannunREPL

/// The occurrence a command line names.
func occurrenceKey(_ rule: String?, _ date: String?, today: Day) throws -> OccurrenceKey {
  guard let rule, let date else { throw RecurringCommandProblem.needsOccurrence }
  return OccurrenceKey(
    rule: try RecurringRuleID(userInput: rule), date: try Day(userInput: date, today: today))
}

/// Fills a rule form with the options typed and saves it; what the form says first fails the
/// command before anything is written.
@MainActor
func save(
  _ form: RecurringRuleFormViewModel, _ typed: [RecurringRuleFormViewModel.Field: String?]
) async throws -> RecurringRule {
  let currency = form.money.currency
  if let refusal = form.enter(typed.compactMapValues { $0 }) {
    throw InLedgerCurrency(error: refusal, currency: currency)
  }
  guard let rule = await form.save() else {
    let refusal = form.refusal ?? .store(.other("the rule was not saved"))
    throw InLedgerCurrency(error: refusal, currency: currency)
  }
  return rule
}

extension AppEnvironment {
  /// The rules screen of the session's coordinator, read; a damaged `recurring.json` fails the
  /// command.
  func recurringRules() async throws -> RecurringRulesViewModel {
    try await session.coordinator.showRecurringRules()
  }

  /// The due list of the session's coordinator, read; fails as ``recurringRules()`` does.
  func dueList() async throws -> DueListViewModel {
    try await session.coordinator.showDueList()
  }

  /// Rules and occurrences as the terminal shows them.
  var recurringRenderer: RecurringRenderer {
    RecurringRenderer(
      theme: Theme(colorEnabled: colorEnabled), width: TerminalSize.output.columns,
      language: language, money: MoneyFormatter(currency: currency), hints: .commandLine)
  }
}

/// What the recurring commands refuse before writing, in the user's language.
enum RecurringCommandProblem: LocalizedMessage, Equatable {
  case needsSchedule, oneSchedule, needsAmount, editNeedsChange, needsOccurrence
  case confirmAllOrOne, changeNeedsChange

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
      }
    return catalog.language.commandLine.describe(refusal)
  }
}
