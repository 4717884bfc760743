import HannunDomain
import HannunPresentation
import HannunTestSupport
import Testing

@testable import HannunREPL

/// The budget in the calendar's header, the `budget` screen and the report's budget part: they
/// fit every width from 40 columns, and the header says what is left of the month's budget.
@MainActor
@Suite("Budgets on screen")
struct BudgetScreenTests {
  /// A started calendar over `entries` with `plan` as its budgets.
  private func calendar(
    _ entries: [Transaction] = Fixtures.busyNovember, plan: BudgetPlan,
    language: DisplayLanguage
  ) async throws -> CalendarViewModel {
    let repository = InMemoryTransactionRepository(entries)
    await repository.replaceBudgetPlanUnannounced(plan)
    let calendar = CalendarViewModel(
      repository: repository, clock: .fixed(at: Fixtures.day("2025-11-10")), currency: .krw,
      language: language)
    await calendar.start()
    await BudgetViewModel(repository: repository, entries: repository, calendar: calendar)
      .refresh()
    return calendar
  }

  private static let plans: [(String, BudgetPlan)] = [
    ("whole, under", .fixture([(nil, "2025-01", 900_000_000)])),
    ("whole, over", .fixture([(nil, "2025-01", 1_000)])),
    ("largest", .fixture([(nil, "2025-01", Amount.maximumMinorUnits)])),
    (
      "categories only", .fixture([("식비", "2025-01", 300_000), ("아주 긴 분류 이름 🏷️ 생활비", "2025-11", 7)])
    ),
  ]

  @Test("with a budget, no line is wider than the terminal nor any screen taller, from 40 columns")
  func fits() async throws {
    for language in DisplayLanguage.allCases {
      for (name, plan) in Self.plans {
        for entries in [Fixtures.busyNovember, Screens.everyDayBusy, ScreenFitTests.crowdedDay] {
          let calendar = try await calendar(entries, plan: plan, language: language)
          // Every narrow width, where room runs out, then a sample of wider ones.
          for columns in Array(40...62) + Array(stride(from: 63, through: 160, by: 7)) {
            for rows in [20, 24, nil] as [Int?] {
              let lines = Screens.lines(calendar, columns, rows)
              let reserved = CalendarRenderer(
                theme: .plain, size: TerminalSize(columns: columns, rows: rows)
              ).reservedRows
              let label = "\(name) \(language) \(columns)×\(rows.map(String.init) ?? "∞")"
              #expect(lines.allSatisfy { TerminalText.displayWidth($0) <= columns }, "\(label)")
              if let rows { #expect(lines.count <= rows - reserved, "\(label)") }
              #expect(lines.first?.contains(calendar.title) == true, "\(label)")
            }
          }
        }
      }
    }
  }

  @Test("the header says what is left at 80×24 and at 40 columns, in Korean and English")
  func headerSaysWhatIsLeft() async throws {
    let plan = BudgetPlan.fixture([(nil, "2025-01", 5_000_000)])
    let korean = try await calendar(plan: plan, language: .korean)
    let english = try await calendar(plan: plan, language: .english)
    let left = try #require(korean.budgetStatus?.total?.remaining)
    let amount = korean.money.string(left)
    for (columns, rows) in [(80, 24), (80, nil)] as [(Int, Int?)] {
      #expect(Screens.lines(korean, columns, rows).first?.hasSuffix("예산 \(amount) 남음") == true)
      #expect(
        Screens.lines(english, columns, rows).first?.hasSuffix("Budget \(amount) left") == true)
    }
    let narrow = try #require(Screens.lines(korean, 40, 24).first)
    #expect(narrow.hasPrefix("2025년 11월") && narrow.contains("예산") && narrow.hasSuffix("남음"))
    let over = try await calendar(plan: .fixture([(nil, "2025-01", 1_000)]), language: .english)
    #expect(Screens.lines(over, 80, 24).first?.hasSuffix("over") == true)
  }

  @Test("without categories' total, the header sums the category budgets")
  func headerSumsCategories() async throws {
    let plan = BudgetPlan.fixture([("식비", "2025-01", 300_000), ("교통", "2025-01", 100_000)])
    let calendar = try await calendar([], plan: plan, language: .korean)
    #expect(Screens.lines(calendar, 80, 24).first?.hasSuffix("예산 ₩400,000 남음") == true)
  }

  @Test("without a budget the screen is exactly as before")
  func noBudgetNoChange() async throws {
    let plain = await Screens.calendar(language: .korean)
    let withPastBudget = try await calendar(
      plan: .fixture([(nil, "2025-01", 1_000), (nil, "2025-11", nil)]), language: .korean)
    for (columns, rows) in [(80, 24), (40, 20), (120, nil)] as [(Int, Int?)] {
      #expect(Screens.lines(plain, columns, rows) == Screens.lines(withPastBudget, columns, rows))
    }
  }

