import Foundation
import HTTPTypes
import HannunDomain
import HannunTestSupport
import HannunWebTesting
import Hummingbird
import Testing

@testable import HannunWeb

@Suite("Pairing a phone with the one-time code")
struct PairingTests {
  static let token = String(repeating: "cd", count: 32)
  static let home = ListenAddress(host: "0.0.0.0", port: 8080)

  @Test("the code signs one phone in, once; a second phone with it is refused")
  func singleUse() async throws {
    let harness = await WebHarness(listen: Self.home, token: Self.token)
    let code = await harness.server.newPairingCode()
    #expect(code.count == 8)
    try await harness.test { client in
      var phone = Browser()
      let page = try await phone.get(client, "/pair?code=\(code)")
      #expect(page.status == .ok)
      #expect(page.text.inputValue("code") == code)
      // Typed in lower case with a dash, as a person might.
      let typed = code.prefix(4).lowercased() + "-" + code.dropFirst(4).lowercased()
      let paired = try await phone.post(client, "/pair", ["code": typed, "name": "지수 폰"])
      #expect(paired.status == .seeOther)
      #expect(paired.headers[.location] == "/")
      #expect(phone.cookies["hannun_session"] != nil)
      #expect(try await phone.get(client, "/").status == .ok)

      var other = Browser()
      _ = try await other.get(client, "/pair")
      let again = try await other.post(client, "/pair", ["code": code])
      #expect(again.status == .unauthorized)
      #expect(again.text.errorText?.hasPrefix("That pairing code is wrong, already used") == true)
      #expect(other.cookies["hannun_session"] == nil)
      #expect(try await other.get(client, "/").status == .seeOther)
    }
  }

  @Test("a code ends after ten minutes, and a new code ends the one before")
  func expiry() async throws {
    let clock = MovingClock()
    let harness = await WebHarness(listen: Self.home, token: Self.token, now: { clock.now })
    let old = await harness.server.newPairingCode()
    clock.advance(.seconds(601))
    try await harness.test { client in
      var phone = Browser()
      _ = try await phone.get(client, "/pair")
      #expect(try await phone.post(client, "/pair", ["code": old]).status == .unauthorized)
      let first = await harness.server.newPairingCode()
      let second = await harness.server.newPairingCode()
      #expect(try await phone.post(client, "/pair", ["code": first]).status == .unauthorized)
      #expect(try await phone.post(client, "/pair", ["code": second]).status == .seeOther)
    }
  }

  @Test("wrong codes wait like wrong tokens: after five, 429, and the right code is not compared")
  func rateLimited() async throws {
    let clock = MovingClock()
    let harness = await WebHarness(listen: Self.home, token: Self.token, now: { clock.now })
    let code = await harness.server.newPairingCode()
    try await harness.test { client in
      var phone = Browser()
      _ = try await phone.get(client, "/pair")
      for _ in 1...5 {
        #expect(try await phone.post(client, "/pair", ["code": "AAAAAAAA"]).status == .unauthorized)
      }
      let sixth = try await phone.post(client, "/pair", ["code": "AAAAAAAA"])
      #expect(sixth.status == .tooManyRequests)
      #expect(sixth.headers[.retryAfter] == "1")
      #expect(
        sixth.text.errorText == "Too many wrong codes from this address; try again in 1 second")
      let waiting = try await phone.post(client, "/pair", ["code": code])
      #expect(waiting.status == .tooManyRequests)
      #expect(phone.cookies["hannun_session"] == nil)
      clock.advance(.seconds(1))
      #expect(try await phone.post(client, "/pair", ["code": code]).status == .seeOther)
    }
  }

  @Test("a paired device is listed by name and, once revoked, signed out of the running server")
  func revoke() async throws {
    try await KeepTypingTests.withFolder { folder in
      let tokenFile = folder + "/serve-token"
      let harness = await WebHarness(
        listen: Self.home, token: Self.token, sessionFile: tokenFile + ".sessions")
      let code = await harness.server.newPairingCode()
      try await harness.test { client in
        var phone = Browser()
        _ = try await phone.get(client, "/pair")
        _ = try await phone.post(client, "/pair", ["code": code, "name": "지수 폰"])
        #expect(try await phone.get(client, "/").status == .ok)
        let devices = PairedDevices(tokenFile: tokenFile, token: Self.token)
        let listed = devices.list()
        #expect(listed.map(\.name) == ["지수 폰"])
        let id = try #require(listed.first?.id)
        #expect(id.count == 8)
        #expect(devices.revoke("ffffffff") == nil)
        #expect(devices.revoke(id)?.name == "지수 폰")
        #expect(devices.list().isEmpty)
        let after = try await phone.get(client, "/")
        #expect(after.status == .seeOther)
        #expect(after.headers[.location] == "/signin")
      }
    }
  }

  @Test("on loopback nobody pairs: the pairing form goes to the calendar")
  func loopback() async throws {
    let harness = await WebHarness()
    let code = await harness.server.newPairingCode()
    try await harness.test { client in
      var browser = Browser()
      _ = try await browser.get(client, "/pair")
      let answer = try await browser.post(client, "/pair", ["code": code])
      #expect(answer.status == .seeOther)
      #expect(browser.cookies["hannun_session"] == nil)
    }
  }
}
