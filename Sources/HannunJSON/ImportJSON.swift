import HannunDomain

/// `import --json`: what an import added (or, with `--dry-run`, would add).
///
///     {"dryRun": false, "added": 2, "duplicates": 1,
///      "months": [{"month": "2025-11", "count": 2, "income": "0", "expense": "16500"}],
///      "entries": [{"id": "k2x7q9", "date": "2025-11-03", "kind": "expense", "amount": "12000",
///                   "category": "식비", "memo": "점심"}, …],
///      "skipped": [{"line": 12, "text": "2025-11-05 월급 이체"}]}
///
/// A dry run's entries have no `id`. Amounts are exact decimal text in major units.
public enum ImportJSON {
  /// The object of an import.
  /// - Parameters:
  ///   - plan: What was (or would be) added, and the rows already in the ledger.
  ///   - entries: The stored entries, with their ids, after a real import; `nil` for a dry run.
  ///   - skipped: The line and first line of each journal transaction skipped.
  ///   - currency: The ledger's currency.
  /// - Returns: The object.
  /// - Throws: ``LedgerError/totalOverflow`` when a month's total does not fit.
  public static func result(
    _ plan: ImportPlan, entries: [Transaction]?, skipped: [(line: Int, text: String)],
    currency: Currency
  ) throws(LedgerError) -> JSONValue {
    func amount(_ minor: Int64) -> JSONValue { .number(currency.decimalString(minorUnits: minor)) }
    func entry(_ id: TransactionID?, _ draft: TransactionDraft) -> JSONValue {
      .object(
        (id.map { [("id", JSONValue.string($0.rawValue))] } ?? []) + [
          ("date", .string(draft.day.iso)),
          ("kind", .string(draft.kind.rawValue)),
          ("amount", amount(draft.amount.minorUnits)),
          ("category", .string(draft.category)),
          ("memo", .string(draft.memo)),
        ])
    }
    let listed: [JSONValue] =
      entries.map { $0.map { entry($0.id, TransactionDraft($0)) } }
      ?? plan.additions.map { entry(nil, $0) }
    return .object([
      ("dryRun", .bool(entries == nil)),
      ("added", .number(String(plan.additions.count))),
      ("duplicates", .number(String(plan.duplicates))),
      (
        "months",
        .array(
          try plan.monthTotals().map { total in
            .object([
              ("month", .string(total.month.iso)),
              ("count", .number(String(total.count))),
              ("income", amount(total.income)),
              ("expense", amount(total.expense)),
            ])
          })
      ),
      ("entries", .array(listed)),
      (
        "skipped",
        .array(
          skipped.map { .object([("line", .number(String($0.line))), ("text", .string($0.text))]) })
      ),
    ])
  }
}
