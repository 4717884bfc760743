import HannunDomain
import HannunTestSupport
import Testing

private let krw = AmountParser(currency: .krw)
private let usd = AmountParser(currency: .usd)

@Suite("Amount parsing")
struct AmountParserTests {
  @Test(
    "won amounts in every accepted form",
    arguments: [
      ("12000", Int64(12_000)), ("12,000", 12_000), ("₩12,000", 12_000), ("￦12000", 12_000),
      ("12,000원", 12_000), ("₩12,000원", 12_000), (" 12000 ", 12_000), ("1", 1),
      ("1,234,567", 1_234_567), ("3만", 30_000), ("3만5천", 35_000), ("1.5만", 15_000),
      ("2천", 2_000), ("1억2천만", 120_000_000), (" 3만 5천 ", 35_000), ("3만 5천원", 35_000),
      ("만", 10_000), ("천", 1_000), ("5백", 500), ("3십", 30), ("천만", 10_000_000),
      ("3천5백", 3_500), ("1억", 100_000_000), ("2조", 2_000_000_000_000),
      ("1억2345만6789", 123_456_789), ("12.0", 12), ("1,200만", 12_000_000),
      ("999,999,999,999,999", 999_999_999_999_999), ("\u{3000}5000\u{3000}", 5_000),
    ])
  func wonForms(text: String, minorUnits: Int64) throws {
    #expect(try krw.parse(text).minorUnits == minorUnits)
  }

  @Test(
    "amounts as people type them: full-width digits, Korean numerals, a plus sign, K to T",
    arguments: [
      ("１２０００", Int64(12_000)), ("１２，０００원", 12_000), ("＋１２０００", 12_000),
      ("오만원", 50_000), ("십만", 100_000), ("삼만오천원", 35_000), ("이천", 2_000),
      ("구백만", 9_000_000), ("일억", 100_000_000), ("+12000", 12_000), ("+3만", 30_000),
      ("35K", 35_000), ("35k", 35_000), ("1.5K", 1_500), ("1.2M", 1_200_000), ("₩35K", 35_000),
      ("4.5B", 4_500_000_000), ("2.5T", 2_500_000_000_000),
      ("3.5만", 35_000), ("12,000.00", 12_000),
    ])
  func spokenAndTypedForms(text: String, minorUnits: Int64) throws {
    #expect(try krw.parse(text).minorUnits == minorUnits)
  }

  @Test(
    "a Korean numeral without a unit, a suffix on Korean units, or a doubled sign is not an amount",
    arguments: ["오", "삼만오", "만오", "3만K", "K", "++5", "5KK", "오K", "1.5"])
  func notAmounts(text: String) {
    #expect(throws: AmountInputError.self) { try krw.parse(text) }
  }

  @Test(
    "dollar amounts are read in cents",
    arguments: [
      ("$12.50", Int64(1_250)), ("12.5", 1_250), ("12", 1_200), ("0.05", 5),
      ("$1,234.56", 123_456), ("3만", 3_000_000), ("1.5천", 150_000), ("12.00", 1_200),
    ])
  func dollarForms(text: String, minorUnits: Int64) throws {
    #expect(try usd.parse(text).minorUnits == minorUnits)
  }

