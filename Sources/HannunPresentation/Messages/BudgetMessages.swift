import HannunDomain

extension BudgetNotice {
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

extension DisplayLanguage {
  /// Said after a budget was set: `2025년 3월부터 '식비' 예산을 한 달 ₩300,000(으)로 정했습니다`.
  /// - Parameters:
  ///   - limit: The monthly limit.
  ///   - scope: The whole ledger or a category (quoted as given).
  ///   - month: The first month it applies to.
  ///   - money: Formats the limit.
  /// - Returns: One sentence.
  public func budgetSet(
    _ limit: Amount, for scope: BudgetScope, from month: YearMonth, money: MoneyFormatter
  ) -> String {
    let amount = money.string(Money(limit))
    let when = title(of: month)
    switch (self, scope) {
    case (.korean, .total): return "\(when)부터 전체 예산을 한 달 \(amount)(으)로 정했습니다"
    case (.korean, .category(let name)):
      return "\(when)부터 '\(name)' 예산을 한 달 \(amount)(으)로 정했습니다"
    case (.english, .total): return "The whole budget is \(amount) a month from \(when)"
    case (.english, .category(let name)):
      return "The '\(name)' budget is \(amount) a month from \(when)"
    }
  }

  /// Said after a budget was removed: `2025년 7월부터 '식비' 예산을 없앴습니다`.
  /// - Parameters:
  ///   - scope: The whole ledger or a category (quoted as given).
  ///   - month: The first month without it.
  /// - Returns: One sentence.
  public func budgetRemoved(_ scope: BudgetScope, from month: YearMonth) -> String {
    let when = title(of: month)
    switch (self, scope) {
    case (.korean, .total): return "\(when)부터 전체 예산을 없앴습니다"
    case (.korean, .category(let name)): return "\(when)부터 '\(name)' 예산을 없앴습니다"
    case (.english, .total): return "No whole budget from \(when) on"
    case (.english, .category(let name)): return "No '\(name)' budget from \(when) on"
    }
  }
}

extension MessageCatalog {
  /// Why the budget form wrote nothing, in the catalogue's language: a limit that is missing or
  /// not above zero is said as a budget's; anything else as its error is.
  /// - Parameter refusal: What the form says first (``BudgetFormViewModel/refusal``).
  /// - Returns: One line.
  public func describe(budget refusal: BudgetFormViewModel.Refusal) -> String {
    switch refusal {
    case .field(.amount, .amount(.empty)): language.budgetAmountMissing
    case .field(.amount, .amount(.notPositive(let text))):
      language.commandLine.negativeAmount(text, budget: true)
    default: describe(refusal.error)
    }
  }

  /// Why the recurring rule form wrote nothing, in the catalogue's language.
  /// - Parameter refusal: What the form says first (``RecurringRuleFormViewModel/refusal``).
  /// - Returns: One line.
  public func describe(rule refusal: RecurringRuleFormViewModel.Refusal) -> String {
    describe(refusal.error)
  }
}

extension BudgetFormViewModel.Refusal: LocalizedMessage {
  /// `LocalizedMessage`: ``MessageCatalog/describe(budget:)``.
  public func text(in catalog: any MessageCatalog) -> String {
    catalog.describe(budget: self)
  }
}

extension RecurringRuleFormViewModel.Refusal: LocalizedMessage {
  /// `LocalizedMessage`: ``MessageCatalog/describe(rule:)``.
  public func text(in catalog: any MessageCatalog) -> String {
    catalog.describe(rule: self)
  }
}
