import Foundation

/// Reads the ways people write an amount: `12000`, `12,000`, `+12000`, `₩12,000`, `12,000원`,
/// `$12.50`, full-width digits (`１２０００`), `K`/`M`/`B`/`T` suffixes (`35K` = 35,000, `1.2M`, `4.5B`), and
/// spoken Korean units in any locale — `3만` (30,000), `3만5천` (35,000), `1.5만` (15,000),
/// `1억2천만` (120,000,000) — also with Korean numerals: `오만원`, `십만`, `삼만오천원`.
public struct AmountParser: Sendable {
  /// The ledger's currency: the only one amounts may be written in.
  public let currency: Currency

  /// A parser for amounts in `currency`.
  /// - Parameter currency: The ledger's currency.
  public init(currency: Currency) {
    self.currency = currency
  }

  /// Whether `text` is written as an amount in one of the forms above, whatever the ledger's
  /// currency: it reads as one, or is refused only for its value (zero, too large, too many
  /// decimals) or its currency, never as something other than an amount. What tells an amount
  /// from a kind or a category where a command line may put either first.
  public static func isWrittenAsAmount(_ text: String) -> Bool {
    do {
      _ = try AmountParser(currency: .krw).parse(text)
      return true
    } catch {
      switch error {
      case .empty, .malformed, .badCurrency: return false
      case .notPositive, .tooLarge, .tooManyDecimals, .wrongCurrency: return true
      }
    }
  }

