import Foundation
import HannunDomain
import HannunTestSupport
import HannunWebTesting
import Testing

@testable import HannunWeb

@Suite("The add form on a phone")
struct PhoneFormTests {
  @Test("the amount takes text (만, 천) with quick buttons in Korean; categories are suggested")
  func amountAndCategories() async throws {
    let harness = await WebHarness([
      .fixture(id: "a1", day: "2025-11-03", amount: 12_000, category: "식비"),
      .fixture(id: "a2", day: "2025-11-04", amount: 9_000, category: "식비"),
      .fixture(id: "a3", day: "2025-11-05", amount: 4_500, category: "카페 \"별\""),
    ])
    try await harness.test { client in
      var korean = Browser(language: "ko")
      let page = try await korean.get(client, "/").text
      #expect(page.has("id=\"add-amount\" name=\"amount\""))
      #expect(page.has("inputmode=\"text\""))
      #expect(!page.has("inputmode=\"decimal\""))
      #expect(page.has("<button type=\"button\" data-append=\"만\" data-for=\"add-amount\">만"))
      #expect(page.has("<button type=\"button\" data-append=\"천\" data-for=\"add-amount\">천"))
      #expect(page.has("name=\"category\" value=\"\" list=\"categories\""))
      #expect(page.has("<datalist id=\"categories\"></datalist>"))
      #expect(page.has("<a id=\"jump-add\" class=\"fab\" href=\"#add\">+ 추가</a>"))
      let categories = try await korean.get(client, "/categories.json")
      #expect(categories.status == .ok)
      #expect(categories.text == "[\"식비\",\"카페 \\\"별\\\"\"]")
      var english = Browser(language: "en")
      let englishPage = try await english.get(client, "/").text
      #expect(!englishPage.has("data-append"))
    }
  }

  @Test("off loopback the categories are the signed-in's only")
  func categoriesNeedSignIn() async throws {
    let harness = await WebHarness(
      listen: ListenAddress(host: "0.0.0.0", port: 8080), token: String(repeating: "ab", count: 32))
    try await harness.test { client in
      var stranger = Browser()
      let answer = try await stranger.get(client, "/categories.json")
      #expect(answer.status == .unauthorized)
    }
  }
}
