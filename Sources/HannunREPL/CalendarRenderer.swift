import HannunDomain
import HannunPresentation

/// Draws the calendar view-model as terminal text that fits a ``TerminalSize``: title and
/// totals, the weekday header, day cells with income and expense, and as much of the selected
/// day's list as the rows left allow.
///
/// It is a pure function of view-model state and size, so a known month renders to a fixed
/// text. No line is ever wider than ``TerminalSize/columns`` (from 40 up), measured in display
/// columns; with a row limit the screen leaves ``reservedRows`` free and gives up room in a fixed
/// order (see ``ScreenLayout``) rather than scroll its top away. Every piece of ledger text goes
/// through ``TerminalText/sanitized(_:)`` before it is drawn. Without colour, the selected day is
/// bracketed and today is labelled, so nothing depends on colour.
@MainActor
public struct CalendarRenderer {
  /// Colours, or none.
  public let theme: Theme
  /// The room to draw in.
  public let size: TerminalSize

  /// The widest message after a redraw (`Added Expense ₩4,500 cafe (latte) on 2025-11-03 #…`)
  /// that the screen leaves room for, in columns.
  public static let messageColumns = 80
  /// Rows a screen leaves free below it: the prompt line, and a message of
  /// ``messageColumns`` as the terminal wraps it — one row from 80 columns up, two below.
  public var reservedRows: Int {
    1 + max(1, (CalendarRenderer.messageColumns + width - 1) / width)
  }
  /// The REPL command the "N more" lines name: `list` shows the selected day's entries page by
  /// page (``entryPage(_:page:)``), `list 2` its second page.
  public static let listCommand = "list"

  /// - Parameters:
  ///   - theme: Colours, or none.
  ///   - size: The terminal's size; ``TerminalSize/standard`` (80 columns, no row limit) for
  ///     output that is not a terminal.
  public init(theme: Theme, size: TerminalSize = .standard) {
    self.theme = theme
    self.size = size
  }

  /// The whole screen as text: ``screenLines(_:)``, each ended by a line feed.
  public func screen(_ calendar: CalendarViewModel) -> String {
    screenLines(calendar).map { $0 + "\n" }.joined()
  }

  /// The whole screen: header, grid and the selected day's list, at most the size's rows less
  /// ``reservedRows`` lines (when rows are known), none wider than its columns.
  public func screenLines(_ calendar: CalendarViewModel) -> [String] {
    let plan = layout(for: calendar)
    var lines = header(calendar, merged: plan.layout.mergedHeader)
    if plan.layout.spacers { lines.append("") }
    lines += grid(calendar, amounts: plan.layout.amounts)
    guard let listRows = plan.listRows else {
      if plan.layout.spacers { lines.append("") }
      return lines + dayLines(calendar, rows: nil)
    }
    guard listRows >= 0 else { return lines }
    if plan.layout.spacers { lines.append("") }
    return lines + dayLines(calendar, rows: listRows)
  }

  /// Columns available: the size's, never less than one.
  var width: Int { max(1, size.columns) }

  /// Rows a screen may use, or `nil` without a limit.
  var rowBudget: Int? { size.rows.map { max(0, $0 - reservedRows) } }

  // MARK: - Header

  /// The title (centred over the grid) and the shown totals, or both on one line when `merged`;
  /// then the load error, if any.
  func header(_ calendar: CalendarViewModel, merged: Bool) -> [String] {
    var lines: [String]
    if merged, let line = mergedTitleLine(calendar) {
      lines = [line]
    } else {
      let title = TerminalText.truncate(titleText(calendar), toWidth: width)
      let titleWidth = TerminalText.displayWidth(title)
      let indent = max(0, min((gridWidth - titleWidth) / 2, width - titleWidth))
      lines = [
        titleLine(title, indent: indent, calendar),
        StyledLine.firstFitting(totalsLines(calendar), width: width),
      ]
    }
    lines += plannedTotalsLines(calendar)
    lines += loadErrorLines(calendar).map { theme.apply(.error, to: $0) }
    return lines
  }

  /// Why the month could not be loaded: it takes the place of an empty month, which would
  /// mislead. On a screen it is broken at the width over at most three lines (the file's path
  /// matters); output without a row limit (a pipe) keeps it whole on one line, for scripts.
  func loadErrorLines(_ calendar: CalendarViewModel) -> [String] {
    guard let error = calendar.loadError else { return [] }
    let text = "! " + TerminalText.sanitized(error)
    guard size.rows != nil else { return [text] }
    let lines = TerminalText.wrapped(text, toWidth: size.columns)
    guard lines.count > 3 else { return lines }
    let rest = lines.dropFirst(2).joined(separator: " ")
    return Array(lines.prefix(2)) + [TerminalText.truncate(rest, toWidth: size.columns)]
  }

  /// Title and totals on one line, or `nil` when they do not fit whole.
  func mergedTitleLine(_ calendar: CalendarViewModel) -> String? {
    guard let totals = totalsLines(calendar).first else { return nil }
    var line = StyledLine(theme: theme)
    line.append(titleText(calendar), .header)
    line.append("   ")
    line.append(totals)
    if showsBudget(calendar) {
      // The budget is part of the header: without room for it, the title keeps its own line.
      guard let budget = budgetPart(calendar, fitting: width - line.width - 3) else { return nil }
      line.append("   ")
      line.append(budget)
    }
    return line.width <= width ? line.styled : nil
  }

