import Foundation
import HannunDomain
import HannunKit
import HannunPresentation
import HannunTestSupport
import Testing

@Suite("A session on a repository you provide")
@MainActor
struct LedgerSessionInMemoryTests {
  static let entries: [Transaction] = [
    .fixture(id: "t1", day: "2025-11-03", kind: .expense, amount: 12_000, category: "food"),
    .fixture(id: "t2", day: "2025-11-10", kind: .income, amount: 3_000_000, category: "pay"),
    .fixture(id: "t3", day: "2025-12-24", kind: .expense, amount: 50_000, category: "gift"),
  ]

  @Test("the calendar shows the clock's month, loaded, with today selected")
  func showsClockMonth() async {
    let repository = InMemoryTransactionRepository(Self.entries)
    let session = await LedgerSession(
      repository: repository, currency: .krw, clock: .fixed(at: Fixtures.day("2025-11-10")))
    let calendar = session.calendar
    #expect(session.isStarted)
    #expect(session.dataDirectory == nil)
    #expect(calendar.currentMonth == Fixtures.month("2025-11"))
    #expect(calendar.selectedDay == Fixtures.day("2025-11-10"))
    #expect(calendar.monthIncome == Money(minorUnits: 3_000_000))
    #expect(calendar.monthExpense == Money(minorUnits: 12_000))
    #expect(calendar.selectedEntries.map(\.id.rawValue) == ["t2"])
    #expect(
      calendar.summaries[Fixtures.month("2025-12")]?.total.expense == Money(minorUnits: 50_000))
    // The three-month window was read, once.
    #expect(
      await repository.rangeQueries == [Fixtures.day("2025-10-01")...Fixtures.day("2025-12-31")])
  }

  @Test("a stopped clock for previews gives the same day in any zone")
  func stoppedClock() async throws {
    let day = Fixtures.day("2025-03-31")
    for zone in ["Pacific/Kiritimati", "Pacific/Pago_Pago", "Asia/Seoul", "UTC"] {
      let timeZone = try #require(TimeZone(identifier: zone))
      #expect(LedgerClock.stopped(on: day, timeZone: timeZone).today == day)
    }
    let session = await LedgerSession(
      repository: InMemoryTransactionRepository(), currency: .usd,
      clock: .stopped(on: day, timeZone: Fixtures.seoul))
    #expect(session.calendar.currentMonth == Fixtures.month("2025-03"))
  }

  @Test("every dependency given is the one used")
  func overrides() async throws {
    let clock = LedgerClock.fixed(at: Fixtures.day("2024-02-29"))
    let session = await LedgerSession(
      repository: InMemoryTransactionRepository(), currency: .usd, clock: clock,
      language: .korean, firstWeekday: .monday, makeID: Fixtures.sequentialIDs(prefix: "p"))
    #expect(session.currency == .usd)
    #expect(session.calendar.money.currency == .usd)
    #expect(session.language == .korean)
    #expect(session.calendar.title == "2024년 2월")
    #expect(session.calendar.weekdays.first == .monday)
    #expect(session.calendar.today == Fixtures.day("2024-02-29"))
    #expect(session.clock.currentInstant == clock.currentInstant)

    let added = try await session.editor.add(
      TransactionDraft(
        day: Fixtures.day("2024-02-29"), kind: .expense, amount: Fixtures.amount(1_250),
        category: "bus"))
    #expect(added.id == TransactionID("p1"))
    #expect(added.createdAt == clock.currentInstant)
  }

  @Test("startsCalendar false reads nothing until start()")
  func notStarted() async {
    let repository = InMemoryTransactionRepository(Self.entries)
    let session = await LedgerSession(
      repository: repository, currency: .krw, clock: .fixed(at: Fixtures.day("2025-11-10")),
      startsCalendar: false)
    #expect(!session.isStarted)
    #expect(await repository.rangeQueries.isEmpty)
    #expect(session.calendar.monthIncome == .zero)
    await session.start()
    #expect(session.calendar.monthIncome == Money(minorUnits: 3_000_000))
  }

  @Test("a write through the coordinator shows in the calendar after settle, and undo too")
  func writeThroughCoordinator() async throws {
    let repository = InMemoryTransactionRepository(Self.entries)
    let session = await LedgerSession(
      repository: repository, currency: .krw, clock: .fixed(at: Fixtures.day("2025-11-10")),
      makeID: Fixtures.sequentialIDs(prefix: "n"))
    let form = session.coordinator.showAddForm()
    #expect(session.coordinator.path.count == 1)
    form.setKind(.expense)
    #expect(form.enter("3만5천", for: .amount) == nil)
    #expect(form.setCategory("dinner") == nil)
    _ = try #require(await form.save())
    await session.calendar.settle()
    #expect(session.coordinator.path.isEmpty)
    #expect(session.calendar.monthExpense == Money(minorUnits: 47_000))
    #expect(session.calendar.selectedEntries.map(\.id.rawValue) == ["t2", "n1"])

    _ = try await session.coordinator.undo()
    #expect(session.calendar.monthExpense == Money(minorUnits: 12_000))
    #expect(await repository.all.count == 3)
  }

  @Test("a write by another editor on the same repository shows after settle")
  func writeByAnotherEditor() async throws {
    let repository = InMemoryTransactionRepository()
    let clock = LedgerClock.fixed(at: Fixtures.day("2025-11-10"))
    let session = await LedgerSession(repository: repository, currency: .krw, clock: clock)
    try await LedgerEditor(repository: repository, clock: clock).add(
      TransactionDraft(
        day: Fixtures.day("2025-11-30"), kind: .income, amount: Fixtures.amount(7),
        category: "tip"))
    await session.calendar.settle()
    #expect(session.calendar.monthIncome == Money(minorUnits: 7))
  }

  @Test("a session going away releases its calendar and coordinator")
  func releases() async {
    weak var calendar: CalendarViewModel?
    weak var coordinator: AppCoordinator?
    do {
      let session = await LedgerSession(
        repository: InMemoryTransactionRepository(Self.entries), currency: .krw,
        clock: .fixed(at: Fixtures.day("2025-11-10")))
      calendar = session.calendar
      coordinator = session.coordinator
      #expect(calendar != nil)
    }
    #expect(calendar == nil)
    #expect(coordinator == nil)
  }
}
