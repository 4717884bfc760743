import HannunDomain
import HannunPresentation
import HannunTestSupport
import Testing

@testable import HannunREPL

/// Planned occurrences take a totals line and cell amounts of their own; the screen still fits
/// every size from 40 columns and 20 rows, and still shows the title, the weekdays and every
/// week.
@MainActor
@Suite("Screens with planned entries fit the terminal")
struct PlannedScreenFitTests {
  /// Rules that plan something on many days, with the largest amount and hostile text.
  private static let rules: [RecurringRule] = [
    .fixture(id: 1, .weekly(.friday), amount: 30_000, category: "장보기"),
    .fixture(
      id: 2, .weekly(.monday), kind: .income, amount: Amount.maximumMinorUnits,
      category: "e\u{301}👨‍👩‍👧 <b>"),
    .fixture(id: 3, .monthly(day: 31), amount: 650_000, category: "아주 긴 분류 이름 🏷️ 생활비", memo: "메모👨‍👩‍👧"),
    .fixture(id: 4, .lastBusinessDay, kind: .income, amount: 3_200_000, category: "급여"),
  ]

  private func calendar(_ entries: [Transaction], language: DisplayLanguage) async
    -> CalendarViewModel
  {
    let repository = InMemoryTransactionRepository(entries)
    await repository.replacePlanUnannounced(.fixture(Self.rules))
    let calendar = CalendarViewModel(
      repository: repository, clock: .fixed(at: Fixtures.day("2025-11-10")), currency: .krw,
      language: language)
    await calendar.start()
    return calendar
  }

  @Test("no line is wider than the terminal and no screen taller, with planned entries")
  func fits() async {
    for language in DisplayLanguage.allCases {
      for entries in [[], Fixtures.busyNovember, Screens.everyDayBusy] {
        let calendar = await calendar(entries, language: language)
        await calendar.select(day: Fixtures.day("2025-11-28"))
        #expect(!calendar.monthPlanned.isEmpty)
        for columns in 40...120 {
          for rows in [20, 24, 21 + columns % 30, nil] as [Int?] {
            let lines = Screens.lines(calendar, columns, rows)
            let label = "\(language) \(entries.count) \(columns)×\(rows.map(String.init) ?? "∞")"
            #expect(lines.allSatisfy { TerminalText.displayWidth($0) <= columns }, "\(label)")
            if let rows {
              let reserved = CalendarRenderer(
                theme: .plain, size: TerminalSize(columns: columns, rows: rows)
              ).reservedRows
              #expect(lines.count <= rows - reserved, "\(label)")
            }
            let weekday = calendar.language.shortName(of: .wednesday)
            #expect(lines.contains { $0.contains(weekday) }, "\(label)")
            #expect(lines.contains { $0.contains(" 30") }, "the last week: \(label)")
            #expect(!lines.joined().contains("\u{1B}"), "\(label)")
            if rows == nil {
              #expect(lines.contains { $0.hasPrefix("~ ") }, "the planned totals: \(label)")
            }
            if rows == nil, entries.isEmpty {
              // A day with a real amount on a line shows that one; these days have none.
              #expect(lines.contains { $0.contains("~-") }, "planned cells: \(label)")
            }
          }
        }
      }
    }
  }
}
