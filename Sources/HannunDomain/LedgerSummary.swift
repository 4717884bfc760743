/// Income and expense of one day, or of any span of days.
public struct DaySummary: Hashable, Sendable {
  /// The sum of the income entries.
  public var income: Money
  /// The sum of the expense entries, as a positive sum.
  public var expense: Money

  /// No income and no expense: the summary of a day without entries.
  public static let empty = DaySummary(income: .zero, expense: .zero)

  /// A summary of sums already added up.
  /// - Parameters:
  ///   - income: The money that came in.
  ///   - expense: The money that went out, as a positive sum.
  public init(income: Money, expense: Money) {
    self.income = income
    self.expense = expense
  }

  /// Income minus expense.
  /// - Returns: The balance; negative when more went out than came in.
  /// - Throws: ``LedgerError/totalOverflow``.
  public func balance() throws(LedgerError) -> Money { try income.subtracting(expense) }

  /// Adds one entry.
  /// - Parameter transaction: The entry, counted as income or expense by its kind.
  /// - Throws: ``LedgerError/totalOverflow`` rather than wrapping.
  public mutating func add(_ transaction: Transaction) throws(LedgerError) {
    switch transaction.kind {
    case .income: income = try income.adding(Money(transaction.amount))
    case .expense: expense = try expense.adding(Money(transaction.amount))
    }
  }

  /// Adds another summary.
  /// - Parameter other: The summary whose income and expense are added to these.
  /// - Throws: ``LedgerError/totalOverflow`` rather than wrapping.
  public mutating func add(_ other: DaySummary) throws(LedgerError) {
    income = try income.adding(other.income)
    expense = try expense.adding(other.expense)
  }
}

/// Totals for a month: per day, and for the whole month with its balance.
public struct MonthSummary: Hashable, Sendable {
  /// The month summed.
  public let month: YearMonth
  /// The totals of each day with entries; a day without entries has no key (see
  /// ``subscript(_:)``).
  public let days: [Day: DaySummary]
  /// The month's income and expense.
  public let total: DaySummary
  /// The month's income minus its expense.
  public let balance: Money

  /// Sums `transactions`, ignoring any outside `month`.
  /// - Parameters:
  ///   - month: The month to sum.
  ///   - transactions: Entries of any days; only those in `month` count.
  /// - Throws: ``LedgerError/totalOverflow`` when a total does not fit.
  public init(month: YearMonth, transactions: some Sequence<Transaction>) throws(LedgerError) {
    try self.init(month: month, summing: Array(transactions))
  }

  /// Sums `transactions`, ignoring any outside `month`: the entries are read where they lie,
  /// not copied out one by one (a month page sums hundreds).
  /// - Parameters:
  ///   - month: The month to sum.
  ///   - transactions: Entries of any days; only those in `month` count.
  /// - Throws: ``LedgerError/totalOverflow`` when a total does not fit.
  public init(month: YearMonth, transactions: [Transaction]) throws(LedgerError) {
    try self.init(month: month, summing: transactions)
  }

  private init(month: YearMonth, summing transactions: [Transaction]) throws(LedgerError) {
    // Summed by day number first, then keyed by day: a month holds hundreds of entries and at
    // most 31 days.
    var byNumber = [(day: Day, summary: DaySummary)?](repeating: nil, count: 31)
    var total = DaySummary.empty
    try transactions.withUnsafeBufferPointer { entries throws(LedgerError) in
      for index in entries.indices {
        let day = entries[index].day
        guard day.year == month.year && day.month == month.month else { continue }
        var sum = byNumber[day.day - 1]?.summary ?? .empty
        try sum.add(entries[index])
        byNumber[day.day - 1] = (day, sum)
        try total.add(entries[index])
      }
    }
    var days: [Day: DaySummary] = [:]
    days.reserveCapacity(31)
    for case (let day, let summary)? in byNumber { days[day] = summary }
    self.month = month
    self.days = days
    self.total = total
    self.balance = try total.balance()
  }

  /// A day's totals; zero for a day with no entries.
  /// - Parameter day: A day of ``month``; any other day has no entries here.
  public subscript(day: Day) -> DaySummary { days[day] ?? .empty }
}
