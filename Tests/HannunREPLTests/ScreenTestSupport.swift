import HannunDomain
import HannunPresentation
import HannunTestSupport
import Testing

@testable import HannunREPL

/// Calendars and screens for layout tests: a fixed clock (Monday 2025-11-10 unless told), the
/// in-memory store, won, and no colour.
@MainActor
enum Screens {
  /// A started calendar over `entries` in `language`.
  static func calendar(
    _ entries: [Transaction] = Fixtures.busyNovember, language: DisplayLanguage,
    today: String = "2025-11-10"
  ) async -> CalendarViewModel {
    let calendar = CalendarViewModel(
      repository: InMemoryTransactionRepository(entries), clock: .fixed(at: Fixtures.day(today)),
      currency: .krw, language: language)
    await calendar.start()
    return calendar
  }

  /// The screen's lines for `columns` × `rows`, without colour.
  static func lines(_ calendar: CalendarViewModel, _ columns: Int, _ rows: Int?) -> [String] {
    CalendarRenderer(theme: .plain, size: TerminalSize(columns: columns, rows: rows))
      .screenLines(calendar)
  }

  /// The screen's text for `columns` × `rows`, without colour.
  static func text(_ calendar: CalendarViewModel, _ columns: Int, _ rows: Int?) -> String {
    lines(calendar, columns, rows).map { $0 + "\n" }.joined()
  }

  /// A month in which every day has income and expense: the most amount lines a grid can need.
  static let everyDayBusy: [Transaction] = (1...30).flatMap { number -> [Transaction] in
    let day = "2025-11-" + (number < 10 ? "0" : "") + String(number)
    return [
      .fixture(
        id: "i\(number)", day: day, kind: .income, amount: Int64(number) * 37_000,
        category: "수입"),
      .fixture(
        id: "e\(number)", day: day, kind: .expense, amount: Int64(number) * 123_450,
        category: "지출", memo: "메모 \(number) 🧾"),
    ]
  }
}
