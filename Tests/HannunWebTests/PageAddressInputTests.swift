import Foundation
import HannunDomain
import HannunTestSupport
import HannunWebTesting
import Testing

@testable import HannunWeb

/// A month, year or span in a page's address that is none (`/report?from=2025-13`, a link typed
/// or kept from before) showed this month instead, as if asked, and a span backwards on the mood
/// report became its first month: the page now says what was wrong, as the forms do.
@Suite("A page's month, year or span in its address is read or refused, never replaced")
struct PageAddressInputTests {
  @Test(
    "each refused address answers 422, naming what was typed, in the user's language",
    arguments: [
      ("/report?from=2025-13", "2025-13"), ("/report?from=2025-01&to=soon", "soon"),
      ("/moods?from=2025-06&to=2025-01", "2025-06"), ("/moods?to=x7", "x7"),
      ("/year?year=20x6", "20x6"), ("/budgets?month=2025-1x", "2025-1x"),
    ])
  func refused(path: String, typed: String) async throws {
    let harness = await WebHarness()
    try await harness.test { client in
      var browser = Browser()
      let page = try await browser.get(client, path)
      #expect(page.status == .unprocessableContent, "\(path): \(page.status)")
      #expect(page.text.errorText?.contains(typed) == true, "\(path): \(page.text)")
      browser.language = "ko"
      browser.cookies["hannun_lang"] = "ko"
      let korean = try await browser.get(client, path + "&lang=ko").text
      #expect(korean.errorText?.contains(typed) == true, "\(path): \(korean)")
    }
  }

  @Test("the picker's month that is none opens today's month, which says why")
  func picker() async throws {
    let harness = await WebHarness()
    try await harness.test { client in
      var browser = Browser()
      let picked = try await browser.get(client, "/month?month=2025-13")
      #expect(picked.status == .seeOther)
      let page = try await browser.get(client, try #require(picked.headers[.location])).text
      #expect(page.errorText?.contains("2025-13") == true, "\(page)")
      let fine = try await browser.get(client, "/month?month=2025-03")
      #expect(fine.headers[.location]?.hasPrefix("/month/2025-03") == true)
    }
  }

  @Test("an address without them still shows this month or year")
  func defaults() async throws {
    let harness = await WebHarness()
    try await harness.test { client in
      var browser = Browser()
      for path in ["/report", "/moods", "/year", "/budgets", "/report?from=&to="] {
        let page = try await browser.get(client, path)
        #expect(page.status == .ok, "\(path)")
        #expect(page.text.errorText == nil, "\(path): \(page.text)")
      }
    }
  }
}
