import HannunJSON
import Testing

@Suite("JSON text")
struct JSONValueTests {
  @Test(
    "bidi controls and invisible format characters in ledger text are written as \\u escapes",
    arguments: [
      ("\u{202E}evil", #""\u202eevil""#), ("a\u{202A}b\u{202D}c", #""a\u202ab\u202dc""#),
      ("\u{2066}x\u{2069}", #""\u2066x\u2069""#), ("zero\u{200B}width", #""zero\u200bwidth""#),
      ("\u{200E}\u{200F}", #""\u200e\u200f""#), ("\u{FEFF}bom", #""\ufeffbom""#),
      ("a\u{2028}b", #""a\u2028b""#), ("점심 \"김밥\"", #""점심 \"김밥\"""#),
    ])
  func escapes(text: String, json: String) {
    #expect(JSONValue.string(text).serialized() == json)
  }
}