  @Test("other currencies use their own symbol and places")
  func otherCurrencies() throws {
    let yen = AmountParser(currency: try Currency(code: "JPY"))
    #expect(try yen.parse("¥1,500").minorUnits == 1_500)
    #expect(try yen.parse("￥1500").minorUnits == 1_500)
    let dinar = AmountParser(currency: try Currency(code: "KWD"))
    #expect(try dinar.parse("1.234").minorUnits == 1_234)
    #expect(throws: AmountInputError.tooManyDecimals("1.2345", currency: "KWD", allowed: 3)) {
      try dinar.parse("1.2345")
    }
    let euro = AmountParser(currency: try Currency(code: "EUR"))
    #expect(try euro.parse("€9.99").minorUnits == 999)
  }

  @Test(
    "won input that is refused, and why",
    arguments: [
      ("12a", AmountInputError.malformed("12a")),
      ("0", .notPositive("0")),
      ("0.0", .notPositive("0.0")),
      ("0원", .notPositive("0원")),
      ("-5", .notPositive("-5")),
      ("−5", .notPositive("−5")),
      ("--5", .notPositive("--5")),
      ("₩-5", .notPositive("₩-5")),
      ("NaN", .malformed("NaN")),
      ("nan", .malformed("nan")),
      ("inf", .malformed("inf")),
      ("Infinity", .malformed("Infinity")),
      ("1e5", .malformed("1e5")),
      ("0x10", .malformed("0x10")),
      ("", .empty),
      ("  ", .empty),
      ("\u{3000}", .empty),
      ("12.5", .tooManyDecimals("12.5", currency: "KRW", allowed: 0)),
      ("1.23456만", .tooManyDecimals("1.23456만", currency: "KRW", allowed: 0)),
      ("$12", .wrongCurrency("$12", ledger: "KRW")),
      ("€12", .wrongCurrency("€12", ledger: "KRW")),
      ("¥12", .wrongCurrency("¥12", ledger: "KRW")),
      ("1,2", .malformed("1,2")),
      ("12,00", .malformed("12,00")),
      ("1234,567", .malformed("1234,567")),
      (",123", .malformed(",123")),
      ("123,", .malformed("123,")),
      ("1..2", .malformed("1..2")),
      ("1.2.3", .malformed("1.2.3")),
      (".5", .malformed(".5")),
      ("5.", .malformed("5.")),
      ("만만", .malformed("만만")),
      ("3만4만", .malformed("3만4만")),
      ("3만1억", .malformed("3만1억")),
      ("3천2천", .malformed("3천2천")),
      ("천천", .malformed("천천")),
      ("5백3천", .malformed("5백3천")),
      (String(repeating: "9", count: 40), .tooLarge(String(repeating: "9", count: 40))),
      ("1000000000000000", .tooLarge("1000000000000000")),
      ("1,000,000,000,000,000", .tooLarge("1,000,000,000,000,000")),
      ("1000조", .tooLarge("1000조")),
      ("9999조9999억", .tooLarge("9999조9999억")),
      ("₩", .malformed("₩")),
      ("원", .malformed("원")),
      ("12원원", .malformed("12원원")),
      ("١٢", .malformed("١٢")),
      ("12 원 x", .malformed("12 원 x")),
    ])
  func refusedWon(text: String, error: AmountInputError) {
    #expect(throws: error) { try krw.parse(text) }
  }

  @Test(
    "dollar input that is refused, and why",
    arguments: [
      ("12.345", AmountInputError.tooManyDecimals("12.345", currency: "USD", allowed: 2)),
      ("0.001", .tooManyDecimals("0.001", currency: "USD", allowed: 2)),
      ("₩12,000", .wrongCurrency("₩12,000", ledger: "USD")),
      ("12,000원", .wrongCurrency("12,000원", ledger: "USD")),
      ("0.00", .notPositive("0.00")),
      ("$", .malformed("$")),
      ("10000000000000", .tooLarge("10000000000000")),
    ])
  func refusedDollars(text: String, error: AmountInputError) {
    #expect(throws: error) { try usd.parse(text) }
  }

  @Test("the largest amount parses in cents; one cent more does not")
  func dollarLimit() throws {
    #expect(try usd.parse("9,999,999,999,999.99").minorUnits == Amount.maximumMinorUnits)
    #expect(throws: AmountInputError.tooLarge("10,000,000,000,000.00")) {
      try usd.parse("10,000,000,000,000.00")
    }
  }

  @Test("written as an amount: any currency's spelling, even a value the ledger refuses")
  func writtenAsAmount() {
    for text in ["12000", "3만5천", "₩12,000", "$12.50", "12,000원", "-5000", "0", "오만원", "35K"] {
      #expect(AmountParser.isWrittenAsAmount(text), "\(text)")
    }
    for text in ["식비", "food", "expense", "", "12a", "x1"] {
      #expect(!AmountParser.isWrittenAsAmount(text), "\(text)")
    }
  }
}
