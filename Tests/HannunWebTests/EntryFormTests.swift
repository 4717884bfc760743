import Foundation
import HannunDomain
import HannunKit
import HannunPresentation
import HannunTestSupport
import HannunWebTesting
import Testing

@testable import HannunWeb

@Suite("Adding, editing, deleting and undoing through forms")
struct EntryFormTests {
  static let lunch = Transaction.fixture(
    id: "e1", day: "2025-11-10", amount: 12_000, category: "food", memo: "lunch")

  @Test("an add in the terminal's forms (3만5천, 어제) is written and lands on its day")
  func add() async throws {
    let harness = await WebHarness()
    try await harness.test { client in
      var browser = Browser()
      _ = try await browser.get(client, "/")
      let response = try await browser.post(
        client, "/entries",
        ["kind": "expense", "amount": "3만5천", "category": "식비", "memo": "점심", "date": "어제"])
      #expect(response.status == .seeOther)
      #expect(response.headers[.location] == "/month/2025-11?day=2025-11-13")
      let stored = await harness.repository.all
      #expect(stored.count == 1)
      #expect(stored.first?.amount == Fixtures.amount(35_000))
      #expect(stored.first?.day == Fixtures.day("2025-11-13"))
      #expect(stored.first?.memo == "점심")
      let page = try await browser.get(client, "/month/2025-11?day=2025-11-13").text
      #expect(page.has("<dd id=\"expense\" class=\"out\">₩35,000</dd>"))
      #expect(page.has("<span class=\"out\" title=\"₩35,000\">-35,000</span>"))
    }
  }

  @Test("the write that creates the ledger says, once, which currency it keeps")
  @MainActor func newLedgerNotice() async throws {
    let folder = try TemporaryFolder(prefix: "hannun-web-new-ledger")
    // The session `hannun serve` opens on a data folder with no ledger yet: the core says which
    // currency the first write makes it keep.
    let session = try await LedgerSession.open(
      LedgerSession.Options(
        dataPath: folder.url.path(percentEncoded: false), localeIdentifier: "ko_KR",
        clock: .fixed(at: WebHarness.today), environment: [:],
        currentDirectory: folder.url.path(percentEncoded: false)))
    let made = try #require(session.newLedgerNotice)
    let server = WebServer(
      session: session,
      configuration: WebServer.Configuration(listen: ListenAddress(host: "127.0.0.1", port: 80)))
    try await server.application().test(.router) { client in
      var browser = Browser(language: "en")
      let before = try await browser.get(client, "/").text
      #expect(!before.has("class=\"notice\""))
      let fields = ["kind": "expense", "amount": "1000", "category": "x", "date": "2025-11-14"]
      _ = try await browser.post(client, "/entries", fields)
      let notice = EnglishMessages(hints: .web).newLedger(made)
      #expect(notice.hasSuffix("hannun serve --currency USD."))
      let first = try await browser.get(client, "/month/2025-11?day=2025-11-14").text
      #expect(first.has("<p class=\"notice\" role=\"status\">\(HTML.escape(notice))</p>"))
      _ = try await browser.post(client, "/entries", fields)
      let second = try await browser.get(client, "/month/2025-11?day=2025-11-14").text
      #expect(!second.has("class=\"notice\""))
    }
  }

