import HannunDomain
import HannunPresentation
import HannunTestSupport
import Testing

/// Short amounts for narrow calendar cells. These tests measure forms in characters (the
/// terminal's columns are the REPL's business); 만 counts as one here.
@Suite("Money formatter: short forms")
struct CompactMoneyTests {
  private let won = MoneyFormatter(currency: .krw)
  private let dollars = MoneyFormatter(currency: .usd)

  private func short(
    _ formatter: MoneyFormatter, _ minorUnits: Int64, _ language: DisplayLanguage, _ characters: Int
  ) -> String? {
    formatter.compact(Money(minorUnits: minorUnits), language: language) {
      $0.count <= characters
    }?.text
  }

  @Test("the exact amount comes first whenever it fits")
  func exactFirst() {
    #expect(short(won, 12_000, .english, 6) == "12,000")
    #expect(short(won, -3_000, .korean, 6) == "-3,000")
    #expect(short(won, 3_200_000, .korean, 9) == "3,200,000")
    #expect(short(dollars, 1_250, .english, 5) == "12.50")
    #expect(short(won, 0, .korean, 1) == "0")
  }

  @Test(
    "narrower, the most precise form that fits, rounded half away from zero",
    arguments: [
      (Int64(3_200_000), DisplayLanguage.korean, 4, "320만"),
      (35_000, .korean, 4, "3.5만"),
      (35_000, .english, 4, "35K"),
      (12_500, .korean, 4, "1.3만"),
      (12_500, .korean, 2, "1만"),
      (12_499, .korean, 4, "1.2만"),
      (4_500, .korean, 4, "4.5천"),
      (4_500, .korean, 3, "5천"),
      (-4_500, .korean, 3, "-5천"),
      (1_250, .english, 4, "1.3K"),
      (1_249, .english, 4, "1.2K"),
      (1_200_000, .english, 4, "1.2M"),
      (12_345_678, .korean, 6, "1,235만"),
      (150_000_000, .korean, 4, "1.5억"),
      (2_000_000_000_000, .korean, 3, "2조"),
      (4_500_000_000, .english, 6, "4,500M"),
      (-12_300, .english, 5, "-12K"),
    ])
  func rounded(minorUnits: Int64, language: DisplayLanguage, characters: Int, expected: String) {
    #expect(short(won, minorUnits, language, characters) == expected)
  }

  @Test("rounding that reaches the next unit moves to it: 9,999 is 1만, 999,999 is 1M")
  func carries() {
    #expect(short(won, 9_999, .korean, 2) == "1만")
    #expect(short(won, 999_999, .english, 3) == "1M")
    #expect(
      won.compactForms(Money(minorUnits: 9_999), language: .korean).map(\.text) == ["9,999", "1만"])
  }

  @Test("cents round too: $1,234.56 in five characters is 1,235; $0.05 in three is 0.1")
  func cents() {
    #expect(short(dollars, 123_456, .english, 5) == "1,235")
    #expect(short(dollars, 123_456, .english, 7) == "1,234.6")
    #expect(short(dollars, 5, .english, 3) == "0.1")
    #expect(short(dollars, 5, .english, 2) == nil, "zero is never shown for a non-zero amount")
  }

  @Test("no form fits: nil")
  func nothingFits() {
    #expect(short(won, 3_200_000, .korean, 2) == nil)
  }

  @Test("forms after the exact one are ordered by how far they are from the amount")
  func ordered() {
    for amount: Int64 in [1, 999, 4_500, 12_345, 987_654, 3_200_000, 123_456_789] {
      for language in DisplayLanguage.allCases {
        let forms = won.compactForms(Money(minorUnits: amount), language: language)
        #expect(forms.first?.value == Money(minorUnits: amount))
        let errors = forms.map { ($0.value.minorUnits - amount).magnitude }
        #expect(errors == errors.sorted(), "\(forms.map(\.text))")
        #expect(Set(forms.map(\.text)).count == forms.count, "no form twice")
      }
    }
  }

  @Test("every short form reads back, through AmountParser, as exactly the value it shows")
  func roundTrip() throws {
    var random = SplitMix64(seed: 0x5EED_CAFE)
    var amounts: [Int64] = [
      1, 5, 9, 10, 49, 50, 99, 500, 999, 1_000, 1_249, 1_250, 4_500, 9_499, 9_500, 9_999,
      10_000, 12_345, 35_000, 99_999, 999_999, 1_000_000, 3_200_000, 99_999_999, 100_000_000,
      123_456_789, 999_999_999_999, 1_000_000_000_000, Amount.maximumMinorUnits,
    ]
    for _ in 0..<300 {
      let digits = Int64.random(in: 0...14, using: &random)
      let scale = (0..<digits).reduce(Int64(1)) { value, _ in value * 10 }
      amounts.append(
        Int64.random(in: 1...9, using: &random) * scale + .random(in: 0..<scale + 1, using: &random)
      )
    }
    for formatter in [won, dollars] {
      let parser = AmountParser(currency: formatter.currency)
      for amount in amounts where amount <= Amount.maximumMinorUnits {
        for language in DisplayLanguage.allCases {
          for form in formatter.compactForms(Money(minorUnits: amount), language: language)
          where form.value.minorUnits <= Amount.maximumMinorUnits {
            let parsed = try parser.parse(form.text)
            #expect(
              parsed.minorUnits == form.value.minorUnits,
              "\(form.text) for \(amount) in \(formatter.currency.code)")
          }
        }
      }
    }
  }
}
