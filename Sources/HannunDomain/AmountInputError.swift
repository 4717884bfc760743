/// Why an amount or currency given by a user was refused.
public enum AmountInputError: Error, Equatable, Sendable {
  case empty
  case malformed(String)
  case notPositive(String)
  case tooLarge(String)
  case tooManyDecimals(String, currency: String, allowed: Int)
  case wrongCurrency(String, ledger: String)
  case badCurrency(String)
}

extension AmountInputError: CustomStringConvertible {
  public var description: String {
    let accepted = "for example 12000, 12,000, ₩12,000, $12.50, 3만5천 or 1.5만"
    switch self {
    case .empty:
      return "the amount is missing; give a number greater than zero, \(accepted)"
    case .malformed(let text):
      return "'\(text)' is not an amount; use a number greater than zero, \(accepted)"
    case .notPositive(let text):
      return
        "'\(text)' is not greater than zero; amounts are positive (the kind says income or expense)"
    case .tooLarge(let text):
      return "'\(text)' is larger than the largest amount one entry may hold"
    case .tooManyDecimals(let text, let currency, let allowed):
      let places =
        allowed == 0
        ? "no decimal places" : "at most \(allowed) decimal place\(allowed == 1 ? "" : "s")"
      return "'\(text)' has too many decimal places: \(currency) amounts have \(places)"
    case .wrongCurrency(let text, let ledger):
      return "'\(text)' is in another currency; this ledger keeps amounts in \(ledger)"
    case .badCurrency(let text):
      return "'\(text)' is not a currency code; use three letters from ISO 4217, such as KRW or USD"
    }
  }
}
