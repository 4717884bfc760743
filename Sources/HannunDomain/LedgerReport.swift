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
  /// The span of the same length just before, or `nil` when it would start before 1583 or was
  /// not asked for.
  public let previousSpan: ClosedRange<YearMonth>?
  /// Income and expense of ``previousSpan``; `nil` when there is none or it could not be read.
  public let previous: DaySummary?
  /// Why ``previousSpan`` could not be read (a lost or damaged month file, a link, a total too
  /// large), or `nil`. Only the comparison is missing then: the report of its own span stands.
  public let previousFailure: LedgerError?

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
    try self.init(span: span, totals: totals, previous: previous, previousFailure: nil)
  }

  /// Builds a report whose span before could not be read: its own span whole, no comparison,
  /// and why.
  /// - Parameters:
  ///   - span: The months reported, `from...to`.
  ///   - totals: The category totals of the months of `span` that have entries.
  ///   - previousSpan: The span before, which could not be read.
  ///   - failure: Why it could not be read.
  /// - Throws: ``LedgerError/totalOverflow`` when a sum does not fit in 64 bits.
  public init(
    span: ClosedRange<YearMonth>, totals: [MonthCategoryTotals],
    unreadablePrevious previousSpan: ClosedRange<YearMonth>, because failure: LedgerError
  ) throws(LedgerError) {
    try self.init(
      span: span, totals: totals, previous: (previousSpan, nil), previousFailure: failure)
  }

  /// The report, with the span before's totals when they were read (`previous.totals`) and why
  /// not otherwise (`previousFailure`).
  private init(
    span: ClosedRange<YearMonth>, totals: [MonthCategoryTotals],
    previous: (span: ClosedRange<YearMonth>, totals: [MonthCategoryTotals]?)?,
    previousFailure: LedgerError?
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
    self.previousFailure = previousFailure
    if let previous, let previousTotals = previous.totals {
      var before = DaySummary.empty
      for month in previousTotals where previous.span.contains(month.month) {
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

  /// The report of `span` from a repository: two reads of per-month totals (one without the
  /// comparison). The span before is only compared with, so a ``LedgerError`` reading or adding
  /// it up (a lost or damaged month file) is kept in ``previousFailure`` and the report of
  /// `span` stands; a failure of `span` itself is thrown.
  /// - Parameters:
  ///   - span: The months to report.
  ///   - repository: Where the totals come from.
  ///   - comparing: Whether to read the span before for comparison; a view that shows no
  ///     comparison (the year at a glance) passes `false` and reads only `span`.
  /// - Returns: The report, with the span before it for comparison.
  /// - Throws: What the repository throws reading `span`, or ``LedgerError/totalOverflow``.
  public static func load(
    _ span: ClosedRange<YearMonth>, from repository: any TransactionRepository,
    comparing: Bool = true
  ) async throws -> LedgerReport {
    let totals = try await repository.categoryTotals(in: span)
    guard comparing, let before = previousSpan(of: span) else {
      return try LedgerReport(span: span, totals: totals, previous: nil)
    }
    let failure: LedgerError
    do {
      let previous = try await repository.categoryTotals(in: before)
      return try LedgerReport(span: span, totals: totals, previous: (before, previous))
    } catch let error as LedgerError {
      failure = error
    }
    // Also where the span's own sum overflowed: then this throws that again.
    return try LedgerReport(
      span: span, totals: totals, unreadablePrevious: before, because: failure)
  }

  /// `Hashable`: every part but ``previousFailure`` (an error, equal or not, hashes alike).
  public func hash(into hasher: inout Hasher) {
    hasher.combine(from)
    hasher.combine(to)
    hasher.combine(income)
    hasher.combine(expense)
    hasher.combine(categories)
    hasher.combine(months)
    hasher.combine(previousSpan)
    hasher.combine(previous)
  }
}
