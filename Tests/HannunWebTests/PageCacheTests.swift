import Foundation
import HannunData
import HannunDomain
import HannunPresentation
import HannunTestSupport
import HannunWebTesting
import Testing

@testable import HannunWeb

/// What a month page costs when nobody has opened it since the last change (issue 20, item 7):
/// one read of its month's file, the plan, budgets and moods being read once a version; and the
/// cut where each request's token and key go, which must give what `components(separatedBy:)`
/// gives. The page is drawn from the asking device's own calendar route (issue 18), the devices
/// sharing the months read (``LedgerReadCache``), not the view-model.
@Suite("Month pages not drawn since the last change")
struct PageCacheTests {
  @Test("a drawn page is cut at its markers exactly as components(separatedBy:) cuts it")
  func pieces() {
    let marker = "csrf-" + Secret.random()
    for text in [
      "", marker, "no marker at all", "\(marker)\(marker)", "a\(marker)b\(marker)c",
      "식비 ₩12,000 \(marker) 😊 <b>\(marker)", "\(marker)끝", "시작\(marker)", "csrf-csrf-\(marker)x",
      "x" + marker.dropLast(), "\(marker)\(marker.prefix(3))", "cc\(marker)c",
    ] {
      #expect(HTML.pieces(of: text, separatedBy: marker) == text.components(separatedBy: marker))
    }
  }

  @Test("a kept page, cut once at the token and the keys, is filled as the uncut page is")
  func keptPiecesFill() async {
    let token = "TOKEN-X"
    let csrf = "csrf-" + Secret.random()
    let key = IdempotencyKey.marker
    /// The page with each fresh key (ten characters of an id's alphabet) written as `KEY`.
    func keys(_ page: String) -> String {
      page.replacing(/[0-9a-z]{10}/, with: "KEY")
    }
    for page in [
      "", "PLAIN", "\(csrf)\(key)", "A\(key)B\(csrf)C\(key)\(key)D\(csrf)",
      "식비 ₩12,000 \(csrf) <B>\(key)</B> 😊\(key)", "\(key)끝\(csrf)",
    ] {
      let kept = HTML.pieces(of: page, separatedBy: csrf).map {
        HTML.pieces(of: $0, separatedBy: key)
      }
      let filled = await MonthPages.filled(kept: kept, token: token)
      let uncut = await MonthPages.filled(HTML.pieces(of: page, separatedBy: csrf), token: token)
      #expect(keys(filled) == keys(uncut))
      #expect(keys(filled) == page.replacing(csrf, with: token).replacing(key, with: "KEY"))
      #expect(!filled.contains(key) && !filled.contains(csrf))
    }
  }

  @Test(
    "a month not drawn since the last change takes one lock of the file store, its month's read",
    .timeLimit(.minutes(5)))
  func oneReadPerMonth() async throws {
    let folder = try TemporaryFolder(prefix: "hannun-web-cold")
    let directory = folder.appending("data")
    let store = try await JSONFileTransactionStore.open(
      directory: directory, requestedCurrency: .krw, defaultCurrency: .krw)
    let other = try await JSONFileTransactionStore.open(
      directory: directory, requestedCurrency: .krw, defaultCurrency: .krw)
    for (id, day) in [("c1", "2025-11-14"), ("c2", "2025-10-14"), ("c3", "2025-09-14")] {
      try await store.insert(Transaction.fixture(id: id, day: day, amount: 1_000))
    }
    var first = BudgetPlan.empty
    first.set(Fixtures.amount(50_000), for: .total, from: Fixtures.month("2025-09"))
    let plan = first
    _ = try await store.changeBudgets(BudgetEdit(from: .empty, to: plan, scopes: [.total]))
    try await store.replaceMood(on: Fixtures.day("2025-10-14"), nil, with: DayMood(.joy))
    let server = await WebServer(
      repository: store, currency: .krw, clock: .fixed(at: Fixtures.day("2025-11-14")),
      configuration: WebServer.Configuration(
        listen: ListenAddress(host: "127.0.0.1", port: 80)))
    try await server.application().test(.router) { client in
      var browser = Browser()
      _ = try await browser.get(client, "/month/2025-11?day=2025-11-14")
      let before = await store.lockAcquisitions
      let october = try await browser.get(client, "/month/2025-10?day=2025-10-14").text
      let september = try await browser.get(client, "/month/2025-09?day=2025-09-14").text
      let locks = await store.lockAcquisitions - before
      #expect(locks == 2, "two months never drawn took \(locks) lock acquisitions")
      #expect(october.has("<dd id=\"budget\" class=\"in\">₩49,000 left</dd>"))
      #expect(october.has("<span class=\"mood\">Mood 😊 joy</span>"))
      #expect(september.has("<dd id=\"expense\" class=\"out\">₩1,000</dd>"))
      // Another process's write moves the version: the documents are read again.
      try await other.replaceMood(on: Fixtures.day("2025-10-14"), DayMood(.joy), with: nil)
      var budget = plan
      budget.set(Fixtures.amount(20_000), for: .total, from: Fixtures.month("2025-10"))
      _ = try await other.changeBudgets(BudgetEdit(from: plan, to: budget, scopes: [.total]))
      let again = try await browser.get(client, "/month/2025-10?day=2025-10-14").text
      #expect(!again.has("<span class=\"mood\">"))
      #expect(again.has("<dd id=\"budget\" class=\"in\">₩19,000 left</dd>"))
    }
  }

  @Test(
    "the month page is drawn from the asking device's calendar route; devices share the month read",
    .timeLimit(.minutes(5)))
  func drawnFromEachDevice() async throws {
    let harness = await WebHarness([
      Transaction.fixture(id: "d1", day: "2025-10-14", amount: 4_500, category: "cafe"),
      Transaction.fixture(id: "d2", day: "2025-10-15", amount: 12_000, category: "food"),
    ])
    try await harness.test { client in
      var first = Browser(language: "en")
      var second = Browser(language: "ko")
      // Each has been here before: a browser's first request keeps no device.
      _ = try await first.get(client, "/")
      _ = try await second.get(client, "/")
      let page = try await first.get(client, "/month/2025-10?day=2025-10-14").text
      #expect(page.has("<span class=\"category\">cafe</span>"))
      let reads = await harness.server.ledger.pages.cache.monthReads
      let other = try await second.get(client, "/month/2025-10?day=2025-10-15&shape=week").text
      #expect(other.has("<span class=\"category\">food</span>"))
      #expect(other.has("2025년 10월"))
      // The second device's page read no month: the first's read is shared.
      #expect(await harness.server.ledger.pages.cache.monthReads == reads)
      for (browser, day, shape) in [
        (first, "2025-10-14", CalendarShape.month), (second, "2025-10-15", .week),
      ] {
        let calendar = await MainActor.run { () -> (Day, CalendarShape, Bool)? in
          guard let key = browser.cookies[WebCookie.browser],
            let session = harness.server.ledger.devices.existing(for: key)
          else { return nil }
          return (
            session.calendar.selectedDay, session.calendar.shape,
            session.coordinator.path.isEmpty
          )
        }
        #expect(calendar?.0 == Fixtures.day(day))
        #expect(calendar?.1 == shape)
        #expect(calendar?.2 == true, "the calendar route is on top")
      }
    }
  }
}
