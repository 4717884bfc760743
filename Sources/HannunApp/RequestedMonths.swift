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
    if month.utf8.count == 4, month.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
      return try YearMonth.months(ofYearText: month)
    }
    let single = try YearMonth(iso: month)
    return single...single
  }
  if let year { return try YearMonth.months(ofYearText: year) }
  guard from != nil || to != nil else { return nil }
  guard let from, let to else { throw CommandLineProblem.reportNeedsBothEnds }
  let first = try YearMonth(iso: from)
  let last = try YearMonth(iso: to)
  guard first <= last else { throw CommandLineProblem.reportBackwards(from, to) }
  return first...last
}
