import Foundation
import HannunData
import HannunDomain
import HannunTestSupport
import HannunWebTesting
import Testing

@testable import HannunWeb

#if canImport(Glibc)
  import Glibc
#endif

@Suite("The page while another process holds the ledger's lock")
struct LockHeldPageTests {
  @Test(
    "the month page answers within seconds, naming the holder's pid, instead of waiting",
    .timeLimit(.minutes(10)))
  func pageNamesHolder() async throws {
    let folder = try TemporaryFolder(prefix: "hannun-web-lock")
    let directory = folder.appending("data")
    let served = try await JSONFileTransactionStore.open(
      directory: directory, requestedCurrency: .krw, defaultCurrency: .krw,
      lockWait: LockWaitLimits(reading: .milliseconds(300), writing: .milliseconds(600)))
    try await served.insert(Transaction.fixture(id: "f1", day: "2025-11-14", amount: 1_000))
    let server = await WebServer(
      repository: served, currency: .krw, clock: .fixed(at: Fixtures.day("2025-11-14")),
      configuration: WebServer.Configuration(listen: ListenAddress(host: "127.0.0.1", port: 80)))
    let ledger = directory.appending(path: "ledger").path(percentEncoded: false)
    let held = try #require(
      try await POSIXFiles.lock(directory: ledger, exclusive: true, waitingAtMost: .seconds(1)))
    let page = try await server.application().test(.router) { client in
      var browser = Browser()
      return try await browser.get(client, "/").text
    }
    // The lock is still held here, so a page at all is an answer instead of a wait (about a
    // second on a quiet machine). No bound on the time: beside the suite's long property tests
    // on two cores, this task waited its turn for over two minutes; the time limit above only
    // stops a wait that never ends.
    held.release()
    #expect(page.contains("pid \(getpid())"), "\(page)")
    let after = try await server.application().test(.router) { client in
      var browser = Browser()
      return try await browser.get(client, "/").text
    }
    #expect(after.contains("₩1,000") && !after.contains("pid \(getpid())"), "\(after)")
  }
}
