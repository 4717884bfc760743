import Foundation

/// An ISO 4217 currency and how many decimal places its amounts have.
public struct Currency: Hashable, Sendable {
  /// The three-letter code, for example `KRW`.
  public let code: String
  /// Digits after the decimal point: 0 for KRW and JPY, 2 for USD, 3 for KWD.
  public let minorDigits: Int

  /// Creates a currency from its ISO 4217 code.
  /// - Parameter code: Three ASCII letters, any case.
  /// - Throws: ``AmountInputError/badCurrency(_:)`` for anything else.
  public init(code: String) throws(AmountInputError) {
    let upper = code.uppercased()
    // Checked before uppercasing too: "ß" and "ı" uppercase to ASCII letters.
    guard code.unicodeScalars.count == 3, code.unicodeScalars.allSatisfy(\.isASCII),
      upper.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) })
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
    return locale.language.languageCode?.identifier == "ko" ? .krw : .usd
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

  private static let zeroDigit: Set<String> = [
    "BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF", "UGX", "UYI", "VND",
    "VUV", "XAF", "XOF", "XPF",
  ]
  private static let threeDigit: Set<String> = ["BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"]
}
