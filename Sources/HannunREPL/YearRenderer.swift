import HannunDomain
import HannunPresentation

/// A year at a glance, like `cal -y`: twelve small month calendars, three (or two, or one) to a
/// row as the width allows, each with its income, expense and balance underneath. Pure; no line
/// is wider than ``width`` (from 22 columns), and today is marked when it is in the year.
public struct YearRenderer {
  /// Colours, or none.
  public let theme: Theme
  /// The widest a line may be.
  public let width: Int
  /// The language of titles and weekday names.
  public let language: DisplayLanguage
  /// Formats amounts.
  public let money: MoneyFormatter
  /// The first column of each month's grid.
  public let firstWeekday: Weekday
  /// How the line under the year names the command that opens a month.
  public let hints: CommandHintStyle

  /// - Parameters:
  ///   - theme: Colours, or none.
  ///   - width: The terminal's width; 80 when unknown.
  ///   - language: The language of titles and weekday names.
  ///   - money: Formats amounts.
  ///   - firstWeekday: The first column of each month's grid.
  ///   - hints: How the line under the year names a command: the REPL's `go` by default.
  public init(
    theme: Theme, width: Int = 80, language: DisplayLanguage, money: MoneyFormatter,
    firstWeekday: Weekday = .sunday, hints: CommandHintStyle = .repl
  ) {
    self.hints = hints
    self.theme = theme
    self.width = max(22, width)
    self.language = language
    self.money = money
    self.firstWeekday = firstWeekday
  }

  /// One month block's width: seven two-column days and six spaces.
  static let blockWidth = 20

  /// The year's text, lines ending in newlines.
  /// - Parameters:
  ///   - year: The twelve months' totals (a ``LedgerReport`` of the year).
  ///   - today: Marked when it is in the year.
  /// - Returns: The text.
  public func text(_ year: LedgerReport, today: Day?) -> String {
    lines(year, today: today).map { $0 + "\n" }.joined()
  }

  /// The year's lines.
  /// - Parameters:
  ///   - year: The twelve months' totals (a ``LedgerReport`` of the year).
  ///   - today: Marked when it is in the year.
  /// - Returns: The lines, without newlines.
  public func lines(_ year: LedgerReport, today: Day?) -> [String] {
    let perRow = max(1, min(3, (width + 2) / (Self.blockWidth + 2)))
    let totalWidth = perRow * Self.blockWidth + (perRow - 1) * 2
    let title = language.screens.yearTitle(year.from.year)
    let centered = Self.trimmed(TerminalText.pad(title, toWidth: totalWidth, alignment: .center))
    var lines = [theme.apply(.header, to: centered)]
    // Wrapped where narrow, never cut: every total keeps its figure.
    lines += ReportTextStyle.packed(
      [
        "\(language.label(for: .income)) \(money.string(year.income))",
        "\(language.label(for: .expense)) \(money.string(year.expense))",
        "\(language.balanceLabel) \(money.string(year.balance))",
      ], width: width, gap: "  ", indent: "")
    for row in stride(from: 0, to: year.months.count, by: perRow) {
      let blocks = year.months[row..<min(row + perRow, year.months.count)].map {
        block($0, today: today)
      }
      lines.append("")
      for index in 0..<(blocks.map(\.count).max() ?? 0) {
        let parts = blocks.map { index < $0.count ? $0[index] : blank }
        var line = ""
        for (position, part) in parts.enumerated() {
          line += (position > 0 ? "  " : "") + part
        }
        lines.append(Self.trimmed(line))
      }
    }
    lines.append("")
    lines.append(
      TerminalText.truncate(
        language.screens.openMonthHint(hints),
        toWidth: width))
    return lines
  }

  private var blank: String { String(repeating: " ", count: Self.blockWidth) }

  /// A month's lines, each exactly ``blockWidth`` columns (styles aside).
  private func block(_ month: LedgerReport.MonthTotals, today: Day?) -> [String] {
    let name = language.monthName(month.month.month)
    var lines = [TerminalText.pad(name, toWidth: Self.blockWidth, alignment: .center)]
    let weekdays = (0..<7).map { offset in
      let weekday = Weekday(rawValue: (firstWeekday.rawValue - 1 + offset) % 7 + 1) ?? .sunday
      let short = language.shortName(of: weekday)
      return TerminalText.pad(String(short.prefix(language.screens.yearWeekdayLetters)), toWidth: 2)
    }
    lines.append(theme.apply(.dim, to: weekdays.joined(separator: " ")))
    let grid = MonthGrid(month: month.month, firstWeekday: firstWeekday)
    for week in grid.weeks {
      let cells = week.map { day -> String in
        guard let day else { return "  " }
        let number = TerminalText.pad(String(day.day), toWidth: 2, alignment: .right)
        return day == today ? theme.apply(.today, to: number) : number
      }
      lines.append(cells.joined(separator: " "))
    }
    while lines.count < 8 { lines.append(blank) }
    lines.append(amount(month.income, sign: "+", style: .income))
    lines.append(amount(month.expense, sign: "-", style: .expense))
    // A month without entries shows no balance (every amount is above zero, so a month with
    // entries has income or expense); one whose income and expense cancel out shows `=0`.
    if month.income.isZero && month.expense.isZero {
      lines.append(blank)
    } else {
      let balance = (try? month.income.subtracting(month.expense)) ?? .zero
      lines.append(amount(balance, sign: "=", style: nil))
    }
    return lines
  }

  /// `+3,200,000` in a block's width, shortened (`+320만`, `+3.2M`) when it does not fit.
  private func amount(_ value: Money, sign: String, style: ANSIStyle?) -> String {
    guard !value.isZero || sign == "=" else { return blank }
    // Negating Int64.min would trap; no balance of real entries comes near it.
    let magnitude = Money(minorUnits: value.minorUnits == .min ? .max : abs(value.minorUnits))
    let prefix = sign == "=" && value.minorUnits < 0 ? "=-" : sign
    let text =
      money.compact(magnitude, language: language) {
        TerminalText.displayWidth(prefix + $0) <= Self.blockWidth
      }?.text ?? money.plain(magnitude)
    let padded = TerminalText.pad(prefix + text, toWidth: Self.blockWidth)
    return style.map { theme.apply($0, to: padded) } ?? padded
  }

  private static func trimmed(_ line: String) -> String {
    var line = Substring(line)
    while line.last == " " { line.removeLast() }
    return String(line)
  }
}
