import Foundation
import HannunData
import HannunDomain
import HannunTestSupport
import HummingbirdTesting
import Testing

@testable import HannunWeb

#if canImport(Glibc)
  import Glibc
#endif

@Suite("The page while another process holds the ledger's lock")
struct LockHeldPageTests {
  @Test(
    "the month page answers within seconds, naming the holder's pid, instead of waiting",
    .timeLimit(.minutes(2)))
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
    let (page, elapsed) = try await server.application().test(.router) { client in
      var browser = Browser()
      let start = ContinuousClock.now
      let text = try await browser.get(client, "/").text
      return (text, ContinuousClock.now - start)
    }
    held.release()
    #expect(page.contains("pid \(getpid())"), "\(page)")
    // About a second on a quiet machine. The bound only tells an answer from an endless wait:
    // beside the suite's long property tests, this task may wait its turn for tens of seconds.
    #expect(elapsed < .seconds(90), "the page took \(elapsed)")
    let after = try await server.application().test(.router) { client in
      var browser = Browser()
      return try await browser.get(client, "/").text
    }
    #expect(after.contains("₩1,000") && !after.contains("pid \(getpid())"), "\(after)")
  }
}
