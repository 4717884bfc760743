import Foundation
import HannunDomain
import HannunTestSupport
import Testing

@testable import HannunWeb

@Suite("The month page")
struct MonthPageTests {
  static let entries = [
    Transaction.fixture(
      id: "a1", day: "2025-11-03", amount: 4_500, category: "cafe",
      memo: "<script>alert(1)</script> & \"quotes\" 'single'"),
    Transaction.fixture(
      id: "a2", day: "2025-11-14", kind: .income, amount: 3_200_000,
      category: "salary"),
    Transaction.fixture(id: "a3", day: "2025-10-31", amount: 9_000, category: "books"),
  ]

  @Test("today's month shows the view-model's title, totals, grid and the selected day")
  func todaysMonth() async throws {
    let harness = await WebHarness(Self.entries)
    try await harness.test { client in
      var browser = Browser()
      let response = try await browser.get(client, "/")
      #expect(response.status == .ok)
      let page = response.text
      #expect(page.has("<h1 id=\"title\">November 2025</h1>"))
      #expect(page.has("data-month=\"2025-11\" data-selected=\"2025-11-14\""))
      #expect(page.has("data-lang=\"en\""))
      #expect(page.has("<dd id=\"income\" class=\"in\">₩3,200,000</dd>"))
      #expect(page.has("<dd id=\"expense\" class=\"out\">₩4,500</dd>"))
      #expect(page.has("<dd id=\"balance\">₩3,195,500</dd>"))
      #expect(page.has("<td class=\"day today selected\" data-day=\"2025-11-14\">"))
      #expect(page.has("<td class=\"day sun\" data-day=\"2025-11-02\">"))
      #expect(page.has("<td class=\"day sat\" data-day=\"2025-11-01\">"))
      #expect(page.has("<span class=\"in\" title=\"₩3,200,000\">+3.2M</span>"))
      #expect(page.has("<span class=\"out\" title=\"₩4,500\">-4,500</span>"))
      #expect(page.has("<li class=\"entry income\" data-id=\"a2\">"))
      #expect(page.has("<a id=\"prev\" href=\"/month/2025-10?day=2025-10-01\""))
      #expect(page.has("<a id=\"next\" href=\"/month/2025-12?day=2025-12-01\""))
      #expect(page.has("<form id=\"picker\" method=\"get\" action=\"/month\">"))
      #expect(page.has("<form id=\"add\" method=\"post\" action=\"/entries#add\">"))
      #expect(page.has("<form id=\"undo\" method=\"post\" action=\"/undo\">"))
      // A browser without a session gets one, and every form carries the session's token,
      // which is not the cookie.
      let session = try #require(browser.cookies["hannun_browser"])
      let csrf = try #require(page.inputValue("csrf"))
      #expect(session.count == 64 && csrf.count == 64)
      #expect(csrf != session && !page.has(session))
    }
  }

