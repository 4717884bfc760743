import Foundation
import HTTPTypes
import HannunTestSupport
import HannunWebTesting
import Testing

@testable import HannunWeb

@Suite("Installable and offline: the manifest, the service worker, the reachability probe")
struct OfflineTests {
  @Test("every page links the manifest; it names Hannun in the browser's language, standalone")
  func manifest() async throws {
    let harness = await WebHarness()
    try await harness.test { client in
      var browser = Browser(language: "ko")
      let page = try await browser.get(client, "/").text
      #expect(page.has("<link rel=\"manifest\" href=\"/manifest.webmanifest\">"))
      let manifest = try await browser.get(client, "/manifest.webmanifest")
      #expect(manifest.status == .ok)
      #expect(manifest.headers[.contentType] == "application/manifest+json")
      let json = try #require(
        try JSONSerialization.jsonObject(with: Data(manifest.text.utf8)) as? [String: Any])
      #expect(json["name"] as? String == "한눈")
      #expect(json["display"] as? String == "standalone")
      #expect(json["start_url"] as? String == "/")
      // The service worker is a file the CSP allows, kept fresh.
      let worker = try await browser.get(client, "/sw.js")
      #expect(worker.status == .ok)
      #expect(worker.headers[.contentType] == "text/javascript; charset=utf-8")
      #expect(worker.headers[.cacheControl] == "no-cache")
      #expect(worker.text.has("addEventListener(\"fetch\""))
      #expect(try await browser.get(client, "/ping").status == .noContent)
    }
  }
}
