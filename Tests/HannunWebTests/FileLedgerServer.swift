import Foundation
import HannunData
import HannunDomain
import HannunPresentation
import HannunTestSupport

@testable import HannunWeb

/// A server on loopback over the ledger files in `directory`, as they are now (a month file
/// deleted or made a link by the test first), in won, on Friday 2025-11-14.
/// - Parameters:
///   - directory: The data directory.
///   - language: The pages' language.
func fileLedgerServer(_ directory: URL, language: DisplayLanguage) async throws -> WebServer {
  let served = try await JSONFileTransactionStore.open(
    directory: directory, requestedCurrency: .krw, defaultCurrency: .krw)
  return await WebServer(
    repository: served, currency: .krw, clock: .fixed(at: Fixtures.day("2025-11-14")),
    configuration: WebServer.Configuration(
      listen: ListenAddress(host: "127.0.0.1", port: 80), language: language))
}
