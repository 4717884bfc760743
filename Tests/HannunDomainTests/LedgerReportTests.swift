import Foundation
import HannunDomain
import HannunTestSupport
import Testing

@Suite("Reports over a span of months")
struct LedgerReportTests {
  private func totals(_ entries: [Transaction], _ span: ClosedRange<YearMonth>) throws
    -> [MonthCategoryTotals]
  {
    var months: [MonthCategoryTotals] = []
    var month = span.lowerBound
    while true {
      let sums = try MonthCategoryTotals(month: month, transactions: entries)
      if !sums.totals.isEmpty { months.append(sums) }
      guard month < span.upperBound else { break }
      month = try month.adding(months: 1)
    }
    return months
  }

  @Test(
    "totals, shares, counts and months equal a plain recomputation from the entries",
    arguments: [1, 2, 3, 4, 5] as [UInt64])
  func recomputation(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    let categories = ["식비", "월세", "급여", "cafe", "교통"]
    var entries: [Transaction] = []
    for index in 0..<300 {
      let month = Int.random(in: 1...12, using: &random)
      let day = Int.random(in: 1...28, using: &random)
      let iso = "2025-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)"
      entries.append(
        .fixture(
          id: "r\(index)", day: iso, kind: Bool.random(using: &random) ? .income : .expense,
          amount: Int64.random(in: 1...2_000_000, using: &random),
          category: categories.randomElement(using: &random) ?? "x"))
    }
    let span = Fixtures.month("2025-03")...Fixtures.month("2025-10")
    let report = try LedgerReport(span: span, totals: totals(entries, span), previous: nil)
    let inSpan = entries.filter { span.contains($0.day.yearMonth) }
    let income = inSpan.filter { $0.kind == .income }.reduce(Int64(0)) { $0 + $1.amount.minorUnits }
    let expense = inSpan.filter { $0.kind == .expense }.reduce(Int64(0)) {
      $0 + $1.amount.minorUnits
    }
    #expect(report.income == Money(minorUnits: income))
    #expect(report.expense == Money(minorUnits: expense))
    #expect(report.balance == Money(minorUnits: income - expense))
    #expect(report.months.map(\.month.iso) == (3...10).map { "2025-\($0 < 10 ? "0" : "")\($0)" })
    for share in report.categories {
      let mine = inSpan.filter { $0.kind == share.kind && $0.category == share.category }
      #expect(share.count == mine.count)
      #expect(share.amount.minorUnits == mine.reduce(0) { $0 + $1.amount.minorUnits })
      #expect(share.share >= 0 && share.share <= 1)
    }
    for kind in [TransactionKind.income, .expense] {
      let amounts = report.categories.filter { $0.kind == kind }.map(\.amount)
      #expect(amounts == amounts.sorted(by: >), "largest first within \(kind)")
      let sum = report.categories.filter { $0.kind == kind }.reduce(Decimal(0)) { $0 + $1.share }
      #expect(abs(NSDecimalNumber(decimal: sum).doubleValue - 1) < 0.001, "\(kind) shares sum to 1")
    }
    #expect(report.categories.first?.kind == .income)
  }

  @Test("the span before has the same length, and none exists before 1583")
  func previousSpan() throws {
    let year = Fixtures.month("2025-01")...Fixtures.month("2025-12")
    #expect(
      LedgerReport.previousSpan(of: year) == Fixtures.month("2024-01")...Fixtures.month("2024-12"))
    let month = Fixtures.month("2025-03")...Fixtures.month("2025-03")
    #expect(
      LedgerReport.previousSpan(of: month) == Fixtures.month("2025-02")...Fixtures.month("2025-02"))
    #expect(
      LedgerReport.previousSpan(of: Fixtures.month("1583-01")...Fixtures.month("1583-06")) == nil)
  }

  @Test("a sum too large for 64 bits is an error, not a wrap")
  func overflow() throws {
    let huge = CategoryTotal(
      kind: .expense, category: "x", amount: Money(minorUnits: .max - 1), count: 1)
    let months = [
      MonthCategoryTotals(month: Fixtures.month("2025-01"), totals: [huge]),
      MonthCategoryTotals(month: Fixtures.month("2025-02"), totals: [huge]),
    ]
    #expect(throws: LedgerError.totalOverflow) {
      try LedgerReport(
        span: Fixtures.month("2025-01")...Fixtures.month("2025-02"), totals: months, previous: nil)
    }
  }
}
