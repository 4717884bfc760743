/// The size of one ledger entry, in the ledger currency's minor units (won, cents): exact, always
/// greater than zero and at most ``Amount/maximumMinorUnits``.
public struct Amount: Hashable, Comparable, Sendable {
  public let minorUnits: Int64

  /// The largest amount one entry may hold: 999,999,999,999,999 minor units. The limit keeps
  /// thousands of entries summable in 64 bits; a total that still overflows is an error.
  public static let maximumMinorUnits: Int64 = 999_999_999_999_999

  /// - Throws: ``AmountInputError`` for zero, negative or too large values.
  public init(minorUnits: Int64) throws(AmountInputError) {
    guard minorUnits > 0 else { throw .notPositive(String(minorUnits)) }
    guard minorUnits <= Amount.maximumMinorUnits else { throw .tooLarge(String(minorUnits)) }
    self.minorUnits = minorUnits
  }

  public static func < (lhs: Amount, rhs: Amount) -> Bool { lhs.minorUnits < rhs.minorUnits }
}

/// A signed sum of money in minor units: a day's or month's total, or a balance.
public struct Money: Hashable, Comparable, Sendable {
  public let minorUnits: Int64

  public static let zero = Money(minorUnits: 0)

  public init(minorUnits: Int64) {
    self.minorUnits = minorUnits
  }

  public init(_ amount: Amount) {
    self.minorUnits = amount.minorUnits
  }

  /// Adds with overflow checking.
  /// - Throws: ``LedgerError/totalOverflow`` rather than wrapping.
  public func adding(_ other: Money) throws(LedgerError) -> Money {
    let (sum, overflow) = minorUnits.addingReportingOverflow(other.minorUnits)
    guard !overflow else { throw .totalOverflow }
    return Money(minorUnits: sum)
  }

  /// Subtracts with overflow checking.
  /// - Throws: ``LedgerError/totalOverflow`` rather than wrapping.
  public func subtracting(_ other: Money) throws(LedgerError) -> Money {
    let (difference, overflow) = minorUnits.subtractingReportingOverflow(other.minorUnits)
    guard !overflow else { throw .totalOverflow }
    return Money(minorUnits: difference)
  }

  public var isZero: Bool { minorUnits == 0 }

  public static func < (lhs: Money, rhs: Money) -> Bool { lhs.minorUnits < rhs.minorUnits }
}
