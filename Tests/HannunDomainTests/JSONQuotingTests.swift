import Foundation
import HannunDomain
import Testing

@Suite("JSON strings: the one escaping rule of every JSON output")
struct JSONQuotingTests {
  @Test("quotes, backslashes, controls and invisible format characters are escaped; Hangul is not")
  func escapes() throws {
    let text = "커피 \"라떼\" \\ 1\n2\t\u{7}\u{202E}\u{200B}\u{FEFF}\u{2028}"
    let quoted = JSONQuoting.quoted(text)
    #expect(
      quoted
        == #""커피 \"라떼\" \\ 1\n2\t\u0007\u202e\u200b\ufeff\u2028""#)
    let decoded = try JSONDecoder().decode(String.self, from: Data(quoted.utf8))
    #expect(decoded == text)
  }
}