  @Test(
    "a page drawn once is served again with each browser's own token, and redrawn after a write")
  func pageCache() async throws {
    let harness = await WebHarness(Self.entries)
    try await harness.test { client in
      var first = Browser()
      var second = Browser()
      let one = try await first.get(client, "/month/2025-11?day=2025-11-03").text
      let two = try await second.get(client, "/month/2025-11?day=2025-11-03").text
      let firstToken = try #require(first.formToken)
      let secondToken = try #require(second.formToken)
      #expect(firstToken != secondToken)
      #expect(one.inputValue("csrf") == firstToken && !one.has(secondToken))
      #expect(two.inputValue("csrf") == secondToken && !two.has(firstToken))
      // The same page but for the token and the forms' fresh idempotency keys.
      #expect(one.inputValue("key") != two.inputValue("key"))
      #expect(
        Self.withoutKeys(one.replacingOccurrences(of: firstToken, with: secondToken))
          == Self.withoutKeys(two))
      try await harness.repository.insert(
        Transaction.fixture(id: "a4", day: "2025-11-03", amount: 500, category: "gum"))
      let after = try await first.get(client, "/month/2025-11?day=2025-11-03").text
      #expect(after.has("<dd id=\"expense\" class=\"out\">₩5,000</dd>"))
      #expect(after.has("<span class=\"category\">gum</span>"))
    }
  }

  @Test("ledger text is escaped: a memo cannot open a tag or leave an attribute")
  func escaping() async throws {
    let harness = await WebHarness(Self.entries)
    try await harness.test { client in
      var browser = Browser()
      let page = try await browser.get(client, "/month/2025-11?day=2025-11-03").text
      #expect(!page.has("<script>alert(1)</script>"))
      #expect(
        page.has(
          "&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot; &#39;single&#39;"))
      #expect(page.has("<li class=\"entry expense\" data-id=\"a1\">"))
      #expect(page.has("<a class=\"edit\" href=\"/entries/a1/edit\">"))
      #expect(page.has("<a class=\"delete\" href=\"/entries/a1/delete\">"))
    }
  }

  @Test("the page is Korean from Accept-Language, and ?lang= switches and is remembered")
  func languages() async throws {
    let harness = await WebHarness(Self.entries)
    try await harness.test { client in
      var korean = Browser(language: "ko-KR,ko;q=0.9,en;q=0.5")
      var page = try await korean.get(client, "/month/2025-11").text
      #expect(page.has("<h1 id=\"title\">2025년 11월</h1>"))
      #expect(page.has("data-lang=\"ko\""))
      #expect(page.has("<dt>수입</dt>"))
      var english = Browser(language: "ko-KR,ko;q=0.9")
      page = try await english.get(client, "/month/2025-11?lang=en").text
      #expect(page.has("<h1 id=\"title\">November 2025</h1>"))
      #expect(english.cookies["hannun_lang"] == "en")
      page = try await english.get(client, "/month/2025-12").text
      #expect(page.has("<h1 id=\"title\">December 2025</h1>"))
      #expect(page.has("data-lang=\"en\""))
    }
  }

  @Test("a day of another month, the week shape and an empty day")
  func selectionAndWeek() async throws {
    let harness = await WebHarness(Self.entries)
    try await harness.test { client in
      var browser = Browser()
      let page = try await browser.get(client, "/month/2025-11?day=2025-11-01&shape=week").text
      #expect(page.has("data-selected=\"2025-11-01\" data-shape=\"week\""))
      // The week of Saturday 1 November starts in October: those days are outside.
      #expect(page.has("<td class=\"day outside\" data-day=\"2025-10-27\">"))
      #expect(page.has("<td class=\"day selected sat\" data-day=\"2025-11-01\">"))
      #expect(page.components(separatedBy: "<tr>").count == 3)  // header and one week
      #expect(page.has("<a id=\"prev\" href=\"/month/2025-10?day=2025-10-25&amp;shape=week\""))
      #expect(page.has("<dd id=\"expense\" class=\"out\">₩9,000</dd>"))  // the week's
      #expect(page.has("<li class=\"empty\">No entries</li>"))
      let other = try await browser.get(client, "/month/2025-12?day=2025-11-03").text
      #expect(other.has("data-selected=\"2025-12-01\""))
    }
  }

  @Test("the picker goes to the month chosen; unknown pages are 404")
  func pickerAndNotFound() async throws {
    let harness = await WebHarness()
    try await harness.test { client in
      var browser = Browser()
      let picked = try await browser.get(client, "/month?month=2026-02")
      #expect(picked.status == .seeOther)
      #expect(picked.headers[.location] == "/month/2026-02?day=2026-02-01")
      #expect(try await browser.get(client, "/month/2025-13").status == .notFound)
      #expect(try await browser.get(client, "/entries/nothing/edit").status == .notFound)
      let noRoute = try await browser.get(client, "/no/such/page")
      #expect(noRoute.status == .notFound)
      #expect(noRoute.text.errorText == "There is no such page")
    }
  }

  @Test("every answer carries the security headers; assets are files")
  func headers() async throws {
    let harness = await WebHarness()
    try await harness.test { client in
      var browser = Browser()
      for uri in [
        "/", "/static/hannun.css", "/static/hannun.js", "/static/icon.svg", "/month/2025-13",
        "/nothing",
      ] {
        let response = try await browser.get(client, uri)
        #expect(
          response.headers[.contentSecurityPolicy]
            == "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
            + "frame-ancestors 'none'; base-uri 'none'; form-action 'self'")
        #expect(response.headers[.xContentTypeOptions] == "nosniff")
        #expect(response.headers[values: .init("Referrer-Policy")!] == ["no-referrer"])
      }
      let script = try await browser.get(client, "/static/hannun.js")
      #expect(script.headers[.contentType] == "text/javascript; charset=utf-8")
      #expect(script.text.has("EventSource(\"/events\")"))
      let icon = try await browser.get(client, "/static/icon.svg")
      #expect(icon.status == .ok && icon.headers[.contentType] == "image/svg+xml")
      let page = try await browser.get(client, "/").text
      #expect(!page.has("<style") && !page.has("<script>"))
      // The page names its icon, so a browser does not ask for /favicon.ico (a 404).
      #expect(page.has(#"<link rel="icon" href="/static/icon.svg""#))
    }
  }

  /// A page with every idempotency key's value left out.
  static func withoutKeys(_ page: String) -> String {
    let parts = page.components(separatedBy: "name=\"key\" value=\"")
    return parts.dropFirst().reduce(parts[0]) { kept, part in
      kept + "name=\"key\" value=\"" + (part.firstIndex(of: "\"").map { part[$0...] } ?? "")
    }
  }
}
