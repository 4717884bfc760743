import Testing

@testable import HannunLineEditor
@testable import HannunREPL

@Suite("Text on the edit line")
struct LineEditingTests {
  @Test("well-formed UTF-8 comes back unchanged")
  func validUTF8() {
    for text in ["", "next", "점심 12,000원", "👨‍👩‍👧 café", "\u{202E}x"] {
      #expect(TerminalText.decodingUTF8(Array(text.utf8)) == text)
    }
  }

  @Test("a character cut in half by a byte-wise Backspace is dropped, not stored as U+FFFD")
  func brokenCharacterDropped() {
    let cut = Array("점심".utf8).dropLast()  // 점 and the first two bytes of 심
    #expect(TerminalText.decodingUTF8(cut) == "점")
    #expect(TerminalText.decodingUTF8([0xEC, 0xA0, 0x90, 0xEC, 0x8B]) == "점")
  }

  @Test("stray, overlong and surrogate bytes are dropped; the text around them stays")
  func invalidBytesDropped() {
    #expect(TerminalText.decodingUTF8([0x61, 0x80, 0x62]) == "ab")
    #expect(TerminalText.decodingUTF8([0x61, 0xC0, 0xAF, 0x62]) == "ab", "overlong '/'")
    #expect(TerminalText.decodingUTF8([0x61, 0xED, 0xA0, 0x80, 0x62]) == "ab", "a surrogate")
    #expect(TerminalText.decodingUTF8([0xFF, 0xFE]) == "")
    #expect(!TerminalText.decodingUTF8([0xEC, 0x61, 0x8B]).contains("\u{FFFD}"))
  }

  @Test("a prefill shows control and bidi characters as visible escapes")
  func prefillShown() {
    let memo = EditablePrefill("abc\u{202E}def\u{1B}[31m")
    #expect(memo.shown == "abc<U+202E>def^[[31m")
    #expect(!memo.shown.unicodeScalars.contains { TerminalText.needsEscape($0) })
    #expect(EditablePrefill("점심").shown == "점심")
  }

  @Test("an unchanged prefill gives back the original text; an edited one is kept as typed")
  func prefillResolved() {
    let memo = EditablePrefill("abc\u{202E}def")
    #expect(memo.resolve("abc<U+202E>def") == "abc\u{202E}def")
    #expect(memo.resolve("abc<U+202E>def!") == "abc<U+202E>def!")
    #expect(memo.resolve("new") == "new")
    #expect(EditablePrefill("점심").resolve("점심") == "점심")
    #expect(EditablePrefill("").resolve("") == "")
  }

  @Test("the codeset names that mean UTF-8")
  func utf8Codesets() {
    for name in ["UTF-8", "utf8", "utf-8", "UTF8"] {
      #expect(UTF8Locale.isUTF8(codeset: name))
    }
    for name in ["ANSI_X3.4-1968", "EUC-KR", "ISO-8859-1", ""] {
      #expect(!UTF8Locale.isUTF8(codeset: name))
    }
    #expect(UTF8Locale.candidates.first == "C.UTF-8")
  }
}
