/// How much one category took in or paid out in a span of time, and in how many entries.
public struct CategoryTotal: Hashable, Sendable {
  /// Whether this is money in or out.
  public var kind: TransactionKind
  /// The category, as stored.
  public var category: String
  /// The sum of the category's entries of this kind.
  public var amount: Money
  /// How many entries were summed.
  public var count: Int

  /// A total already summed.
  /// - Parameters:
  ///   - kind: Money in or out.
  ///   - category: The category.
  ///   - amount: The sum.
  ///   - count: How many entries.
  public init(kind: TransactionKind, category: String, amount: Money, count: Int) {
    self.kind = kind
    self.category = category
    self.amount = amount
    self.count = count
  }
}

/// One month's income and expense per category: what reports are built from.
public struct MonthCategoryTotals: Hashable, Sendable {
  /// The month totalled.
  public let month: YearMonth
  /// One element per kind and category with entries, ordered by kind (income first), then
  /// category.
  public let totals: [CategoryTotal]

  /// Totals already summed, put in the canonical order.
  /// - Parameters:
  ///   - month: The month.
  ///   - totals: Its totals, in any order; they are kept in the canonical order.
  public init(month: YearMonth, totals: [CategoryTotal]) {
    self.month = month
    self.totals = totals.sorted(by: Self.order)
  }

  /// Sums the entries of `month` among `transactions` (others are ignored).
  /// - Parameters:
  ///   - month: The month to total.
  ///   - transactions: Entries of any days; only those in `month` count.
  /// - Throws: ``LedgerError/totalOverflow`` when a sum does not fit.
  public init(month: YearMonth, transactions: some Sequence<Transaction>) throws(LedgerError) {
    var sums: [CategoryKey: CategoryTotal] = [:]
    for entry in transactions where entry.day.yearMonth == month {
      let key = CategoryKey(kind: entry.kind, category: entry.category)
      var total =
        sums[key]
        ?? CategoryTotal(kind: entry.kind, category: entry.category, amount: .zero, count: 0)
      total.amount = try total.amount.adding(Money(entry.amount))
      total.count += 1
      sums[key] = total
    }
    self.init(month: month, totals: Array(sums.values))
  }

  /// The month's income and expense.
  /// - Returns: The sums of all income totals and of all expense totals.
  /// - Throws: ``LedgerError/totalOverflow`` when a sum does not fit.
  public func summary() throws(LedgerError) -> DaySummary {
    var summary = DaySummary.empty
    for total in totals {
      switch total.kind {
      case .income: summary.income = try summary.income.adding(total.amount)
      case .expense: summary.expense = try summary.expense.adding(total.amount)
      }
    }
    return summary
  }

  private static func order(_ lhs: CategoryTotal, _ rhs: CategoryTotal) -> Bool {
    let left = (lhs.kind == .income ? 0 : 1, lhs.category)
    let right = (rhs.kind == .income ? 0 : 1, rhs.category)
    return left < right
  }
}

extension TransactionRepository {
  /// Category totals computed from the entries of each month: the reference answer, and the
  /// implementation for repositories that keep no summaries.
  /// - Parameter months: The months to total.
  /// - Returns: One element per month with at least one entry.
  /// - Throws: What ``transactions(in:)`` throws, or ``LedgerError/totalOverflow``.
  public func categoryTotalsComputed(in months: ClosedRange<YearMonth>) async throws
    -> [MonthCategoryTotals]
  {
    let entries = try await transactions(in: months.lowerBound.firstDay...months.upperBound.lastDay)
    var byMonth: [YearMonth: [Transaction]] = [:]
    for entry in entries { byMonth[entry.day.yearMonth, default: []].append(entry) }
    var result: [MonthCategoryTotals] = []
    for month in byMonth.keys.sorted() {
      result.append(try MonthCategoryTotals(month: month, transactions: byMonth[month] ?? []))
    }
    return result
  }
}

/// A kind and category together, as a dictionary key.
struct CategoryKey: Hashable {
  var kind: TransactionKind
  var category: String
}
