import HannunDomain

/// `hannun budget --json`: one object, a contract other tools rely on —
/// `{"month":"2025-11","total":{"limit","spent","remaining"}|null,"categories":[{"category",
/// "limit","spent","remaining"}]}`. Amounts are numbers in the currency's major unit, written
/// exactly; `remaining` is negative when the budget is over; categories are in name order.
public enum BudgetJSON {
  /// A month's budgets as the contract's object.
  /// - Parameters:
  ///   - status: The month's budgets against its expenses.
  ///   - currency: The ledger's currency, for amounts.
  /// - Returns: The object.
  public static func budget(_ status: BudgetStatus, currency: Currency) -> JSONValue {
    func amount(_ money: Money) -> JSONValue {
      .number(currency.decimalString(minorUnits: money.minorUnits))
    }
    func members(_ line: BudgetLine) -> [(String, JSONValue)] {
      [
        ("limit", amount(Money(line.limit))),
        ("spent", amount(line.spent)),
        ("remaining", amount(line.remaining)),
      ]
    }
    return .object([
      ("month", .string(status.month.iso)),
      ("total", status.total.map { .object(members($0)) } ?? .null),
      (
        "categories",
        .array(
          status.categories.map { line in
            .object([("category", .string(line.scope.category ?? ""))] + members(line))
          })
      ),
    ])
  }
}
