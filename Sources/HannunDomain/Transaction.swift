import Foundation

/// Whether money came in or went out.
public enum TransactionKind: String, CaseIterable, Sendable {
  /// Money that came in (수입).
  case income
  /// Money that went out (지출).
  case expense
}

/// The identifier of a ledger entry: short lowercase text, stable for the entry's life.
public struct TransactionID: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The id's text, as stored and typed.
  public let rawValue: String

  /// Wraps text as an id without checking it, for ids read back or typed.
  /// - Parameter rawValue: The id's text.
  public init(_ rawValue: String) {
    self.rawValue = rawValue
  }

  /// A fresh random identifier: ten characters of lowercase Crockford base32 (no i, l, o, u),
  /// starting with a letter so that an id is never mistaken for a list position.
  /// - Returns: A new id from the system's random number generator.
  public static func random() -> TransactionID {
    var generator = SystemRandomNumberGenerator()
    return random(using: &generator)
  }

  /// A random identifier drawn from `generator`, for reproducible tests.
  /// - Parameter generator: The source of randomness; a seeded one gives the same ids each run.
  /// - Returns: An id of the same form as ``random()``'s.
  public static func random(using generator: inout some RandomNumberGenerator) -> TransactionID {
    // One draw, not ten (an import makes 100,000 ids): the nine base32 digits from its low 45
    // bits, 5 bits each, and the letter from its top 19 bits scaled to the 22 letters (each
    // letter then as likely as another to within 1 in 20,000).
    var bits = generator.next()
    let letter = letters[Int(((bits >> 45) &* UInt64(letters.count)) >> 19)]
    var bytes: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
      (letter, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    return withUnsafeMutableBytes(of: &bytes) { buffer in
      for position in 1..<10 {
        buffer[position] = alphabet[Int(bits & 31)]
        bits >>= 5
      }
      return TransactionID(String(decoding: buffer, as: UTF8.self))
    }
  }

  /// The first character of an id: a lowercase Crockford base32 letter.
  private static let letters: [UInt8] = Array("abcdefghjkmnpqrstvwxyz".utf8)
  /// The other characters: lowercase Crockford base32.
  private static let alphabet: [UInt8] = Array("0123456789abcdefghjkmnpqrstvwxyz".utf8)

  /// `CustomStringConvertible`: the ``rawValue``.
  public var description: String { rawValue }

  /// `Comparable`: by ``rawValue``, so that entries stamped together still list in a stable order.
  public static func < (lhs: TransactionID, rhs: TransactionID) -> Bool {
    lhs.rawValue < rhs.rawValue
  }
}

/// One entry of the household ledger. It belongs to a calendar ``Day``, not to an instant; the
/// stamps record when it was written, for ordering and for undo.
public struct Transaction: Identifiable, Hashable, Sendable {
  /// The entry's identifier, fixed when it is added.
  public let id: TransactionID
  /// The calendar day the entry belongs to.
  public var day: Day
  /// Whether money came in or went out.
  public var kind: TransactionKind
  /// How much, always positive; ``kind`` gives the sign.
  public var amount: Amount
  /// What the money was for, such as `식비` or `Salary`: 1–40 characters.
  public var category: String
  /// A free note, possibly empty: up to 200 characters.
  public var memo: String
  /// When the entry was added; it orders a day's entries.
  public let createdAt: Date
  /// When the entry was last written.
  public var updatedAt: Date

  /// An entry from fields already checked: by ``LedgerEditor``, or as read back from a store.
  /// - Parameters:
  ///   - id: The entry's identifier.
  ///   - day: The day it belongs to.
  ///   - kind: Income or expense.
  ///   - amount: How much.
  ///   - category: A category that passes ``TransactionRules/category(_:)``.
  ///   - memo: A memo that passes ``TransactionRules/memo(_:)``.
  ///   - createdAt: When it was added.
  ///   - updatedAt: When it was last written.
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
  /// - Parameters:
  ///   - lhs: One entry.
  ///   - rhs: Another entry.
  /// - Returns: Whether `lhs` is listed before `rhs`: earlier day, then earlier stamp, then id.
  public static func listOrder(_ lhs: Transaction, _ rhs: Transaction) -> Bool {
    (lhs.day, lhs.createdAt, lhs.id) < (rhs.day, rhs.createdAt, rhs.id)
  }
}
