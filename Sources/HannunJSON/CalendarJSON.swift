import HannunDomain
import HannunPresentation

/// The one-shot CLI's JSON contract, built from the same view-model state the REPL draws.
/// Amounts are numbers in the currency's major unit, written exactly (`12000`, `12.50`).
@MainActor
public enum CalendarJSON {
  /// `{"month","firstWeekday","weeks","days","income","expense","balance","planned"}` for the
  /// shown month, each day `{"date","income","expense","mood"}` (`mood` the mood's English name
  /// or `null`); `planned` lists its occurrences neither confirmed nor skipped, kept out of the
  /// totals.
  /// - Parameter calendar: A started calendar.
  /// - Returns: The `month --json` document.
  public static func month(_ calendar: CalendarViewModel) -> JSONValue {
    let month = calendar.currentMonth
    let grid = MonthGrid(month: month, firstWeekday: calendar.firstWeekday)
    let currency = calendar.money.currency
    return .object([
      ("month", .string(month.iso)),
      ("firstWeekday", .number(String(calendar.firstWeekday.rawValue))),
      ("weeks", .array(grid.weeks.map { .array($0.map { $0.map { .string($0.iso) } ?? .null }) })),
      ("days", .array(month.days.map { dayTotals($0, calendar) })),
      ("income", amount(calendar.monthIncome, currency)),
      ("expense", amount(calendar.monthExpense, currency)),
      ("balance", amount(calendar.monthBalance, currency)),
      ("planned", .array(calendar.monthPlanned.map { RecurringJSON.occurrence($0, currency) })),
    ])
  }

  /// `{"days":[7 day objects],"income","expense"}` for the selected day's week.
  /// - Parameter calendar: A started calendar.
  /// - Returns: The `week --json` document.
  /// - Throws: ``LedgerError/totalOverflow`` when the week's total does not fit.
  public static func week(_ calendar: CalendarViewModel) throws(LedgerError) -> JSONValue {
    let days = calendar.selectedDay.week(firstWeekday: calendar.firstWeekday).compactMap { $0 }
    let total = try calendar.weekSummary()
    let currency = calendar.money.currency
    return .object([
      ("days", .array(days.map { dayTotals($0, calendar) })),
      ("income", amount(total.income, currency)),
      ("expense", amount(total.expense, currency)),
    ])
  }

  /// `{"date","transactions":[…],"income","expense","mood","moodNote","planned":[…]}` for the
  /// selected day: `mood` is the mood's English name or `null`, `moodNote` its note (empty for
  /// none), and `planned` the day's recurring occurrences neither confirmed nor skipped, shaped
  /// as in `month --json` and kept out of `income` and `expense`.
  /// - Parameter calendar: A started calendar.
  /// - Returns: The `day --json` document.
  public static func day(_ calendar: CalendarViewModel) -> JSONValue {
    let day = calendar.selectedDay
    let totals = calendar.summary(of: day)
    let currency = calendar.money.currency
    return .object(
      [
        ("date", .string(day.iso)),
        ("transactions", .array(calendar.selectedEntries.map { transaction($0, currency) })),
        ("income", amount(totals.income, currency)),
        ("expense", amount(totals.expense, currency)),
      ] + MoodJSON.fields(calendar.moods[day], note: "moodNote") + [
        ("planned", .array(calendar.selectedPlanned.map { RecurringJSON.occurrence($0, currency) }))
      ])
  }

  /// One entry, shaped as in `day --json`.
  /// - Parameters:
  ///   - entry: The entry.
  ///   - currency: The ledger's currency, which decides the amount's decimal places.
  /// - Returns: `{"id","date","kind","amount","category","memo"}`.
  public static func transaction(_ entry: Transaction, _ currency: Currency) -> JSONValue {
    .object([
      ("id", .string(entry.id.rawValue)),
      ("date", .string(entry.day.iso)),
      ("kind", .string(entry.kind.rawValue)),
      ("amount", .number(currency.decimalString(minorUnits: entry.amount.minorUnits))),
      ("category", .string(entry.category)),
      ("memo", .string(entry.memo)),
    ])
  }

  private static func dayTotals(_ day: Day, _ calendar: CalendarViewModel) -> JSONValue {
    let totals = calendar.summary(of: day)
    let currency = calendar.money.currency
    return .object([
      ("date", .string(day.iso)),
      ("income", amount(totals.income, currency)),
      ("expense", amount(totals.expense, currency)),
      ("mood", calendar.moods[day].map { .string($0.mood.rawValue) } ?? .null),
    ])
  }

  private static func amount(_ money: Money, _ currency: Currency) -> JSONValue {
    .number(currency.decimalString(minorUnits: money.minorUnits))
  }
}
