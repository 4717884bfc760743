/// The size of one ledger entry, in the ledger currency's minor units (won, cents): exact, always
/// greater than zero and at most ``Amount/maximumMinorUnits``.
public struct Amount: Hashable, Comparable, Sendable {
  /// The amount in minor units: 1 to ``maximumMinorUnits``.
  public let minorUnits: Int64

  /// The largest amount one entry may hold: 999,999,999,999,999 minor units. The limit keeps
  /// thousands of entries summable in 64 bits; a total that still overflows is an error.
  public static let maximumMinorUnits: Int64 = 999_999_999_999_999

  /// Creates an amount after checking that it is in range.
  /// - Parameter minorUnits: The amount in minor units, such as won or cents.
  /// - Throws: ``AmountInputError`` for zero, negative or too large values.
  public init(minorUnits: Int64) throws(AmountInputError) {
    guard minorUnits > 0 else { throw .notPositive(String(minorUnits)) }
    guard minorUnits <= Amount.maximumMinorUnits else { throw .tooLarge(String(minorUnits)) }
    self.minorUnits = minorUnits
  }

  /// `Comparable`: smaller amounts first.
  public static func < (lhs: Amount, rhs: Amount) -> Bool { lhs.minorUnits < rhs.minorUnits }
}

/// A signed sum of money in minor units: a day's or month's total, or a balance.
public struct Money: Hashable, Comparable, Sendable {
  /// The sum in minor units: negative for a deficit.
  public let minorUnits: Int64

  /// No money: the total of no entries.
  public static let zero = Money(minorUnits: 0)

  /// Creates a sum of any sign; no range is checked.
  /// - Parameter minorUnits: The sum in minor units, such as won or cents.
  public init(minorUnits: Int64) {
    self.minorUnits = minorUnits
  }

  /// The same size as one entry's amount, for summing.
  /// - Parameter amount: An entry's amount; always positive.
  public init(_ amount: Amount) {
    self.minorUnits = amount.minorUnits
  }

  /// Adds with overflow checking.
  /// - Parameter other: The sum to add.
  /// - Returns: The exact sum.
  /// - Throws: ``LedgerError/totalOverflow`` rather than wrapping.
  public func adding(_ other: Money) throws(LedgerError) -> Money {
    let (sum, overflow) = minorUnits.addingReportingOverflow(other.minorUnits)
    guard !overflow else { throw .totalOverflow }
    return Money(minorUnits: sum)
  }

  /// Subtracts with overflow checking.
  /// - Parameter other: The sum to take away.
  /// - Returns: The exact difference.
  /// - Throws: ``LedgerError/totalOverflow`` rather than wrapping.
  public func subtracting(_ other: Money) throws(LedgerError) -> Money {
    let (difference, overflow) = minorUnits.subtractingReportingOverflow(other.minorUnits)
    guard !overflow else { throw .totalOverflow }
    return Money(minorUnits: difference)
  }

  /// Whether the sum is exactly nothing, as a balance of equal income and expense is.
  public var isZero: Bool { minorUnits == 0 }

  /// `Comparable`: smaller sums first, deficits before surpluses.
  public static func < (lhs: Money, rhs: Money) -> Bool { lhs.minorUnits < rhs.minorUnits }
}
