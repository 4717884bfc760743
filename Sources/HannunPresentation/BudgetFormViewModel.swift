import HannunDomain
import Observation

/// The form that sets or removes a budget on a month's budgets screen (``BudgetMonthViewModel``):
/// its fields as typed, a refusal per field, and the two intents. Every frontend fills it with
/// the text the user typed — the terminal's `budget set 30만 식비 --from 2025-03`, the command
/// line's options, the web page's fields — so a refused budget is said in one order and in one
/// sentence wherever it was typed (``refusal``).
@MainActor
@Observable
public final class BudgetFormViewModel {
  /// The fields, in the order their refusals are said.
  public enum Field: String, CaseIterable, Hashable, Sendable {
    /// The first month the budget applies to (`YYYY-MM`); the screen's month when not given.
    case month
    /// The monthly limit, in the ledger's currency; a set needs it, a remove ignores it.
    case amount
    /// The category the budget is for; not given for the whole ledger.
    case category
  }

  /// What a successful intent wrote.
  public enum Outcome: Hashable, Sendable {
    /// A monthly limit was set for the scope from the month on.
    case set(Amount, BudgetScope, from: YearMonth)
    /// The scope has no budget from the month on.
    case removed(BudgetScope, from: YearMonth)
  }

  /// Why an intent wrote nothing: the one answer every frontend says.
  public enum Refusal: Error, Equatable, Sendable {
    /// A field was refused: the first in ``Field`` order, with why.
    case field(Field, AppError)
    /// The store refused or failed (another window's change to the same budget, no budget to
    /// remove, a damaged `budgets.json`).
    case store(AppError)

    /// The error underneath: the field's or the store's.
    public var error: AppError {
      switch self {
      case .field(_, let error), .store(let error): error
      }
    }

    /// The refused field, or `nil` when the store refused.
    public var field: Field? {
      if case .field(let field, _) = self { return field }
      return nil
    }
  }

  /// The month's budgets the form writes through.
  public let screen: BudgetMonthViewModel
  /// The first month entered, or `nil` for the screen's month.
  public private(set) var month: YearMonth?
  /// The monthly limit entered, or `nil` while none is.
  public private(set) var amount: Amount?
  /// The whole ledger, or the category entered.
  public private(set) var scope: BudgetScope = .total
  /// Why a field was refused; empty when every field entered so far is valid.
  public private(set) var errors: [Field: AppError] = [:]
  /// Why the store refused the last intent, or `nil`.
  public private(set) var saveError: AppError?
  /// What the last successful intent wrote, or `nil`.
  public private(set) var outcome: Outcome?
  private let parser: AmountParser

  /// An empty form on a month's budgets.
  /// - Parameters:
  ///   - screen: The month's budgets; a month not entered is its month.
  ///   - currency: The ledger's currency, for the amount typed.
  public init(screen: BudgetMonthViewModel, currency: Currency) {
    self.screen = screen
    self.parser = AmountParser(currency: currency)
  }

  /// Formats amounts in the ledger's currency.
  public var money: MoneyFormatter { MoneyFormatter(currency: parser.currency) }

  /// Reads a field as typed — `30만`, `식비`, `2025-03` — and keeps its value.
  /// - Parameters:
  ///   - text: What was typed.
  ///   - field: The field it is for.
  /// - Returns: Why the text was refused, or `nil`; a refused text changes nothing but
  ///   ``errors``.
  @discardableResult
  public func enter(_ text: String, for field: Field) -> AppError? {
    errors.reading(field) {
      switch field {
      case .month: month = try YearMonth(typed: text)
      case .amount: amount = try parser.parse(text)
      case .category: scope = try BudgetScope(category: text)
      }
    }
  }

  /// Reads several typed fields at once, for a frontend that receives them in one go.
  /// - Parameter values: The text typed for each field given; fields left out keep their values.
  /// - Returns: What the form says first (``refusal``), or `nil` when every field was taken.
  @discardableResult
  public func enter(_ values: [Field: String]) -> Refusal? {
    for field in Field.allCases {
      if let text = values[field] { enter(text, for: field) }
    }
    return refusal
  }