  private func titleText(_ calendar: CalendarViewModel) -> String {
    calendar.title + (calendar.shape == .week ? " · " + calendar.language.weekLabel : "")
  }

  /// The totals line from the most to the least roomy: wide gaps, narrow gaps, no currency
  /// symbol, then short amounts; last, income and expense without the balance, which gives way
  /// before an amount is cut.
  func totalsLines(_ calendar: CalendarViewModel) -> [StyledLine] {
    let language = calendar.language
    let money = calendar.money
    let totals: PeriodTotals
    var instead = StyledLine(theme: theme)
    switch calendar.headerTotals {
    case .known(let known): totals = known
    case .unavailable:
      // A month on screen that could not be read has unknown totals: never shown as zero.
      instead.append(language.totalsUnavailableLabel, .error)
      return [instead]
    case .tooLarge:
      instead.append(language.totalsTooLargeLabel, .error)
      return [instead]
    }
    let parts: [(String, Money, ANSIStyle)] = [
      (language.label(for: .income), totals.income, .income),
      (language.label(for: .expense), totals.expense, .expense),
      (language.balanceLabel, totals.balance, .bold),
    ]
    func line(_ gap: String, count: Int = 3, _ format: (Money) -> String) -> StyledLine {
      var line = StyledLine(theme: theme)
      for (index, (label, amount, style)) in parts.prefix(count).enumerated() {
        if index > 0 { line.append(gap) }
        line.append(label, .dim)
        line.append(" ")
        line.append(format(amount), style)
      }
      return line
    }
    // Short amounts share what the labels and gaps leave.
    func short(_ count: Int) -> StyledLine? {
      let labels = parts.prefix(count).map { TerminalText.displayWidth($0.0) + 2 }.reduce(-1, +)
      guard let forms = fitted(parts.prefix(count).map(\.1), into: width - labels, calendar)
      else { return nil }
      var next = forms.makeIterator()
      return line(" ", count: count) { _ in next.next() ?? "" }
    }
    let all = [
      line("   ", money.string), line("  ", money.string), line(" ", money.string),
      line(" ", money.plain), short(3),
    ]
    let withoutBalance = [line(" ", count: 2, money.plain), short(2)]
    return (all + withoutBalance).compactMap { $0 }
  }

  /// Short forms of `amounts` that together take at most `columns` columns, as precise as that
  /// allows, or `nil` when even the shortest do not fit. Each amount has a ladder of ever shorter,
  /// ever rounder forms (``MoneyFormatter/compactForms(_:language:)``). First one width limit for
  /// all is tried, the largest that fits, so the amounts read alike (`335만 186.19만 148.82만`,
  /// not `335만 1,861,850 1,488,150`); failing that, the widest steps down until they fit.
  func fitted(_ amounts: [Money], into columns: Int, _ calendar: CalendarViewModel) -> [String]? {
    let ladders = amounts.map { amount in
      var ladder: [(text: String, width: Int)] = []
      for form in calendar.money.compactForms(amount, language: calendar.language) {
        let formWidth = TerminalText.displayWidth(form.text)
        if ladder.last.map({ formWidth < $0.width }) ?? true {
          ladder.append((form.text, formWidth))
        }
      }
      return ladder
    }
    let widest = ladders.compactMap { $0.first?.width }.max() ?? 0
    for limit in stride(from: widest, through: 1, by: -1) {
      let picks = ladders.map { ladder in ladder.first { $0.width <= limit } }
      let texts = picks.compactMap { $0 }
      if texts.count == amounts.count, texts.map(\.width).reduce(0, +) <= columns {
        return texts.map(\.text)
      }
    }
    var steps = ladders.map { _ in 0 }
    func stepWidth(_ index: Int) -> Int { ladders[index][steps[index]].width }
    while amounts.indices.map(stepWidth).reduce(0, +) > columns {
      let shortenable = amounts.indices.filter { steps[$0] + 1 < ladders[$0].count }
      guard let next = shortenable.max(by: { stepWidth($0) < stepWidth($1) }) else { return nil }
      steps[next] += 1
    }
    return amounts.indices.map { ladders[$0][steps[$0]].text }
  }
}

/// A line built from pieces, each drawn in its styles: its plain text measures it, its styled
/// text is printed.
struct StyledLine {
  let theme: Theme
  private(set) var plain = ""
  private(set) var styled = ""

  init(theme: Theme) {
    self.theme = theme
  }

  /// The columns the line occupies.
  var width: Int { TerminalText.displayWidth(plain) }

  /// Adds `text` drawn in `styles`; `text` must already be safe (sanitized) and plain.
  mutating func append(_ text: String, _ styles: ANSIStyle...) {
    plain += text
    styled += theme.apply(styles, to: text)
  }

  /// Adds another line's pieces, styles kept.
  mutating func append(_ other: StyledLine) {
    plain += other.plain
    styled += other.styled
  }

  /// The styled text of the first candidate at most `width` columns wide; when none is, the
  /// last one's plain text cut to `width`.
  static func firstFitting(_ candidates: [StyledLine], width: Int) -> String {
    if let line = candidates.first(where: { $0.width <= width }) { return line.styled }
    return TerminalText.truncate(candidates.last?.plain ?? "", toWidth: width)
  }
}
