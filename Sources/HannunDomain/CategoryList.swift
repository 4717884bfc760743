/// Every category used in a span of months (or the whole ledger), with its entry count and total
/// per kind: what `hannun categories` lists. Built from the repository's per-month category
/// totals, so all time costs about what a month does.
public struct CategoryList: Hashable, Sendable {
  /// The months covered, or `nil` for the whole ledger.
  public let span: ClosedRange<YearMonth>?
  /// One element per kind and category: income first, then the largest amount first within each
  /// kind, then by name.
  public let categories: [CategoryTotal]
  /// Income and expense of all the categories together.
  public let summary: DaySummary

  /// Sums the totals of the months in `span`.
  /// - Parameters:
  ///   - span: The months, or `nil` for all of them.
  ///   - totals: Per-month category totals; months outside `span` are ignored.
  /// - Throws: ``LedgerError/totalOverflow`` when a sum does not fit.
  public init(span: ClosedRange<YearMonth>?, totals: [MonthCategoryTotals]) throws(LedgerError) {
    self.span = span
    var sums: [CategoryKey: CategoryTotal] = [:]
    var summary = DaySummary.empty
    for month in totals where span?.contains(month.month) ?? true {
      for total in month.totals {
        let key = CategoryKey(kind: total.kind, category: total.category)
        var sum =
          sums[key]
          ?? CategoryTotal(kind: total.kind, category: total.category, amount: .zero, count: 0)
        sum.amount = try sum.amount.adding(total.amount)
        sum.count += total.count
        sums[key] = sum
        switch total.kind {
        case .income: summary.income = try summary.income.adding(total.amount)
        case .expense: summary.expense = try summary.expense.adding(total.amount)
        }
      }
    }
    self.summary = summary
    categories = sums.values.sorted { lhs, rhs in
      if lhs.kind != rhs.kind { return lhs.kind == .income }
      if lhs.amount != rhs.amount { return lhs.amount > rhs.amount }
      return lhs.category < rhs.category
    }
  }

  /// The list for `span` (`nil`: all time) from a repository's per-month category totals.
  /// - Parameters:
  ///   - span: The months, or `nil` for the whole ledger.
  ///   - repository: Where the totals come from.
  /// - Returns: The list.
  /// - Throws: What the repository throws, or ``LedgerError/totalOverflow``.
  public static func load(
    _ span: ClosedRange<YearMonth>?, from repository: any TransactionRepository
  ) async throws -> CategoryList {
    let totals = try await repository.categoryTotals(in: span ?? YearMonth.supportedRange)
    return try CategoryList(span: span, totals: totals)
  }
}
