import HannunDomain

/// The amounts an amount error suggests: forms the ledger's own parser reads back, in its
/// currency, so a KRW ledger is never shown `$12.50` nor a USD ledger `3만5천`.
public enum AmountExamples {
  /// Example amounts in `currency`, each one ``AmountParser`` (for that currency) accepts.
  /// - Parameter currency: The ledger's currency.
  /// - Returns: For KRW `12000, 12,000, ₩12,000, 12,000원, 3만5천, 1.5만`; for USD `12, 12.50,
  ///   $12.50, 1,200.00`; for a currency without decimals, its whole forms.
  public static func forms(for currency: Currency) -> [String] {
    let money = MoneyFormatter(currency: currency)
    let scale = (0..<currency.minorDigits).reduce(Int64(1)) { value, _ in value * 10 }
    guard currency.minorDigits > 0 else {
      let whole = Money(minorUnits: 12_000)
      var forms = [
        currency.decimalString(minorUnits: whole.minorUnits), money.plain(whole),
        money.string(whole),
      ]
      if currency == .krw { forms += ["12,000원", "3만5천", "1.5만"] }
      return forms
    }
    let cents = Money(minorUnits: 1_250 * scale / 100)
    return [
      "12", currency.decimalString(minorUnits: cents.minorUnits), money.string(cents),
      money.plain(Money(minorUnits: 1_200 * scale)),
    ]
  }
}
