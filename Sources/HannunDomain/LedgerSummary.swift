/// Income and expense of one day, or of any span of days.
public struct DaySummary: Hashable, Sendable {
  public var income: Money
  public var expense: Money

  public static let empty = DaySummary(income: .zero, expense: .zero)

  public init(income: Money, expense: Money) {
    self.income = income
    self.expense = expense
  }

  /// Income minus expense.
  /// - Throws: ``LedgerError/totalOverflow``.
  public func balance() throws(LedgerError) -> Money { try income.subtracting(expense) }

  /// Adds one entry.
  /// - Throws: ``LedgerError/totalOverflow`` rather than wrapping.
  public mutating func add(_ transaction: Transaction) throws(LedgerError) {
    switch transaction.kind {
    case .income: income = try income.adding(Money(transaction.amount))
    case .expense: expense = try expense.adding(Money(transaction.amount))
    }
  }

  /// Adds another summary.
  /// - Throws: ``LedgerError/totalOverflow`` rather than wrapping.
  public mutating func add(_ other: DaySummary) throws(LedgerError) {
    income = try income.adding(other.income)
    expense = try expense.adding(other.expense)
  }
}

/// Totals for a month: per day, and for the whole month with its balance.
public struct MonthSummary: Hashable, Sendable {
  public let month: YearMonth
  public let days: [Day: DaySummary]
  public let total: DaySummary
  public let balance: Money

  /// Sums `transactions`, ignoring any outside `month`.
  /// - Throws: ``LedgerError/totalOverflow`` when a total does not fit.
  public init(month: YearMonth, transactions: some Sequence<Transaction>) throws(LedgerError) {
    var days: [Day: DaySummary] = [:]
    var total = DaySummary.empty
    for transaction in transactions where transaction.day.yearMonth == month {
      try days[transaction.day, default: .empty].add(transaction)
      try total.add(transaction)
    }
    self.month = month
    self.days = days
    self.total = total
    self.balance = try total.balance()
  }

  /// A day's totals; zero for a day with no entries.
  public subscript(day: Day) -> DaySummary { days[day] ?? .empty }
}
