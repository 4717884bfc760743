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
  /// gives it. Every amount of the screen is shown at one precision (see ``amountTexts(_:_:)``).
  func grid(_ calendar: CalendarViewModel, amounts: ScreenLayout.Amounts) -> [String] {
    let widths = cellWidths
    let headings = zip(calendar.weekdays, widths).map { weekday, cellWidth in
      let name = TerminalText.fit(
        " " + calendar.language.shortName(of: weekday), toWidth: cellWidth)
      return theme.apply(style(for: WeekdayRole(weekday)) ?? .header, to: name)
    }
    var lines = [headings.joined()]
    let weeks = calendar.weeks
    // What each cell says on each amount line (`nil` for a mood line), for the whole screen
    // first, so that one precision serves every amount.
    let plan = weeks.map { week in
      amountLines(of: week, amounts).map { line in
        line.cellLine.map { cellLine in week.map { $0.amount(on: cellLine) } }
      }
    }
    let texts = amountTexts(plan.flatMap { $0.compactMap { $0 } }, calendar)
    var next = texts.makeIterator()
    for (week, weekLines) in zip(weeks, plan) {
      lines.append(zip(week, widths).map { numberCell($0, $1, calendar) }.joined())
      // The first amount line marks the days whose month could not be read: their amounts are
      // unknown, and a blank would read as none.
      var unreadable = week.map(\.isUnreadable)
      for cellAmounts in weekLines {
        guard let cellAmounts, let shown = next.next() else {
          lines.append(moodLine(week, widths, language: calendar.language))
          continue
        }
        lines.append(amountLine(cellAmounts, shown, widths, unreadable: unreadable))
        unreadable = week.map { _ in false }
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

  // MARK: - Amounts

  /// One amount placed in its line: its text, and the columns it may take in its own cell.
  struct PlacedAmount {
    /// What the cell says.
    var text: String
    /// The columns of its own cell it may take: one less when the amount to its right starts
    /// at that cell's left edge, so two amounts are always apart.
    var ownRoom: Int
    /// Whether it also takes the last column of the empty cell to its left.
    var borrows: Bool
  }

  /// The texts of a screen's amount lines (what each cell says, ``CellAmount``) at the one
  /// precision that serves them all: the most precise ``ShortPrecision`` at which every amount
  /// fits its room (see ``place(_:_:_:)``), leaving out only amounts that fit at none (they
  /// say ``CellAmount/fallback``: see the list). When none serves them all (an amount fits its
  /// cell alone, but not beside its neighbour), the most precise of those that leave out the
  /// fewest: a coarser rounding that places no more amounts only loses precision. So the same
  /// amount reads the same in every cell, and every rounded one is rounded alike and marked `≈`.
  func amountTexts(_ lines: [[CellAmount?]], _ calendar: CalendarViewModel) -> [[PlacedAmount?]] {
    let widths = cellWidths
    func texts(_ amount: CellAmount, _ precision: ShortPrecision) -> [String] {
      amount.texts(precision: precision, money: calendar.money, language: calendar.language)
    }
    // Amounts that fit at no precision, even with all the room a cell can have.
    let hopeless = lines.map { line in
      line.indices.map { index -> Bool in
        guard let amount = line[index] else { return false }
        let room = widths[index] + (index > 0 && line[index - 1] == nil ? 1 : 0)
        return !ShortPrecision.allCases.contains { precision in
          texts(amount, precision).contains { TerminalText.displayWidth($0) <= room }
        }
      }
    }
    var best: (missing: Int, placed: [[PlacedAmount?]])?
    for precision in ShortPrecision.allCases {
      var missing = 0
      let placed = zip(lines, hopeless).map { line, hopeless in
        place(line, widths) { amount, index, room in
          let text = texts(amount, precision).first {
            TerminalText.displayWidth($0) <= room
          }
          if text == nil, !hopeless[index] { missing += 1 }
          return text
        }
      }
      if missing == 0 { return placed }
      if missing < best?.missing ?? .max { best = (missing, placed) }
    }
    return best?.placed ?? []
  }

  /// Places a line's amounts right to left, each right-aligned in its room: its cell's width,
  /// one column less when the amount to its right starts at that cell's left edge, one more
  /// (the last of the cell to its left) when that cell says nothing on this line. `choose`
  /// gives the text for an amount, its cell and its room, or `nil` for its fallback.
  private func place(
    _ line: [CellAmount?], _ widths: [Int], _ choose: (CellAmount, Int, Int) -> String?
  ) -> [PlacedAmount?] {
    var placed: [PlacedAmount?] = Array(repeating: nil, count: line.count)
    var rightTouches = false
    for index in line.indices.reversed() {
      guard let amount = line[index] else {
        rightTouches = false
        continue
      }
      let ownRoom = widths[index] - (rightTouches ? 1 : 0)
      let canBorrow = index > 0 && line[index - 1] == nil
      let room = ownRoom + (canBorrow ? 1 : 0)
      let text =
        choose(amount, index, room) ?? TerminalText.truncate(amount.fallback, toWidth: room)
      let textWidth = TerminalText.displayWidth(text)
      placed[index] = PlacedAmount(text: text, ownRoom: ownRoom, borrows: textWidth > ownRoom)
      rightTouches = textWidth >= ownRoom
    }
    return placed
  }

  /// One line of amounts under a week, as ``place(_:_:_:)`` placed them: planned ones dim,
  /// income and expense in their colours.
  /// A cell of `unreadable` (its month could not be read) says ``DayCell/unreadableMark``, dim,
  /// in the room an amount to its right leaves it.
  private func amountLine(
    _ amounts: [CellAmount?], _ placed: [PlacedAmount?], _ widths: [Int], unreadable: [Bool]
  ) -> String {
    var cells = widths.map { String(repeating: " ", count: $0) }
    for index in amounts.indices.reversed() {
      guard let amount = amounts[index], let spot = placed[index] else {
        if unreadable[index] {
          let lent = index + 1 < placed.count && placed[index + 1]?.borrows == true
          let room = widths[index] - (lent ? 1 : 0)
          cells[index] = TerminalText.pad(
            TerminalText.pad(
              theme.apply(.dim, to: DayCell.unreadableMark), toWidth: room - 1,
              alignment: .right), toWidth: room)
        }
        continue
      }
      let style: ANSIStyle =
        amount.isPlanned ? .dim : amount.kind == .expense ? .expense : .income
      let borrowed = spot.borrows ? 1 : 0
      if spot.borrows {
        cells[index - 1] = String(repeating: " ", count: widths[index - 1] - 1)
      }
      cells[index] = TerminalText.pad(
        TerminalText.pad(
          theme.apply(style, to: spot.text), toWidth: spot.ownRoom + borrowed, alignment: .right),
        toWidth: widths[index] + borrowed)
    }
    return cells.joined()
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
