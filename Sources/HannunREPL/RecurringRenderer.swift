import HannunDomain
import HannunPresentation

/// Recurring rules and occurrences as terminal lines, for the REPL and the one-shot commands:
/// every piece of ledger text sanitized, every line cut to the width.
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

  /// One line per rule: `r1  매월 25일  지출 ₩650,000  월세  memo  2025-01-01–`; a line saying
  /// there are none when the list is empty.
  /// - Parameter rules: The rules.
  /// - Returns: The lines.
  public func ruleLines(_ rules: [RecurringRule]) -> [String] {
    guard !rules.isEmpty else {
      // Broken at spaces to the width, so a 40-column terminal never cuts the command in two.
      return TerminalText.wrapped(language.screens.noRecurringRules(hints), toWidth: width)
    }
    return rules.map { rule in
      let span = rule.start.iso + "–" + (rule.end?.iso ?? "")
      return line([
        (rule.id.rawValue, .bold), (language.describe(rule.schedule), nil),
        (language.label(for: rule.kind) + " " + money.string(Money(rule.amount)), style(rule.kind)),
        (TerminalText.sanitized(rule.category), nil), (TerminalText.sanitized(rule.memo), .dim),
        (span, .dim),
      ])
    }
  }

  /// One line per occurrence: `2025-11-25  r1  지출 ₩650,000  월세  memo`, a moved or changed one
  /// marked `*`.
  /// - Parameter occurrences: The occurrences.
  /// - Returns: The lines.
  public func occurrenceLines(_ occurrences: [Occurrence]) -> [String] {
    occurrences.map { occurrence in
      line([
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
    let lines = zip(due.indices, rest.occurrenceLines(due)).map { index, line in
      TerminalText.pad(String(index + 1), toWidth: numberWidth, alignment: .right) + ". " + line
    }
    return [TerminalText.truncate(heading, toWidth: width)] + lines
  }

  private func style(_ kind: TransactionKind) -> ANSIStyle {
    kind == .income ? .income : .expense
  }

  private func line(_ parts: [(String, ANSIStyle?)]) -> String {
    var plain = ""
    var styled = ""
    for (text, style) in parts where !text.isEmpty {
      let piece = plain.isEmpty ? text : "  " + text
      let room = width - TerminalText.displayWidth(plain)
      guard room > 0 else { break }
      let fitted = TerminalText.truncate(piece, toWidth: room)
      plain += fitted
      styled += style.map { theme.apply($0, to: fitted) } ?? fitted
      if fitted != piece { break }
    }
    return styled
  }
}
