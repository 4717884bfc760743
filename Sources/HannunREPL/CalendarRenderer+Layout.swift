import HannunDomain
import HannunPresentation

/// How a screen spends its rows. The renderer tries these from the roomiest down and takes the
/// first that leaves the selected day's list enough rows.
struct ScreenLayout: Hashable {
  /// What each week shows under its day numbers.
  enum Amounts: Hashable {
    /// An income line and an expense line under every week, blank or not.
    case twoLines
    /// An income line and an expense line, each only under weeks that have some.
    case twoLinesWhereUsed
    /// One line with one amount of each day and marks for the rest (``CellLine/combined``),
    /// only under weeks that have entries.
    case combined
    /// Day numbers only.
    case none
    /// One line with each day's mood (`mode emotion`), only under weeks that have one.
    case moods
  }

  /// A blank line after the totals and another before the day's list.
  var spacers: Bool
  /// Title and totals on one line.
  var mergedHeader: Bool
  /// The amount lines under each week.
  var amounts: Amounts

  /// The layouts in the order they are tried. Each gives up a little more than the one before:
  /// blank spacer lines, then blank amount lines, then the title's own line, then separate income
  /// and expense lines. Day numbers alone are the last resort.
  static let preferred: [ScreenLayout] = [
    ScreenLayout(spacers: true, mergedHeader: false, amounts: .twoLines),
    ScreenLayout(spacers: false, mergedHeader: false, amounts: .twoLines),
    ScreenLayout(spacers: false, mergedHeader: false, amounts: .twoLinesWhereUsed),
    ScreenLayout(spacers: false, mergedHeader: true, amounts: .twoLinesWhereUsed),
    ScreenLayout(spacers: false, mergedHeader: false, amounts: .combined),
    ScreenLayout(spacers: false, mergedHeader: true, amounts: .combined),
  ]
}

extension CalendarRenderer {
  /// List rows a layout should leave to be chosen over a sparer one: three entries and a
  /// "more" line.
  static let comfortableListRows = 4

  /// The layout for this size and calendar, and the rows left for the selected day's entries
  /// under its heading: `nil` without a row limit; negative when not even the heading fits.
  ///
  /// The first layout (in ``ScreenLayout/preferred`` order) that leaves
  /// ``comfortableListRows`` is taken; failing that, the first that leaves two (an entry and the
  /// "more" line), then one; failing that, day numbers alone. It depends on the month's entries
  /// (which weeks have amounts) but not on the selected day's, so moving the selection never
  /// reshapes the grid.
  func layout(for calendar: CalendarViewModel) -> (layout: ScreenLayout, listRows: Int?) {
    let withAmounts = calendar.displayMode == .amounts
    let withMoods = calendar.displayMode == .emotion
    let mergedFits = mergedTitleLine(calendar) != nil
    let candidates = ScreenLayout.preferred.compactMap { layout -> ScreenLayout? in
      guard mergedFits || !layout.mergedHeader else { return nil }
      var layout = layout
      if !withAmounts { layout.amounts = withMoods ? .moods : .none }
      return layout
    }
    guard let budget = rowBudget else {
      return (candidates.first ?? ScreenLayout.preferred[0], nil)
    }
    for needed in [CalendarRenderer.comfortableListRows, 2, 1] {
      if let layout = candidates.first(where: { budget - rows(of: $0, calendar) >= needed }) {
        return (layout, budget - rows(of: layout, calendar))
      }
    }
    let last = ScreenLayout(spacers: false, mergedHeader: mergedFits, amounts: .none)
    return (last, budget - rows(of: last, calendar))
  }

  /// The rows a layout takes above the entries: header, grid and the day's heading.
  func rows(of layout: ScreenLayout, _ calendar: CalendarViewModel) -> Int {
    let header =
      (layout.mergedHeader ? 1 : 2) + plannedTotalsLines(calendar).count
      + loadErrorLines(calendar).count
    let spacers = layout.spacers ? 2 : 0
    let weekdays = 1
    let heading = 1
    return header + spacers + weekdays + gridRows(calendar.weeks, amounts: layout.amounts)
      + heading
  }

  /// The rows of the weeks, day-number lines and amount lines together.
  func gridRows(_ weeks: [[DayCell]], amounts: ScreenLayout.Amounts) -> Int {
    weeks.reduce(0) { total, week in total + 1 + amountLines(of: week, amounts).count }
  }

  /// Which amount lines a week gets in `amounts`.
  func amountLines(of week: [DayCell], _ amounts: ScreenLayout.Amounts) -> [AmountLine] {
    let days = week.filter { $0.day != nil }
    // Planned amounts (recurring entries not yet confirmed) need their lines too.
    // A day whose month could not be read is marked on the week's first amount line.
    let hasIncome = days.contains {
      !$0.income.isZero || !$0.plannedIncome.isZero || $0.isUnreadable
    }
    let hasExpense = days.contains { !$0.expense.isZero || !$0.plannedExpense.isZero }
    switch amounts {
    case .twoLines: return [.income, .expense]
    case .twoLinesWhereUsed: return (hasIncome ? [.income] : []) + (hasExpense ? [.expense] : [])
    case .combined: return hasIncome || hasExpense ? [.combined] : []
    case .none: return []
    case .moods: return days.contains { $0.mood != nil } ? [.mood] : []
    }
  }
}

/// One line of amounts under a week.
enum AmountLine: Hashable {
  /// Each day's income, `+`.
  case income
  /// Each day's expense, `-`.
  case expense
  /// One amount of each day, with marks for the rest.
  case combined
  /// Each day's mood (see `CalendarRenderer+Mood.swift`).
  case mood

  /// Which of a day's amounts the line shows, or `nil` for the mood line.
  var cellLine: CellLine? {
    switch self {
    case .income: .income
    case .expense: .expense
    case .combined: .combined
    case .mood: nil
    }
  }
}
