import HannunDomain

/// Said right after a saved entry leaves a budget it counts against over its limit: the
/// category's, the whole month's, or both. A value, so every frontend says the same thing in the
/// user's language (``lines(in:money:)``).
public struct BudgetNotice: Hashable, Sendable {
  /// The month of the entry.
  public let month: YearMonth
  /// The budgets now over their limit, the category's first.
  public let overruns: [BudgetLine]

  /// A notice for budgets that are over.
  /// - Parameters:
  ///   - month: The month.
  ///   - overruns: The lines over their limit; not empty.
  public init(month: YearMonth, overruns: [BudgetLine]) {
    self.month = month
    self.overruns = overruns
  }

  /// One sentence per budget over its limit: by how much, and spent against the limit.
  /// - Parameters:
  ///   - language: The user's language.
  ///   - money: Formats amounts.
  /// - Returns: The lines, ledger text unescaped (a terminal frontend sanitizes it).
  public func lines(in language: DisplayLanguage, money: MoneyFormatter) -> [String] {
    overruns.map { line in
      // A limit is positive, so `remaining` is above Int64.min and can be negated.
      let over = money.string(Money(minorUnits: -line.remaining.minorUnits))
      let spent = money.string(line.spent)
      let limit = money.string(Money(line.limit))
      let when = language.title(of: month)
      switch (language, line.scope) {
      case (.korean, .total):
        return "\(when) 전체 예산을 \(over) 넘었습니다 (\(spent) / \(limit))"
      case (.korean, .category(let name)):
        return "\(when) '\(name)' 예산을 \(over) 넘었습니다 (\(spent) / \(limit))"
      case (.english, .total):
        return "Over the budget for \(when) by \(over) (\(spent) of \(limit))"
      case (.english, .category(let name)):
        return "Over the '\(name)' budget for \(when) by \(over) (\(spent) of \(limit))"
      }
    }
  }
}

extension DisplayLanguage {
  /// `예산` or `Budget`: the word before a budget's remaining amount.
  public var budgetLabel: String { self == .korean ? "예산" : "Budget" }
  /// `남음` or `left`, after the remaining amount of a budget not yet used up.
  public var budgetLeftLabel: String { self == .korean ? "남음" : "left" }
  /// `초과` or `over`, after the amount by which a budget is exceeded.
  public var budgetOverLabel: String { self == .korean ? "초과" : "over" }
  /// `전체` or `All`: the whole ledger's budget, among categories.
  public var budgetTotalLabel: String { self == .korean ? "전체" : "All" }
}
