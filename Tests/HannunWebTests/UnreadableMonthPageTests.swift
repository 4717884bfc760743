import Foundation
import HannunData
import HannunDomain
import HannunPresentation
import HannunTestSupport
import HannunWebTesting
import Testing

@testable import HannunWeb

/// The month page of a month whose file is lost: the header, the cells and the day say that its
/// totals are unavailable rather than ₩0; the month beside it keeps its totals.
@Suite("The month page of an unreadable month")
struct UnreadableMonthPageTests {
  /// The pages at `paths`, from a file store with ₩5,000 on 3 October and ₩7,000 on
  /// 1 November, October's file then removed.
  private func pages(_ paths: [String], language: DisplayLanguage) async throws -> [String] {
    let folder = try TemporaryFolder(prefix: "hannun-web-lost")
    let directory = folder.appending("data")
    let store = try await JSONFileTransactionStore.open(
      directory: directory, requestedCurrency: .krw, defaultCurrency: .krw)
    try await store.insert(Transaction.fixture(id: "o1", day: "2025-10-03", amount: 5_000))
    try await store.insert(Transaction.fixture(id: "n1", day: "2025-11-01", amount: 7_000))
    try FileManager.default.removeItem(at: directory.appending(path: "ledger/2025/2025-10.json"))
    let server = try await fileLedgerServer(directory, language: language)
    return try await server.application().test(.router) { client in
      var browser = Browser()
      var pages: [String] = []
      for path in paths { pages.append(try await browser.get(client, path).text) }
      return pages
    }
  }

  @Test(
    "the lost month's totals, cells and day are unavailable, not ₩0",
    arguments: [DisplayLanguage.english, .korean])
  func lostMonth(language: DisplayLanguage) async throws {
    let unavailable = language == .korean ? "합계를 알 수 없음" : "Totals unavailable"
    let pages = try await pages(
      [
        "/month/2025-10?day=2025-10-03", "/month/2025-11?day=2025-11-01",
        "/month/2025-11?day=2025-11-01&shape=week",
      ], language: language)
    let october = pages[0]
    #expect(october.contains("role=\"alert\""), "the reason is named: \(october)")
    #expect(!october.contains("₩0"), "\(october)")
    #expect(!october.contains("<dd id=\"income\""), "\(october)")
    #expect(october.contains(">\(unavailable)<"), "\(october)")
    #expect(!october.contains(HTML.escape(language.noEntriesLabel)), "\(october)")
    #expect(october.components(separatedBy: "<span class=\"unreadable\"").count - 1 == 31)
    let november = pages[1]
    #expect(november.contains("<dd id=\"expense\" class=\"out\">₩7,000</dd>"), "\(november)")
    #expect(!november.contains("class=\"unreadable\""), "\(november)")
    // The week of 26 October to 1 November: its total is unknown, 1 November's amount is not.
    let week = pages[2]
    #expect(week.contains(">\(unavailable)<"), "\(week)")
    #expect(!week.contains("<dd id=\"expense\""), "\(week)")
    #expect(week.contains("title=\"₩7,000\">-7,000</span>"), "\(week)")
    #expect(week.components(separatedBy: "<span class=\"unreadable\"").count - 1 == 6)
  }
}
