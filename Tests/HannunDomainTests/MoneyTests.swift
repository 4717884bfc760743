import Foundation
import HannunDomain
import HannunTestSupport
import Testing

@Suite("Amounts, money and currencies")
struct MoneyTests {
  @Test("an amount holds positive minor units up to the maximum")
  func validAmounts() throws {
    #expect(try Amount(minorUnits: 1).minorUnits == 1)
    #expect(try Amount(minorUnits: 12_000).minorUnits == 12_000)
    #expect(try Amount(minorUnits: Amount.maximumMinorUnits).minorUnits == 999_999_999_999_999)
    #expect(try Amount(minorUnits: 5) < Amount(minorUnits: 6))
  }

  @Test(
    "an amount refuses zero, negatives and more than the maximum",
    arguments: [
      (Int64(0), AmountInputError.notPositive("0")),
      (-1, .notPositive("-1")),
      (Int64.min, .notPositive(String(Int64.min))),
      (Amount.maximumMinorUnits + 1, .tooLarge("1000000000000000")),
      (Int64.max, .tooLarge(String(Int64.max))),
    ])
  func invalidAmounts(minorUnits: Int64, error: AmountInputError) {
    #expect(throws: error) { try Amount(minorUnits: minorUnits) }
  }

  @Test("money adds and subtracts exactly")
  func arithmetic() throws {
    let a = Money(minorUnits: 12_000)
    let b = Money(Fixtures.amount(3_500))
    #expect(try a.adding(b) == Money(minorUnits: 15_500))
    #expect(try b.subtracting(a) == Money(minorUnits: -8_500))
    #expect(try a.subtracting(a).isZero)
    #expect(Money.zero.isZero)
    #expect(!b.isZero)
    #expect(Money(minorUnits: -1) < Money.zero)
  }

  @Test(
    "money that would overflow throws totalOverflow instead of trapping",
    arguments: [
      (Int64.max, Int64(1)), (Int64.max, Int64.max), (Int64.min, Int64(-1)),
      (Int64.min, Int64.min),
    ])
  func addingOverflow(lhs: Int64, rhs: Int64) {
    #expect(throws: LedgerError.totalOverflow) {
      try Money(minorUnits: lhs).adding(Money(minorUnits: rhs))
    }
  }

  @Test(
    "subtracting that would overflow throws totalOverflow",
    arguments: [
      (Int64.min, Int64(1)), (Int64(0), Int64.min), (Int64.max, Int64(-1)), (Int64(-2), Int64.max),
    ])
  func subtractingOverflow(lhs: Int64, rhs: Int64) {
    #expect(throws: LedgerError.totalOverflow) {
      try Money(minorUnits: lhs).subtracting(Money(minorUnits: rhs))
    }
  }

  @Test("arithmetic right at the limits still works")
  func atTheLimits() throws {
    #expect(try Money(minorUnits: Int64.max - 1).adding(Money(minorUnits: 1)).minorUnits == .max)
    #expect(try Money(minorUnits: -1).subtracting(Money(minorUnits: Int64.max)).minorUnits == .min)
  }

  @Test(
    "currency codes know their decimal places",
    arguments: [
      ("KRW", 0), ("krw", 0), ("JPY", 0), ("USD", 2), ("usd", 2), ("EUR", 2), ("GBP", 2),
      ("KWD", 3), ("BHD", 3), ("Vnd", 0),
    ])
  func currencyDigits(code: String, digits: Int) throws {
    let currency = try Currency(code: code)
    #expect(currency.code == code.uppercased())
    #expect(currency.minorDigits == digits)
    #expect(currency.minorUnitsPerMajor == [1, 10, 100, 1_000][digits])
  }

  @Test("the built-in currencies equal the parsed ones")
  func builtIns() throws {
    #expect(Currency.krw == (try Currency(code: "KRW")))
    #expect(Currency.usd == (try Currency(code: "usd")))
    #expect(Currency.krw.minorUnitsPerMajor == 1)
    #expect(Currency.usd.minorUnitsPerMajor == 100)
  }

  @Test(
    "anything but three ASCII letters is not a currency code",
    arguments: [
      "", "US", "USDD", "12A", "US$", "ÜSD", "원화", " KRW", "KRW ", "U S", "ßd", "ıNR",
      "ＵＳＤ",
    ])
  func badCodes(code: String) {
    #expect(throws: AmountInputError.badCurrency(code)) { try Currency(code: code) }
  }

  @Test(
    "a new user's currency follows the locale",
    arguments: [
      ("ko_KR", "KRW"), ("en_US", "USD"), ("ko", "KRW"), ("ja_JP", "JPY"), ("de_DE", "EUR"),
      ("fr", "USD"),
    ])
  func preferred(identifier: String, code: String) {
    #expect(Currency.preferred(for: Locale(identifier: identifier)).code == code)
  }

  @Test(
    "decimal strings are exact, unpadded and unsigned unless negative",
    arguments: [
      (Currency.usd, Int64(1_250), "12.50"), (.usd, 5, "0.05"), (.usd, -305, "-3.05"),
      (.usd, 0, "0.00"), (.usd, 100, "1.00"), (.usd, -5, "-0.05"), (.krw, 12_000, "12000"),
      (.krw, -12_000, "-12000"), (.krw, 0, "0"),
      (.usd, Int64.min, "-92233720368547758.08"), (.usd, Int64.max, "92233720368547758.07"),
      (.krw, Int64.min, "-9223372036854775808"),
    ])
  func decimalString(currency: Currency, minorUnits: Int64, expected: String) {
    #expect(currency.decimalString(minorUnits: minorUnits) == expected)
  }

  @Test("three-digit currencies pad the fraction to three places")
  func kwd() throws {
    let kwd = try Currency(code: "KWD")
    #expect(kwd.decimalString(minorUnits: 1_234) == "1.234")
    #expect(kwd.decimalString(minorUnits: 5) == "0.005")
    #expect(kwd.decimalString(minorUnits: -50) == "-0.050")
  }
}
