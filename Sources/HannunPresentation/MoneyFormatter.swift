import HannunDomain

/// Shows money the way users of the ledger's currency read it: `₩12,000`, `$12.50`, `-₩3,000`;
/// every digit exact, grouped by thousands.
public struct MoneyFormatter: Sendable {
  /// The ledger's currency, which decides the symbol and the decimal places.
  public let currency: Currency

  /// A formatter for amounts in `currency`.
  /// - Parameter currency: The ledger's currency.
  public init(currency: Currency) {
    self.currency = currency
  }

  /// The full amount with the currency's symbol (or code) and grouping.
  /// - Parameter money: A sum of any sign.
  /// - Returns: For example `₩12,000`, `-$3.50` or `CHF 1,200.00`.
  public func string(_ money: Money) -> String {
    let sign = money.minorUnits < 0 ? "-" : ""
    return sign + symbol + grouped(money.minorUnits)
  }

  /// The amount with grouping and no symbol: for narrow calendar cells, where the header already
  /// names the currency. ``compact(_:language:fits:)`` gives shorter forms.
  /// - Parameter money: A sum of any sign.
  /// - Returns: For example `12,000` or `-3.50`.
  public func plain(_ money: Money) -> String {
    (money.minorUnits < 0 ? "-" : "") + grouped(money.minorUnits)
  }

  /// The amount as it would be typed back: `12000` or `12.50`, no grouping, no symbol.
  /// - Parameter amount: An entry's amount.
  /// - Returns: Text that ``AmountParser/parse(_:)`` reads back as the same amount.
  public func editable(_ amount: Amount) -> String {
    currency.decimalString(minorUnits: amount.minorUnits)
  }

  private var symbol: String {
    switch currency.code {
    case "KRW": "₩"
    case "USD": "$"
    case "EUR": "€"
    case "GBP": "£"
    case "JPY": "¥"
    default: currency.code + " "
    }
  }

  /// The magnitude of `minorUnits` as ``Currency/decimalString(minorUnits:)`` writes it, its
  /// whole part grouped by thousands, written byte by byte: a month page formats a few hundred
  /// amounts.
  private func grouped(_ minorUnits: Int64) -> String {
    let digits = currency.minorDigits
    guard (0...18).contains(digits) else {
      return Self.grouping(currency.decimalString(minorUnits: minorUnits))
    }
    let magnitude = minorUnits.magnitude
    let scale = UInt64(currency.minorUnitsPerMajor)
    return Self.text(whole: magnitude / scale, fraction: magnitude % scale, digits: digits)
  }

  /// `whole` grouped by thousands, then, when `digits` is above zero, `.` and `fraction` in
  /// exactly `digits` digits: `1,234.05`.
  static func text(whole: UInt64, fraction: UInt64, digits: Int) -> String {
    // 20 digits and 6 commas, a point and at most 18 decimals.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 48) { buffer in
      var start = 48
      func put(_ byte: UInt8) {
        start -= 1
        buffer[start] = byte
      }
      if digits > 0 {
        var rest = fraction
        for _ in 0..<digits {
          put(UInt8(truncatingIfNeeded: 0x30 &+ rest % 10))
          rest /= 10
        }
        put(UInt8(ascii: "."))
      }
      var rest = whole
      var written = 0
      repeat {
        if written > 0 && written % 3 == 0 { put(UInt8(ascii: ",")) }
        put(UInt8(truncatingIfNeeded: 0x30 &+ rest % 10))
        rest /= 10
        written += 1
      } while rest > 0
      return String(
        decoding: UnsafeBufferPointer(rebasing: buffer[start..<48]), as: UTF8.self)
    }
  }

  /// A decimal text without its sign, its whole part grouped by thousands (for currencies the
  /// byte-by-byte writer does not cover).
  private static func grouping(_ decimal: String) -> String {
    var text = Substring(decimal)
    if text.first == "-" { text = text.dropFirst() }
    let parts = text.split(separator: ".", maxSplits: 1)
    let whole = Array(parts[0])
    var result = ""
    for (index, digit) in whole.enumerated() {
      if index > 0, (whole.count - index) % 3 == 0 { result.append(",") }
      result.append(digit)
    }
    return parts.count == 2 ? result + "." + parts[1] : result
  }
}
