import Foundation
import HTTPTypes
import HannunDomain
import HannunPresentation
import HannunTestSupport
import HannunWebTesting
import Hummingbird
import Testing

@testable import HannunWeb

@Suite("Nothing typed is lost")
struct KeepTypingTests {
  static let token = String(repeating: "cd", count: 32)
  static let home = ListenAddress(host: "0.0.0.0", port: 8080)
  static let lunch = Transaction.fixture(
    id: "e1", day: "2025-11-10", amount: 12_000, category: "food", memo: "lunch")
  static let typed = [
    "kind": "expense", "amount": "35000", "category": "market", "memo": "<b>\"fish\" & co</b>",
    "date": "2025-11-12", "month": "2025-11",
  ]

  /// A private folder for a session file, removed after `body`.
  static func withFolder(_ body: (String) async throws -> Void) async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("hannun-sessions-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(
      atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try await body(folder)
  }

  @Test("a signed-in phone stays signed in across a restart and its next entry is saved")
  func restartKeepsSession() async throws {
    try await Self.withFolder { folder in
      let file = folder + "/serve-token.sessions"
      let before = await WebHarness(listen: Self.home, token: Self.token, sessionFile: file)
      let phone = try await before.test { client in
        var phone = Browser()
        _ = try await phone.get(client, "/signin")
        let signedIn = try await phone.post(client, "/signin", ["token": Self.token])
        #expect(signedIn.status == .seeOther)
        #expect(
          signedIn.headers[values: .setCookie].contains {
            $0.hasPrefix("hannun_session=") && $0.contains("Max-Age=")
          })
        _ = try await phone.get(client, "/")
        return phone
      }
      let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
      #expect(mode == 0o600)
      // A new server process over the same files.
      let after = await WebHarness(listen: Self.home, token: Self.token, sessionFile: file)
      try await after.test { client in
        var phone = phone
        let saved = try await phone.post(client, "/entries", Self.typed)
        #expect(saved.status == .seeOther)
        let categories = await after.repository.all.map(\.category)
        #expect(categories == ["market"])
        // A made-up token is still refused: the CSRF binding survives too.
        let forged = try await phone.post(client, "/entries", Self.typed, csrf: Secret.random())
        #expect(forged.status == .forbidden)
        #expect(await after.repository.all.count == 1)
      }
      // Another token forgets every kept session.
      let rotated = await WebHarness(
        listen: Self.home, token: String(repeating: "ef", count: 32), sessionFile: file)
      try await rotated.test { client in
        var phone = phone
        let refused = try await phone.post(client, "/entries", Self.typed)
        #expect(refused.status == .unauthorized)
        #expect(await rotated.repository.all.isEmpty)
      }
    }
  }

  @Test("a write that arrives signed out carries the typing through sign-in and is then saved")
  func signedOutWriteIsCarried() async throws {
    let harness = await WebHarness(listen: Self.home, token: Self.token)
    try await harness.test { client in
      var phone = Browser()
      _ = try await phone.get(client, "/signin")
      let signIn = try await phone.post(client, "/entries", Self.typed)
      #expect(signIn.status == .unauthorized)
      #expect(await harness.repository.all.isEmpty)
      let page = signIn.text
      #expect(page.has("action=\"/signin\""))
      #expect(page.inputValue("then") == "/entries")
      #expect(page.inputValue("carry-amount") == "35000")
      #expect(page.inputValue("carry-memo") == HTML.escape("<b>\"fish\" & co</b>"))
      #expect(!page.has("<b>\"fish"))
      var carried: [String: String] = ["then": "/entries"]
      for (name, value) in Self.typed { carried["carry-\(name)"] = value }
      // A wrong token keeps carrying it.
      let wrong = try await phone.post(client, "/signin", carried.merging(["token": "nope"]) { $1 })
      #expect(wrong.status == .unauthorized)
      #expect(wrong.text.inputValue("carry-category") == "market")
      let saved = try await phone.post(
        client, "/signin", carried.merging(["token": Self.token]) { $1 })
      #expect(saved.status == .seeOther)
      #expect(saved.headers[.location] == "/month/2025-11?day=2025-11-12")
      let entries = await harness.repository.all
      #expect(entries.map(\.memo) == ["<b>\"fish\" & co</b>"])
      #expect(entries.map(\.amount.minorUnits) == [35_000])
      // Without the sign-in form's CSRF token nothing is written.
      var stranger = Browser()
      _ = try await stranger.get(client, "/signin")
      let forged = try await stranger.post(
        client, "/signin", carried.merging(["token": Self.token]) { $1 }, csrf: Secret.random())
      #expect(forged.status == .forbidden)
      #expect(await harness.repository.all.count == 1)
    }
  }

  @Test("an entry form whose browser session the server forgot comes back filled, not saved")
  func staleTokenKeepsTyping() async throws {
    let harness = await WebHarness()
    try await harness.test { client in
      var browser = Browser()
      _ = try await browser.get(client, "/")
      let old = try #require(browser.formToken)
      browser.cookies["hannun_browser"] = Secret.random()  // forgotten in a restart
      let back = try await browser.post(client, "/entries", Self.typed, csrf: old)
      #expect(back.status == .forbidden)
      #expect(await harness.repository.all.isEmpty)
      #expect(back.text.inputValue("amount") == "35000")
      #expect(back.text.inputValue("memo") == HTML.escape("<b>\"fish\" & co</b>"))
      #expect(back.text.errorText == HTML.escape(WebText(language: .english).staleFormKept))
      let again = try await browser.post(client, "/entries", Self.typed)
      #expect(again.status == .seeOther)
      #expect(await harness.repository.all.count == 1)
    }
  }

  @Test("a refused value keeps every field, with the error beside it, focus and the form's anchor")
  func refusedValueKeepsTyping() async throws {
    let harness = await WebHarness()
    try await harness.test { client in
      var browser = Browser()
      _ = try await browser.get(client, "/")
      var typed = Self.typed
      typed["amount"] = "35천원x"
      let refused = try await browser.post(client, "/entries", typed)
      #expect(refused.status == .unprocessableContent)
      let page = refused.text
      #expect(page.inputValue("amount") == "35천원x")
      #expect(page.inputValue("category") == "market")
      #expect(page.inputValue("memo") == HTML.escape("<b>\"fish\" & co</b>"))
      #expect(page.inputValue("date") == "2025-11-12")
      #expect(page.has("action=\"/entries#add\""))
      #expect(
        page.has(
          "name=\"amount\" value=\"35천원x\" placeholder=\"e.g. 12000, 12.50\" inputmode=\"text\" "
            + "autofocus aria-invalid=\"true\" aria-describedby=\"add-amount-error\""))
      #expect(page.has("autocomplete=\"off\"></label><p id=\"add-amount-error\" class=\"error\""))
      #expect(page.components(separatedBy: "autofocus").count == 2)
      // The reason suggests the forms of this ledger's currency (won), never dollars.
      let reason = page.components(separatedBy: "id=\"add-amount-error\"").last ?? ""
      let sentence = reason.components(separatedBy: "</p>").first ?? ""
      #expect(sentence.contains("₩12,000") && !sentence.contains("$"), "\(sentence)")
      #expect(await harness.repository.all.isEmpty)
    }
  }

  @Test("a change made first in another window keeps this window's typing and says it in words")
  func conflictKeepsTyping() async throws {
    let harness = await WebHarness([Self.lunch])
    try await harness.test { client in
      var browser = Browser()
      browser.language = "ko"
      let form = try await browser.get(client, "/entries/e1/edit").text
      let version = try #require(form.inputValue("version"))
      var changed = Self.lunch
      changed.memo = "저녁"
      changed.amount = try Amount(minorUnits: 15_000)
      changed.updatedAt = Self.lunch.updatedAt.addingTimeInterval(60)
      try await harness.repository.update(Self.lunch, to: changed)
      var typed = Self.typed
      typed["memo"] = "mine"
      typed["version"] = version
      let stale = try await browser.post(client, "/entries/e1", typed)
      #expect(stale.status == .conflict)
      let page = stale.text
      #expect(page.inputValue("memo") == "mine")
      #expect(page.inputValue("amount") == "35000")
      #expect(page.inputValue("version") == "\(changed.webVersion)")
      let error = try #require(page.errorText)
      #expect(!error.contains("e1"))
      #expect(error.contains("다른 창에서"))
      #expect(error.contains("15,000"))
      #expect(error.contains("저녁"))
      #expect(await harness.repository.all == [changed])
      // Saving again replaces the other change knowingly.
      let again = try await browser.post(
        client, "/entries/e1", typed.merging(["version": "\(changed.webVersion)"]) { $1 })
      #expect(again.status == .seeOther)
      #expect(await harness.repository.all.map(\.memo) == ["mine"])
    }
  }
}

