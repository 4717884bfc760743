import Foundation

/// Where money came from and went in a span of months: totals, every category with its share
/// of its kind, each month's totals, and the change against the span just before. Built from the
/// repository's per-month category totals, so a century costs about what a month does.
public struct LedgerReport: Hashable, Sendable {
  /// One category of one kind over the span.
  public struct Share: Hashable, Sendable {
    /// Money in or out.
    public var kind: TransactionKind
    /// The category.
    public var category: String
    /// Its sum over the span.
    public var amount: Money
    /// Its sum over the total of its kind, 0…1, rounded to four places (a ratio, not money).
    public var share: Decimal
    /// How many entries it has.
    public var count: Int
  }

  /// One month's totals.
  public struct MonthTotals: Hashable, Sendable {
    /// The month.
    public var month: YearMonth
    /// Its income.
    public var income: Money
    /// Its expense.
    public var expense: Money
  }

  /// The first month of the span.
  public let from: YearMonth
  /// The last month of the span.
  public let to: YearMonth
  /// Income over the span.
  public let income: Money
  /// Expense over the span.
  public let expense: Money
  /// Income minus expense.
  public let balance: Money
  /// Every category, income first, largest first within each kind (then by name).
  public let categories: [Share]
  /// Every month of the span, in order (months without entries too).
  public let months: [MonthTotals]
  /// The span of the same length just before, or `nil` when it would start before 1583.
  public let previousSpan: ClosedRange<YearMonth>?
  /// Income and expense of ``previousSpan``.
  public let previous: DaySummary?

  /// Builds a report from per-month category totals.
  /// - Parameters:
  ///   - span: The months reported, `from...to`.
  ///   - totals: The category totals of the months of `span` that have entries.
  ///   - previous: The totals of the span before, if it exists.
  /// - Throws: ``LedgerError/totalOverflow`` when a sum does not fit in 64 bits.
  public init(
    span: ClosedRange<YearMonth>, totals: [MonthCategoryTotals],
    previous: (span: ClosedRange<YearMonth>, totals: [MonthCategoryTotals])?
  ) throws(LedgerError) {
    from = span.lowerBound
    to = span.upperBound
    var byMonth: [YearMonth: DaySummary] = [:]
    var byCategory: [String: Share] = [:]
    var sum = DaySummary.empty
    for month in totals where span.contains(month.month) {
      var monthSum = byMonth[month.month] ?? .empty
      for total in month.totals {
        let key = total.kind.rawValue + "\u{0}" + total.category
        var share =
          byCategory[key]
          ?? Share(kind: total.kind, category: total.category, amount: .zero, share: 0, count: 0)
        share.amount = try share.amount.adding(total.amount)
        share.count += total.count
        byCategory[key] = share
        switch total.kind {
        case .income: monthSum.income = try monthSum.income.adding(total.amount)
        case .expense: monthSum.expense = try monthSum.expense.adding(total.amount)
        }
      }
      byMonth[month.month] = monthSum
      try sum.add(monthSum)
    }
    income = sum.income
    expense = sum.expense
    balance = try sum.balance()
    let kindTotals = [TransactionKind.income: sum.income, .expense: sum.expense]
    categories = byCategory.values.map { share in
      var share = share
      share.share = Self.ratio(share.amount, of: kindTotals[share.kind] ?? .zero)
      return share
    }.sorted { lhs, rhs in
      if lhs.kind != rhs.kind { return lhs.kind == .income }
      if lhs.amount != rhs.amount { return lhs.amount > rhs.amount }
      return lhs.category < rhs.category
    }
    var months: [MonthTotals] = []
    var month = span.lowerBound
    while true {
      let summary = byMonth[month] ?? .empty
      months.append(MonthTotals(month: month, income: summary.income, expense: summary.expense))
      guard month < span.upperBound, let next = try? month.adding(months: 1) else { break }
      month = next
    }
    self.months = months
    previousSpan = previous?.span
    if let previous {
      var before = DaySummary.empty
      for month in previous.totals where previous.span.contains(month.month) {
        for total in month.totals {
          switch total.kind {
          case .income: before.income = try before.income.adding(total.amount)
          case .expense: before.expense = try before.expense.adding(total.amount)
          }
        }
      }
      self.previous = before
    } else {
      self.previous = nil
    }
  }

  /// `part / whole` rounded to four decimal places; 0 when `whole` is zero.
  static func ratio(_ part: Money, of whole: Money) -> Decimal {
    guard !whole.isZero else { return 0 }
    let quotient = Decimal(part.minorUnits) / Decimal(whole.minorUnits)
    return FoundationText.rounded(quotient, scale: 4, .plain)
  }

  /// The span of the same length just before `span`, or `nil` before the supported range.
  public static func previousSpan(of span: ClosedRange<YearMonth>) -> ClosedRange<YearMonth>? {
    let length = span.upperBound.monthIndex - span.lowerBound.monthIndex + 1
    guard let start = try? span.lowerBound.adding(months: -length),
      let end = try? span.lowerBound.adding(months: -1)
    else { return nil }
    return start...end
  }

  /// The report of `span` from a repository: two reads of per-month totals.
  /// - Parameters:
  ///   - span: The months to report.
  ///   - repository: Where the totals come from.
  /// - Returns: The report, with the span before it for comparison.
  /// - Throws: What the repository throws, or ``LedgerError/totalOverflow``.
  public static func load(
    _ span: ClosedRange<YearMonth>, from repository: any TransactionRepository
  ) async throws -> LedgerReport {
    let totals = try await repository.categoryTotals(in: span)
    var previous: (span: ClosedRange<YearMonth>, totals: [MonthCategoryTotals])?
    if let before = previousSpan(of: span) {
      previous = (before, try await repository.categoryTotals(in: before))
    }
    return try LedgerReport(span: span, totals: totals, previous: previous)
  }
}