  @Test("bad input shows the form again with what was typed and the terminal's message")
  func badInput() async throws {
    let harness = await WebHarness()
    try await harness.test { client in
      var browser = Browser(language: "ko")
      _ = try await browser.get(client, "/")
      let refused = try await browser.post(
        client, "/entries",
        ["kind": "expense", "amount": "abc", "category": "식비", "memo": "<b>", "date": "오늘"])
      #expect(refused.status == .unprocessableContent)
      let page = refused.text
      // The terminal's sentence for this ledger: its forms in won.
      #expect(
        page.errorText
          == HTML.escape(
            KoreanMessages(currency: .krw).describe(AmountInputError.malformed("abc"))))
      #expect(page.inputValue("amount") == "abc")
      #expect(page.inputValue("memo") == "&lt;b&gt;")
      #expect(page.inputValue("date") == "오늘")
      let badDate = try await browser.post(
        client, "/entries",
        ["kind": "income", "amount": "1000", "category": "x", "date": "2025-02-30"])
      #expect(badDate.status == .unprocessableContent)
      #expect(badDate.text.errorText != nil)
      #expect(badDate.text.has("value=\"income\" checked"))
      #expect(await harness.repository.all.isEmpty)
    }
  }

  @Test("a POST without the browser's CSRF token, or with another, changes nothing")
  func csrf() async throws {
    let harness = await WebHarness([Self.lunch])
    try await harness.test { client in
      var browser = Browser()
      _ = try await browser.get(client, "/")
      let fields = ["kind": "expense", "amount": "1000", "category": "x", "date": "2025-11-14"]
      var missing = fields
      missing["csrf"] = ""
      #expect(try await browser.post(client, "/entries", missing).status == .forbidden)
      let wrong = String(repeating: "0", count: 64)
      #expect(try await browser.post(client, "/entries", fields, csrf: wrong).status == .forbidden)
      let delete = try await browser.post(
        client, "/entries/e1/delete", ["version": "\(Self.lunch.webVersion)"], csrf: wrong)
      #expect(delete.status == .forbidden)
      #expect(try await browser.post(client, "/undo", [:], csrf: wrong).status == .forbidden)
      var stranger = Browser()  // no cookie at all
      #expect(
        try await stranger.post(client, "/entries", fields, csrf: browser.formToken)
          .status == .forbidden)
      #expect(await harness.repository.all == [Self.lunch])
    }
  }

  @Test("GET never changes anything, not even the delete question's page")
  func getChangesNothing() async throws {
    let harness = await WebHarness([Self.lunch])
    try await harness.test { client in
      var browser = Browser()
      for uri in [
        "/entries/e1/delete", "/entries/e1/edit", "/entries?kind=expense&amount=1&category=x",
        "/undo", "/month/2025-11?day=2025-11-10",
      ] {
        _ = try await browser.get(client, uri)
      }
      #expect(await harness.repository.all == [Self.lunch])
    }
  }

  @Test("an edit form is filled with the entry and saves it; delete asks, then deletes")
  func editAndDelete() async throws {
    let harness = await WebHarness([Self.lunch])
    try await harness.test { client in
      var browser = Browser()
      let form = try await browser.get(client, "/entries/e1/edit").text
      #expect(form.has("<form id=\"edit\" method=\"post\" action=\"/entries/e1#edit\">"))
      #expect(form.inputValue("amount") == "12000")
      #expect(form.inputValue("memo") == "lunch")
      #expect(form.inputValue("version") == "\(Self.lunch.webVersion)")
      #expect(form.has("data-selected=\"2025-11-10\""))
      let saved = try await browser.post(
        client, "/entries/e1",
        [
          "kind": "expense", "amount": "15000", "category": "food", "memo": "dinner",
          "date": "2025-11-11", "version": "\(Self.lunch.webVersion)",
        ])
      #expect(saved.status == .seeOther)
      #expect(saved.headers[.location] == "/month/2025-11?day=2025-11-11")
      let edited = try #require(await harness.repository.all.first)
      #expect(edited.memo == "dinner" && edited.amount == Fixtures.amount(15_000))

      let question = try await browser.get(client, "/entries/e1/delete").text
      #expect(question.has("<form id=\"delete\" method=\"post\" action=\"/entries/e1/delete\">"))
      #expect(await harness.repository.all.count == 1)
      let deleted = try await browser.post(
        client, "/entries/e1/delete", ["version": "\(edited.webVersion)"])
      #expect(deleted.status == .seeOther)
      #expect(await harness.repository.all.isEmpty)
    }
  }

  @Test("a stale edit shows the conflict with the entry as it is now and writes nothing")
  func staleEdit() async throws {
    let harness = await WebHarness([Self.lunch])
    try await harness.test { client in
      var browser = Browser()
      let form = try await browser.get(client, "/entries/e1/edit").text
      let version = try #require(form.inputValue("version"))
      // Another window changes the entry after the form was opened.
      var changed = Self.lunch
      changed.memo = "changed elsewhere"
      changed.updatedAt = Self.lunch.updatedAt.addingTimeInterval(60)
      try await harness.repository.update(Self.lunch, to: changed)
      let stale = try await browser.post(
        client, "/entries/e1",
        [
          "kind": "expense", "amount": "99000", "category": "food", "memo": "mine",
          "date": "2025-11-10", "version": version,
        ])
      #expect(stale.status == .conflict)
      let now = WebText(language: .english).entry(
        category: "food", amount: MoneyFormatter(currency: .krw).string(Money(changed.amount)),
        memo: "changed elsewhere", day: "2025-11-10")
      #expect(
        stale.text.errorText == HTML.escape(WebText(language: .english).changedElsewhere(now)))
      #expect(stale.text.inputValue("memo") == "mine")
      #expect(stale.text.inputValue("version") == "\(changed.webVersion)")
      #expect(await harness.repository.all == [changed])
      let staleDelete = try await browser.post(client, "/entries/e1/delete", ["version": version])
      #expect(staleDelete.status == .conflict)
      #expect(await harness.repository.all == [changed])
    }
  }

  @Test("undo reverts this browser's last change only, never someone else's")
  func undo() async throws {
    let harness = await WebHarness([Self.lunch])
    try await harness.test { client in
      var mine = Browser()
      var theirs = Browser()
      _ = try await mine.get(client, "/")
      _ = try await theirs.get(client, "/")
      let nothing = try await theirs.post(
        client, "/undo", ["back": "/month/2025-11?day=2025-11-10"])
      #expect(nothing.status == .conflict)
      #expect(nothing.text.errorText == "There is nothing to undo")
      #expect(nothing.text.has("data-selected=\"2025-11-10\""))

      _ = try await mine.post(
        client, "/entries",
        [
          "kind": "income", "amount": "500", "category": "gift", "memo": "<b>aunt</b>",
          "date": "2025-11-14",
        ])
      #expect(await harness.repository.all.count == 2)
      #expect(try await theirs.post(client, "/undo", [:]).status == .conflict)
      #expect(await harness.repository.all.count == 2)
      let gift = try #require(await harness.repository.all.first { $0.category == "gift" })
      let undone = try await mine.post(client, "/undo", ["back": "https://evil.example/"])
      #expect(undone.status == .seeOther)
      let location = try #require(undone.headers[.location])
      #expect(location.hasPrefix("/month/2025-11?day=2025-11-14&said="))
      #expect(await harness.repository.all == [Self.lunch])
      // The page it opens says what the undo did, as the REPL does, ledger text escaped.
      let report = EditReport(language: .english, money: MoneyFormatter(currency: .krw))
      let said = try await mine.get(client, location).text
      #expect(report.describe(.added(gift), .undone).hasPrefix("Undid: "))
      #expect(said.has(HTML.escape(report.describe(.added(gift), .undone))))
      #expect(said.has("&lt;b&gt;aunt&lt;/b&gt;") && !said.has("<b>aunt</b>"))
      // So does a redo's.
      let redone = try await mine.post(client, "/redo", ["back": "/month/2025-11?day=2025-11-14"])
      #expect(redone.status == .seeOther)
      let redoneSaid = try await mine.get(client, try #require(redone.headers[.location])).text
      #expect(redoneSaid.has(HTML.escape(report.describe(.added(gift), .redone))))
      #expect(await harness.repository.all.count == 2)
      _ = try await mine.post(client, "/undo", [:])
      #expect(await harness.repository.all == [Self.lunch])

      // My edit, then someone else's: my undo no longer applies and says so.
      _ = try await mine.post(
        client, "/entries/e1",
        [
          "kind": "expense", "amount": "13000", "category": "food", "memo": "lunch",
          "date": "2025-11-10", "version": "\(Self.lunch.webVersion)",
        ])
      let mineNow = try #require(await harness.repository.all.first)
      var theirsNow = mineNow
      theirsNow.memo = "theirs"
      theirsNow.updatedAt = mineNow.updatedAt.addingTimeInterval(5)
      try await harness.repository.update(mineNow, to: theirsNow)
      let refused = try await mine.post(client, "/undo", [:])
      #expect(refused.status == .conflict)
      // It names the step and the entry as the other window left it, as the REPL does.
      let edited = try #require(await harness.repository.all.first)
      #expect(
        refused.text.has(
          HTML.escape(
            report.stepDropped(
              .edited(before: Self.lunch, after: mineNow), current: edited, undoing: true))))
      #expect(await harness.repository.all == [theirsNow])
    }
  }
}