  /// Why the last intent wrote nothing, in the order every frontend says it: the first refused
  /// field in ``Field`` order, else the store's refusal; `nil` when nothing was refused.
  public var refusal: Refusal? {
    for field in Field.allCases {
      if let error = errors[field] { return .field(field, error) }
    }
    return saveError.map(Refusal.store)
  }

  /// Sets the monthly limit for the scope from the month on, based on the budgets as stored now;
  /// the screen then shows that month.
  /// - Returns: What was written, or `nil` when a field or the store refused (``refusal``);
  ///   nothing is written then.
  @discardableResult
  public func save() async -> Outcome? {
    saveError = nil
    // A refused amount keeps its own reason; only an amount never entered is "missing".
    if amount == nil, errors[.amount] == nil { errors[.amount] = .amount(.empty) }
    guard let amount else { return finish(nil) }
    return await write { screen, scope, month in
      try await screen.set(amount, for: scope, from: month)
      return .set(amount, scope, from: month)
    }
  }

  /// Removes the scope's budget from the month on, based on the budgets as stored now; the
  /// screen then shows that month. The amount is not needed and not checked.
  /// - Returns: What was written, or `nil` when a field or the store refused (``refusal``).
  @discardableResult
  public func remove() async -> Outcome? {
    if amount == nil { errors[.amount] = nil }
    return await write { screen, scope, month in
      try await screen.remove(scope, from: month)
      return .removed(scope, from: month)
    }
  }

  /// What ``save()`` would have written, when the budgets as stored now already hold it: the
  /// scope's limit in effect from the month on is the amount entered. A frontend sending a set
  /// again after its answer was lost answers it as made. `nil` when a field was refused, the
  /// budgets cannot be read, or the limit differs; nothing is written.
  public func alreadySaved() async -> Outcome? {
    guard let amount, let (scope, month) = await inEffect(amount) else { return nil }
    return .set(amount, scope, from: month)
  }

  /// What ``remove()`` would have written, when the budgets as stored now already hold it: the
  /// scope has no limit in effect from the month on. `nil` otherwise; nothing is written.
  public func alreadyRemoved() async -> Outcome? {
    guard let (scope, month) = await inEffect(nil) else { return nil }
    return .removed(scope, from: month)
  }

  /// The scope and month entered, when the limit in effect for them from the month on, as
  /// stored now, is `limit` (none: `nil`).
  private func inEffect(_ limit: Amount?) async -> (BudgetScope, YearMonth)? {
    guard errors.isEmpty else { return nil }
    await screen.budgets.refresh()
    guard screen.budgets.loadFailure == nil else { return nil }
    let month = self.month ?? screen.month
    let current = screen.budgets.plan.changes(for: scope).last { $0.from <= month }
    guard current?.limit == limit else { return nil }
    return (scope, month)
  }

  private func write(
    _ change: (BudgetMonthViewModel, BudgetScope, YearMonth) async throws -> Outcome
  ) async -> Outcome? {
    saveError = nil
    outcome = nil
    guard errors.isEmpty else { return nil }
    // A change is based on the budgets as stored now; a damaged file fails it unwritten.
    await screen.budgets.refresh()
    if let failure = screen.budgets.loadFailure {
      saveError = failure
      return nil
    }
    do {
      return finish(try await change(screen, scope, month ?? screen.month))
    } catch {
      saveError = AppError(error)
      return nil
    }
  }

  private func finish(_ outcome: Outcome?) -> Outcome? {
    self.outcome = outcome
    return outcome
  }
}

extension AppCoordinator {
  /// The form that sets or removes a budget on a budgets screen, in the ledger's currency.
  /// - Parameter screen: The month's budgets (``showBudgets(_:of:)``).
  /// - Returns: An empty form.
  public func budgetForm(on screen: BudgetMonthViewModel) -> BudgetFormViewModel {
    BudgetFormViewModel(screen: screen, currency: calendar.money.currency)
  }
}
