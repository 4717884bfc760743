import HannunDomain
import HannunTestSupport
import HannunWebTesting
import Hummingbird
import Testing

@testable import HannunWeb

/// The web tests' own client (`HannunWebTesting`) over a socket: it is answered as the client
/// in process is, and it sends a form's body and cookies whole.
@Suite("The web tests' client, in process and over a socket", .timeLimit(.minutes(5)))
struct WebTestingTests {
  /// A server on 127.0.0.1 at a port the system picks, over one entry of ₩7,000.
  private static func served() async -> WebHarness {
    await WebHarness(
      [Transaction.fixture(id: "a1", day: "2025-11-14", amount: 7_000)],
      listen: ListenAddress(host: "127.0.0.1", port: 0))
  }

  @Test("a page asked for over a socket is drawn as the one asked for in process")
  func sameAnswer() async throws {
    let inProcess = try await WebHarness(
      [Transaction.fixture(id: "a1", day: "2025-11-14", amount: 7_000)]
    ).test { client in try await client.execute(uri: "/month/2025-11", method: .get) }
    let harness = await Self.served()
    let overSocket = try await harness.server.application().test(.live) { client in
      #expect(client.port != nil && client.port != 0)
      return try await client.execute(uri: "/month/2025-11", method: .get)
    }
    for response in [inProcess, overSocket] {
      #expect(response.status == .ok)
      #expect(response.headers[.contentType] == "text/html; charset=utf-8")
      #expect(response.text.has("<dd id=\"expense\" class=\"out\">₩7,000</dd>"))
    }
  }

  @Test("a form sent over a socket arrives whole, with the cookies and token of its page")
  func formOverSocket() async throws {
    let harness = await Self.served()
    try await harness.server.application().test(.live) { client in
      var browser = Browser(language: "en")
      _ = try await browser.get(client, "/")
      let saved = try await browser.post(
        client, "/entries",
        ["kind": "expense", "amount": "1234", "category": "food", "date": "2025-11-14"])
      #expect(saved.status == .seeOther)
    }
    #expect(await harness.repository.all.map(\.amount.minorUnits).sorted() == [1234, 7_000])
  }
}
