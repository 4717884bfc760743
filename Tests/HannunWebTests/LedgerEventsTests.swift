import Foundation
import HannunDomain
import HannunTestSupport
import HannunWebTesting
import Testing

@testable import HannunWeb

@Suite("Live updates on /events")
struct LedgerEventsTests {
  /// Opens `/events` (ending after one ledger event), makes `write` once the stream listens,
  /// and returns what the stream said; fails after two minutes (a fraction of a second alone; the
  /// whole suite's end-to-end processes can keep tasks waiting).
  private func stream(
    _ harness: WebHarness, after write: @escaping @Sendable () async throws -> Void
  ) async throws -> (String, String?) {
    let events = harness.server.events
    return try await withThrowingTaskGroup(of: (String, String?)?.self) { group in
      group.addTask {
        try await harness.test { client in
          var browser = Browser()
          _ = try await browser.get(client, "/")
          let response = try await browser.get(client, "/events")
          return (response.text, response.headers[.contentType])
        }
      }
      group.addTask {
        while await events.listenerCount == 0 { try await Task.sleep(for: .milliseconds(5)) }
        try await write()
        try await Task.sleep(for: .seconds(120))
        return nil
      }
      defer { group.cancelAll() }
      guard let first = try await group.next(), let answer = first else {
        Issue.record("no event within two minutes")
        return ("", nil)
      }
      return answer
    }
  }

  @Test("a write by another process (unannounced, seen by polling) sends event: ledger")
  func otherProcess() async throws {
    let harness = await WebHarness(eventLimit: 1)
    let repository = harness.repository
    let (text, type) = try await stream(harness) {
      await repository.insertUnannounced(Transaction.fixture(id: "x1", day: "2025-11-14"))
    }
    #expect(type == "text/event-stream; charset=utf-8")
    #expect(text.hasPrefix("retry: 2000\n"))
    #expect(text.contains("event: ledger\ndata: 1\n\n"))
    #expect(await harness.server.events.listenerCount == 0)
  }

  @Test("a write through the repository's change feed sends event: ledger")
  func ownWrite() async throws {
    let harness = await WebHarness(eventLimit: 1)
    let repository = harness.repository
    let (text, _) = try await stream(harness) {
      try await repository.insert(Transaction.fixture(id: "x2", day: "2025-11-14"))
    }
    #expect(text.contains("event: ledger\ndata: 1\n\n"))
  }

  @Test("a page drawn after another process's write shows it")
  func pageAfterUnannouncedWrite() async throws {
    let harness = await WebHarness()
    try await harness.test { client in
      var browser = Browser()
      let before = try await browser.get(client, "/").text
      #expect(before.has("<dd id=\"expense\" class=\"out\">₩0</dd>"))
      await harness.repository.insertUnannounced(
        Transaction.fixture(id: "x3", day: "2025-11-14", amount: 7_000))
      let after = try await browser.get(client, "/").text
      #expect(after.has("<dd id=\"expense\" class=\"out\">₩7,000</dd>"))
    }
  }
}
