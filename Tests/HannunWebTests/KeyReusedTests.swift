import Foundation
import HannunDomain
import HannunTestSupport
import HannunWebTesting
import Testing

@testable import HannunWeb

@Suite("A used idempotency key sent with a different submission is refused, not dropped")
struct KeyReusedTests {
  static let first = [
    "kind": "expense", "amount": "777", "category": "food", "memo": "",
    "date": "2025-11-10", "month": "2025-11",
  ]

  /// Checks that `refused` is the add form typed back (422, the used key named, amount 999 and
  /// memo 두 번째 kept) under a new key, and returns that key.
  static func typedBack(_ refused: TestResponse, language: String, usedKey: String) throws
    -> String
  {
    #expect(refused.status == .unprocessableContent)
    let text = WebText(language: language == "en" ? .english : .korean)
    #expect(refused.text.errorText == HTML.escape(text.keyUsedForAnother))
    #expect(refused.text.inputValue("amount") == "999")
    #expect(refused.text.inputValue("memo") == "두 번째")
    let fresh = try #require(refused.text.inputValue("key"))
    #expect(fresh != usedKey)
    return fresh
  }

  @Test(
    "another entry under a used key comes back typed, with a fresh key and the message",
    arguments: ["ko", "en"])
  func differentSubmission(language: String) async throws {
    let harness = await WebHarness()
    try await harness.test { client in
      var browser = Browser(language: language)
      let page = try await browser.get(client, "/month/2025-11")
      let key = try #require(page.text.inputValue("key"))
      var fields = Self.first
      fields["key"] = key
      #expect(try await browser.post(client, "/entries", fields).status == .seeOther)
      var other = fields
      other["amount"] = "999"
      other["category"] = "other"
      other["memo"] = "두 번째"
      let refused = try await browser.post(client, "/entries", other)
      let fresh = try Self.typedBack(refused, language: language, usedKey: key)
      #expect(refused.text.inputValue("category") == "other")
      #expect(refused.text.inputValue("date") == "2025-11-10")
      #expect(IdempotencyKey.id(fresh) != nil)
      #expect(await harness.repository.all.map(\.amount.minorUnits) == [777])
      // Sent again as the page now stands, it saves once.
      other["key"] = fresh
      #expect(try await browser.post(client, "/entries", other).status == .seeOther)
      #expect(try await browser.post(client, "/entries", other).status == .seeOther)
      #expect(await harness.repository.all.map(\.amount.minorUnits).sorted() == [777, 999])
    }
  }

  @Test(
    "a key whose outcome was forgotten (no outcomes' file, a restart) but whose entry is in the ledger: another submission comes back typed, the same one lands as saved",
    arguments: ["ko", "en"])
  func forgottenKey(language: String) async throws {
    let harness = await WebHarness()
    try await harness.test { client in
      var browser = Browser(language: language)
      let key = try #require(try await browser.get(client, "/month/2025-11").text.inputValue("key"))
      // Saved under the key before a restart that kept no record of the form's outcome.
      try await harness.repository.insert(
        .fixture(id: key, day: "2025-11-10", amount: 777, category: "food", memo: ""))
      var other = Self.first
      other["key"] = key
      other["amount"] = "999"
      other["memo"] = "두 번째"
      let refused = try await browser.post(client, "/entries", other)
      _ = try Self.typedBack(refused, language: language, usedKey: key)
      #expect(await harness.repository.all.map(\.amount.minorUnits) == [777])
      // The first submission sent again: already saved, nothing written.
      var same = Self.first
      same["key"] = key
      let again = try await browser.post(client, "/entries", same)
      #expect(again.status == .seeOther)
      #expect(await harness.repository.all.count == 1)
    }
  }

  @Test(
    "a household form sent again with other values under its used key (back, change, send) is a new write, itself made once"
  )
  func householdFormChanged() async throws {
    let harness = await WebHarness()
    try await harness.test { client in
      var browser = Browser()
      let page = try await browser.get(client, "/recurring").text
      let key = try #require(page.formKey("/recurring"))
      var fields = [
        "schedule": "monthly", "when": "25", "kind": "expense", "amount": "65만",
        "category": "rent", "memo": "", "from": "2025-11-01", "key": key,
      ]
      #expect(try await browser.post(client, "/recurring", fields).status == .seeOther)
      fields["amount"] = "5만"
      fields["category"] = "phone"
      let changed = try await browser.post(client, "/recurring", fields)
      #expect(changed.status == .seeOther)
      // Its retry, and the first submission's, are answered without writing again.
      #expect(try await browser.post(client, "/recurring", fields).status == .seeOther)
      fields["amount"] = "65만"
      fields["category"] = "rent"
      #expect(try await browser.post(client, "/recurring", fields).status == .seeOther)
      let rules = try await harness.repository.recurringPlan().rules
      #expect(rules.map(\.category).sorted() == ["phone", "rent"])
    }
  }

  @Test("the same submission sent again under its key, spaces and empty fields aside, saves once")
  func sameSubmission() async throws {
    let harness = await WebHarness()
    try await harness.test { client in
      var browser = Browser()
      let key = try #require(try await browser.get(client, "/month/2025-11").text.inputValue("key"))
      var fields = Self.first
      fields["key"] = key
      let first = try await browser.post(client, "/entries", fields)
      // As the offline queue sends it: every add field, an empty one too.
      fields["amount"] = " 777 "
      fields["extra"] = ""
      let again = try await browser.post(client, "/entries", fields)
      #expect(again.status == .seeOther)
      #expect(again.headers[.location] == first.headers[.location])
      #expect(await harness.repository.all.count == 1)
    }
  }

  @MainActor
  @Test("each key's digest outlives a restart, in the outcomes' file as appended and as rewritten")
  func digestKept() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("key-reused-" + UUID().uuidString).path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let file = folder + "/outcomes"
    let digest = WriteOutcomes.digest(of: FormBody(fields: ["amount": "777", "csrf": "a"]))
    let other = WriteOutcomes.digest(of: FormBody(fields: ["amount": "999", "csrf": "a"]))
    let retried = FormBody(fields: ["amount": " 777 ", "csrf": "b", "key": "x", "memo": ""])
    #expect(WriteOutcomes.digest(of: retried) == digest)
    #expect(other != digest)
    let outcomes = WriteOutcomes(capacity: 2, file: file)
    _ = await outcomes.once("k1", digest: digest) { _ in .seeOther("/day/2025-11-10") }
    #expect(outcomes.differs("k1", digest: other))
    #expect(WriteOutcomes(capacity: 2, file: file).differs("k1", digest: other))
    #expect(!WriteOutcomes(capacity: 2, file: file).differs("k1", digest: digest))
    // Two more writes rewrite the file (twice the capacity in lines), keeping k2 and k3.
    _ = await outcomes.once("k2", digest: digest) { _ in .seeOther("/") }
    _ = await outcomes.once("k3", digest: digest) { _ in .seeOther("/") }
    let reread = WriteOutcomes(capacity: 2, file: file)
    #expect(reread.differs("k2", digest: other))
    #expect(reread.differs("k3", digest: other))
    #expect(!reread.differs("k3", digest: digest))
    #expect(!reread.differs("k1", digest: other))
  }
}
