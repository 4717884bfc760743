import Foundation
import HannunDomain
import HannunExchange
import HannunKit
import HannunTestSupport
import HannunWebTesting
import Testing

@testable import HannunWeb

/// The web restores a backup as `hannun import` does, through the core's one restorer
/// (``LedgerRestorer``): a ledger not created yet takes the backup's currency, and the pages then
/// show amounts in it; a ledger that exists keeps refusing a backup in another currency.
@Suite("Web: a backup's currency is judged as hannun import judges it")
struct BackupCurrencyTests {
  static let dinner = Transaction.fixture(
    id: "b1", day: "2025-11-02", amount: 1_250, category: "dinner")

  /// A server on a data folder with no ledger yet, in a locale whose currency is the won.
  @MainActor
  static func newLedger(_ folder: TemporaryFolder) async throws -> (LedgerSession, WebServer) {
    let session = try await LedgerSession.open(
      LedgerSession.Options(
        dataPath: folder.url.path(percentEncoded: false), localeIdentifier: "ko_KR",
        clock: .fixed(at: WebHarness.today), startsCalendar: false, environment: [:],
        currentDirectory: folder.url.path(percentEncoded: false)))
    let server = WebServer(
      session: session,
      configuration: WebServer.Configuration(listen: ListenAddress(host: "127.0.0.1", port: 80)))
    return (session, server)
  }

  @Test("a dollar backup is restored into a new ledger made for won, whose pages then say dollars")
  @MainActor func newLedgerTakesTheBackups() async throws {
    let folder = try TemporaryFolder(prefix: "hannun-web-backup-currency")
    let (session, server) = try await Self.newLedger(folder)
    #expect(session.currency == .krw)
    #expect(session.newLedgerNotice != nil)
    let backup = try BackupExport.text(LedgerBackup(currency: .usd, entries: [Self.dinner]))
    let repository = session.repository
    try await server.application().test(.router) { client in
      var browser = Browser(language: "en")
      _ = try await browser.get(client, "/import")
      let preview = try await browser.upload(client, name: "backup.json", backup)
      #expect(preview.status == .ok)
      #expect(preview.text.errorText == nil)
      let confirmed = try await browser.post(
        client, "/import/confirm",
        [
          "preview": try #require(preview.text.inputValue("preview")),
          "key": try #require(preview.text.formKey("/import/confirm")),
        ])
      #expect(confirmed.status == .seeOther)
      let day = Fixtures.day("2025-11-02")
      #expect(try await repository.transactions(in: day...day).map(\.id.rawValue) == ["b1"])
      let month = try await browser.get(client, "/month/2025-11?day=2025-11-02").text
      #expect(month.has("$12.50"))
      #expect(!month.has("₩"))
      // An amount typed now is in dollars too.
      _ = try await browser.post(
        client, "/entries",
        ["kind": "expense", "amount": "3.25", "category": "tea", "date": "2025-11-03"])
      let tea = Fixtures.day("2025-11-03")
      #expect(try await repository.transactions(in: tea...tea).map(\.amount.minorUnits) == [325])
    }
  }

  @Test("a ledger that exists refuses a backup in another currency, and keeps nothing of it")
  @MainActor func existingLedgerRefuses() async throws {
    let folder = try TemporaryFolder(prefix: "hannun-web-backup-currency-existing")
    let (_, first) = try await Self.newLedger(folder)
    try await first.application().test(.router) { client in
      var browser = Browser(language: "en")
      _ = try await browser.get(client, "/")
      _ = try await browser.post(
        client, "/budgets/set", ["category": "food", "amount": "1만", "month": "2025-11"])
    }
    let (session, server) = try await Self.newLedger(folder)
    #expect(session.newLedgerNotice == nil)
    let backup = try BackupExport.text(LedgerBackup(currency: .usd, entries: [Self.dinner]))
    try await server.application().test(.router) { client in
      var browser = Browser(language: "en")
      _ = try await browser.get(client, "/import")
      let refused = try await browser.upload(client, name: "backup.json", backup)
      #expect(refused.status == .conflict)
      #expect(refused.text.errorText?.contains("USD") == true)
    }
  }
}
