import Foundation
import HannunDomain
import HannunKit
import HannunPresentation
import HannunTestSupport
import Testing

@Suite("A session's new-ledger notice, through the products")
@MainActor
struct NewLedgerNoticeSessionTests {
  let folder: TemporaryFolder

  init() throws { folder = try TemporaryFolder(prefix: "hannun-kit-notice") }

  private func open(_ name: String, locale: String?, currency: Currency? = nil) async throws
    -> LedgerSession
  {
    try await LedgerSession.open(
      LedgerSession.Options(
        dataPath: folder.appending(name).path, localeIdentifier: locale, currency: currency,
        clock: .fixed(at: Fixtures.day("2025-11-14")), startsCalendar: false, environment: [:],
        currentDirectory: folder.url.path))
  }

  @Test("the notice waits for the first write (a mood), is taken once, and says why")
  func takenOnce() async throws {
    let session = try await open("a", locale: "ko_KR")
    let ledger = folder.appending("a").appending(path: "ledger").path(percentEncoded: false)
    let expected = NewLedgerNotice(currency: .krw, reason: .locale("ko_KR"), ledgerPath: ledger)
    #expect(session.newLedgerNotice == expected)
    #expect(await session.takeNewLedgerNotice() == nil, "nothing is written yet")
    _ = try await session.coordinator.setMood(DayMood(.joy), on: Fixtures.day("2025-11-03"))
    #expect(await session.takeNewLedgerNotice() == expected)
    #expect(await session.takeNewLedgerNotice() == nil)
    #expect(session.newLedgerNotice == nil)
    let reopened = try await open("a", locale: "ko_KR")
    #expect(reopened.newLedgerNotice == nil, "the ledger exists")
  }

  @Test("the reason: asked for, the locale's, or no locale at all")
  func reasons() async throws {
    #expect(
      try await open("b", locale: "en_US", currency: .krw).newLedgerNotice?.reason == .requested)
    #expect(try await open("c", locale: "en_US").newLedgerNotice?.reason == .locale("en_US"))
    let none = try await open("d", locale: nil).newLedgerNotice
    #expect(none?.reason == .noLocale && none?.currency == .usd)
  }
}
