import HannunDomain
import HannunPresentation

extension ReportRenderer {
  /// A month's report followed by its budgets (each budgeted category's spent and limit with a
  /// bar), when the month has any.
  /// - Parameters:
  ///   - report: The report.
  ///   - budgets: The budgets of the report's month, or `nil` (a longer span, or no budgets).
  /// - Returns: The text, each line ending in a newline.
  public func text(_ report: LedgerReport, budgets: BudgetStatus?) -> String {
    var lines = lines(report)
    if let budgets, !budgets.isEmpty {
      let renderer = BudgetRenderer(theme: theme, width: width, language: language, money: money)
      lines.append("")
      lines.append(language.screens.budgets)
      lines += renderer.budgetLines(budgets)
    }
    return lines.map { $0 + "\n" }.joined()
  }
}
