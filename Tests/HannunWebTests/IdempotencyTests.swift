import Foundation
import HannunDomain
import HannunTestSupport
import HannunWebTesting
import Testing

@testable import HannunWeb

@Suite("Every web write carries an idempotency key: sent twice, saved once")
struct IdempotencyTests {
  static let fields = [
    "kind": "expense", "amount": "3만5천", "category": "시장", "memo": "생선",
    "date": "2025-11-12", "month": "2025-11",
  ]

  @Test("each page's add form has a fresh key of an id's form")
  func freshKeys() async throws {
    let harness = await WebHarness()
    try await harness.test { client in
      var browser = Browser()
      let first = try #require(try await browser.get(client, "/").text.inputValue("key"))
      let second = try #require(try await browser.get(client, "/").text.inputValue("key"))
      #expect(first != second)
      #expect(IdempotencyKey.id(first) != nil)
      #expect(IdempotencyKey.id(second) != nil)
    }
  }

  @Test("the same add posted twice saves one entry, and both answers land on its day")
  func samePostTwice() async throws {
    let harness = await WebHarness()
    try await harness.test { client in
      var browser = Browser()
      let key = try #require(try await browser.get(client, "/").text.inputValue("key"))
      var fields = Self.fields
      fields["key"] = key
      let first = try await browser.post(client, "/entries", fields)
      let second = try await browser.post(client, "/entries", fields)
      #expect(first.status == .seeOther)
      #expect(second.status == .seeOther)
      #expect(second.headers[.location] == first.headers[.location])
      let stored = await harness.repository.all
      #expect(stored.count == 1)
      #expect(stored.first?.id.rawValue == key)
      // Another page's key is another entry.
      let other: String = try #require(try await browser.get(client, "/").text.inputValue("key"))
      fields["key"] = other
      _ = try await browser.post(client, "/entries", fields)
      #expect(await harness.repository.all.count == 2)
    }
  }

  @Test("the same add sent at once from two requests saves one entry")
  func racingPosts() async throws {
    let harness = await WebHarness()
    try await harness.test { client in
      var browser = Browser()
      let key = try #require(try await browser.get(client, "/").text.inputValue("key"))
      let fields = Self.fields.merging(["key": key]) { $1 }
      let sender = browser
      let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
        for _ in 0..<4 {
          group.addTask {
            var copy = sender
            return try await copy.post(client, "/entries", fields).status.code
          }
        }
        return try await group.reduce(into: []) { $0.append($1) }
      }
      #expect(statuses == [303, 303, 303, 303])
      #expect(await harness.repository.all.count == 1)
    }
  }

  @Test("a refused add keeps its key, so sending it again after the fix saves it once")
  func refusedKeepsKey() async throws {
    let harness = await WebHarness()
    try await harness.test { client in
      var browser = Browser()
      let key = try #require(try await browser.get(client, "/").text.inputValue("key"))
      var fields = Self.fields
      fields["key"] = key
      fields["amount"] = "abc"
      let refused = try await browser.post(client, "/entries", fields)
      #expect(refused.status == .unprocessableContent)
      #expect(refused.text.inputValue("key") == key)
      fields["amount"] = "5000"
      _ = try await browser.post(client, "/entries", fields)
      _ = try await browser.post(client, "/entries", fields)
      #expect(await harness.repository.all.map(\.id.rawValue) == [key])
    }
  }

  @Test("a key not of an id's form is no id: the entry gets one of its own")
  func malformedKey() async throws {
    #expect(IdempotencyKey.id("../etc") == nil)
    #expect(IdempotencyKey.id("0abcdefghj") == nil)
    #expect(IdempotencyKey.id("abcdefghiu") == nil)
    #expect(IdempotencyKey.id("abcdefghjk") == TransactionID("abcdefghjk"))
    let harness = await WebHarness()
    try await harness.test { client in
      var browser = Browser()
      _ = try await browser.get(client, "/")
      var fields = Self.fields
      fields["key"] = "<script>"
      #expect(try await browser.post(client, "/entries", fields).status == .seeOther)
      #expect(await harness.repository.all.map(\.id.rawValue) == ["w1"])
    }
  }

  @Test("the same edit sent twice is saved once and the second answer is not a conflict")
  func sameEditTwice() async throws {
    let lunch = Transaction.fixture(
      id: "e1", day: "2025-11-10", amount: 12_000, category: "food", memo: "lunch")
    let harness = await WebHarness([lunch])
    try await harness.test { client in
      var browser = Browser()
      let form = try await browser.get(client, "/entries/e1/edit").text
      let version = try #require(form.inputValue("version"))
      let fields = [
        "kind": "expense", "amount": "13000", "category": "food", "memo": "lunch",
        "date": "2025-11-10", "month": "2025-11", "version": version,
      ]
      #expect(try await browser.post(client, "/entries/e1", fields).status == .seeOther)
      let again = try await browser.post(client, "/entries/e1", fields)
      #expect(again.status == .seeOther)
      #expect(await harness.repository.all.first?.amount == Fixtures.amount(13_000))
      // A different edit on the old version is still a conflict.
      var other = fields
      other["amount"] = "14000"
      #expect(try await browser.post(client, "/entries/e1", other).status == .conflict)
      #expect(await harness.repository.all.first?.amount == Fixtures.amount(13_000))
    }
  }

  @Test("the same undo sent twice reverts one change; the next page's undo reverts the next")
  func sameUndoTwice() async throws {
    let harness = await WebHarness()
    try await harness.test { client in
      var browser = Browser()
      for memo in ["first", "second"] {
        let key = try #require(try await browser.get(client, "/").text.inputValue("key"))
        _ = try await browser.post(
          client, "/entries", Self.fields.merging(["key": key, "memo": memo]) { $1 })
      }
      let page = try await browser.get(client, "/month/2025-11?day=2025-11-12").text
      let undoKey = try #require(
        page.components(separatedBy: "<form id=\"undo\"").last?.inputValue("key"))
      let back = "/month/2025-11?day=2025-11-12"
      let first = try await browser.post(client, "/undo", ["back": back, "key": undoKey])
      let second = try await browser.post(client, "/undo", ["back": back, "key": undoKey])
      #expect(first.status == .seeOther)
      #expect(second.status == .seeOther)
      // Answered as the first was: the same page, saying again what the undo did.
      let location = try #require(second.headers[.location])
      #expect(location.hasPrefix(back + "&said="))
      #expect(try await browser.get(client, location).text.has("Undid: added "))
      #expect(await harness.repository.all.map(\.memo) == ["first"])
      let next = try await browser.get(client, back).text
      let nextKey = try #require(
        next.components(separatedBy: "<form id=\"undo\"").last?.inputValue("key"))
      #expect(nextKey != undoKey)
      _ = try await browser.post(client, "/undo", ["back": back, "key": nextKey])
      #expect(await harness.repository.all.isEmpty)
    }
  }
}
