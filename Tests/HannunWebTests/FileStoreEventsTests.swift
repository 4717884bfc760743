import Foundation
import HannunData
import HannunDomain
import HannunKit
import HannunTestSupport
import HannunWebTesting
import Testing

@testable import HannunWeb

@Suite("Live updates from another store on the same directory")
struct FileStoreEventsTests {
  // Generous: in the whole suite, processes run by the end-to-end tests can keep this test's
  // tasks waiting for a long time; alone it takes a fraction of a second.
  @Test(
    "a write by a second file store (another process) reaches /events and the page",
    .timeLimit(.minutes(5)))
  func secondStore() async throws {
    let folder = try TemporaryFolder(prefix: "hannun-web-events")
    let directory = folder.appending("data")
    let served = try await JSONFileTransactionStore.open(
      directory: directory, requestedCurrency: .krw, defaultCurrency: .krw)
    let other = try await JSONFileTransactionStore.open(
      directory: directory, requestedCurrency: .krw, defaultCurrency: .krw)
    try await served.insert(Transaction.fixture(id: "f1", day: "2025-11-14", amount: 1_000))
    var configuration = WebServer.Configuration(
      listen: ListenAddress(host: "127.0.0.1", port: 80))
    configuration.eventLimit = 1
    let server = await WebServer(
      repository: served, currency: .krw, clock: .fixed(at: Fixtures.day("2025-11-14")),
      configuration: configuration)
    let events = server.events
    let text = try await server.application().test(.router) { client in
      var browser = Browser()
      let before = try await browser.get(client, "/").text
      #expect(before.has("<dd id=\"expense\" class=\"out\">₩1,000</dd>"))
      async let stream = browser.get(client, "/events")
      while await events.listenerCount == 0 { try await Task.sleep(for: .milliseconds(5)) }
      try await other.insert(Transaction.fixture(id: "f2", day: "2025-11-14", amount: 2_000))
      let said = try await stream.text
      var reader = Browser()
      let after = try await reader.get(client, "/").text
      #expect(after.has("<dd id=\"expense\" class=\"out\">₩3,000</dd>"))
      return said
    }
    #expect(text.contains("event: ledger\ndata: 1\n\n"))
  }
  // One signal for the whole server: `/events` subscribes to the session's `changes` (the one
  // every device session shares), so another process's write reaches a page through it.
  @Test(
    "/events subscribes to the session's one change signal, which brings another store's write",
    .timeLimit(.minutes(5)))
  @MainActor
  func sessionSignal() async throws {
    let folder = try TemporaryFolder(prefix: "hannun-web-signal")
    let directory = folder.appending("data")
    let served = try await JSONFileTransactionStore.open(
      directory: directory, requestedCurrency: .krw, defaultCurrency: .krw)
    let other = try await JSONFileTransactionStore.open(
      directory: directory, requestedCurrency: .krw, defaultCurrency: .krw)
    try await served.insert(Transaction.fixture(id: "s1", day: "2025-11-14", amount: 1_000))
    let session = await LedgerSession(
      repository: served, currency: .krw, clock: .fixed(at: Fixtures.day("2025-11-14")),
      startsCalendar: false, changeInterval: .milliseconds(20))
    let signal = session.changes
    var configuration = WebServer.Configuration(
      listen: ListenAddress(host: "127.0.0.1", port: 80))
    configuration.eventLimit = 1
    let server = WebServer(session: session, configuration: configuration)
    let events = server.events
    let text = try await server.application().test(.router) { client in
      var browser = Browser()
      _ = try await browser.get(client, "/")
      async let stream = browser.get(client, "/events")
      while await events.listenerCount == 0 { try await Task.sleep(for: .milliseconds(5)) }
      // The open stream is the session signal's one subscriber: no second signal watches.
      #expect(await signal.subscriberCount == 1)
      try await other.insert(Transaction.fixture(id: "s2", day: "2025-11-14", amount: 2_000))
      return try await stream.text
    }
    #expect(text.contains("event: ledger\ndata: 1\n\n"))
    // The stream ended; so did its subscription, and with it the watch of the stored version.
    let clock = ContinuousClock()
    let deadline = clock.now + .seconds(120)
    while await signal.subscriberCount > 0, clock.now < deadline {
      try await Task.sleep(for: .milliseconds(5))
    }
    #expect(await signal.subscriberCount == 0)
  }
}
