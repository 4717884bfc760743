import HannunDomain
import HannunPresentation

/// Recurring rules and occurrences as terminal lines, for the REPL and the one-shot commands:
/// every piece of ledger text sanitized, and a rule or occurrence too long for the width going
/// on under itself, indented, so that no amount, schedule or date is shown in part.
public struct RecurringRenderer: Sendable {
  /// Colours, or none.
  public let theme: Theme
  /// Columns available.
  public let width: Int
  /// Labels.
  public let language: DisplayLanguage
  /// Amounts.
  public let money: MoneyFormatter
  /// How a line that points to a command names it.
  public let hints: CommandHintStyle

  /// - Parameters:
  ///   - theme: Colours, or none.
  ///   - width: Columns available, from 40.
  ///   - language: Labels.
  ///   - money: Amounts in the ledger's currency.
  ///   - hints: How a line that points to a command names it: the REPL's commands by default.
  public init(
    theme: Theme, width: Int, language: DisplayLanguage, money: MoneyFormatter,
    hints: CommandHintStyle = .repl
  ) {
    self.hints = hints
    self.theme = theme
    self.width = max(1, width)
    self.language = language
    self.money = money
  }

  /// A line per rule, `r1  매월 25일  지출 ₩650,000  월세  memo  2025-01-01–`, going on under
  /// itself when the width is too narrow; a line saying there are none when the list is empty.
  /// - Parameter rules: The rules.
  /// - Returns: The lines.
  public func ruleLines(_ rules: [RecurringRule]) -> [String] {
    guard !rules.isEmpty else {
      // Broken at spaces to the width, so a 40-column terminal never cuts the command in two.
      return TerminalText.wrapped(language.screens.noRecurringRules(hints), toWidth: width)
    }
    return rules.flatMap { rule in
      let span = rule.start.iso + "–" + (rule.end?.iso ?? "")
      return lines([
        (rule.id.rawValue, .bold), (language.describe(rule.schedule), nil),
        (language.label(for: rule.kind) + " " + money.string(Money(rule.amount)), style(rule.kind)),
        (TerminalText.sanitized(rule.category), nil), (TerminalText.sanitized(rule.memo), .dim),
        (span, .dim),
      ])
    }
  }

  /// A line per occurrence, `2025-11-25  r1  지출 ₩650,000  월세  memo`, going on under itself
  /// when the width is too narrow; a moved or changed one marked `*`.
  /// - Parameter occurrences: The occurrences.
  /// - Returns: The lines.
  public func occurrenceLines(_ occurrences: [Occurrence]) -> [String] {
    occurrences.flatMap(occurrenceLines)
  }

  /// The lines of one occurrence.
  private func occurrenceLines(_ occurrence: Occurrence) -> [String] {
    lines([
      (occurrence.day.iso + (occurrence.isChanged ? "*" : ""), nil),
      (occurrence.key.rule.rawValue, .bold),
      (
        language.label(for: occurrence.kind) + " " + money.string(Money(occurrence.amount)),
        style(occurrence.kind)
      ),
      (TerminalText.sanitized(occurrence.category), nil),
      (TerminalText.sanitized(occurrence.memo), .dim),
    ])
  }

  /// The due list with its heading, or one line saying nothing is due.
  /// - Parameters:
  ///   - due: The due occurrences.
  ///   - today: The clock's day.
  /// - Returns: The lines.
  public func dueLines(_ due: [Occurrence], today: Day) -> [String] {
    guard !due.isEmpty else {
      return [language.screens.nothingDue]
    }
    let heading =
      language.screens.dueHeading(due.count, by: today)
    let numberWidth = String(due.count).count
    // The occurrences share what the numbers leave, so no styled line is cut afterwards.
    let rest = RecurringRenderer(
      theme: theme, width: width - numberWidth - 2, language: language, money: money)
    let under = String(repeating: " ", count: numberWidth + 2)
    let lines = zip(due.indices, due).flatMap { index, occurrence in
      let number = TerminalText.pad(String(index + 1), toWidth: numberWidth, alignment: .right)
      return rest.occurrenceLines(occurrence).enumerated().map { line, text in
        (line == 0 ? number + ". " : under) + text
      }
    }
    return [TerminalText.truncate(heading, toWidth: width)] + lines
  }

  private func style(_ kind: TransactionKind) -> ANSIStyle {
    kind == .income ? .income : .expense
  }

  /// The indent of the lines a rule or occurrence goes on to.
  private static let continuation = "    "

  /// `parts` two spaces apart, on as many lines as the width needs: a part that does not fit
  /// where the line has got to starts the next line, indented. Only a part wider than a whole
  /// line is cut, with `…` (a long category or memo; amounts, schedules and dates fit).
  private func lines(_ parts: [(String, ANSIStyle?)]) -> [String] {
    var lines: [String] = []
    var plainWidth = 0
    var styled = ""
    // Whether the line holds no part yet (only its indent).
    var fresh = true
    for (text, style) in parts where !text.isEmpty {
      let textWidth = TerminalText.displayWidth(text)
      if !fresh, plainWidth + 2 + textWidth > width {
        lines.append(styled)
        styled = Self.continuation
        plainWidth = Self.continuation.count
        fresh = true
      }
      if !fresh {
        styled += "  "
        plainWidth += 2
      }
      fresh = false
      let fitted = TerminalText.truncate(text, toWidth: max(1, width - plainWidth))
      styled += style.map { theme.apply($0, to: fitted) } ?? fitted
      plainWidth += TerminalText.displayWidth(fitted)
    }
    lines.append(styled)
    return lines
  }
}
