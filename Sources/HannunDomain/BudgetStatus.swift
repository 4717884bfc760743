/// One budget in one month: its limit, what was spent against it and what is left.
public struct BudgetLine: Hashable, Sendable {
  /// What the budget covers.
  public let scope: BudgetScope
  /// The month's limit.
  public let limit: Amount
  /// The month's expenses in the scope.
  public let spent: Money
  /// `limit` less `spent`: negative when over.
  public let remaining: Money

  /// A line from its limit and spending.
  /// - Parameters:
  ///   - scope: What the budget covers.
  ///   - limit: The limit.
  ///   - spent: The expenses in the scope.
  /// - Throws: ``LedgerError/totalOverflow`` when the difference does not fit.
  public init(scope: BudgetScope, limit: Amount, spent: Money) throws(LedgerError) {
    self.scope = scope
    self.limit = limit
    self.spent = spent
    remaining = try Money(limit).subtracting(spent)
  }

  /// Whether more was spent than the limit.
  public var isOver: Bool { remaining.minorUnits < 0 }
}

/// The budgets of one month: the limits that apply (``BudgetPlan/limit(for:in:)``) against the
/// month's expenses.
public struct BudgetStatus: Hashable, Sendable {
  /// The month.
  public let month: YearMonth
  /// The whole ledger's budget, or `nil` when it has none this month.
  public let total: BudgetLine?
  /// Each category with a budget this month, by name.
  public let categories: [BudgetLine]

  /// The status of `month` under `plan`.
  /// - Parameters:
  ///   - month: The month.
  ///   - plan: The budgets.
  ///   - totals: The month's totals per category, or `nil` when it has no entries.
  /// - Throws: ``LedgerError/totalOverflow`` when a sum does not fit.
  public init(month: YearMonth, plan: BudgetPlan, totals: MonthCategoryTotals?)
    throws(LedgerError)
  {
    let expenses = (totals?.totals ?? []).filter { $0.kind == .expense }
    var total: BudgetLine?
    var categories: [BudgetLine] = []
    for (scope, limit) in plan.limits(in: month) {
      switch scope {
      case .total:
        var spent = Money.zero
        for expense in expenses { spent = try spent.adding(expense.amount) }
        total = try BudgetLine(scope: scope, limit: limit, spent: spent)
      case .category(let name):
        let spent = expenses.first { $0.category == name }?.amount ?? .zero
        categories.append(try BudgetLine(scope: scope, limit: limit, spent: spent))
      }
    }
    self.month = month
    self.total = total
    self.categories = categories
  }

  /// Whether no budget applies to the month.
  public var isEmpty: Bool { total == nil && categories.isEmpty }

  /// The whole ledger's line, then the categories'.
  public var lines: [BudgetLine] { (total.map { [$0] } ?? []) + categories }

  /// The budgets that `entry` counts against and that are over: its category's and the whole
  /// ledger's, for an expense in this month.
  /// - Parameter entry: An entry just saved.
  /// - Returns: The lines over their limit, the category's first.
  public func overruns(countingAgainst entry: Transaction) -> [BudgetLine] {
    guard entry.kind == .expense, entry.day.yearMonth == month else { return [] }
    let category = categories.filter { $0.scope == .category(entry.category) && $0.isOver }
    return category + (total.map { $0.isOver ? [$0] : [] } ?? [])
  }
}
