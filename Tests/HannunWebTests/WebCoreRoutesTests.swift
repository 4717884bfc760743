import Foundation
import HannunDomain
import HannunKit
import HannunPresentation
import HannunTestSupport
import Testing

@testable import HannunWeb

/// The web renders the application core: each browser works in its own `LedgerSession`, a page
/// opens that session's route on its coordinator (a deep link) and draws it, and undo and redo
/// are the coordinator's.
@Suite("The web draws the core's routes")
struct WebCoreRoutesTests {
  static let entries = [
    Transaction.fixture(id: "a1", day: "2025-11-03", amount: 4_500, category: "cafe"),
    Transaction.fixture(id: "a10", day: "2025-11-05", amount: 12_000, category: "food"),
  ]

  /// The coordinator of the browser whose cookie `browser` holds.
  @MainActor
  private static func coordinator(_ harness: WebHarness, _ browser: Browser) -> AppCoordinator? {
    browser.cookies[WebCookie.browser].flatMap {
      harness.server.ledger.devices.existing(for: $0)?.coordinator
    }
  }

  /// The kind of the route on top of the browser's coordinator, or `nil`.
  @MainActor
  private static func top(_ harness: WebHarness, _ browser: Browser) -> Route.Kind? {
    coordinator(harness, browser)?.top?.kind
  }

  @Test("the edit and delete pages open the browser's form and question routes on the entry")
  func deepLinks() async throws {
    let harness = await WebHarness(Self.entries)
    try await harness.test { client in
      var browser = Browser(language: "en")
      _ = try await browser.get(client, "/")  // a browser's first request keeps no device
      let edit = try await browser.get(client, "/entries/a1/edit")
      #expect(edit.status == .ok)
      #expect(edit.text.inputValue("amount") == "4500")
      let form = await Self.top(harness, browser)
      #expect(form == .transactionForm(.edit(TransactionID("a1"))))
      let question = try await browser.get(client, "/entries/a10/delete")
      #expect(question.status == .ok)
      let asked = await Self.top(harness, browser)
      #expect(asked == .deleteConfirmation(TransactionID("a10")))
      // An address names an entry by its whole id, never a prefix of another's.
      let missing = try await browser.get(client, "/entries/a/edit")
      #expect(missing.status == .notFound)
      #expect(await Self.top(harness, browser) == nil)
    }
  }

  @Test("undo and redo are the browser's coordinator's: its own steps, and only when it has one")
  func undoRedo() async throws {
    let harness = await WebHarness(Self.entries)
    try await harness.test { client in
      var writer = Browser(language: "en")
      var other = Browser(language: "en")
      _ = try await writer.get(client, "/")
      _ = try await other.get(client, "/")
      let fields = ["kind": "expense", "amount": "7000", "category": "taxi", "date": "2025-11-12"]
      let added = try await writer.post(client, "/entries", fields)
      #expect(added.status == .seeOther)
      #expect(await Self.coordinator(harness, writer)?.canUndo == true)
      #expect(await Self.coordinator(harness, writer)?.canRedo == false)
      // Another browser has nothing of its own to undo.
      let refused = try await other.post(client, "/undo", [:])
      #expect(refused.status == .conflict)
      #expect(refused.text.errorText == "There is nothing to undo")
      #expect(try await harness.repository.transaction(withID: TransactionID("w1")) != nil)
      let undone = try await writer.post(client, "/undo", [:])
      #expect(undone.status == .seeOther)
      #expect(try await harness.repository.transaction(withID: TransactionID("w1")) == nil)
      #expect(await Self.coordinator(harness, writer)?.canUndo == false)
      #expect(await Self.coordinator(harness, writer)?.canRedo == true)
      let redone = try await writer.post(client, "/redo", [:])
      #expect(redone.status == .seeOther)
      #expect(try await harness.repository.transaction(withID: TransactionID("w1")) != nil)
      #expect(await Self.coordinator(harness, writer)?.canRedo == false)
    }
  }

  @Test("changing one occurrence opens the browser's due list route on it")
  func dueList() async throws {
    let harness = await WebHarness(Self.entries)
    await harness.repository.replacePlanUnannounced(
      .fixture([.fixture(id: 1, amount: 650_000, category: "rent", from: "2025-10-01")]))
    try await harness.test { client in
      var browser = Browser(language: "en")
      _ = try await browser.get(client, "/")
      let page = try await browser.get(client, "/due/change?rule=r1&date=2025-10-25")
      #expect(page.status == .ok)
      #expect(page.text.inputValue("amount") == "650000")
      #expect(await Self.top(harness, browser) == .dueList)
      let none = try await browser.get(client, "/due/change?rule=r1&date=2025-10-26")
      #expect(none.status == .notFound)
      #expect(await Self.top(harness, browser) == nil)
    }
  }

  @Test("each household page opens the browser's route of that screen and draws it")
  func householdRoutes() async throws {
    let harness = await WebHarness(Self.entries)
    try await harness.test { client in
      var browser = Browser(language: "en")
      _ = try await browser.get(client, "/")
      let pages: [(String, Route.Kind, String)] = [
        ("/budgets?month=2025-11", .budgets, "<h1 id=\"title\">Budgets</h1>"),
        ("/recurring", .recurringRules, "There are no recurring rules"),
        ("/search?q=food", .search, "food"),
        ("/categories", .categories, "cafe"),
        ("/report?from=2025-11", .report(.totals), "₩16,500"),
        ("/year?year=2025", .year, "₩16,500"),
        ("/moods?from=2025-11", .report(.moods), "<h1"),
      ]
      for (address, kind, drawn) in pages {
        let page = try await browser.get(client, address)
        #expect(page.status == .ok, "\(address)")
        #expect(page.text.has(drawn), "\(address)")
        #expect(await Self.top(harness, browser) == kind, "\(address)")
      }
    }
  }

  @Test("a mood set on the page is the day's mood route's intent and one undo step")
  func mood() async throws {
    let harness = await WebHarness(Self.entries)
    try await harness.test { client in
      var browser = Browser(language: "en")
      _ = try await browser.get(client, "/")
      let set = try await browser.post(
        client, "/moods", ["day": "2025-11-03", "mood": "joy", "note": "payday"])
      #expect(set.status == .seeOther)
      #expect(await Self.top(harness, browser) == .dayMood(Fixtures.day("2025-11-03")))
      #expect(await Self.coordinator(harness, browser)?.canUndo == true)
      let day = Fixtures.day("2025-11-03")
      let stored = try await harness.repository.moods(in: day...day)[day]
      #expect(stored?.note == "payday")
      _ = try await browser.post(client, "/undo", [:])
      #expect(try await harness.repository.moods(in: day...day).isEmpty)
    }
  }

  @Test("device sessions are kept up to the capacity, the least recently used forgotten first")
  @MainActor
  func leastRecentlyUsed() async throws {
    let root = await LedgerSession(
      repository: InMemoryTransactionRepository(), currency: .krw,
      clock: .fixed(at: WebHarness.today), startsCalendar: false)
    let devices = WebDevices(root: root, makeID: TransactionID.random, capacity: 2)
    let first = devices.session(for: "a")
    _ = devices.session(for: "b")
    #expect(devices.session(for: "a") === first)
    _ = devices.session(for: "c")
    #expect(devices.existing(for: "b") == nil)
    #expect(devices.existing(for: "a") === first)
    #expect(devices.existing(for: "c") != nil)
    #expect(first.changes === root.changes)
  }
}
