import HannunDomain
import HannunPresentation

/// Draws the calendar view-model as terminal text: title and month totals, the weekday header,
/// day cells with income and expense, and the selected day's entries.
///
/// It is a pure function of view-model state, so a known month renders to a fixed text. Every
/// piece of ledger text goes through ``TerminalText/sanitized(_:)`` before it is drawn. Without
/// colour, the selected day is bracketed and today is labelled, so nothing depends on colour.
@MainActor
public struct CalendarRenderer {
  public let theme: Theme
  /// Columns per day cell; seven cells make the grid.
  public let cellWidth: Int

  public init(theme: Theme, cellWidth: Int = 10) {
    self.theme = theme
    self.cellWidth = cellWidth
  }

  /// The whole screen: header, grid and the selected day's list.
  public func screen(_ calendar: CalendarViewModel) -> String {
    var lines = header(calendar)
    lines += grid(calendar)
    lines.append("")
    return (lines.joined(separator: "\n") + "\n") + dayList(calendar)
  }

  // MARK: - Header

  func header(_ calendar: CalendarViewModel) -> [String] {
    let language = calendar.language
    let money = calendar.money
    let title = calendar.title + (calendar.shape == .week ? weekSuffix(language) : "")
    let totals = [
      label(language.label(for: .income)) + " "
        + theme.apply(.income, to: money.string(calendar.monthIncome)),
      label(language.label(for: .expense)) + " "
        + theme.apply(.expense, to: money.string(calendar.monthExpense)),
      label(language.balanceLabel) + " "
        + theme.apply(.bold, to: money.string(calendar.monthBalance)),
    ].joined(separator: "   ")
    let titleIndent = max(0, (cellWidth * 7 - TerminalText.displayWidth(title)) / 2)
    var lines = [
      String(repeating: " ", count: titleIndent) + theme.apply(.header, to: title), totals,
    ]
    if let error = calendar.loadError {
      lines.append(theme.apply(.error, to: "! " + TerminalText.sanitized(error)))
    }
    lines.append("")
    return lines
  }

  private func weekSuffix(_ language: DisplayLanguage) -> String {
    language == .korean ? " · 주간" : " · week"
  }

  private func label(_ text: String) -> String { theme.apply(.dim, to: text) }

  // MARK: - Grid

  func grid(_ calendar: CalendarViewModel) -> [String] {
    let headings = calendar.weekdays.map { weekday in
      let name = TerminalText.pad(
        " " + calendar.language.shortName(of: weekday), toWidth: cellWidth)
      return theme.apply(style(for: WeekdayRole(weekday)) ?? .header, to: name)
    }
    var lines = [headings.joined()]
    for week in calendar.weeks {
      lines.append(week.map { numberLine($0, calendar) }.joined())
      if calendar.displayMode == .amounts {
        lines.append(
          week.map { amountLine($0.day == nil ? nil : $0.income, .income, calendar) }.joined())
        lines.append(
          week.map { amountLine($0.day == nil ? nil : $0.expense, .expense, calendar) }.joined())
      }
    }
    return lines.map(trimTrailingSpaces)
  }

  private func numberLine(_ cell: DayCell, _ calendar: CalendarViewModel) -> String {
    guard let number = cell.dayNumber else { return String(repeating: " ", count: cellWidth) }
    let digits = TerminalText.pad(String(number), toWidth: 2, alignment: .right)
    let marked = cell.isSelected ? "[\(digits)]" : " \(digits) "
    let todayMark = cell.isToday ? calendar.language.todayLabel : ""
    var styles: [ANSIStyle] = []
    if let roleStyle = style(for: cell.role) { styles.append(roleStyle) }
    if cell.isToday { styles.append(.today) }
    if cell.isSelected { styles.append(.selected) }
    if !cell.isInShownMonth { styles.append(.dim) }
    let styledNumber = styles.isEmpty ? marked : theme.apply(styles, to: marked)
    let mark = todayMark.isEmpty ? "" : theme.apply(.today, to: todayMark)
    return TerminalText.pad(styledNumber + mark, toWidth: cellWidth)
  }

  private func amountLine(_ money: Money?, _ kind: TransactionKind, _ calendar: CalendarViewModel)
    -> String
  {
    guard let money, !money.isZero else { return String(repeating: " ", count: cellWidth) }
    let sign = kind == .income ? "+" : "-"
    let text =
      sign + calendar.money.abbreviated(money, limit: cellWidth - 2, language: calendar.language)
    let padded = TerminalText.pad(text, toWidth: cellWidth - 1, alignment: .right) + " "
    return theme.apply(kind == .income ? .income : .expense, to: padded)
  }

  private func style(for role: WeekdayRole) -> ANSIStyle? {
    switch role {
    case .sunday: .sunday
    case .saturday: .saturday
    case .weekday: nil
    }
  }

  // MARK: - Selected day

  /// The selected day's heading, totals and numbered entries.
  public func dayList(_ calendar: CalendarViewModel) -> String {
    let language = calendar.language
    let money = calendar.money
    let day = calendar.selectedDay
    let totals = calendar.summary(of: day)
    var lines = [
      theme.apply(.header, to: language.title(of: day))
        + (day == calendar.today ? " " + theme.apply(.today, to: language.todayLabel) : "") + "   "
        + label(language.label(for: .income)) + " "
        + theme.apply(.income, to: money.string(totals.income)) + "   "
        + label(language.label(for: .expense)) + " "
        + theme.apply(.expense, to: money.string(totals.expense))
    ]
    let entries = calendar.selectedEntries
    if entries.isEmpty {
      lines.append("  " + label(language.noEntriesLabel))
    }
    let positionWidth = String(entries.count).count
    for (index, entry) in entries.enumerated() {
      let kindStyle: ANSIStyle = entry.kind == .income ? .income : .expense
      let sign = entry.kind == .income ? "+" : "-"
      let amount = TerminalText.pad(
        sign + money.string(Money(entry.amount)), toWidth: 14, alignment: .right)
      let category = TerminalText.fit(TerminalText.sanitized(entry.category), toWidth: 14)
      let memo = TerminalText.truncate(TerminalText.sanitized(entry.memo), toWidth: 30)
      let position = TerminalText.pad(String(index + 1), toWidth: positionWidth, alignment: .right)
      lines.append(
        trimTrailingSpaces(
          "  \(position). " + theme.apply(kindStyle, to: language.label(for: entry.kind)) + " "
            + theme.apply(kindStyle, to: amount) + "  " + category + "  "
            + TerminalText.pad(memo, toWidth: 30) + "  " + label("#" + entry.id.rawValue)))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private func trimTrailingSpaces(_ line: String) -> String {
    var line = line
    while line.last == " " { line.removeLast() }
    return line
  }
}
