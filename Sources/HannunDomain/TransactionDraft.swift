/// The user-editable fields of an entry, already validated: what a form or command produces and
/// ``LedgerEditor`` writes.
public struct TransactionDraft: Hashable, Sendable {
  /// The day the entry belongs to.
  public var day: Day
  /// Income or expense.
  public var kind: TransactionKind
  /// How much, always positive.
  public var amount: Amount
  /// The category, trimmed and checked by ``TransactionRules/category(_:)``.
  public var category: String
  /// The memo, trimmed and checked by ``TransactionRules/memo(_:)``; possibly empty.
  public var memo: String

  /// Checks and trims the text fields of a new or edited entry.
  /// - Parameters:
  ///   - day: The day the entry belongs to.
  ///   - kind: Income or expense.
  ///   - amount: How much.
  ///   - category: The category as typed; surrounding spaces are trimmed.
  ///   - memo: The memo as typed; surrounding spaces are trimmed.
  /// - Throws: ``FieldInputError`` when the category or memo breaks ``TransactionRules``.
  public init(day: Day, kind: TransactionKind, amount: Amount, category: String, memo: String = "")
    throws(FieldInputError)
  {
    self.day = day
    self.kind = kind
    self.amount = amount
    self.category = try TransactionRules.category(category)
    self.memo = try TransactionRules.memo(memo)
  }

  /// The fields of an existing entry.
  /// - Parameter transaction: The entry, whose fields were checked when it was written.
  public init(_ transaction: Transaction) {
    day = transaction.day
    kind = transaction.kind
    amount = transaction.amount
    category = transaction.category
    memo = transaction.memo
  }
}
