import HannunDomain
import HannunPresentation

/// Planned occurrences of recurring rules on the screen: marked with ``plannedMark`` and dim in
/// the grid and the day's list, and their month's totals on a line of their own under the real
/// totals, never added to them.
extension CalendarRenderer {
  /// The mark of a planned amount: `~-650,000` in a cell, `~ 예정` in the list.
  static let plannedMark = CellAmount.plannedMark

  /// `예정 수입 ₩3,200,000  지출 ₩650,000` (or a shorter form that fits) when the shown month
  /// has planned occurrences; nothing otherwise.
  func plannedTotalsLines(_ calendar: CalendarViewModel) -> [String] {
    guard !calendar.monthPlanned.isEmpty else { return [] }
    let language = calendar.language
    let money = calendar.money
    guard let totals = try? calendar.plannedTotals() else {
      return [
        theme.apply(.error, to: TerminalText.truncate(language.totalsTooLargeLabel, toWidth: width))
      ]
    }
    func line(_ gap: String, _ format: (Money) -> String) -> StyledLine {
      var line = StyledLine(theme: theme)
      line.append(CalendarRenderer.plannedMark + " " + language.plannedLabel, .dim)
      for (kind, amount) in [(TransactionKind.income, totals.income), (.expense, totals.expense)] {
        line.append(gap)
        line.append(language.label(for: kind) + " " + format(amount), .dim)
      }
      return line
    }
    var candidates = [line("   ", money.string), line("  ", money.string), line(" ", money.plain)]
    let labels = line(" ") { _ in "" }.width
    if let forms = fitted([totals.income, totals.expense], into: width - labels, calendar) {
      var texts = forms.makeIterator()
      candidates.append(line(" ") { _ in texts.next() ?? "" })
    }
    return [StyledLine.firstFitting(candidates, width: width)]
  }

  /// The selected day's planned occurrences, one line each, marked and dim:
  /// `  ~ 예정 지출 -₩650,000  월세  집  r1`.
  func plannedLines(_ calendar: CalendarViewModel) -> [String] {
    calendar.selectedPlanned.map { occurrence in
      let sign = occurrence.kind == .income ? "+" : "-"
      let parts = [
        CalendarRenderer.plannedMark + " " + calendar.language.plannedLabel,
        calendar.language.label(for: occurrence.kind),
        sign + calendar.money.string(Money(occurrence.amount)),
        TerminalText.sanitized(occurrence.category),
        TerminalText.sanitized(occurrence.memo),
        occurrence.key.rule.rawValue,
      ].filter { !$0.isEmpty }
      let indent = width < EntryColumns.narrowWidth ? " " : "  "
      let text = TerminalText.truncate(indent + parts.joined(separator: "  "), toWidth: width)
      return theme.apply(.dim, to: text)
    }
  }
}
