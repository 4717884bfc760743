import Foundation
import HannunDomain
import HannunTestSupport
import HannunWebTesting
import Testing

@testable import HannunWeb

/// The phone could add and remove a recurring rule but not change one (the rent going up meant a
/// rule removed and added again, its skips and changes lost), which the REPL and the command
/// line do through the same rule form.
@Suite("A recurring rule changed on the web")
struct RuleEditPageTests {
  static let rent = RecurringRule.fixture(
    id: 1, amount: 650_000, category: "<b>rent</b>", from: "2025-11-01")

  /// The edit form's fields as a browser sends them back unchanged, with what it was opened on.
  private func fields(_ page: String) -> [String: String] {
    func value(_ name: String) -> String {
      var text = page.inputValue(name) ?? ""
      for (entity, character) in [
        ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&"),
      ] {
        text = text.replacingOccurrences(of: entity, with: character)
      }
      return text
    }
    var fields: [String: String] = [:]
    for name in ["when", "amount", "category", "memo", "from", "until"] {
      fields[name] = value(name)
      fields["was-" + name] = value("was-" + name)
    }
    // The radio buttons: the page checks the rule's own.
    for name in ["schedule", "kind"] {
      fields[name] = value("was-" + name)
      fields["was-" + name] = value("was-" + name)
    }
    return fields
  }

  @Test("each rule links to its form, which shows the rule's fields as they are typed")
  func form() async throws {
    let harness = await WebHarness()
    await harness.repository.replacePlanUnannounced(.fixture([Self.rent]))
    try await harness.test { client in
      var browser = Browser()
      let list = try await browser.get(client, "/recurring").text
      #expect(list.has("<a class=\"edit\" href=\"/recurring/r1/edit\">Edit</a>"), "\(list)")
      let page = try await browser.get(client, "/recurring/r1/edit").text
      #expect(page.has("<form id=\"edit-rule\" method=\"post\" action=\"/recurring/r1/edit\">"))
      #expect(page.has("Change rule r1"))
      let values = fields(page)
      #expect(values["when"] == "25" && values["amount"] == "650,000", "\(values)")
      #expect(values["category"] == "<b>rent</b>" && values["from"] == "2025-11-01")
      #expect(values["until"] == "" && values["schedule"] == "monthly")
      #expect(!page.has("<b>rent</b>") && page.has("value=\"&lt;b&gt;rent&lt;/b&gt;\""))
      #expect(page.has("value=\"monthly\" checked"))
      let missing = try await browser.get(client, "/recurring/r9/edit")
      #expect(missing.status == .notFound)
    }
  }

  @Test("only the fields changed on the form are written; another window's change stays")
  func changedFieldsOnly() async throws {
    let harness = await WebHarness()
    await harness.repository.replacePlanUnannounced(.fixture([Self.rent]))
    try await harness.test { client in
      var browser = Browser()
      var values = fields(try await browser.get(client, "/recurring/r1/edit").text)
      // Another window renames the category after the form was opened.
      let renamed = RecurringRule.fixture(
        id: 1, amount: 650_000, category: "housing", from: "2025-11-01")
      await harness.repository.replacePlanUnannounced(.fixture([renamed]))
      values["amount"] = "70만"
      values["until"] = "2026-12-31"
      let saved = try await browser.post(client, "/recurring/r1/edit", values)
      #expect(saved.status == .seeOther)
      let rule = try #require(try await harness.repository.recurringPlan().rules.first)
      #expect(rule.amount == Fixtures.amount(700_000))
      #expect(rule.category == "housing", "the other window's change is kept")
      #expect(rule.end == Fixtures.day("2026-12-31"))
      let after = try await browser.get(client, try #require(saved.headers[.location])).text
      #expect(after.has("Changed recurring rule r1"), "\(after)")
      // Sent again (a lost answer), it sets the same fields again: nothing else changes.
      let again = try await browser.post(client, "/recurring/r1/edit", values)
      #expect(again.status == .seeOther)
      #expect(try await harness.repository.recurringPlan().rules == [rule])
      // The last day emptied is no end.
      var open = fields(try await browser.get(client, "/recurring/r1/edit").text)
      open["until"] = ""
      _ = try await browser.post(client, "/recurring/r1/edit", open)
      #expect(try await harness.repository.recurringPlan().rules.first?.end == nil)
    }
  }

  @Test("a refused value shows the form again as typed, in the user's language; nothing written")
  func refused() async throws {
    let harness = await WebHarness()
    await harness.repository.replacePlanUnannounced(.fixture([Self.rent]))
    try await harness.test { client in
      var browser = Browser()
      var values = fields(try await browser.get(client, "/recurring/r1/edit").text)
      values["amount"] = "12a"
      let refused = try await browser.post(client, "/recurring/r1/edit", values)
      #expect(refused.status == .unprocessableContent)
      #expect(refused.text.errorText?.contains("12a") == true, "\(refused.text)")
      #expect(refused.text.inputValue("amount") == "12a")
      #expect(refused.text.inputValue("was-amount") == "650,000")
      #expect(try await harness.repository.recurringPlan().rules == [Self.rent])
      browser.language = "ko"
      browser.cookies["hannun_lang"] = "ko"
      values["amount"] = "650,000"
      values["until"] = "2025-01-01"
      let korean = try await browser.post(client, "/recurring/r1/edit", values)
      #expect(korean.status == .unprocessableContent)
      #expect(korean.text.has("r1 규칙 고치기"), "\(korean.text)")
      #expect(try await harness.repository.recurringPlan().rules == [Self.rent])
    }
  }
}
