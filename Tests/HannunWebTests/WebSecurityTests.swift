import Foundation
import HTTPTypes
import HannunDomain
import HannunTestSupport
import HannunWebTesting
import Hummingbird
import Testing

@testable import HannunWeb

@Suite("Who may come in")
struct WebSecurityTests {
  static let token = String(repeating: "ab", count: 32)
  static let anywhere = ListenAddress(host: "0.0.0.0", port: 8080)

  @Test("off loopback every page needs a session: sign-in first, 401 for the event stream")
  func signInRequired() async throws {
    let harness = await WebHarness(
      [Transaction.fixture(id: "s1", day: "2025-11-14")], listen: Self.anywhere,
      token: Self.token)
    try await harness.test { client in
      var browser = Browser()
      for uri in ["/", "/month/2025-11", "/entries/s1/edit", "/entries/s1/delete"] {
        let refused = try await browser.get(client, uri)
        #expect(refused.status == .seeOther)
        #expect(refused.headers[.location] == "/signin")
      }
      #expect(try await browser.get(client, "/events").status == .unauthorized)
      #expect(try await browser.get(client, "/static/hannun.css").status == .ok)
      let posted = try await browser.post(
        client, "/entries", ["kind": "expense", "amount": "1", "category": "x"])
      // Nothing is written; the sign-in page carries what was typed (see KeepTypingTests).
      #expect(posted.status == .unauthorized)
      #expect(posted.text.inputValue("then") == "/entries")
      #expect(await harness.repository.all.count == 1)

      let form = try await browser.get(client, "/signin")
      #expect(form.status == .ok)
      #expect(form.text.has("<form id=\"signin\" method=\"post\" action=\"/signin\">"))
      let wrong = try await browser.post(client, "/signin", ["token": "guess"])
      #expect(wrong.status == .unauthorized)
      #expect(wrong.text.errorText == "That token is not right")
      let almost = String(Self.token.dropLast()) + "c"
      #expect(try await browser.post(client, "/signin", ["token": almost]).status == .unauthorized)
      #expect(browser.cookies["hannun_session"] == nil)

      let signedIn = try await browser.post(client, "/signin", ["token": Self.token])
      #expect(signedIn.status == .seeOther)
      #expect(signedIn.headers[.location] == "/")
      let cookie = try #require(
        signedIn.headers[values: .setCookie].first { $0.hasPrefix("hannun_session=") })
      #expect(cookie.contains("; HttpOnly"))
      #expect(cookie.contains("; SameSite=Strict"))
      #expect(cookie.contains("; Path=/"))
      let page = try await browser.get(client, "/")
      #expect(page.status == .ok)
      // A signed-in browser's forms carry its session's token, not the sign-in form's.
      let csrf = try #require(page.text.inputValue("csrf"))
      #expect(csrf != form.text.inputValue("csrf"))
      let added = try await browser.post(
        client, "/entries",
        ["kind": "expense", "amount": "1000", "category": "x", "date": "2025-11-14"], csrf: csrf)
      #expect(added.status == .seeOther)
      #expect(await harness.repository.all.count == 2)
      // A forged session cookie is nobody's.
      var forger = Browser()
      forger.cookies["hannun_session"] = String(repeating: "0", count: 64)
      #expect(try await forger.get(client, "/").headers[.location] == "/signin")
    }
  }

  @Test("signing in needs the sign-in form's own CSRF token")
  func signInCSRF() async throws {
    let harness = await WebHarness(listen: Self.anywhere, token: Self.token)
    try await harness.test { client in
      var browser = Browser()
      let forged = try await browser.post(client, "/signin", ["token": Self.token], csrf: "x")
      #expect(forged.status == .forbidden)
      #expect(browser.cookies["hannun_session"] == nil)
    }
  }

  @Test("on loopback a Host that is not this server is refused (DNS rebinding)")
  func hostCheck() async throws {
    let harness = await WebHarness()
    try await harness.test { client in
      var headers = HTTPFields()
      headers[HTTPField.Name("Host")!] = "evil.example"
      let refused = try await client.execute(uri: "/", method: .get, headers: headers)
      #expect(refused.status == .misdirectedRequest)
      #expect(refused.headers[.contentSecurityPolicy] != nil)
      headers[HTTPField.Name("Host")!] = "localhost"
      #expect(try await client.execute(uri: "/", method: .get, headers: headers).status == .ok)
    }
    let elsewhere = await WebHarness(listen: ListenAddress(host: "127.0.0.1", port: 8080))
    try await elsewhere.test { client in
      // The test client's authority, `localhost` without a port, is not 127.0.0.1:8080.
      let response = try await client.execute(uri: "/", method: .get, headers: [:])
      #expect(response.status == .misdirectedRequest)
    }
  }

  @Test("a body over the limit gets 413 and writes nothing")
  func bodyLimit() async throws {
    let harness = await WebHarness(bodyLimit: 1024)
    try await harness.test { client in
      var browser = Browser()
      _ = try await browser.get(client, "/")
      let memo = String(repeating: "x", count: 2048)
      let response = try await browser.post(
        client, "/entries",
        ["kind": "expense", "amount": "1000", "category": "x", "memo": memo, "date": "2025-11-14"])
      #expect(response.status == .contentTooLarge)
      #expect(await harness.repository.all.isEmpty)
    }
  }

  @Test("secrets compare equal only when every byte is")
  func secrets() {
    let secret = Secret.random()
    #expect(secret.count == 64)
    #expect(secret.allSatisfy { $0.isHexDigit && !$0.isUppercase })
    #expect(Secret.random() != secret)
    #expect(Secret.matches(secret, secret))
    #expect(!Secret.matches(String(secret.dropLast()), secret))
    #expect(!Secret.matches(secret + "0", secret))
    #expect(!Secret.matches("", ""))
  }

  @Test("--listen reads HOST:PORT and knows loopback")
  func listenAddresses() throws {
    #expect(try ListenAddress("127.0.0.1:8080") == .standard)
    #expect(try ListenAddress("[::1]:9000") == ListenAddress(host: "::1", port: 9000))
    #expect(try ListenAddress("0.0.0.0:80").isLoopback == false)
    #expect(try ListenAddress("localhost:1").isLoopback)
    for bad in ["8080", "host:", ":8080", "host:99999", "a b:80", "::1:80", "[::1]", "h:8x"] {
      #expect(throws: WebServeProblem.badListenAddress(bad)) { try ListenAddress(bad) }
    }
  }

  @Test("Accept-Language picks the best weighted language Hannun speaks")
  func acceptLanguage() {
    #expect(DisplayLanguageProbe.preferred("ko-KR,ko;q=0.9,en-US;q=0.8") == "ko")
    #expect(DisplayLanguageProbe.preferred("fr-FR,en;q=0.5,ko;q=0.4") == "en")
    #expect(DisplayLanguageProbe.preferred("en;q=0.2, ko;q=0.7") == "ko")
    #expect(DisplayLanguageProbe.preferred("fr, de") == nil)
  }
}
