import HannunDomain

/// A search as typed into a form's fields — words, a category, a kind, a span of days and of
/// amounts, each blank for any — read by the rules `find` reads its options with: a kind as
/// ``TransactionRules/kind(_:)`` reads it (`income`, `수입` …), a day as `Day(userInput:)` reads
/// it (`2025-11-03`, `11/3`, `어제` …), an amount in the ledger's currency (`3만`, `12,000` …).
public struct SearchFields: Equatable, Sendable {
  /// Words to find in memos and categories.
  public var text: String
  /// The category, in any case.
  public var category: String
  /// Income or expense.
  public var kind: String
  /// The first day, included.
  public var from: String
  /// The last day, included.
  public var to: String
  /// The smallest amount, included.
  public var minimum: String
  /// The largest amount, included.
  public var maximum: String

  /// The fields as typed; blank ones (or only spaces) ask for any.
  /// - Parameters:
  ///   - text: Words to find in memos and categories.
  ///   - category: The category.
  ///   - kind: Income or expense.
  ///   - from: The first day.
  ///   - to: The last day.
  ///   - minimum: The smallest amount.
  ///   - maximum: The largest amount.
  public init(
    text: String = "", category: String = "", kind: String = "", from: String = "",
    to: String = "", minimum: String = "", maximum: String = ""
  ) {
    self.text = text
    self.category = category
    self.kind = kind
    self.from = from
    self.to = to
    self.minimum = minimum
    self.maximum = maximum
  }

  /// Whether every field is blank: a form not yet sent.
  public var isBlank: Bool {
    [text, category, kind, from, to, minimum, maximum].allSatisfy { Self.trimmed($0).isEmpty }
  }

  /// The query the fields ask for.
  /// - Parameters:
  ///   - today: The day `today`, `어제` … count from.
  ///   - currency: The ledger's currency, which amounts are read in.
  /// - Returns: The query.
  /// - Throws: The first field refused, in the order above: a ``FieldInputError``,
  ///   ``DateInputError`` or ``AmountInputError``; or a ``TransactionQueryError`` for a span
  ///   that runs backwards.
  public func query(today: Day, currency: Currency) throws -> TransactionQuery {
    func given(_ text: String) -> String? {
      let trimmed = Self.trimmed(text)
      return trimmed.isEmpty ? nil : trimmed
    }
    let parser = AmountParser(currency: currency)
    return try TransactionQuery(
      text: text, category: given(category),
      kind: try given(kind).map { text throws(FieldInputError) in try TransactionRules.kind(text) },
      from: try given(from).map { text throws(DateInputError) in
        try Day(userInput: text, today: today)
      },
      to: try given(to).map { text throws(DateInputError) in try Day(userInput: text, today: today)
      },
      minimum: try given(minimum).map { text throws(AmountInputError) in try parser.parse(text) },
      maximum: try given(maximum).map { text throws(AmountInputError) in try parser.parse(text) })
  }

  /// `text` without the white space around it.
  private static func trimmed(_ text: String) -> String {
    var text = Substring(text)
    while text.first?.isWhitespace == true { text.removeFirst() }
    while text.last?.isWhitespace == true { text.removeLast() }
    return String(text)
  }
}
