import Foundation
import HannunDomain
import HannunTestSupport
import HannunWebTesting
import Testing

@testable import HannunWeb

/// The web's search took words and a category only, where `find` takes a kind, a span of days
/// and a span of amounts too; and it drew every match on one page, so a search matching most of
/// a large ledger sent the phone a page of every entry.
@Suite("Search on the web: every filter find has, a page at a time")
struct SearchFiltersPageTests {
  /// 120 entries: an expense each day from 2025-01-01 of 1,000 × its number, and on every tenth
  /// day an income.
  static let entries: [Transaction] = (1...120).flatMap { number -> [Transaction] in
    let day = Fixtures.day("2025-01-01").adding(days: number - 1) ?? Fixtures.day("2025-01-01")
    var made = [
      Transaction.fixture(
        id: "e\(number)", day: day.iso, amount: Int64(number) * 1_000, category: "food",
        memo: "market \(number)")
    ]
    if number % 10 == 0 {
      made.append(
        .fixture(
          id: "i\(number)", day: day.iso, kind: .income, amount: 500_000, category: "pay"))
    }
    return made
  }

  private func count(_ page: String) -> Int {
    page.components(separatedBy: "<li class=\"entry ").count - 1
  }

  @Test("kind, days and amounts narrow the search as find's options do; the form keeps them")
  func filters() async throws {
    let harness = await WebHarness(Self.entries)
    try await harness.test { client in
      var browser = Browser()
      let income = try await browser.get(client, "/search?kind=income").text
      #expect(income.has("12 entries"), "\(income)")
      let span = try await browser.get(
        client, "/search?q=market&from=2025-01-10&to=2025-01-19&min=12000&max=15000"
      ).text
      #expect(span.has("4 entries"), "\(span)")
      #expect(span.inputValue("from") == "2025-01-10" && span.inputValue("min") == "12000")
      #expect(span.has("<option value=\"\" selected>"), "any kind is chosen")
      let korean = try await browser.get(client, "/search?kind=%EC%88%98%EC%9E%85&lang=ko").text
      #expect(korean.has("12건"), "수입 is income: \(korean)")
      // Refused as find refuses them, naming what was typed; no results shown.
      let backwards = try await browser.get(client, "/search?min=5%EB%A7%8C&max=1%EB%A7%8C").text
      #expect(backwards.errorText != nil, "\(backwards)")
      #expect(count(backwards) == 0)
      let badDay = try await browser.get(client, "/search?from=2025-13-01").text
      #expect(badDay.errorText?.contains("2025-13-01") == true, "\(badDay)")
    }
  }

  @Test("results come 50 to a page, with links to the pages before and after that keep the query")
  func pages() async throws {
    let harness = await WebHarness(Self.entries)
    try await harness.test { client in
      var browser = Browser()
      let first = try await browser.get(client, "/search?category=food").text
      #expect(first.has("120 entries"), "the count and totals are of every match")
      #expect(count(first) == 50, "\(count(first))")
      #expect(first.has("href=\"/search?category=food&amp;page=2\""), "\(first)")
      let last = try await browser.get(client, "/search?category=food&page=3").text
      #expect(count(last) == 20)
      #expect(last.has("href=\"/search?category=food&amp;page=2\""))
      #expect(!last.has("page=4"))
      let past = try await browser.get(client, "/search?category=food&page=99").text
      #expect(count(past) == 20, "a page past the last is the last")
    }
  }
}
