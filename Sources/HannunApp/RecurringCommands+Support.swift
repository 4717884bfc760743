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
    let korean = catalog.language == .korean
    switch self {
    case .needsSchedule:
      return korean
        ? "반복 일정이 필요합니다: --monthly 25, --last-business-day, --yearly 03-15, --weekly fri 가운데 하나"
        : "a schedule is needed: one of --monthly 25, --last-business-day, --yearly 03-15, "
          + "--weekly fri"
    case .oneSchedule:
      return korean ? "반복 일정은 하나만 적으세요" : "give one schedule only"
    case .needsAmount:
      return korean
        ? "금액이 필요합니다. 예: hannun recurring add --monthly 25 650000 --category 월세"
        : "an amount is needed, for example hannun recurring add --monthly 25 650000 --category rent"
    case .editNeedsChange:
      return korean
        ? "바꿀 것이 필요합니다: 일정, --income이나 --expense, --amount, --category, --memo, --from, --until, --no-end"
        : "edit needs something to change: a schedule, --income or --expense, --amount, "
          + "--category, --memo, --from, --until or --no-end"
    case .needsOccurrence:
      return korean
        ? "규칙과 날짜가 필요합니다. 예: r1 2025-11-25 (hannun due로 확인)"
        : "a rule and a date are needed, for example r1 2025-11-25 (see hannun due)"
    case .confirmAllOrOne:
      return korean ? "--all이나 규칙과 날짜 가운데 하나만 적으세요" : "give --all or a rule and a date, not both"
    case .changeNeedsChange:
      return korean
        ? "change에는 바꿀 것이 필요합니다: --amount, --memo, --on"
        : "change needs something to change: --amount, --memo or --on"
    case .notSupported:
      return korean ? "이 가계부는 반복 규칙을 지원하지 않습니다" : "this ledger does not keep recurring rules"
    }
  }
}
