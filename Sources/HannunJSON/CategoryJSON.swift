import HannunDomain

/// `hannun categories --json` and `hannun category rename --json`.
///
/// - The list: `{"from","to","income","expense","categories":[{"category","kind","amount",
///   "count"}]}`; `from` and `to` are `YYYY-MM`, or `null` for all time; categories come income
///   first, the largest first within each kind. Amounts are numbers in the currency's major
///   unit, written exactly, as in the other outputs.
/// - A rename: `{"from","to","merged","count","budgets","rules","months":["YYYY-MM",…]}`: the
///   old and new names, whether the new one already existed, how many entries changed and in
///   which months, and how many budget changes and recurring rules moved with them.
public enum CategoryJSON {
  /// The categories of a period as the contract's object.
  /// - Parameters:
  ///   - list: The list.
  ///   - currency: The ledger's currency, for amounts.
  /// - Returns: The object.
  public static func list(_ list: CategoryList, currency: Currency) -> JSONValue {
    let amount = { (money: Money) in
      JSONValue.number(currency.decimalString(minorUnits: money.minorUnits))
    }
    return .object([
      ("from", list.span.map { .string($0.lowerBound.iso) } ?? .null),
      ("to", list.span.map { .string($0.upperBound.iso) } ?? .null),
      ("income", amount(list.summary.income)),
      ("expense", amount(list.summary.expense)),
      (
        "categories",
        .array(
          list.categories.map { total in
            .object([
              ("category", .string(total.category)),
              ("kind", .string(total.kind.rawValue)),
              ("amount", amount(total.amount)),
              ("count", .number(String(total.count))),
            ])
          })
      ),
    ])
  }

  /// What a rename did, as the contract's object.
  /// - Parameter batch: The batch the rename wrote.
  /// - Returns: The object.
  public static func rename(_ batch: LedgerBatch) -> JSONValue {
    switch batch.purpose {
    case .renameCategory(let from, let to, let merged):
      .object([
        ("from", .string(from)),
        ("to", .string(to)),
        ("merged", .bool(merged)),
        ("count", .number(String(batch.changes.count))),
        ("budgets", .number(String(batch.budgetsMoved))),
        ("rules", .number(String(batch.rulesMoved))),
        ("months", .array(batch.months.sorted().map { .string($0.iso) })),
      ])
    case .importEntries(let skipped):
      .object([
        ("added", .number(String(batch.changes.count))),
        ("skipped", .number(String(skipped))),
        ("months", .array(batch.months.sorted().map { .string($0.iso) })),
      ])
    }
  }
}
