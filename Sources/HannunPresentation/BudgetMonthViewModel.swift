import HannunDomain
import Observation

/// A month's budgets on a screen: the month, its status (each budget against what was spent),
/// and the intents that see another month, set or change a budget, or remove one. The writes go
/// through the ledger's ``BudgetViewModel``, so the calendar's header follows them.
@MainActor
@Observable
public final class BudgetMonthViewModel: ClosableScreen {
  /// The month shown.
  public private(set) var month: YearMonth
  /// The month's budgets against its expenses, once loaded.
  public private(set) var status: BudgetStatus?
  /// Why the last read failed (a damaged budget or month file), or `nil`.
  public private(set) var loadFailure: AppError?
  /// Called once when the screen is left; the coordinator sets it.
  @ObservationIgnored public var didClose: @MainActor () -> Void = {}
  /// The ledger's budgets, which every write goes through.
  public let budgets: BudgetViewModel

  /// A month's budgets, not yet read.
  /// - Parameters:
  ///   - budgets: The ledger's budgets.
  ///   - month: The month to show.
  public init(budgets: BudgetViewModel, month: YearMonth) {
    self.budgets = budgets
    self.month = month
  }

  /// Reads the budgets again (another window may have changed them) and the month's status; a
  /// failure is kept in ``loadFailure``.
  public func load() async {
    await budgets.refresh()
    if let failure = budgets.loadFailure {
      status = nil
      loadFailure = failure
      return
    }
    await loadStatus()
  }

  /// Shows another month and reads it.
  /// - Parameter month: The month.
  public func show(month: YearMonth) async {
    self.month = month
    await load()
  }

  /// Shows the month after.
  /// - Throws: ``DateInputError`` past the last supported month.
  public func nextMonth() async throws(DateInputError) {
    await show(month: try month.adding(months: 1))
  }

  /// Shows the month before.
  /// - Throws: ``DateInputError`` before the first supported month.
  public func previousMonth() async throws(DateInputError) {
    await show(month: try month.adding(months: -1))
  }

  /// Sets (or changes) a monthly limit from a month on, then shows that month.
  /// - Parameters:
  ///   - limit: The monthly limit.
  ///   - scope: The whole ledger or a category.
  ///   - from: The first month it applies to; `nil` for the shown month.
  /// - Throws: What ``BudgetViewModel/set(_:for:from:)`` throws; nothing is written then and
  ///   the shown month stays.
  public func set(_ limit: Amount, for scope: BudgetScope, from: YearMonth? = nil) async throws {
    let first = from ?? month
    try await budgets.set(limit, for: scope, from: first)
    month = first
    await loadStatus()
  }

  /// Removes a budget from a month on, then shows that month.
  /// - Parameters:
  ///   - scope: The whole ledger or a category.
  ///   - from: The first month without it; `nil` for the shown month.
  /// - Throws: What ``BudgetViewModel/remove(_:from:)`` throws; nothing is written then.
  public func remove(_ scope: BudgetScope, from: YearMonth? = nil) async throws {
    let first = from ?? month
    try await budgets.remove(scope, from: first)
    month = first
    await loadStatus()
  }

  /// Leaves the screen; its route is removed.
  public func close() { didClose() }

  /// Reads the shown month's status under the budgets as last read or written.
  private func loadStatus() async {
    do {
      status = try await budgets.status(of: month)
      loadFailure = nil
    } catch {
      status = nil
      loadFailure = AppError(error)
    }
  }
}
