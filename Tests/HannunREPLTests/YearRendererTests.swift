import HannunDomain
import HannunPresentation
import HannunTestSupport
import Testing

@testable import HannunREPL

@Suite("A year at a glance")
struct YearRendererTests {
  static func year() throws -> LedgerReport {
    let totals = [
      MonthCategoryTotals(
        month: Fixtures.month("2025-03"),
        totals: [
          CategoryTotal(
            kind: .income, category: "급여", amount: Money(minorUnits: 3_200_000), count: 1),
          CategoryTotal(
            kind: .expense, category: "월세", amount: Money(minorUnits: 9_876_543_210), count: 1),
        ])
    ]
    return try LedgerReport(
      span: Fixtures.month("2025-01")...Fixtures.month("2025-12"), totals: totals, previous: nil)
  }

  @Test(
    "twelve small calendars fit the width, three to a row at 80 columns",
    arguments: [22, 40, 66, 80, 120])
  func fits(width: Int) throws {
    for language in DisplayLanguage.allCases {
      let renderer = YearRenderer(
        theme: .plain, width: width, language: language, money: MoneyFormatter(currency: .krw))
      let lines = renderer.lines(try Self.year(), today: Fixtures.day("2025-03-14"))
      for line in lines {
        #expect(TerminalText.displayWidth(line) <= max(22, width), "\(width) \(language): \(line)")
      }
      let names = (1...12).map { language.monthName($0) }
      #expect(names.allSatisfy { name in lines.contains { $0.contains(name) } })
    }
    let wide = YearRenderer(
      theme: .plain, width: 80, language: .korean, money: MoneyFormatter(currency: .krw))
    let lines = wide.lines(try Self.year(), today: nil)
    #expect(lines.contains { $0.contains("1월") && $0.contains("2월") && $0.contains("3월") })
  }

  @Test("each month shows its income, expense and balance, shortened when a block is narrow")
  func totals() throws {
    let renderer = YearRenderer(
      theme: .plain, width: 80, language: .korean, money: MoneyFormatter(currency: .krw))
    let text = renderer.text(try Self.year(), today: nil)
    #expect(text.contains("+3,200,000"))
    #expect(text.contains("-9,876,543,210"))
    #expect(text.contains("=-9,873,343,210"))
    #expect(text.hasPrefix(String(repeating: " ", count: 29) + "2025년\n"))
    // The eleven months without an entry show no balance: only March's line starts with `=`.
    let balances = text.split(whereSeparator: \.isWhitespace).filter { $0.hasPrefix("=") }
    #expect(balances == ["=-9,873,343,210"], "\(text)")
  }

  @Test("year and y parse")
  func parsing() throws {
    let today = try Day(iso: "2025-11-14")
    #expect(try CommandParser.parse("year", today: today) == .year)
    #expect(try CommandParser.parse("y", today: today) == .year)
  }
}
