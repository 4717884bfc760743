import Foundation
import HTTPTypes
import HannunDomain
import HannunTestSupport
import HannunWebTesting
import Hummingbird
import Testing

@testable import HannunWeb

@Suite("Writes from another site")
struct CrossSiteTests {
  static let fields = [
    "kind": "expense", "amount": "1000", "category": "x", "date": "2025-11-14",
  ]
  static let origin = HTTPField.Name("Origin")!
  static let fetchSite = HTTPField.Name("Sec-Fetch-Site")!

  @Test("a cookie another site planted, with a form value to match it, is refused")
  func plantedCookie() async throws {
    let harness = await WebHarness()
    try await harness.test { client in
      // Another site on the same host can set cookies for this one (ports do not separate
      // cookies) and post a form with any value it chose.
      let planted = String(repeating: "7", count: 64)
      var attacker = Browser()
      attacker.cookies = ["hannun_csrf": planted, "hannun_browser": planted]
      let posted = try await attacker.post(client, "/entries", Self.fields, csrf: planted)
      #expect(posted.status == .forbidden)
      // The same with a victim's browser that has a real session: the planted cookie wins.
      var victim = Browser()
      _ = try await victim.get(client, "/")
      victim.cookies["hannun_csrf"] = planted
      victim.cookies["hannun_browser"] = planted
      #expect(
        try await victim.post(client, "/entries", Self.fields, csrf: planted).status == .forbidden)
      #expect(await harness.repository.all.isEmpty)
    }
  }

  @Test("a write whose Origin or Sec-Fetch-Site is another site is refused, token or not")
  func crossSiteOrigin() async throws {
    let harness = await WebHarness()
    try await harness.test { client in
      var browser = Browser()
      _ = try await browser.get(client, "/")
      for (name, value) in [
        (Self.origin, "http://localhost:3000"), (Self.origin, "http://evil.example"),
        (Self.origin, "null"), (Self.fetchSite, "cross-site"), (Self.fetchSite, "same-site"),
      ] {
        var extra = HTTPFields()
        extra[name] = value
        let refused = try await browser.post(client, "/entries", Self.fields, extra: extra)
        #expect(refused.status == .forbidden, "\(name): \(value)")
        #expect(refused.text.has("sent from another site"), "\(name): \(value)")
        #expect(refused.headers[.contentSecurityPolicy] != nil)
        let undo = try await browser.post(client, "/undo", [:], extra: extra)
        #expect(undo.status == .forbidden)
      }
      #expect(await harness.repository.all.isEmpty)
    }
  }

  @Test("a write from this server's own page is accepted: same Origin, same-origin or none")
  func sameOrigin() async throws {
    let harness = await WebHarness()
    try await harness.test { client in
      var browser = Browser()
      _ = try await browser.get(client, "/")
      var count = 0
      for extra: HTTPFields in [
        [Self.origin: "http://localhost"], [Self.fetchSite: "same-origin"],
        [Self.fetchSite: "none"], [Self.fetchSite: "same-origin", Self.origin: "http://localhost"],
        [:],
      ] {
        let posted = try await browser.post(client, "/entries", Self.fields, extra: extra)
        #expect(posted.status == .seeOther, "\(extra)")
        count += 1
        #expect(await harness.repository.all.count == count)
      }
      // Reading is never refused for its Origin.
      var headers = browser.headers
      headers[Self.origin] = "http://evil.example"
      #expect(try await client.execute(uri: "/", method: .get, headers: headers).status == .ok)
    }
  }

  @Test("off loopback, signing in from another site is refused")
  func crossSiteSignIn() async throws {
    let token = String(repeating: "ab", count: 32)
    let harness = await WebHarness(
      listen: ListenAddress(host: "0.0.0.0", port: 8080), token: token)
    try await harness.test { client in
      var browser = Browser()
      _ = try await browser.get(client, "/signin")
      let refused = try await browser.post(
        client, "/signin", ["token": token], extra: [Self.fetchSite: "cross-site"])
      #expect(refused.status == .forbidden)
      #expect(browser.cookies["hannun_session"] == nil)
      let planted = String(repeating: "7", count: 64)
      var attacker = Browser()
      attacker.cookies = ["hannun_csrf": planted, "hannun_browser": planted]
      #expect(
        try await attacker.post(client, "/signin", ["token": token], csrf: planted).status
          == .forbidden)
      #expect(attacker.cookies["hannun_session"] == nil)
    }
  }
}
