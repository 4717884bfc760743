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
    "narrower, the most precise form that fits, rounded half away from zero and marked ≈",
    arguments: [
      (Int64(3_200_000), DisplayLanguage.korean, 4, "320만"),
      (35_000, .korean, 4, "3.5만"),
      (35_000, .english, 4, "35K"),
      (12_500, .korean, 5, "1.25만"),
      (12_500, .korean, 4, "≈1만"),
      (12_499, .korean, 5, "≈1.2만"),
      (4_500, .korean, 4, "4.5천"),
      (4_500, .korean, 3, "≈5천"),
      (-4_500, .korean, 4, "-≈5천"),
      (1_250, .english, 4, "≈1K"),
      (1_200_000, .english, 4, "1.2M"),
      (12_345_678, .korean, 7, "≈1,235만"),
      (150_000_000, .korean, 4, "1.5억"),
      (2_000_000_000_000, .korean, 3, "2조"),
      (4_500_000_000, .english, 6, "4.5B"),
      // Billions and trillions had no unit in English: ₩99,999,999,999 was ≈100,000M.
      (99_999_999_999, .english, 5, "≈100B"),
      (2_500_000_000_000, .english, 4, "2.5T"),
      (-12_300, .english, 5, "-≈12K"),
    ])
  func rounded(minorUnits: Int64, language: DisplayLanguage, characters: Int, expected: String) {
    #expect(short(won, minorUnits, language, characters) == expected)
  }

  @Test("rounding that reaches the next unit moves to it: 9,999 is ≈1만, 999,999 is ≈1M")
  func carries() {
    #expect(short(won, 9_999, .korean, 3) == "≈1만")
    #expect(short(won, 999_999, .english, 3) == "≈1M")
    #expect(
      won.compactForms(Money(minorUnits: 9_999), language: .korean).map(\.text) == ["9,999", "≈1만"])
  }

  @Test("cents round too: $1,234.56 in seven characters is ≈1,235; $0.05 is at least ≈0.1")
  func cents() {
    #expect(short(dollars, 123_456, .english, 7) == "≈1,235")
    #expect(short(dollars, 123_456, .english, 8) == "1,234.56")
    let cent = dollars.compactForms(Money(minorUnits: 5), language: .english)
    #expect(cent.map(\.text).last == "≈0.1")
    #expect(short(dollars, 5, .english, 3) == nil, "zero is never shown for a non-zero amount")
  }

  @Test(
    "at one precision, an amount is rounded to that many significant digits, the same in every form"
  )
  func precisions() {
    func forms(_ amount: Int64, _ precision: ShortPrecision) -> [String] {
      won.compactForms(Money(minorUnits: amount), precision: precision, language: .korean)
        .map(\.text)
    }
    #expect(forms(16_500, .exact) == ["16,500", "1.65만"])
    #expect(forms(16_500, .twoDigits) == ["≈17,000", "≈1.7만"])
    #expect(forms(16_500, .oneDigit) == ["≈20,000", "≈2만"])
    #expect(forms(15_000, .twoDigits) == ["15,000", "1.5만"], "exact at that precision")
    #expect(forms(39_600, .oneDigit) == ["≈40,000", "≈4만"])
    #expect(forms(-1_861_850, .fourDigits) == ["-≈1,862,000", "-≈186.2만"])
    #expect(forms(9_950, .oneDigit) == ["≈10,000", "≈1만"])
    #expect(forms(12_500, .twoDigits) == ["≈13,000", "≈1.3만"], "half away from zero")
    #expect(forms(-12_500, .twoDigits) == ["-≈13,000", "-≈1.3만"])
    #expect(
      ShortPrecision.fourDigits.rounded(Money(minorUnits: .max))
        == Money(minorUnits: 9_223_000_000_000_000_000))
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

  @Test(
    "every short form, without its ≈, reads back through AmountParser as exactly the value it shows"
  )
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
            let typed = form.text.filter { String($0) != MoneyFormatter.approximateMark }
            #expect(form.isExact == (typed == form.text), "\(form.text)")
            #expect(form.isExact == (form.value.minorUnits == amount), "\(form.text)")
            let parsed = try parser.parse(typed)
            #expect(
              parsed.minorUnits == form.value.minorUnits,
              "\(form.text) for \(amount) in \(formatter.currency.code)")
          }
        }
      }
    }
  }

  @Test("compact is the first of compactForms that fits, for amounts of every length and width")
  func compactAgreesWithForms() {
    var amounts: [Int64] = [0, 1, 9, 999, 1_000, 9_999, 10_000, 99_999, 999_999_999_999]
    var value: Int64 = 7
    for _ in 0..<17 {
      amounts += [value, -value, value * 3 + 1]
      value = value * 10 + 3
    }
    for formatter in [won, dollars] {
      for language in [DisplayLanguage.korean, .english] {
        for minorUnits in amounts {
          let money = Money(minorUnits: minorUnits)
          let forms = formatter.compactForms(money, language: language)
          #expect(forms.first?.text == formatter.plain(money))
          for width in 1...24 {
            let expected = forms.first { $0.text.count <= width }
            #expect(formatter.compact(money, language: language) { $0.count <= width } == expected)
          }
        }
      }
    }
  }
}
