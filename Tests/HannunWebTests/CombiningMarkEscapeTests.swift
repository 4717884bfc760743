import HannunDomain
import Testing

@testable import HannunWeb

/// Ledger text in a page is escaped scalar by scalar: a `<`, `&` or quote that a combining mark
/// follows is one Character with it, but a browser reads the raw `<` all the same.
@Suite("HTML escaping of a character a combining mark follows")
struct CombiningMarkEscapeTests {
  @Test(
    "a <, >, &, \" or ' a combining mark follows is escaped like any other",
    arguments: [
      "<\u{301}script>", "a&\u{301}b", "\"\u{301} onmouseover=x", "'\u{20DD}", ">\u{FE0F}",
    ])
  func escaped(_ text: String) {
    let escaped = HTML.escape(text)
    let raw = escaped.unicodeScalars.filter { ["<", ">", "\"", "'"].contains($0) }
    #expect(raw.isEmpty, "\(escaped.unicodeScalars.map { String($0.value, radix: 16) })")
    // Every `&` starts one of the five entities.
    let scalars = Array(escaped.unicodeScalars)
    for index in scalars.indices where scalars[index] == "&" {
      // By scalars: `&lt;` and a mark after it end in one Character `;́`.
      let entities = ["&amp;", "&lt;", "&gt;", "&quot;", "&#39;"]
      #expect(entities.contains { scalars[index...].starts(with: $0.unicodeScalars) })
    }
  }
}
