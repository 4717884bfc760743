import Foundation
import HannunDomain
import HannunTestSupport
import HannunWebTesting
import Testing

@testable import HannunWeb

/// The web's categories were all time only, where `hannun categories` and the REPL's take a month,
/// a year or a span.
@Suite("The web's categories of a span")
struct CategoriesSpanPageTests {
  static let entries = [
    Transaction.fixture(id: "o1", day: "2025-10-03", amount: 7_000, category: "taxi"),
    Transaction.fixture(id: "n1", day: "2025-11-05", amount: 12_000, category: "food"),
    Transaction.fixture(id: "n2", day: "2025-11-06", amount: 3_000, category: "food"),
  ]

  @Test("from and to list that span's categories; without them, all time")
  func span() async throws {
    let harness = await WebHarness(Self.entries)
    try await harness.test { client in
      var browser = Browser()
      let all = try await browser.get(client, "/categories").text
      #expect(all.has("data-category=\"taxi\"") && all.has("data-category=\"food\""))
      #expect(!all.has("id=\"all-time\""))
      // The form sent with both months blank is all time too.
      let blank = try await browser.get(client, "/categories?from=&to=").text
      #expect(blank.has("data-category=\"taxi\"") && blank.has("data-category=\"food\""))
      let october = try await browser.get(client, "/categories?from=2025-10&to=2025-10").text
      #expect(october.has("data-category=\"taxi\"") && !october.has("data-category=\"food\""))
      #expect(october.inputValue("from") == "2025-10")
      #expect(october.has("<a id=\"all-time\" href=\"/categories\">all time</a>"), "\(october)")
      let november = try await browser.get(client, "/categories?from=2025-11").text
      #expect(november.has("<td class=\"out\">₩15,000</td><td>2</td>"), "\(november)")
      #expect(!november.has("data-category=\"taxi\""))
      let refused = try await browser.get(client, "/categories?from=2025-13")
      #expect(refused.status == .unprocessableContent)
      #expect(refused.text.errorText?.contains("2025-13") == true)
    }
  }
}
