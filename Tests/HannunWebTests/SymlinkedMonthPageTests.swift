import Foundation
import HannunData
import HannunDomain
import HannunPresentation
import HannunTestSupport
import HannunWebTesting
import Testing

@testable import HannunWeb

@Suite("The month page of a month whose file is a symbolic link")
struct SymlinkedMonthPageTests {
  @Test(
    "the page says the linked file's sentence in the page's language",
    arguments: [DisplayLanguage.english, .korean])
  func pageSaysTheSentence(language: DisplayLanguage) async throws {
    let folder = try TemporaryFolder(prefix: "hannun-web-link")
    let directory = folder.appending("data")
    let store = try await JSONFileTransactionStore.open(
      directory: directory, requestedCurrency: .krw, defaultCurrency: .krw)
    try await store.insert(Transaction.fixture(id: "f1", day: "2025-11-14", amount: 1_000))
    let month = directory.appending(path: "ledger/2025/2025-11.json")
    let outside = folder.appending("elsewhere.json")
    try FileManager.default.moveItem(at: month, to: outside)
    try FileManager.default.createSymbolicLink(at: month, withDestinationURL: outside)
    let server = try await fileLedgerServer(directory, language: language)
    let page = try await server.application().test(.router) { client in
      var browser = Browser()
      return try await browser.get(client, "/").text
    }
    let sentence = language.messages.describe(FileProblem.symbolicLinkFile)
    #expect(page.contains(HTML.escape(sentence)), "\(page)")
    #expect(!page.contains("₩1,000"), "\(page)")
  }
}
