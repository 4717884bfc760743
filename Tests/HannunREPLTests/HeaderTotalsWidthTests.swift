import HannunDomain
import HannunPresentation
import HannunTestSupport
import Testing

@testable import HannunREPL

/// The totals over the calendar at 40 columns: when income, expense and balance cannot all fit
/// whole even in their shortest forms (₩99,999,999,999 is `≈100B` at its shortest), the balance
/// gives way; an amount is never cut with `…`.
@MainActor
@Suite("Calendar totals at 40 columns")
struct HeaderTotalsWidthTests {
  private let entries: [Transaction] = [
    .fixture(id: "i", day: "2025-11-10", kind: .income, amount: 99_999_999_999, category: "pay"),
    .fixture(id: "e", day: "2025-11-11", amount: 22_716_049_383, category: "house"),
  ]

  @Test(
    "no amount is cut, in the month or the week, in either language",
    arguments: [DisplayLanguage.english, .korean], [40, 44, 50])
  func nothingCut(language: DisplayLanguage, columns: Int) async throws {
    let calendar = await Screens.calendar(entries, language: language)
    for week in [false, true] {
      if week {
        calendar.showWeek()
        await calendar.settle()
      }
      let lines = Screens.lines(calendar, columns, 20)
      let text = lines.joined(separator: "\n")
      #expect(lines.allSatisfy { TerminalText.displayWidth($0) <= columns }, "\(text)")
      let header = lines.prefix(3).joined(separator: "\n")
      #expect(!header.contains("…"), "\(text)")
      #expect(header.contains(language.label(for: .income)), "\(text)")
      #expect(header.contains(language.label(for: .expense)), "\(text)")
    }
  }
}
