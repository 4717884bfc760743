import HannunDomain
import HannunPresentation
import HannunTestSupport
import Testing

@testable import HannunREPL

/// Recurring rules and occurrences on a narrow terminal: a line too long for the width goes on
/// under itself rather than being cut, so no amount, schedule or date is ever shown in part.
@Suite("Recurring lines at 40 and 80 columns")
struct RecurringLinesTests {
  private let rules = [
    RecurringRule.fixture(id: 1, amount: 1_200_000_000, category: "월세와 관리비", memo: "집주인 계좌로"),
    .fixture(
      id: 2, .weekly(.friday), kind: .income, amount: 35_000, category: "a very long category",
      memo: "a memo", until: "2026-12-31"),
  ]

  private func renderer(_ width: Int, _ language: DisplayLanguage) -> RecurringRenderer {
    RecurringRenderer(
      theme: .plain, width: width, language: language, money: MoneyFormatter(currency: .krw))
  }

  @Test(
    "every rule's amount, schedule and dates are whole, each line within the width",
    arguments: [40, 80], [DisplayLanguage.english, .korean])
  func rules(width: Int, language: DisplayLanguage) {
    let lines = renderer(width, language).ruleLines(rules)
    let text = lines.joined(separator: "\n")
    #expect(lines.allSatisfy { TerminalText.displayWidth($0) <= width }, "\(text)")
    #expect(!text.contains("…"), "\(text)")
    let money = MoneyFormatter(currency: .krw)
    for rule in rules {
      #expect(text.contains(money.string(Money(rule.amount))), "\(text)")
      #expect(text.contains(language.describe(rule.schedule)), "\(text)")
      #expect(text.contains(rule.start.iso + "–" + (rule.end?.iso ?? "")), "\(text)")
      #expect(text.contains(rule.category) && text.contains(rule.memo), "\(text)")
    }
    // A rule starts at the left edge; what follows it on further lines is indented.
    #expect(lines.filter { !$0.hasPrefix(" ") }.count == rules.count, "\(text)")
    #expect(!lines.contains { $0.allSatisfy { $0 == " " } }, "no empty line: \(text)")
  }

  @Test("due occurrences keep their numbers, their amounts whole", arguments: [40, 80])
  func due(width: Int) throws {
    let day = Fixtures.day("2026-11-27")
    let due = rules.map { Occurrence(rule: $0, date: day, change: nil) }
    let lines = renderer(width, .english).dueLines(due, today: day)
    let text = lines.joined(separator: "\n")
    #expect(lines.allSatisfy { TerminalText.displayWidth($0) <= width }, "\(text)")
    #expect(!text.contains("…"), "\(text)")
    #expect(text.contains("₩1,200,000,000") && text.contains("₩35,000"), "\(text)")
    #expect(lines.filter { $0.hasPrefix("1. ") || $0.hasPrefix("2. ") }.count == 2, "\(text)")
  }

  @Test("a memo wider than a line is cut to it, alone on its line, and nothing else is")
  func longMemo() {
    let memo = String(repeating: "긴 메모 ", count: 20)
    let rule = RecurringRule.fixture(amount: 50_000, memo: memo)
    let lines = renderer(40, .korean).ruleLines([rule])
    let text = lines.joined(separator: "\n")
    #expect(lines.allSatisfy { TerminalText.displayWidth($0) <= 40 }, "\(text)")
    #expect(!lines.contains { $0.allSatisfy { $0 == " " } }, "no empty line: \(text)")
    #expect(text.contains("₩50,000") && text.contains("2025-01-01–"), "\(text)")
    #expect(lines.filter { $0.contains("…") }.count == 1, "\(text)")
  }
}
