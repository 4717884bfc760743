import HannunDomain
import HannunPresentation
import HannunTestSupport
import Testing

@Suite("Money formatter")
struct MoneyFormatterTests {
  private let won = MoneyFormatter(currency: .krw)
  private let dollars = MoneyFormatter(currency: .usd)

  @Test("won have no decimals and are grouped by thousands")
  func wonFormat() {
    #expect(won.string(money(12_000)) == "₩12,000")
    #expect(won.string(money(0)) == "₩0")
    #expect(won.string(money(999)) == "₩999")
    #expect(won.string(money(1_000)) == "₩1,000")
    #expect(won.string(money(100_000)) == "₩100,000")
    #expect(won.string(money(1_000_000)) == "₩1,000,000")
  }

  @Test("negative sums put the sign before the symbol")
  func negative() {
    #expect(won.string(money(-3_000)) == "-₩3,000")
    #expect(dollars.string(money(-1_250)) == "-$12.50")
    #expect(dollars.string(money(-5)) == "-$0.05")
  }

  @Test("dollars keep two decimals, cents exact")
  func dollarFormat() {
    #expect(dollars.string(money(1_250)) == "$12.50")
    #expect(dollars.string(money(5)) == "$0.05")
    #expect(dollars.string(money(100)) == "$1.00")
    #expect(dollars.string(money(123_456_789)) == "$1,234,567.89")
    #expect(dollars.string(money(0)) == "$0.00")
  }

  @Test("the largest values are exact to the last digit")
  func largeValues() {
    #expect(won.string(money(Amount.maximumMinorUnits)) == "₩999,999,999,999,999")
    #expect(dollars.string(money(Amount.maximumMinorUnits)) == "$9,999,999,999,999.99")
    #expect(won.string(money(Int64.max)) == "₩9,223,372,036,854,775,807")
    #expect(won.string(money(Int64.min)) == "-₩9,223,372,036,854,775,808")
    #expect(dollars.string(money(Int64.max)) == "$92,233,720,368,547,758.07")
  }

  @Test("other currencies use their symbol, or their code when they have none")
  func otherCurrencies() throws {
    #expect(MoneyFormatter(currency: try Currency(code: "eur")).string(money(1_999)) == "€19.99")
    #expect(MoneyFormatter(currency: try Currency(code: "JPY")).string(money(1_500)) == "¥1,500")
    #expect(
      MoneyFormatter(currency: try Currency(code: "CHF")).string(money(123_456)) == "CHF 1,234.56")
    #expect(
      MoneyFormatter(currency: try Currency(code: "KWD")).string(money(1_234_567))
        == "KWD 1,234.567")
  }

  @Test("plain amounts have grouping and sign but no symbol")
  func plain() {
    #expect(won.plain(money(12_000)) == "12,000")
    #expect(won.plain(money(-3_000)) == "-3,000")
    #expect(dollars.plain(money(123_456_789)) == "1,234,567.89")
  }

  @Test("editable amounts are typed-back text without grouping or symbol")
  func editable() {
    #expect(won.editable(Fixtures.amount(12_000)) == "12000")
    #expect(dollars.editable(Fixtures.amount(1_250)) == "12.50")
    #expect(dollars.editable(Fixtures.amount(5)) == "0.05")
  }

  @Test("every amount is the decimal text grouped by thousands, with 0, 2 or 3 decimals")
  func groupingAgreesWithDecimalText() throws {
    var random = SplitMix64(seed: 0x6E0_0BED)
    var amounts: [Int64] = [0, 1, 9, 10, 99, 100, 999, 1_000, 999_999, 1_000_000, .max, .min]
    for _ in 0..<400 {
      let digits = Int64.random(in: 0...18, using: &random)
      let scale = (0..<digits).reduce(Int64(1)) { value, _ in value * 10 }
      let amount = Int64.random(in: 0..<scale, using: &random)
      amounts += [amount, -amount]
    }
    for code in ["KRW", "USD", "BHD"] {
      let currency = try Currency(code: code)
      let formatter = MoneyFormatter(currency: currency)
      for amount in amounts {
        // What the formatter wrote before it wrote bytes: the decimal text, split at its point.
        var decimal = Substring(currency.decimalString(minorUnits: amount))
        let negative = decimal.first == "-"
        if negative { decimal = decimal.dropFirst() }
        let parts = decimal.split(separator: ".", maxSplits: 1)
        let whole = Array(parts[0])
        var grouped = ""
        for (index, digit) in whole.enumerated() {
          if index > 0, (whole.count - index) % 3 == 0 { grouped.append(",") }
          grouped.append(digit)
        }
        if parts.count == 2 { grouped += "." + parts[1] }
        let money = Money(minorUnits: amount)
        #expect(formatter.plain(money) == (negative ? "-" : "") + grouped, "\(amount) \(code)")
        #expect(formatter.string(money).hasSuffix(grouped), "\(amount) \(code)")
      }
    }
  }
}
