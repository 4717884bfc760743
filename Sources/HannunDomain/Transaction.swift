import Foundation

/// Whether money came in or went out.
public enum TransactionKind: String, CaseIterable, Sendable {
  case income
  case expense
}

/// The identifier of a ledger entry: short lowercase text, stable for the entry's life.
public struct TransactionID: Hashable, Comparable, Sendable, CustomStringConvertible {
  public let rawValue: String

  public init(_ rawValue: String) {
    self.rawValue = rawValue
  }

  /// A fresh random identifier: ten characters of lowercase Crockford base32 (no i, l, o, u),
  /// starting with a letter so that an id is never mistaken for a list position.
  public static func random() -> TransactionID {
    var generator = SystemRandomNumberGenerator()
    return random(using: &generator)
  }

  /// A random identifier drawn from `generator`, for reproducible tests.
  public static func random(using generator: inout some RandomNumberGenerator) -> TransactionID {
    let letters = Array("abcdefghjkmnpqrstvwxyz")
    let alphabet = Array("0123456789abcdefghjkmnpqrstvwxyz")
    var text = String(letters.randomElement(using: &generator) ?? "a")
    for _ in 1..<10 { text.append(alphabet.randomElement(using: &generator) ?? "0") }
    return TransactionID(text)
  }

  public var description: String { rawValue }

  public static func < (lhs: TransactionID, rhs: TransactionID) -> Bool {
    lhs.rawValue < rhs.rawValue
  }
}

/// One entry of the household ledger. It belongs to a calendar ``Day``, not to an instant; the
/// stamps record when it was written, for ordering and for undo.
public struct Transaction: Identifiable, Hashable, Sendable {
  public let id: TransactionID
  public var day: Day
  public var kind: TransactionKind
  public var amount: Amount
  public var category: String
  public var memo: String
  public let createdAt: Date
  public var updatedAt: Date

  public init(
    id: TransactionID, day: Day, kind: TransactionKind, amount: Amount, category: String,
    memo: String, createdAt: Date, updatedAt: Date
  ) {
    self.id = id
    self.day = day
    self.kind = kind
    self.amount = amount
    self.category = category
    self.memo = memo
    self.createdAt = createdAt
    self.updatedAt = updatedAt
  }
}

extension Transaction {
  /// The order entries are listed in within a day: oldest first, then by id for stability.
  public static func listOrder(_ lhs: Transaction, _ rhs: Transaction) -> Bool {
    (lhs.day, lhs.createdAt, lhs.id) < (rhs.day, rhs.createdAt, rhs.id)
  }
}
