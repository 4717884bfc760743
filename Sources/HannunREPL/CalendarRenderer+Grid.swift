import HannunDomain
import HannunPresentation

extension CalendarRenderer {
  /// The widest a day cell grows: past this a wide terminal's room goes to the list instead.
  static let maximumCellWidth = 14
  /// The narrowest day cell: a bracketed day number and a mark, or a sign and three columns.
  static let minimumCellWidth = 5

  /// The width of each of the seven columns. They share the terminal's width, up to
  /// ``maximumCellWidth`` each; below seven columns a cell, the leftover columns widen the first
  /// cells by one, so a 40-column terminal gets 6, 6, 6, 6, 6, 5, 5.
  var cellWidths: [Int] {
    let usable = min(width, 7 * CalendarRenderer.maximumCellWidth)
    let base = max(CalendarRenderer.minimumCellWidth, usable / 7)
    guard base < 7 else { return Array(repeating: base, count: 7) }
    let extra = max(0, usable - 7 * base)
    return (0..<7).map { base + ($0 < extra ? 1 : 0) }
  }

  /// The grid's width: the columns its cells take.
  var gridWidth: Int { cellWidths.reduce(0, +) }

  // MARK: - Lines

  /// The weekday header and each week: a line of day numbers, then the amount lines `amounts`
  /// gives it.
  func grid(_ calendar: CalendarViewModel, amounts: ScreenLayout.Amounts) -> [String] {
    let widths = cellWidths
    let headings = zip(calendar.weekdays, widths).map { weekday, cellWidth in
      let name = TerminalText.fit(
        " " + calendar.language.shortName(of: weekday), toWidth: cellWidth)
      return theme.apply(style(for: WeekdayRole(weekday)) ?? .header, to: name)
    }
    var lines = [headings.joined()]
    for week in calendar.weeks {
      lines.append(zip(week, widths).map { numberCell($0, $1, calendar) }.joined())
      for line in amountLines(of: week, amounts) {
        lines.append(
          line == .mood
            ? moodLine(week, widths, language: calendar.language)
            : amountLine(week, line, widths, calendar))
      }
    }
    return lines.map(trimTrailingSpaces)
  }

  /// A day number: ` 3 `, or `[3]` when selected, then today's label when it fits in the cell
  /// (`*` when it does not).
  private func numberCell(_ cell: DayCell, _ cellWidth: Int, _ calendar: CalendarViewModel)
    -> String
  {
    guard let number = cell.dayNumber else { return String(repeating: " ", count: cellWidth) }
    let digits = TerminalText.pad(String(number), toWidth: 2, alignment: .right)
    let label = calendar.language.todayLabel
    let labelFits = TerminalText.displayWidth(label) <= cellWidth - 4
    var marked = cell.isSelected ? "[\(digits)]" : " \(digits) "
    var mark = ""
    if cell.isToday {
      if labelFits {
        mark = label
      } else if cell.isSelected {
        mark = "*"
      } else {
        marked = " \(digits)*"
      }
    }
    var styles: [ANSIStyle] = []
    if let roleStyle = style(for: cell.role) { styles.append(roleStyle) }
    if cell.isToday { styles.append(.today) }
    if cell.isSelected { styles.append(.selected) }
    if !cell.isInShownMonth { styles.append(.dim) }
    let styledNumber = theme.apply(styles, to: marked)
    return TerminalText.pad(styledNumber + theme.apply(.today, to: mark), toWidth: cellWidth)
  }

  /// One line of amounts under a week, each right-aligned in its cell. An amount may fill its
  /// cell unless the amount to its right fills its own, so two amounts are always apart.
  private func amountLine(
    _ week: [DayCell], _ line: AmountLine, _ widths: [Int], _ calendar: CalendarViewModel
  ) -> String {
    var cells = widths.map { String(repeating: " ", count: $0) }
    var nextTouchesLeftEdge = false
    for index in week.indices.reversed() {
      // A day without a real amount on this line shows its planned one, marked and dim.
      let planned = shownAmount(week[index], line) == nil
      guard
        let amount = shownAmount(week[index], line)
          ?? plannedAmount(week[index], line)
      else {
        nextTouchesLeftEdge = false
        continue
      }
      let cellWidth = widths[index]
      let room = nextTouchesLeftEdge ? cellWidth - 1 : cellWidth
      let text =
        planned
        ? CalendarRenderer.plannedMark + cellAmount(amount, in: room - 1, calendar)
        : cellAmount(amount, in: room, calendar)
      let style: ANSIStyle = planned ? .dim : amount.minorUnits < 0 ? .expense : .income
      cells[index] = TerminalText.pad(
        TerminalText.pad(theme.apply(style, to: text), toWidth: room, alignment: .right),
        toWidth: cellWidth)
      nextTouchesLeftEdge = TerminalText.displayWidth(text) == cellWidth
    }
    return cells.joined()
  }

  /// The amount a cell shows on `line`, signed (expense negative), or `nil` for none.
  private func shownAmount(_ cell: DayCell, _ line: AmountLine) -> Money? {
    guard cell.day != nil else { return nil }
    switch line {
    case .income:
      return cell.income.isZero ? nil : cell.income
    case .expense:
      return cell.expense.isZero ? nil : Money(minorUnits: -cell.expense.minorUnits)
    case .mood:
      return nil
    case .balance:
      guard !cell.income.isZero || !cell.expense.isZero else { return nil }
      // Both are at least zero, so the difference always fits.
      return Money(minorUnits: cell.income.minorUnits - cell.expense.minorUnits)
    }
  }

  /// A signed amount in at most `columns` columns: `+` for money in, `-` for money out, as
  /// precise as fits (``MoneyFormatter/compact(_:language:fits:)``: exact, else rounded half away
  /// from zero). When even the shortest form does not fit with its `+`, money in goes unsigned;
  /// when nothing fits, the sign and `…` say "see the list".
  func cellAmount(_ amount: Money, in columns: Int, _ calendar: CalendarViewModel) -> String {
    let negative = amount.minorUnits < 0
    let magnitude = Money(minorUnits: Int64(clamping: amount.minorUnits.magnitude))
    let signs = negative ? ["-"] : ["+", ""]
    for sign in signs {
      let form = calendar.money.compact(magnitude, language: calendar.language) {
        TerminalText.displayWidth(sign + $0) <= columns
      }
      if let form { return sign + form.text }
    }
    return TerminalText.truncate((negative ? "-" : "+") + "…", toWidth: columns)
  }

  func style(for role: WeekdayRole) -> ANSIStyle? {
    switch role {
    case .sunday: .sunday
    case .saturday: .saturday
    case .weekday: nil
    }
  }

  /// `line` without trailing spaces, also those inside a style at its end, so a coloured line
  /// is as wide as the plain one.
  func trimTrailingSpaces(_ line: String) -> String {
    var line = line
    while true {
      if line.last == " " {
        line.removeLast()
      } else if line.hasSuffix(Theme.reset), line.dropLast(Theme.reset.count).last == " " {
        line = String(line.dropLast(Theme.reset.count + 1)) + Theme.reset
      } else {
        return line
      }
    }
  }
}
