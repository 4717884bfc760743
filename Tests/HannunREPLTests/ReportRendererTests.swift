import HannunDomain
import HannunPresentation
import HannunTestSupport
import Testing

@testable import HannunREPL

@Suite("The report as text")
struct ReportRendererTests {
  static let report: LedgerReport? = {
    let months = [
      MonthCategoryTotals(
        month: Fixtures.month("2025-10"),
        totals: [
          CategoryTotal(
            kind: .income, category: "급여", amount: Money(minorUnits: 3_200_000), count: 1),
          CategoryTotal(
            kind: .expense, category: "월세", amount: Money(minorUnits: 850_000), count: 1),
          CategoryTotal(
            kind: .expense, category: "아주 긴 분류 이름 👨‍👩‍👧 가족 외식",
            amount: Money(minorUnits: 120_000), count: 3),
        ]),
      MonthCategoryTotals(
        month: Fixtures.month("2025-11"),
        totals: [
          CategoryTotal(
            kind: .expense, category: "cafe\u{202E}x", amount: Money(minorUnits: 4_500), count: 2)
        ]),
    ]
    let previous = [
      MonthCategoryTotals(
        month: Fixtures.month("2025-08"),
        totals: [
          CategoryTotal(
            kind: .expense, category: "월세", amount: Money(minorUnits: 850_000), count: 1)
        ])
    ]
    return try? LedgerReport(
      span: Fixtures.month("2025-10")...Fixtures.month("2025-11"), totals: months,
      previous: (Fixtures.month("2025-08")...Fixtures.month("2025-09"), previous))
  }()

  @Test("no line is wider than the width, in either language", arguments: [40, 57, 80, 120])
  func fits(width: Int) throws {
    let report = try #require(Self.report)
    for language in DisplayLanguage.allCases {
      let renderer = ReportRenderer(
        theme: .plain, width: width, language: language, money: MoneyFormatter(currency: .krw))
      for line in renderer.lines(report) {
        #expect(TerminalText.displayWidth(line) <= width, "\(width) \(language): \(line)")
      }
    }
  }

  @Test("categories come with their amount, share, bar and count; ledger text is escaped")
  func content() throws {
    let report = try #require(Self.report)
    let renderer = ReportRenderer(
      theme: .plain, width: 80, language: .korean, money: MoneyFormatter(currency: .krw))
    let text = renderer.text(report)
    #expect(text.hasPrefix("2025-10 – 2025-11 보고서\n"))
    #expect(text.contains("수입 ₩3,200,000   지출 ₩974,500   합계 ₩2,225,500"))
    #expect(text.contains("지난 기간(2025-08 – 2025-09) 대비: 수입 —, 지출 +14.6%"))
    #expect(text.contains("₩850,000   87%  █"), "\(text)")
    #expect(text.contains("3건"))
    #expect(!text.contains("\u{202E}"), "bidi controls are escaped")
    #expect(text.contains("월별"))
  }

  @Test("a bar shows eighths and fills its width")
  func bar() {
    #expect(ReportRenderer.bar(1, width: 4) == "████")
    #expect(ReportRenderer.bar(0.5, width: 4) == "██  ")
    #expect(ReportRenderer.bar(0.125, width: 4) == "▌   ")
    #expect(ReportRenderer.bar(0.0625, width: 4) == "▎   ")
    #expect(ReportRenderer.bar(0, width: 3) == "   ")
  }
}
