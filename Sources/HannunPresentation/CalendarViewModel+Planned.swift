import HannunDomain

/// Planned occurrences of recurring rules, beside the real entries and never in their totals:
/// the calendar reads the repository's plan with every load and derives what is planned for any
/// day from it, so they follow every write as the entries do.
extension CalendarViewModel {
  /// The shown month's planned occurrences (neither confirmed nor skipped), by day.
  public var monthPlanned: [Occurrence] { plan.planned(in: currentMonth.dayRange) }

  /// The selected day's planned occurrences.
  public var selectedPlanned: [Occurrence] { plan.planned(in: selectedDay...selectedDay) }

  /// The planned income and expense of the shown month, kept apart from ``monthIncome`` and
  /// ``monthExpense``.
  /// - Returns: The sums of the month's planned occurrences.
  /// - Throws: ``LedgerError/totalOverflow`` when a sum does not fit.
  public func plannedTotals() throws(LedgerError) -> DaySummary {
    try Self.totals(of: monthPlanned)
  }

  /// The planned income and expense of one day.
  /// - Parameter day: Any day.
  /// - Returns: The day's planned totals; empty when they do not fit (the list shows each).
  public func plannedSummary(of day: Day) -> DaySummary {
    (try? Self.totals(of: plan.planned(in: day...day))) ?? .empty
  }

  /// Reads the plan again: for a calendar that follows no changes (a pooled page's), which reads
  /// its months on selection but not the plan.
  public func reloadPlan() async {
    do {
      plan = try await rules.recurringPlan()
      planFailure = nil
    } catch {
      planFailure = AppError(error)
    }
  }

  /// `cell` with its day's planned totals.
  func withPlanned(_ cell: DayCell) -> DayCell {
    guard let day = cell.day, !plan.rules.isEmpty else { return cell }
    var cell = cell
    let planned = plannedSummary(of: day)
    cell.plannedIncome = planned.income
    cell.plannedExpense = planned.expense
    return cell
  }

  private static func totals(of occurrences: [Occurrence]) throws(LedgerError) -> DaySummary {
    var total = DaySummary.empty
    for occurrence in occurrences {
      let amount = Money(occurrence.amount)
      switch occurrence.kind {
      case .income: total.income = try total.income.adding(amount)
      case .expense: total.expense = try total.expense.adding(amount)
      }
    }
    return total
  }
}