  @Test("the budget screen lines up spent, limit, bar and what is left, within 40 to 160")
  func budgetScreen() throws {
    let entries: [Transaction] = [
      .fixture(id: "a", day: "2025-11-03", amount: 310_000, category: "식비"),
      .fixture(id: "b", day: "2025-11-04", amount: 45_000, category: "교통"),
      .fixture(id: "c", day: "2025-11-05", amount: 1_000, category: "x\u{1B}[2J"),
    ]
    let status = try BudgetStatus(
      month: Fixtures.month("2025-11"),
      plan: .fixture([
        (nil, "2025-01", 2_000_000), ("식비", "2025-01", 300_000), ("교통", "2025-01", 100_000),
        ("x\u{1B}[2J", "2025-01", Amount.maximumMinorUnits),
      ]),
      totals: MonthCategoryTotals(month: Fixtures.month("2025-11"), transactions: entries))
    let money = MoneyFormatter(currency: .krw)
    for language in DisplayLanguage.allCases {
      for width in 40...160 {
        let lines = BudgetRenderer(theme: .plain, width: width, language: language, money: money)
          .lines(status)
        #expect(lines.allSatisfy { TerminalText.displayWidth($0) <= width }, "\(language) \(width)")
        #expect(!lines.joined().contains("\u{1B}"))
        // What is left (or over) is never cut: a line for each budget ends with its label (a
        // limit of ≈1,000,000,000M puts the name, and then what is left, on lines of their own
        // below 60 columns).
        let ends = lines.filter {
          $0.hasSuffix(language.budgetLeftLabel) || $0.hasSuffix(language.budgetOverLabel)
        }
        #expect(ends.count == 4, "\(language) \(width): \(lines.joined(separator: "\n"))")
        #expect(width < 60 || lines.count == 5, "\(language) \(width)")
      }
    }
    let korean = BudgetRenderer(theme: .plain, language: .korean, money: money).lines(status)
    #expect(korean[0] == "2025년 11월 예산")
    #expect(korean[1].hasPrefix("  전체") && korean[1].hasSuffix("₩1,644,000 남음"))
    #expect(korean[4].hasPrefix("  식비 ") && korean[4].hasSuffix("₩10,000 초과"))
    #expect(korean[4].contains("₩310,000 /") && korean[4].contains("₩300,000  █"))
    #expect(korean[4].contains("█"))
    let english = BudgetRenderer(theme: .plain, language: .english, money: money).lines(status)
    #expect(english[0] == "Budgets: November 2025")
    #expect(english[4].hasSuffix("₩10,000 over"))
  }

  @Test("at 40 columns a long name gives way, never an amount, in dollars with cents too")
  func narrowAmountsWhole() throws {
    let entries: [Transaction] = [
      .fixture(id: "a", day: "2025-11-03", amount: 8_905_000, category: "cat1"),
      .fixture(id: "b", day: "2025-11-04", amount: 35_620_000, category: "x"),
    ]
    let status = try BudgetStatus(
      month: Fixtures.month("2025-11"),
      plan: .fixture([
        (nil, "2025-01", 50_000), ("cat1", "2025-01", 30_000),
        ("a very long category name", "2025-01", 200_000_000),
      ]),
      totals: MonthCategoryTotals(month: Fixtures.month("2025-11"), transactions: entries))
    for language in DisplayLanguage.allCases {
      let lines = BudgetRenderer(
        theme: .plain, width: 40, language: language, money: MoneyFormatter(currency: .usd)
      ).lines(status)
      let text = lines.joined(separator: "\n")
      #expect(lines.allSatisfy { TerminalText.displayWidth($0) <= 40 }, "\(text)")
      for line in lines.dropFirst() {
        #expect(
          line.hasSuffix(language.budgetLeftLabel) || line.hasSuffix(language.budgetOverLabel),
          "\(text)")
      }
      #expect(lines.filter { $0.contains("…") }.count == 1, "only the long name: \(text)")
    }
  }

  @Test("a month without budgets says how to set one")
  func emptyBudgetScreen() throws {
    let status = try BudgetStatus(month: Fixtures.month("2025-11"), plan: .empty, totals: nil)
    let lines = BudgetRenderer(
      theme: .plain, language: .english, money: MoneyFormatter(currency: .krw)
    ).lines(status)
    #expect(
      lines == [
        "Budgets: November 2025", "No budgets for this month. For example: budget set 300000 food",
      ])
  }

  @Test("a month's report ends with its budgets; without budgets it is the report alone")
  func reportWithBudgets() async throws {
    let calendar = await Screens.calendar(language: .korean)
    let month = Fixtures.month("2025-11")
    let report = try await calendar.report(of: month...month)
    let renderer = ReportRenderer(theme: .plain, language: .korean, money: calendar.money)
    #expect(renderer.text(report, budgets: nil) == renderer.text(report))
    let status = try BudgetStatus(
      month: month, plan: .fixture([(nil, "2025-01", 10_000_000)]),
      totals: try await InMemoryTransactionRepository(Fixtures.busyNovember)
        .categoryTotals(in: month...month).first)
    let lines = renderer.text(report, budgets: status).split(
      separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.dropLast().suffix(2).first == "예산")
    #expect(lines.dropLast().last?.hasPrefix("  전체") == true)
  }
}
