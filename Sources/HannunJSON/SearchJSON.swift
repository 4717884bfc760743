import HannunDomain
import HannunPresentation

/// `find --json`: the matching entries, newest first, and their totals — a contract, like the
/// other outputs.
public enum SearchJSON {
  /// `{"transactions":[…],"income":…,"expense":…}`: each entry exactly as in `day --json`
  /// (``CalendarJSON/transaction(_:_:)``), amounts in major units as exact decimals.
  /// - Parameters:
  ///   - search: A search that has run.
  ///   - currency: The ledger's currency.
  /// - Returns: The `find --json` document.
  @MainActor
  public static func results(_ search: TransactionSearchViewModel, currency: Currency)
    -> JSONValue
  {
    .object([
      ("transactions", .array(search.results.map { CalendarJSON.transaction($0, currency) })),
      ("income", .number(currency.decimalString(minorUnits: search.totals.income.minorUnits))),
      ("expense", .number(currency.decimalString(minorUnits: search.totals.expense.minorUnits))),
    ])
  }
}