@Suite("The kept sessions file")
struct SessionFileTests {
  @Test("sessions end after their time; a file others may read, or of another token, keeps none")
  @MainActor
  func rules() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("hannun-sessions-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(
      atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    defer { try? FileManager.default.removeItem(atPath: folder) }
    do {
      let file = SessionFile(path: folder + "/serve-token.sessions")
      let token = Secret.random()
      let clock = WallClock(1_000)
      let sessions = WebSessions(file: (file, token: token), wallClock: { clock.now })
      let (cookie, csrf) = sessions.signIn()
      #expect(sessions.csrf(ofSession: cookie) == csrf)
      let kept = file.load(token: token, now: 1_000)
      #expect(kept.map(\.secret) == [cookie])
      #expect(kept.map(\.expires) == [1_000 + Int64(WebSessions.signedInSeconds)])
      // A new server reads it back, until the session ends.
      let restarted = WebSessions(file: (file, token: token), wallClock: { clock.now })
      #expect(restarted.csrf(ofSession: cookie) == csrf)
      clock.now = 1_000 + Int64(WebSessions.signedInSeconds)
      #expect(restarted.csrf(ofSession: cookie) == nil)
      #expect(file.load(token: token, now: clock.now).isEmpty)
      // Another token, or a file others may read, keeps nothing.
      #expect(file.load(token: Secret.random(), now: 1_000).isEmpty)
      try FileManager.default.setAttributes(
        [.posixPermissions: 0o644], ofItemAtPath: file.path)
      #expect(file.load(token: token, now: 1_000).isEmpty)
    }
  }
}

/// Seconds since 1970 that a test sets by hand.
final class WallClock: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Int64

  init(_ value: Int64) { self.value = value }

  /// The time now.
  var now: Int64 {
    get { lock.withLock { value } }
    set { lock.withLock { value = newValue } }
  }
}
