import HannunDomain
import HannunPresentation

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `hannun report --json`: one object, a contract other tools rely on —
/// `{"from","to","income","expense","balance","categories":[{"category","kind","amount","share",
/// "count"}],"months":[{"month","income","expense"}],"previous":{"from","to","income","expense"}
/// |null,"previousProblem":string|null}`. Amounts are numbers in the currency's major unit,
/// written exactly; `share` is the category's amount over its kind's total, 0…1. `previous` is
/// the span of the same length just before, which the text compares with: `null` before 1583, or
/// when it could not be read, and then `previousProblem` says why (the sentence a read of it is
/// refused with, in the user's language); the report of its own span stands either way.
public enum ReportJSON {
  /// The report as the contract's object.
  /// - Parameters:
  ///   - report: The report.
  ///   - currency: The ledger's currency, for amounts.
  ///   - messages: The catalogue that says why the span before could not be read.
  /// - Returns: The object.
  public static func report(
    _ report: LedgerReport, currency: Currency, messages: any MessageCatalog
  ) -> JSONValue {
    let amount = { (money: Money) in number(money, currency) }
    var previous = JSONValue.null
    var problem = JSONValue.null
    if let span = report.previousSpan {
      if let totals = report.previous {
        previous = .object([
          ("from", .string(span.lowerBound.iso)),
          ("to", .string(span.upperBound.iso)),
          ("income", amount(totals.income)),
          ("expense", amount(totals.expense)),
        ])
      } else if let failure = report.previousFailure {
        problem = .string(messages.comparisonUnavailable(against: span, because: failure))
      }
    }
    return .object([
      ("from", .string(report.from.iso)),
      ("to", .string(report.to.iso)),
      ("income", amount(report.income)),
      ("expense", amount(report.expense)),
      ("balance", amount(report.balance)),
      (
        "categories",
        .array(
          report.categories.map { share in
            .object([
              ("category", .string(share.category)),
              ("kind", .string(share.kind.rawValue)),
              ("amount", amount(share.amount)),
              ("share", .number(share.share.description)),
              ("count", .number(String(share.count))),
            ])
          })
      ),
      (
        "months",
        .array(
          report.months.map { month in
            .object([
              ("month", .string(month.month.iso)),
              ("income", amount(month.income)),
              ("expense", amount(month.expense)),
            ])
          })
      ),
      ("previous", previous),
      ("previousProblem", problem),
    ])
  }

  /// `hannun year --json`: `{"year","income","expense","balance","months":[{"month","income",
  /// "expense","balance"}]}`, the twelve months in order.
  /// - Parameters:
  ///   - year: A report of the year's twelve months.
  ///   - currency: The ledger's currency, for amounts.
  /// - Returns: The object.
  public static func year(_ year: LedgerReport, currency: Currency) -> JSONValue {
    let amount = { (money: Money) in number(money, currency) }
    return .object([
      ("year", .number(String(year.from.year))),
      ("income", amount(year.income)),
      ("expense", amount(year.expense)),
      ("balance", amount(year.balance)),
      (
        "months",
        .array(
          year.months.map { month in
            let balance = (try? month.income.subtracting(month.expense)).map(amount) ?? .null
            return .object([
              ("month", .string(month.month.iso)),
              ("income", amount(month.income)),
              ("expense", amount(month.expense)),
              ("balance", balance),
            ])
          })
      ),
    ])
  }

  /// An amount as the other JSON outputs write it: major units, exact.
  private static func number(_ money: Money, _ currency: Currency) -> JSONValue {
    .number(currency.decimalString(minorUnits: money.minorUnits))
  }
}
