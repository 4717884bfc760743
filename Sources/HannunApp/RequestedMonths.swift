import HannunDomain

/// The months a command's period options name: a month (`YYYY-MM`), a whole year (`--year`, or
/// a year alone where the month goes: `report 2026`), or a span (`--from` with `--to`), or `nil`
/// when none is given. The command checks first that at
/// most one form is given, with its own message.
/// - Throws: ``DateInputError`` for a month or year that is not one, and
///   ``CommandLineProblem`` for a span with one end or running backwards.
func requestedMonths(month: String?, year: String?, from: String?, to: String?) throws
  -> ClosedRange<YearMonth>?
{
  if let month {
    do {
      return try YearMonth.months(ofYearText: month)
    } catch {
      // Not a year: a month, or neither. (A partial `catch .malformedYear` crashes Swift 6.3.1.)
      guard case .malformedYear = error else { throw error }
    }
    let single = try YearMonth(typed: month)
    return single...single
  }
  if let year { return try YearMonth.months(ofYearText: year) }
  guard from != nil || to != nil else { return nil }
  guard let from, let to else { throw CommandLineProblem.reportNeedsBothEnds }
  let first = try YearMonth(typed: from)
  let last = try YearMonth(typed: to)
  guard first <= last else { throw CommandLineProblem.reportBackwards(from, to) }
  return first...last
}
