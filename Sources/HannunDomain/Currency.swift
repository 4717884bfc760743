import Foundation

/// An ISO 4217 currency and how many decimal places its amounts have.
///
/// The currencies Hannun keeps are ``supportedCodes``: the circulating currencies of ISO 4217's
/// list one, and a few withdrawn since 2008 that a ledger may still be kept in (HRK, SLL, ZWL,
/// CUC, VEF, BYR, LTL, LVL, EEK). Fund codes (such as BOV, CLF), precious metals (XAU), the SDR
/// (XDR) and the codes for testing and "no currency" (XTS, XXX) are not money a household
/// spends; they, and any three letters ISO 4217 does not assign, are refused.
public struct Currency: Hashable, Sendable {
  /// The three-letter code, for example `KRW`.
  public let code: String
  /// Digits after the decimal point: 0 for KRW and JPY, 2 for USD, 3 for KWD.
  public let minorDigits: Int

  /// Creates a currency from its ISO 4217 code.
  /// - Parameter code: Three ASCII letters, any case, one of ``supportedCodes``.
  /// - Throws: ``AmountInputError/badCurrency(_:)`` for anything else.
  public init(code: String) throws(AmountInputError) {
    let upper = code.uppercased()
    // Checked before uppercasing too: "ß" and "ı" uppercase to ASCII letters.
    guard code.unicodeScalars.count == 3, code.unicodeScalars.allSatisfy(\.isASCII),
      upper.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) }),
      Currency.supportedCodes.contains(upper)
    else {
      throw .badCurrency(code)
    }
    self.code = upper
    self.minorDigits =
      Currency.zeroDigit.contains(upper) ? 0 : Currency.threeDigit.contains(upper) ? 3 : 2
  }

  /// The South Korean won, which has no minor digits.
  public static let krw = Currency(known: "KRW", 0)
  /// The US dollar, in cents.
  public static let usd = Currency(known: "USD", 2)

  private init(known code: String, _ digits: Int) {
    self.code = code
    self.minorDigits = digits
  }

  /// The ledger currency a new user of `locale` expects: the region's currency, KRW for Korean
  /// without a region, USD otherwise.
  /// - Parameter locale: The user's locale.
  /// - Returns: The currency to offer when a ledger is created.
  public static func preferred(for locale: Locale) -> Currency {
    if let code = locale.currency?.identifier, let currency = try? Currency(code: code) {
      return currency
    }
    return isKorean(locale.identifier) ? .krw : .usd
  }

  /// Whether ICU reads `identifier`'s language as Korean (`ko`, `KO_kr`, `ko-KR`, and `kor`, which
  /// it takes for `ko`), read from the identifier's text: `Locale.Language` would link
  /// FoundationInternationalization into every program that asks for a currency.
  static func isKorean(_ identifier: String) -> Bool {
    let language = identifier.prefix { $0 != "_" && $0 != "-" && $0 != "@" }.lowercased()
    return language == "ko" || language == "kor"
  }

  /// Minor units per major unit: 1, 100 or 1000.
  public var minorUnitsPerMajor: Int64 {
    (0..<minorDigits).reduce(1) { value, _ in value * 10 }
  }

  /// Writes minor units as an exact decimal in the major unit, `12.50` or `-12000`, with no
  /// grouping and no symbol: the form JSON output uses.
  /// - Parameter minorUnits: A sum of any sign, in this currency's minor units.
  /// - Returns: The decimal text, with exactly ``minorDigits`` digits after the point.
  public func decimalString(minorUnits: Int64) -> String {
    let negative = minorUnits < 0
    let magnitude = minorUnits.magnitude
    let scale = UInt64(minorUnitsPerMajor)
    var text = String(magnitude / scale)
    if minorDigits > 0 {
      let fraction = String(magnitude % scale)
      text += "." + String(repeating: "0", count: minorDigits - fraction.count) + fraction
    }
    return negative ? "-" + text : text
  }

  /// Every code ``init(code:)`` accepts, in upper case.
  public static let supportedCodes: Set<String> = [
    "AED", "AFN", "ALL", "AMD", "ANG", "AOA", "ARS", "AUD", "AWG", "AZN", "BAM", "BBD", "BDT",
    "BGN", "BHD", "BIF", "BMD", "BND", "BOB", "BRL", "BSD", "BTN", "BWP", "BYN", "BZD", "CAD",
    "CDF", "CHF", "CLP", "CNY", "COP", "CRC", "CUP", "CVE", "CZK", "DJF", "DKK", "DOP", "DZD",
    "EGP", "ERN", "ETB", "EUR", "FJD", "FKP", "GBP", "GEL", "GHS", "GIP", "GMD", "GNF", "GTQ",
    "GYD", "HKD", "HNL", "HTG", "HUF", "IDR", "ILS", "INR", "IQD", "IRR", "ISK", "JMD", "JOD",
    "JPY", "KES", "KGS", "KHR", "KMF", "KPW", "KRW", "KWD", "KYD", "KZT", "LAK", "LBP", "LKR",
    "LRD", "LSL", "LYD", "MAD", "MDL", "MGA", "MKD", "MMK", "MNT", "MOP", "MRU", "MUR", "MVR",
    "MWK", "MXN", "MYR", "MZN", "NAD", "NGN", "NIO", "NOK", "NPR", "NZD", "OMR", "PAB", "PEN",
    "PGK", "PHP", "PKR", "PLN", "PYG", "QAR", "RON", "RSD", "RUB", "RWF", "SAR", "SBD", "SCR",
    "SDG", "SEK", "SGD", "SHP", "SLE", "SOS", "SRD", "SSP", "STN", "SVC", "SYP", "SZL", "THB",
    "TJS", "TMT", "TND", "TOP", "TRY", "TTD", "TWD", "TZS", "UAH", "UGX", "USD", "UYU", "UZS",
    "VED", "VES", "VND", "VUV", "WST", "XAF", "XCD", "XCG", "XOF", "XPF", "YER", "ZAR", "ZMW",
    "ZWG",
    // Withdrawn, kept for ledgers started before.
    "BYR", "CUC", "EEK", "HRK", "LTL", "LVL", "SLL", "VEF", "ZWL",
  ]

  private static let zeroDigit: Set<String> = [
    "BIF", "BYR", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF", "UGX", "VND",
    "VUV", "XAF", "XOF", "XPF",
  ]
  private static let threeDigit: Set<String> = ["BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"]
}
