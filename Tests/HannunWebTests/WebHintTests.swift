import Foundation
import HannunDomain
import HannunTestSupport
import Testing

@testable import HannunWeb

/// A web message that points to what to do next names the page that does it, as a link, in the
/// page's language; never the command line's `hannun …`.
@Suite("The web's hints are links to its pages")
struct WebHintTests {
  @Test("removing a rule that does not exist points to the Recurring page, in both languages")
  func unknownRule() async throws {
    let harness = await WebHarness()
    try await harness.test { client in
      for (language, expected) in [
        (
          "en",
          "no recurring rule &#39;r9&#39;; <a href=\"/recurring\">the Recurring page</a> shows "
            + "the rules"
        ),
        ("ko", "&#39;r9&#39; 규칙이 없습니다. <a href=\"/recurring\">반복 항목 페이지</a>로 규칙을 확인하세요"),
      ] {
        var browser = Browser(language: language)
        _ = try await browser.get(client, "/recurring")
        let removed = try await browser.post(client, "/recurring/remove", ["rule": "r9"])
        #expect(removed.status == .seeOther)
        let page = try await browser.get(client, try #require(removed.headers[.location])).text
        #expect(page.has(expected), "\(page)")
        #expect(!page.has("hannun recurring"))
      }
    }
  }

  @Test("a rename onto a category with a budget in the same month points to the Budgets page")
  func mergeBlockedByBudget() async throws {
    let harness = await WebHarness([
      .fixture(id: "a1", day: "2025-11-03", amount: 4_500, category: "cafe"),
      .fixture(id: "a2", day: "2025-11-05", amount: 12_000, category: "coffee"),
    ])
    await harness.repository.replaceBudgetPlanUnannounced(
      .fixture([("cafe", "2025-11", 5_000), ("coffee", "2025-11", 9_000)]))
    try await harness.test { client in
      var browser = Browser(language: "en")
      _ = try await browser.get(client, "/categories")
      let refused = try await browser.post(
        client, "/categories/rename", ["old": "cafe", "new": "coffee"])
      #expect(refused.status == .unprocessableContent)
      #expect(refused.text.has("<a href=\"/budgets\">the Budgets page</a>"), "\(refused.text)")
      #expect(!refused.text.has("hannun budget"))
    }
  }
}
