/// Why an amount or currency given by a user was refused.
public enum AmountInputError: Error, Equatable, Sendable {
  /// Nothing was typed.
  case empty
  /// The text is not an amount in any accepted form.
  case malformed(String)
  /// The amount is zero or negative.
  case notPositive(String)
  /// The amount is larger than one entry may hold.
  case tooLarge(String)
  /// More decimal places than the currency has.
  case tooManyDecimals(String, currency: String, allowed: Int)
  /// A currency sign or code of another currency than the ledger's.
  case wrongCurrency(String, ledger: String)
  /// Not an ISO 4217 currency code.
  case badCurrency(String)
}