  /// Parses `text` into an exact amount of the ledger currency.
  /// - Parameter text: What was typed, in any of the forms above.
  /// - Returns: The amount in the currency's minor units.
  /// - Throws: ``AmountInputError`` naming what was wrong: not a number, zero or negative, more
  ///   decimal places than the currency has, another currency's symbol, or too large.
  public func parse(_ text: String) throws(AmountInputError) -> Amount {
    // The common case, plain digits, without Decimal.
    if (1...15).contains(text.utf8.count), text.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
      let whole = Int64(text), whole > 0
    {
      let (minor, overflow) = whole.multipliedReportingOverflow(by: currency.minorUnitsPerMajor)
      guard !overflow, minor <= Amount.maximumMinorUnits else { throw .tooLarge(text) }
      return try Amount(minorUnits: minor)
    }
    let trimmed = FoundationText.trimmingWhitespace(AmountParser.halfWidth(text))
    guard !trimmed.isEmpty else { throw .empty }
    var body = Substring(trimmed)
    if body.first == "-" || body.first == "−" { throw .notPositive(text) }
    if body.first == "+" { body = body.dropFirst() }
    if let symbol = body.first, let code = AmountParser.symbols[symbol] {
      guard code == currency.code else { throw .wrongCurrency(text, ledger: currency.code) }
      body = body.dropFirst()
    }
    if body.last == "원" {
      guard currency.code == "KRW" else { throw .wrongCurrency(text, ledger: currency.code) }
      body = body.dropLast()
    }
    body = Substring(body.filter { $0 != " " })
    if body.first == "-" { throw .notPositive(text) }
    var multiplier = Decimal(1)
    if let suffix = body.last, let scale = AmountParser.suffixes[suffix],
      body.dropLast().allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == ",") })
    {
      multiplier = scale
      body = body.dropLast()
    }
    guard let plain = AmountParser.value(of: body) else { throw .malformed(text) }
    let value = plain * multiplier
    guard value > 0 else { throw .notPositive(text) }
    let minor = value * Decimal(currency.minorUnitsPerMajor)
    let rounded = FoundationText.rounded(minor, scale: 0, .plain)
    guard rounded == minor else {
      throw .tooManyDecimals(text, currency: currency.code, allowed: currency.minorDigits)
    }
    guard minor <= Decimal(Amount.maximumMinorUnits), let units = Int64("\(minor)") else {
      throw .tooLarge(text)
    }
    return try Amount(minorUnits: units)
  }

  // MARK: - Numbers and units

  private static let symbols: [Character: String] = [
    "₩": "KRW", "￦": "KRW", "$": "USD", "€": "EUR", "£": "GBP", "¥": "JPY", "￥": "JPY",
  ]
  private static let suffixes: [Character: Decimal] = [
    "K": 1_000, "k": 1_000, "M": 1_000_000, "B": 1_000_000_000, "T": 1_000_000_000_000,
  ]
  /// Korean numerals, as in 오만원 or 삼만오천.
  private static let numerals: [Character: Decimal] = [
    "일": 1, "이": 2, "삼": 3, "사": 4, "오": 5, "육": 6, "칠": 7, "팔": 8, "구": 9,
  ]
  private static let smallUnits: [Character: Decimal] = ["십": 10, "백": 100, "천": 1000]
  private static let largeUnits: [Character: Decimal] = [
    "만": 10_000, "억": 100_000_000, "조": 1_000_000_000_000,
  ]

  /// The value of digits with optional grouping commas and decimal point, combined with Korean
  /// units the way they are spoken: small units (십, 백, 천) build a group that a large unit
  /// (만, 억, 조) multiplies.
  private static func value(of text: Substring) -> Decimal? {
    guard !text.isEmpty else { return nil }
    var total = Decimal(0)
    var group = Decimal(0)
    var pending: Decimal?
    var lastLarge = Decimal.greatestFiniteMagnitude
    var lastSmall = Decimal.greatestFiniteMagnitude
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      if character.isASCII, character.isNumber || character == "." || character == "," {
        guard pending == nil else { return nil }
        let end = text[index...].firstIndex {
          !($0.isASCII && ($0.isNumber || $0 == "." || $0 == ","))
        }
        guard let number = plainNumber(text[index..<(end ?? text.endIndex)]) else { return nil }
        pending = number
        index = end ?? text.endIndex
        continue
      }
      if let numeral = numerals[character] {
        // A numeral counts units: 오만, 삼천; alone (오, 삼만오) it is not an amount.
        let next = text.index(after: index)
        guard pending == nil, next < text.endIndex,
          smallUnits[text[next]] != nil || largeUnits[text[next]] != nil
        else { return nil }
        pending = numeral
      } else if let unit = smallUnits[character] {
        guard unit < lastSmall else { return nil }
        lastSmall = unit
        group += (pending ?? 1) * unit
        pending = nil
      } else if let unit = largeUnits[character] {
        guard unit < lastLarge else { return nil }
        lastLarge = unit
        lastSmall = .greatestFiniteMagnitude
        group += pending ?? 0
        total += (group == 0 ? 1 : group) * unit
        group = 0
        pending = nil
      } else {
        return nil
      }
      index = text.index(after: index)
    }
    return total + group + (pending ?? 0)
  }

  /// Full-width digits and signs (as Korean and Japanese input methods type them) as ASCII.
  static func halfWidth(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { (0xFF01...0xFF5E).contains($0.value) }) else {
      return text
    }
    var scalars = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if (0xFF01...0xFF5E).contains(scalar.value), let ascii = Unicode.Scalar(scalar.value - 0xFEE0)
      {
        scalars.append(ascii)
      } else {
        scalars.append(scalar)
      }
    }
    return String(scalars)
  }

  /// `12000`, `12,000`, `12.5` or `1,234.56`: ASCII digits, commas only between groups of three.
  private static func plainNumber(_ text: Substring) -> Decimal? {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), let whole = parts.first, !whole.isEmpty,
      parts.count == 1 || !parts[1].isEmpty,
      parts.count == 1 || parts[1].allSatisfy({ $0.isASCII && $0.isNumber })
    else { return nil }
    let groups = whole.split(separator: ",", omittingEmptySubsequences: false)
    guard groups.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
      groups.count == 1 || (groups[0].count <= 3 && groups.dropFirst().allSatisfy { $0.count == 3 })
    else { return nil }
    let digits = groups.joined() + (parts.count == 2 ? "." + parts[1] : "")
    // A whole part this long is far beyond any amount: say it is too large, not malformed.
    let significant = groups.joined().drop { $0 == "0" }.count
    if significant > 30 { return Decimal(sign: .plus, exponent: significant, significand: 1) }
    guard digits.count <= 30 else { return nil }
    return Decimal(string: digits, locale: Locale(identifier: "en_US_POSIX"))
  }
}
