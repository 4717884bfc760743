import HannunDomain
import HannunTestSupport
import Testing

@Suite("Day and month summaries")
struct SummaryTests {
  @Test("a day summary adds income and expense separately and balances them")
  func daySummary() throws {
    var summary = DaySummary.empty
    try summary.add(Transaction.fixture(kind: .income, amount: 50_000))
    try summary.add(Transaction.fixture(kind: .expense, amount: 12_000))
    try summary.add(Transaction.fixture(kind: .expense, amount: 3_000))
    #expect(summary.income == Money(minorUnits: 50_000))
    #expect(summary.expense == Money(minorUnits: 15_000))
    #expect(try summary.balance() == Money(minorUnits: 35_000))

    var other = DaySummary(income: Money(minorUnits: 1), expense: Money(minorUnits: 100_000))
    try other.add(summary)
    #expect(
      other == DaySummary(income: Money(minorUnits: 50_001), expense: Money(minorUnits: 115_000)))
    #expect(try other.balance() == Money(minorUnits: -64_999))
    #expect(try DaySummary.empty.balance() == .zero)
  }

  @Test("a month summary totals per day and for the month, ignoring other months")
  func monthSummary() throws {
    let entries = [
      Transaction.fixture(id: "a", day: "2025-11-01", kind: .income, amount: 3_000_000),
      Transaction.fixture(id: "b", day: "2025-11-01", kind: .expense, amount: 12_000),
      Transaction.fixture(id: "c", day: "2025-11-03", kind: .expense, amount: 8_500),
      Transaction.fixture(id: "d", day: "2025-11-30", kind: .expense, amount: 1_000_000),
      Transaction.fixture(id: "e", day: "2025-10-31", kind: .expense, amount: 999),
      Transaction.fixture(id: "f", day: "2025-12-01", kind: .income, amount: 777),
      Transaction.fixture(id: "g", day: "2024-11-03", kind: .income, amount: 555),
    ]
    let summary = try MonthSummary(month: Fixtures.month("2025-11"), transactions: entries)
    #expect(summary.month == Fixtures.month("2025-11"))
    #expect(summary.total.income == Money(minorUnits: 3_000_000))
    #expect(summary.total.expense == Money(minorUnits: 1_020_500))
    #expect(summary.balance == Money(minorUnits: 1_979_500))
    #expect(
      Set(summary.days.keys) == [
        Fixtures.day("2025-11-01"), Fixtures.day("2025-11-03"), Fixtures.day("2025-11-30"),
      ])
    #expect(
      summary[Fixtures.day("2025-11-01")]
        == DaySummary(income: Money(minorUnits: 3_000_000), expense: Money(minorUnits: 12_000)))
    #expect(summary[Fixtures.day("2025-11-03")].expense == Money(minorUnits: 8_500))
    #expect(summary[Fixtures.day("2025-11-02")] == .empty)
    #expect(summary[Fixtures.day("2025-10-31")] == .empty)
  }

  @Test("a month with no entries sums to zero")
  func emptyMonth() throws {
    let summary = try MonthSummary(
      month: Fixtures.month("2025-02"), transactions: [Transaction.fixture(day: "2025-03-01")])
    #expect(summary.days.isEmpty)
    #expect(summary.total == .empty)
    #expect(summary.balance == .zero)
  }

  @Test("many maximum-size amounts overflow the total and throw instead of trapping")
  func overflow() {
    let count = Int(Int64.max / Amount.maximumMinorUnits) + 1
    let entries = (0..<count).map {
      Transaction.fixture(id: "x\($0)", kind: .expense, amount: Amount.maximumMinorUnits)
    }
    #expect(throws: LedgerError.totalOverflow) {
      try MonthSummary(month: Fixtures.month("2025-11"), transactions: entries)
    }
    var day = DaySummary.empty
    #expect(throws: LedgerError.totalOverflow) {
      for entry in entries { try day.add(entry) }
    }
  }

  @Test("just below the overflow point still sums exactly")
  func justBelowOverflow() throws {
    let count = Int(Int64.max / Amount.maximumMinorUnits)
    let entries = (0..<count).map {
      Transaction.fixture(id: "x\($0)", kind: .income, amount: Amount.maximumMinorUnits)
    }
    let summary = try MonthSummary(month: Fixtures.month("2025-11"), transactions: entries)
    #expect(summary.total.income.minorUnits == Int64(count) * Amount.maximumMinorUnits)
    #expect(summary.balance == summary.total.income)
  }

  @Test("adding summaries that overflow throws")
  func summaryOverflow() {
    var big = DaySummary(income: Money(minorUnits: .max), expense: .zero)
    #expect(throws: LedgerError.totalOverflow) {
      try big.add(DaySummary(income: Money(minorUnits: 1), expense: .zero))
    }
    let negative = DaySummary(income: Money(minorUnits: .min), expense: Money(minorUnits: 1))
    #expect(throws: LedgerError.totalOverflow) { try negative.balance() }
  }
}
