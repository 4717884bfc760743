import Foundation
import HannunTestSupport
import Testing

@testable import HannunDomain

/// The standard-library stand-ins for corelibs Foundation's text and decimal calls, which keep
/// `hannun` from loading corelibs Foundation, give exactly Foundation's answers.
@Suite("Text and decimal operations without corelibs Foundation")
struct FoundationTextTests {
  @Test("The whitespace and control sets hold exactly the scalars Foundation's sets hold")
  func setsAsFoundation() async {
    let (whitespace, control) = await offThePool {
      let scalars = (0...0x10FFFF).compactMap(Unicode.Scalar.init)
      let whitespace = scalars.filter {
        FoundationText.isWhitespace($0.value) != CharacterSet.whitespaces.contains($0)
      }
      let control = scalars.filter {
        FoundationText.isControl($0) != CharacterSet.controlCharacters.contains($0)
      }
      return (whitespace.map(\.value), control.map(\.value))
    }
    #expect(whitespace.isEmpty, "\(whitespace.prefix(20).map { String($0, radix: 16) })")
    #expect(control.isEmpty, "\(control.prefix(20).map { String($0, radix: 16) })")
  }

  @Test("Trimming white space or dots gives what trimmingCharacters(in:) gives")
  func trimsAsFoundation() {
    let texts = [
      "", " ", "\t", "  a b  ", "\u{3000}식비\u{3000}", " \u{301}x ", "x\u{301} ", "\u{200B}a\u{A0}",
      "\u{1F600} ", " \u{1F600}", "a\u{2028}", "..1.5..", ".", "...", "\u{1680}\u{205F}x\u{202F}",
    ]
    for text in texts {
      #expect(
        FoundationText.trimmingWhitespace(text) == text.trimmingCharacters(in: .whitespaces),
        "\(text.debugDescription)")
      #expect(
        FoundationText.trimmingWhitespace(text.dropFirst(0))
          == text.dropFirst(0).trimmingCharacters(in: .whitespaces),
        "\(text.debugDescription)")
      #expect(
        FoundationText.trimming(text, where: { $0 == "." })
          == text.trimmingCharacters(in: CharacterSet(charactersIn: ".")),
        "\(text.debugDescription)")
    }
  }

  @Test("Rounding, the approximate double and the text of a decimal are NSDecimalNumber's")
  func decimalsAsFoundation() {
    var generator = SystemRandomNumberGenerator()
    var values: [Decimal] = [0, 1, -1, 0.5, -0.5, 0.125, 0.0001, 0.99995, 123.456_789, -2.5]
    for _ in 0..<2_000 {
      let whole = Decimal(
        Int64.random(in: -1_000_000_000_000...1_000_000_000_000, using: &generator))
      let divisor = Decimal(Int64.random(in: 1...10_000_000, using: &generator))
      values.append(whole / divisor)
    }
    for value in values {
      for scale in [0, 1, 2, 4] {
        for mode in [Decimal.RoundingMode.plain, .down, .up, .bankers] {
          var input = value
          var expected = Decimal()
          NSDecimalRound(&expected, &input, scale, mode)
          #expect(FoundationText.rounded(value, scale: scale, mode) == expected, "\(value)")
        }
      }
      let number = NSDecimalNumber(decimal: value)
      #expect(FoundationText.approximateDouble(value) == number.doubleValue, "\(value)")
      #expect(value.description == number.stringValue, "\(value)")
    }
  }

  @Test("A new ledger's currency is ICU's answer: the region's, else KRW for Korean, else USD")
  func currencyAsICU() {
    let identifiers = [
      "ko", "KO", "Ko", "kor", "KOR", "ko_KR", "ko-KR", "KO_kr", "ko_", "ko_XX", "kor_XX", "kok",
      "kok_IN", "koKR", "ja_JP", "ja", "en", "en_US", "en_GB", "de_DE", "zh_Hans_CN", "", "_KR",
      "C", "root", "x", "ko@calendar=gregorian",
    ]
    for identifier in identifiers {
      let locale = Locale(identifier: identifier)
      let expected: Currency =
        if let code = locale.currency?.identifier, let currency = try? Currency(code: code) {
          currency
        } else {
          locale.language.languageCode?.identifier == "ko" ? .krw : .usd
        }
      #expect(Currency.preferred(for: locale) == expected, "\(identifier)")
    }
  }
}
