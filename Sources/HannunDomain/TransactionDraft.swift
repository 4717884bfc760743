/// The user-editable fields of an entry, already validated: what a form or command produces and
/// ``LedgerEditor`` writes.
public struct TransactionDraft: Hashable, Sendable {
  public var day: Day
  public var kind: TransactionKind
  public var amount: Amount
  public var category: String
  public var memo: String

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
  public init(_ transaction: Transaction) {
    day = transaction.day
    kind = transaction.kind
    amount = transaction.amount
    category = transaction.category
    memo = transaction.memo
  }
}
