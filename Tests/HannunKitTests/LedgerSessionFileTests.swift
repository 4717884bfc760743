import Foundation
import HannunDomain
import HannunKit
import HannunPresentation
import HannunTestSupport
import Testing

@Suite("A session on a data directory")
@MainActor
struct LedgerSessionFileTests {
  let folder: TemporaryFolder
  let today = Fixtures.day("2025-11-14")

  init() throws {
    folder = try TemporaryFolder(prefix: "hannun-kit-tests")
  }

  /// Options that read nothing from the machine: no environment, a stopped clock.
  func options(locale: String = "ko_KR", currency: Currency? = nil) -> LedgerSession.Options {
    LedgerSession.Options(
      dataPath: folder.appending("data").path, localeIdentifier: locale, currency: currency,
      clock: .fixed(at: today), makeID: Fixtures.sequentialIDs(prefix: "k"), environment: [:],
      currentDirectory: folder.url.path)
  }

  @Test("opening creates nothing; the calendar is loaded, empty, on the clock's month")
  func opensWithoutCreating() async throws {
    let session = try await LedgerSession.open(options())
    #expect(!folder.contains("data"))
    #expect(session.dataDirectory == folder.appending("data").standardizedFileURL)
    #expect(session.isStarted)
    #expect(session.currency == .krw)
    #expect(session.language == .korean)
    #expect(session.calendar.currentMonth == Fixtures.month("2025-11"))
    #expect(session.calendar.selectedDay == today)
    #expect(session.calendar.title == "2025년 11월")
    #expect(session.calendar.loadError == nil)
    #expect(session.calendar.monthExpense == .zero)
    #expect(session.coordinator.path.isEmpty)
  }

  @Test("the first write through the coordinator creates the ledger and shows after settle")
  func firstWriteThroughCoordinator() async throws {
    let session = try await LedgerSession.open(options())
    let form = session.coordinator.showAddForm()
    form.setKind(.expense)
    #expect(form.enter("4,500", for: .amount) == nil)
    #expect(form.setCategory("cafe") == nil)
    let edit = try #require(await form.save())
    #expect(session.coordinator.path.isEmpty)
    await session.calendar.settle()

    #expect(folder.contains("data/ledger/2025/2025-11.json"))
    #expect(session.calendar.monthExpense == Money(minorUnits: 4_500))
    #expect(session.calendar.selectedEntries.map(\.id) == [TransactionID("k1")])
    #expect(edit == .added(session.calendar.selectedEntries[0]))

    let reopened = try await LedgerSession.open(options(locale: "en_US"))
    #expect(reopened.currency == .krw, "an existing ledger keeps its currency")
    #expect(reopened.calendar.monthExpense == Money(minorUnits: 4_500))
  }

  @Test("an existing ledger opened with another currency is refused")
  func currencyMismatch() async throws {
    let first = try await LedgerSession.open(options())
    try await first.editor.add(
      TransactionDraft(
        day: today, kind: .income, amount: Fixtures.amount(10_000), category: "pay"))
    await #expect(throws: LedgerError.currencyMismatch(ledger: "KRW", requested: "USD")) {
      try await LedgerSession.open(options(currency: .usd))
    }
  }

  @Test("a new ledger takes the locale's currency, or the one given")
  func newLedgerCurrency() async throws {
    #expect(try await LedgerSession.open(options(locale: "en_US")).currency == .usd)
    #expect(try await LedgerSession.open(options(locale: "ko")).currency == .krw)
    #expect(
      try await LedgerSession.open(options(locale: "en_US", currency: .krw)).currency == .krw)
  }

  @Test("a data path that is a file is refused with its path")
  func dataPathIsAFile() async throws {
    let file = folder.appending("data")
    try Data("x".utf8).write(to: file)
    do {
      _ = try await LedgerSession.open(options())
      Issue.record("opening a file as the data directory succeeded")
    } catch LedgerError.unreadableFile(let path, _) {
      #expect(path.hasSuffix("/data"))
    }
  }

  @Test("startsCalendar false reads no month until start(), which starts only once")
  func startsLater() async throws {
    var options = options()
    options.startsCalendar = false
    options.firstWeekday = .monday
    let session = try await LedgerSession.open(options)
    #expect(!session.isStarted)
    #expect(session.calendar.firstWeekday == .monday)
    await session.start()
    await session.start()
    #expect(session.isStarted)
    #expect(session.calendar.loadError == nil)
  }

  @Test("open(dataDirectory:locale:) opens the same ledger as the options do")
  func convenienceOpen() async throws {
    let session = try await LedgerSession.open(
      dataDirectory: folder.appending("data"), locale: "en_US", clock: .fixed(at: today),
      firstWeekday: .monday)
    #expect(session.language == .english)
    #expect(session.currency == .usd)
    #expect(session.calendar.title == "November 2025")
    #expect(session.calendar.weekdays.first == .monday)
    #expect(session.dataDirectory == folder.appending("data").standardizedFileURL)
  }
}
