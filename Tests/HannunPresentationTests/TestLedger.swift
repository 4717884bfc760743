import Foundation
import HannunDomain
import HannunPresentation
import HannunTestSupport

/// The presentation stack wired as the app wires it — one in-memory repository, one editor, the
/// calendar and the coordinator — on a clock stopped at a known day.
@MainActor
struct TestLedger {
  let repository: InMemoryTransactionRepository
  let clock: LedgerClock
  let editor: LedgerEditor
  let calendar: CalendarViewModel
  let coordinator: AppCoordinator

  /// Builds the stack and starts the calendar (today defaults to Friday 2025-11-14).
  static func started(
    today: String = "2025-11-14", entries: [Transaction] = TestLedger.sample,
    currency: Currency = .krw, language: DisplayLanguage = .korean,
    firstWeekday: Weekday = .sunday
  ) async -> TestLedger {
    let ledger = TestLedger(
      today: today, entries: entries, currency: currency, language: language,
      firstWeekday: firstWeekday)
    await ledger.calendar.start()
    return ledger
  }

  init(
    today: String = "2025-11-14", entries: [Transaction] = TestLedger.sample,
    currency: Currency = .krw, language: DisplayLanguage = .korean,
    firstWeekday: Weekday = .sunday
  ) {
    repository = InMemoryTransactionRepository(entries)
    clock = LedgerClock.fixed(at: Fixtures.day(today))
    editor = LedgerEditor(
      repository: repository, clock: clock, makeID: Fixtures.sequentialIDs(prefix: "n"))
    calendar = CalendarViewModel(
      repository: repository, clock: clock, currency: currency, language: language,
      firstWeekday: firstWeekday)
    coordinator = AppCoordinator(
      calendar: calendar, editor: editor, repository: repository, clock: clock,
      currency: currency, makeID: Fixtures.sequentialIDs(prefix: "r"))
  }

  /// The instant the stopped clock stamps new and edited entries with.
  var now: Date { clock.currentInstant }

  /// Waits until every write so far is on the calendar.
  func settle() async { await calendar.settle() }

  /// The stamp the sample entries were created with.
  static let created = Date(timeIntervalSince1970: 1_700_000_000)

  /// A small ledger around November 2025. November: income ₩3,050,000, expense ₩16,500.
  /// On 2025-11-03 `t1` (lunch) was written before `a2` (birthday), so list order is t1, a2
  /// although id order is a2, t1.
  static let sample: [Transaction] = [
    .fixture(
      id: "t1", day: "2025-11-03", kind: .expense, amount: 12_000, category: "food",
      memo: "lunch", created: created),
    .fixture(
      id: "a2", day: "2025-11-03", kind: .income, amount: 50_000, category: "gift",
      memo: "birthday", created: created.addingTimeInterval(60)),
    .fixture(
      id: "t3", day: "2025-11-14", kind: .expense, amount: 4_500, category: "cafe",
      memo: "latte", created: created),
    .fixture(
      id: "t4", day: "2025-11-25", kind: .income, amount: 3_000_000, category: "salary",
      created: created),
    .fixture(
      id: "t5", day: "2025-10-31", kind: .expense, amount: 8_000, category: "food",
      memo: "dinner", created: created),
    .fixture(
      id: "t6", day: "2025-12-01", kind: .expense, amount: 20_000, category: "rent",
      created: created),
    .fixture(
      id: "t7", day: "2026-01-10", kind: .income, amount: 100_000, category: "bonus",
      created: created),
    .fixture(
      id: "t8", day: "2025-09-30", kind: .expense, amount: 7_000, category: "food",
      created: created),
  ]
}

/// Money in minor units, for expectations.
func money(_ minorUnits: Int64) -> Money { Money(minorUnits: minorUnits) }

/// A day literal, for expectations.
func day(_ iso: String) -> Day { Fixtures.day(iso) }

/// A month literal, for expectations.
func month(_ iso: String) -> YearMonth { Fixtures.month(iso) }

extension CalendarViewModel {
  /// Every cell that shows a day, in grid order.
  var dayCells: [DayCell] { weeks.flatMap { $0 }.filter { $0.day != nil } }

  /// The cell of a day in the current grid.
  func cell(of day: Day) -> DayCell? { weeks.flatMap { $0 }.first { $0.day == day } }
}

/// The days `numbers` of a month literal, for expectations.
func days(_ monthISO: String, _ numbers: ClosedRange<Int>) -> [Day] {
  numbers.map { number in
    let text = number < 10 ? "0\(number)" : "\(number)"
    return Fixtures.day("\(monthISO)-\(text)")
  }
}

extension TestLedger {
  /// Why October 2025 cannot be read in ``withLostOctober(_:)``: its file is lost.
  static let lostOctober = LedgerError.unreadableFile(
    path: "/d/ledger/2025/2025-10.json", reason: .missingMonthFile(indexFolder: "/d/ledger/index"))

  /// A started calendar over `entries` whose October 2025 cannot be read
  /// (``lostOctober``), November shown, today Friday 2025-11-14.
  static func withLostOctober(_ entries: [Transaction] = sample) async -> CalendarViewModel {
    let repository = ReadFailingTransactionRepository(entries)
    await repository.failReads(of: Fixtures.month("2025-10"), with: lostOctober)
    let calendar = CalendarViewModel(
      entries: repository, moods: InMemoryTransactionRepository(),
      recurring: InMemoryTransactionRepository(), clock: .fixed(at: Fixtures.day("2025-11-14")),
      currency: .krw, language: .english)
    await calendar.start()
    return calendar
  }

  /// A started calendar on Saturday 2025-11-01 whose months each fit in 64 bits but whose week
  /// across them does not: 6,000 of the largest amounts on 31 October and on 1 November.
  static func withOverflowingWeek() async -> CalendarViewModel {
    let largest = Amount.maximumMinorUnits
    let entries = (0..<6_000).flatMap { index in
      [
        Transaction.fixture(id: "o\(index)", day: "2025-10-31", amount: largest),
        Transaction.fixture(id: "n\(index)", day: "2025-11-01", amount: largest),
      ]
    }
    let calendar = CalendarViewModel(
      repository: InMemoryTransactionRepository(entries),
      clock: .fixed(at: Fixtures.day("2025-11-01")), currency: .krw, language: .english)
    await calendar.start()
    return calendar
  }
}
