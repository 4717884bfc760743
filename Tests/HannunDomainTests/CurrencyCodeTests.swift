import HannunDomain
import Testing

@Suite("Currency codes Hannun keeps")
struct CurrencyCodeTests {
  @Test(
    "three letters ISO 4217 does not give a circulating currency are refused",
    arguments: ["ZZZ", "AAA", "QQQ", "XXX", "XTS", "XAU", "XDR", "BOV", "CLF", "UYI", "zzz"])
  func unknownCodes(code: String) {
    #expect(throws: AmountInputError.badCurrency(code)) { try Currency(code: code) }
  }

  @Test(
    "circulating currencies and recently withdrawn ones are kept, with their decimal places",
    arguments: [
      ("KRW", 0), ("USD", 2), ("EUR", 2), ("JPY", 0), ("CNY", 2), ("GBP", 2), ("VND", 0),
      ("KWD", 3), ("TND", 3), ("ISK", 0), ("XOF", 0), ("HRK", 2), ("BYR", 0), ("chf", 2),
    ])
  func knownCodes(code: String, digits: Int) throws {
    #expect(try Currency(code: code).minorDigits == digits)
  }

  @Test("every supported code is three capital ASCII letters and reads back as itself")
  func supportedList() throws {
    #expect(Currency.supportedCodes.count > 150)
    for code in Currency.supportedCodes {
      #expect(try Currency(code: code).code == code)
    }
  }
}
