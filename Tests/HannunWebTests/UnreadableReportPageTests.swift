import Foundation
import HannunData
import HannunDomain
import HannunPresentation
import HannunTestSupport
import HannunWebTesting
import Testing

@testable import HannunWeb

/// `/report` and `/year` over a ledger whose October 2025 file is lost while the index lists it:
/// a span that only compares with October shows whole; a span holding October answers as the
/// month page and `/search` do (200, the reason in place) and keeps its ‹ › links.
@Suite("The report and year pages over a lost month file")
struct UnreadableReportPageTests {
  /// A served ledger with entries in 2025-10, 2025-11 and 2026-03, October's file removed.
  private func server(_ folder: TemporaryFolder, language: DisplayLanguage) async throws -> (
    WebServer, lost: String, comparison: String
  ) {
    let directory = folder.appending("data")
    let store = try await JSONFileTransactionStore.open(
      directory: directory, requestedCurrency: .krw, defaultCurrency: .krw)
    try await store.insert(Transaction.fixture(id: "o1", day: "2025-10-03", amount: 5_000))
    try await store.insert(Transaction.fixture(id: "n1", day: "2025-11-03", amount: 7_000))
    try await store.insert(Transaction.fixture(id: "m1", day: "2026-03-03", amount: 9_000))
    let october = directory.appending(path: "ledger/2025/2025-10.json")
    try FileManager.default.removeItem(at: october)
    let server = try await fileLedgerServer(directory, language: language)
    let error = LedgerError.unreadableFile(
      path: october.path,
      reason: .missingMonthFile(indexFolder: directory.appending(path: "ledger/index").path))
    let october2025 = try YearMonth(year: 2025, month: 10)
    let comparison = language.messages.comparisonUnavailable(
      against: october2025...october2025, because: error)
    return (
      server, HTML.escape(language.messages.describe(error)), HTML.escape(comparison)
    )
  }

  @Test(
    "November's report shows whole though October, its comparison, is lost",
    arguments: [DisplayLanguage.english, .korean])
  func comparisonLost(language: DisplayLanguage) async throws {
    let folder = try TemporaryFolder(prefix: "hannun-web-report")
    let (server, _, comparison) = try await server(folder, language: language)
    let query = language == .korean ? "&lang=ko" : ""
    let response = try await server.application().test(.router) { client in
      var browser = Browser()
      return try await browser.get(client, "/report?from=2025-11&to=2025-11" + query)
    }
    #expect(response.status == .ok, "\(response.text)")
    #expect(response.text.contains("₩7,000"), "\(response.text)")
    #expect(response.text.contains("id=\"prev\""), "\(response.text)")
    #expect(
      response.text.contains(comparison), "says why October is not compared: \(response.text)")
  }

  @Test(
    "a report or year holding the lost month answers 200 with the reason, and its ‹ › stay",
    arguments: [DisplayLanguage.english, .korean])
  func ownSpanLost(language: DisplayLanguage) async throws {
    let folder = try TemporaryFolder(prefix: "hannun-web-report")
    let (server, lost, _) = try await server(folder, language: language)
    let query = language == .korean ? "&lang=ko" : ""
    let pages = try await server.application().test(.router) { client in
      var browser = Browser()
      return [
        try await browser.get(client, "/report?from=2025-10&to=2025-10" + query),
        try await browser.get(client, "/year?year=2025" + query),
      ]
    }
    for page in pages {
      #expect(page.status == .ok, "\(page.text)")
      #expect(page.text.contains(lost), "\(page.text)")
      #expect(page.text.contains("id=\"prev\""), "\(page.text)")
      #expect(page.text.contains("id=\"next\""), "\(page.text)")
    }
    #expect(pages[0].text.contains("/report?from=2025-09&amp;to=2025-09"), "\(pages[0].text)")
    #expect(pages[1].text.contains("/year?year=2024"), "\(pages[1].text)")
  }

  @Test("the year after the lost month shows whole")
  func yearAfter() async throws {
    let folder = try TemporaryFolder(prefix: "hannun-web-report")
    let (server, lost, _) = try await server(folder, language: .english)
    let response = try await server.application().test(.router) { client in
      var browser = Browser()
      return try await browser.get(client, "/year?year=2026")
    }
    #expect(response.status == .ok, "\(response.text)")
    #expect(response.text.contains("₩9,000"), "\(response.text)")
    #expect(!response.text.contains(lost), "\(response.text)")
  }
}
