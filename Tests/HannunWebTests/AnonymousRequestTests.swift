import Foundation
import HannunDomain
import HannunTestSupport
import HannunWebTesting
import Testing

@testable import HannunWeb

/// Requests from no known browser — no cookie, or one this server did not make, as a load
/// generator or a crawler sends them — keep no application core of their own: under `wrk` at a
/// million entries every such request used to become a device holding a month of entries, and
/// the server grew to about 99 MiB. Their page is drawn from a session made for the request and
/// let go; a browser that comes back with the cookie it was given gets its device then.
@Suite("Requests from no known browser")
struct AnonymousRequestTests {
  @Test(
    "pages asked for without a cookie are drawn and keep no device; the browser's next request does",
    .timeLimit(.minutes(5)))
  func noDeviceWithoutCookie() async throws {
    var entries: [Transaction] = []
    for month in 1...12 {
      let day = String(format: "2025-%02d-14", month)
      entries.append(
        Transaction.fixture(
          id: "a\(month)", day: day, amount: Int64(1_000 * month), category: "cafe"))
    }
    let harness = await WebHarness(entries)
    try await harness.test { client in
      for round in 0..<3 {
        for month in 1...12 {
          let path = String(format: "/month/2025-%02d?day=2025-%02d-14", month, month)
          // A fresh jar each time: no cookie is ever sent back.
          var stranger = Browser(language: round == 1 ? "ko" : "en")
          let response = try await stranger.get(client, path)
          #expect(response.status == .ok)
          #expect(response.text.has("₩\(month),000"), "the month's entry is on its page")
          #expect(stranger.cookies[WebCookie.browser] != nil, "the page still gives a cookie")
          #expect(stranger.formToken != nil, "and its forms a token")
        }
      }
      #expect(await harness.server.ledger.devices.count == 0)
      // Cookies this server never made are no known browser either.
      for path in ["/month/2025-03?day=2025-03-14", "/budgets?month=2025-03", "/report"] {
        var forger = Browser()
        forger.cookies[WebCookie.browser] = String(repeating: "ab", count: 32)
        #expect(try await forger.get(client, path).status == .ok, "\(path)")
      }
      #expect(await harness.server.ledger.devices.count == 0)

      // A browser coming back with its cookie gets its device, and its form is accepted.
      var phone = Browser()
      _ = try await phone.get(client, "/month/2025-11?day=2025-11-14")
      #expect(await harness.server.ledger.devices.count == 0)
      let page = try await phone.get(client, "/month/2025-10?day=2025-10-14").text
      #expect(page.has("₩10,000"))
      #expect(await harness.server.ledger.devices.count == 1)
      let saved = try await phone.post(
        client, "/entries",
        ["kind": "expense", "amount": "4500", "category": "tea", "date": "2025-10-15"])
      #expect(saved.status == .seeOther)
      #expect(await harness.repository.all.contains { $0.category == "tea" })
      #expect(await harness.server.ledger.devices.count == 1)
    }
  }
}
