import HannunDomain
import HannunPresentation
import HannunTestSupport
import Testing

@testable import HannunWeb

/// The web's part of "the same input gives the same outcome in every frontend": the entry that
/// `FormRefusalAcrossFrontendsTests` (HannunAppTests) types into the terminal and the command
/// line is refused here for the same reason, said first.
@Suite("The web says a form's first refusal as the terminal does")
@MainActor
struct SameRefusalWebTests {
  @Test("an amount and a date both refused: the amount's refusal is said, beside its field")
  func amountBeforeDate() async throws {
    let harness = await WebHarness()
    try await harness.test { client in
      var browser = Browser(language: "en")
      _ = try await browser.get(client, "/")
      let refused = try await browser.post(
        client, "/entries",
        ["kind": "expense", "amount": "abc", "category": "food", "memo": "", "date": "31"])
      #expect(refused.status == .unprocessableContent)
      let expected = EnglishMessages(currency: .krw).describe(AmountInputError.malformed("abc"))
      #expect(refused.text.errorText == HTML.escape(expected))
      #expect(refused.text.has("aria-describedby=\"add-amount-error\""))
    }
    #expect(await harness.repository.all.isEmpty)
  }
}
