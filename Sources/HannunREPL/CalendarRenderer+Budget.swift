import HannunDomain
import HannunPresentation

extension CalendarRenderer {
  /// `예산 ₩138,150 남음` or `Budget ₩12,000 over` in the widest form at most `columns` wide:
  /// with the currency symbol, without, then ever shorter amounts; `nil` when the month has no
  /// budget or no form fits.
  func budgetPart(_ calendar: CalendarViewModel, fitting columns: Int) -> StyledLine? {
    guard let remaining = calendar.budgetLeft else { return nil }
    let language = calendar.language
    let money = calendar.money
    let isOver = remaining.minorUnits < 0
    // A sum of positive limits less spending stays above Int64.min, so it can be negated.
    let amount = isOver ? Money(minorUnits: -remaining.minorUnits) : remaining
    let forms =
      [money.string(amount), money.plain(amount)]
      + money.compactForms(amount, language: language).map(\.text)
    for form in forms {
      var line = StyledLine(theme: theme)
      line.append(language.budgetLabel, .dim)
      line.append(" ")
      line.append(form, isOver ? .error : .income)
      line.append(" ")
      line.append(isOver ? language.budgetOverLabel : language.budgetLeftLabel, .dim)
      if line.width <= columns { return line }
    }
    return nil
  }

  /// Whether the shown month has a budget to show in the header.
  func showsBudget(_ calendar: CalendarViewModel) -> Bool {
    calendar.budgetLeft != nil
  }

  /// The title line: the title centred over the grid, with what is left of the month's budget at
  /// the grid's right end when the month has one. When both do not fit so, the title moves to the
  /// left edge; when even that is too narrow, the title is shown alone.
  func titleLine(_ title: String, indent: Int, _ calendar: CalendarViewModel) -> String {
    let centred = String(repeating: " ", count: indent) + theme.apply(.header, to: title)
    guard showsBudget(calendar) else { return centred }
    let titleWidth = TerminalText.displayWidth(title)
    let right = min(width, max(gridWidth, indent + titleWidth))
    for start in [indent, 0] {
      let room = right - start - titleWidth - 2
      guard let budget = budgetPart(calendar, fitting: room) else { continue }
      let gap = String(repeating: " ", count: room - budget.width + 2)
      return String(repeating: " ", count: start) + theme.apply(.header, to: title) + gap
        + budget.styled
    }
    return centred
  }
}
