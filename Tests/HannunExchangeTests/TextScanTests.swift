import Foundation
import HannunTestSupport
import Testing

@testable import HannunExchange

/// The readers' text operations give Foundation's answers, for every scalar and at the edges
/// where a search must not split a character.
@Suite("Import readers' text scan")
struct TextScanTests {
  @Test("Trimming holds exactly the scalars Foundation's whitespace set trims")
  func trimsAsFoundation() async {
    let differences = await offThePool {
      var differences: [UInt32] = []
      for value in UInt32(0)...0x10FFFF {
        guard let scalar = Unicode.Scalar(value) else { continue }
        let text = String(scalar) + "x" + String(scalar)
        if TextScan.trimmed(text) != text.trimmingCharacters(in: .whitespaces) {
          differences.append(value)
        }
      }
      return differences
    }
    #expect(differences.isEmpty)
    for text in ["", " ", "\t 식비 \u{3000}", "a\u{200B}", " \u{301}x ", "x y", "\u{A0}"] {
      #expect(TextScan.trimmed(text) == text.trimmingCharacters(in: .whitespaces))
      #expect(TextScan.trimmed(text[...]) == text[...].trimmingCharacters(in: .whitespaces))
    }
  }

  @Test("A search finds what Foundation's finds, never splitting a character")
  func searchesAsFoundation() {
    let texts = [
      "expenses:식비  5000 KRW", "ab  \u{301}x", "a\u{301}  x", "ab \u{301} x  y", "ab\t\u{301}x",
      "assets:cash", "식  비", "x\u{1F600}  1", "  lead", "end  ", "", " ",
      "c; category: \"식비\", memo: \"점심\"", "c; category: \"\u{301}x\"", "category: \"",
      "xcategory: \"a\", category: \"b\"",
    ]
    for text in texts {
      for needle in ["  ", "\t", "category: \"", "memo: \""] {
        let ours = TextScan.range(of: needle, in: text[...])
        let theirs = text.range(of: needle)
        #expect(ours == theirs, "\(text.debugDescription) \(needle.debugDescription)")
      }
    }
  }

  @Test("The next scalar ends a match exactly where Foundation's search says, for every scalar")
  func extendersAsFoundation() async {
    let differences = await offThePool {
      var differences: [UInt32] = []
      for value in UInt32(0)...0x10FFFF {
        guard let scalar = Unicode.Scalar(value) else { continue }
        let foundationJoins = ("\"" + String(scalar)).range(of: "\"") == nil
        if TextScan.extendsCharacter(value) != foundationJoins { differences.append(value) }
      }
      return differences
    }
    #expect(differences.isEmpty, "\(differences.prefix(20).map { String($0, radix: 16) })")
  }

  @Test("Replacing a quote or a colon gives what replacingOccurrences gives")
  func replacesAsFoundation() {
    let alphabet = [
      "a", "\"", ":", " ", "\u{301}", "\u{600}", "\u{903}", "\u{200D}", "\u{1F3FB}", "\u{FE0F}",
      "식", "\u{1100}", "\u{1161}", "\r", "\n", "é", "e\u{301}", "\u{1F600}",
    ]
    var generator = SystemRandomNumberGenerator()
    var texts = [
      "", "\"", "\"\"", "a\"\u{301}b", "\u{600}\"", ":\u{301}x:", "x\u{1F600}\"\u{1F3FB}",
    ]
    for _ in 0..<3_000 {
      let count = Int.random(in: 0...8, using: &generator)
      texts.append(
        (0..<count).map { _ in alphabet.randomElement(using: &generator) ?? "" }.joined())
    }
    for text in texts {
      for needle in ["\"", ":"] {
        #expect(
          TextScan.replacing(needle, with: "<>", in: text)
            == text.replacingOccurrences(of: needle, with: "<>"),
          "\(text.debugDescription) \(needle)")
      }
    }
  }

  @Test("A semicolon is the first `;` scalar, a mark after it or not, U+037E never")
  func findsSemicolons() {
    let texts = [
      "2025-01-01 점심  ; memo: \"x\"", "no comment", "a;\u{301}b; c", "\u{37E} first", "식비;",
      ";", "", "x\u{600};y", "é;", "\u{37E};",
    ]
    for text in texts {
      let scalar = text.unicodeScalars.firstIndex(of: ";")
      #expect(TextScan.semicolon(in: text) == scalar, "\(text.debugDescription)")
    }
    #expect(TextScan.semicolon(in: "a;\u{301}b").map { $0.utf16Offset(in: "a;\u{301}b") } == 1)
    #expect(TextScan.semicolon(in: "\u{37E} first") == nil)
  }

  @Test("The first white space is the first white-space character, after any scalar")
  func findsFirstWhitespaceAsCharacters() async {
    let differences = await offThePool {
      var differences: [UInt32] = []
      for value in UInt32(0)...0x10FFFF {
        guard let scalar = Unicode.Scalar(value) else { continue }
        for text in ["2025-01-01 " + String(scalar), "2025" + String(scalar) + " x"] {
          if TextScan.firstWhitespace(in: text) != text.firstIndex(where: \.isWhitespace) {
            differences.append(value)
          }
        }
      }
      return differences
    }
    #expect(differences.isEmpty)
    let texts = [
      "", " ", "2025-01-01", "2025-01-01 식비", "2025-01-01\t점심", "a\r\nb", "a \u{301}b",
      "é x", "2025-01-01\u{3000}x", "x\u{85}y", "a\u{200D} b", "a \u{200D}b",
    ]
    for text in texts {
      #expect(
        TextScan.firstWhitespace(in: text) == text.firstIndex(where: \.isWhitespace),
        "\(text.debugDescription)")
    }
  }

  @Test("Lines end where the characters' newlines end them, CR LF as one")
  func splitsLinesAsCharacters() {
    let texts = [
      "", "\n", "a\r\nb\n\rc", "x\u{0B}y\u{0C}z\u{85}w\u{2028}v\u{2029}u", "식비\n\n점심\r",
      "\n\u{301}a", "a\r", "\r\n\r\n", "no newline \u{2027}",
    ]
    for text in texts {
      var ours: [Substring] = []
      TextScan.lines(text) { ours.append($0) }
      let theirs = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
      #expect(ours.map(String.init) == theirs.map(String.init), "\(text.debugDescription)")
    }
  }
}
