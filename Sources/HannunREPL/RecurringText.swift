import HannunDomain
import HannunPresentation

/// The REPL's sentences about recurring rules and occurrences, in Korean and English. Ledger
/// text in them is sanitized.
struct RecurringText {
  let language: DisplayLanguage
  private var words: any DueMessages { language.due }

  /// Said by a script's session when something is due: it never asks.
  func dueNotice(_ count: Int) -> String { words.dueNotice(count) }

  /// The line that stands for due entries the screen has no room for.
  func moreDue(_ count: Int) -> String { words.moreDue(count) }

  /// The choices on start, said before the prompt.
  var dueChoices: String { words.dueChoices }

  /// An answer or position that names no due entry.
  func badDueAnswer(_ count: Int) -> String { words.badDueAnswer(count) }

  func added(_ rule: RecurringRule, language: DisplayLanguage) -> String {
    words.added("\(rule.id) \(language.describe(rule.schedule)) \(clean(rule.category))")
  }

  func edited(_ rule: RecurringRule) -> String { words.edited(rule.id) }

  func removed(_ rule: RecurringRule) -> String { words.removed(rule.id) }

  func confirmed(_ count: Int) -> String { words.confirmed(count: count) }

  func confirmed(_ entry: Transaction, money: MoneyFormatter, language: DisplayLanguage) -> String {
    words.confirmed(
      "\(entry.day.iso) \(language.label(for: entry.kind)) \(money.string(Money(entry.amount))) "
        + "\(clean(entry.category)) #\(entry.id)")
  }

  func skipped(_ occurrence: Occurrence) -> String {
    words.skipped(occurrence.key.rule, on: occurrence.key.date)
  }

  func skipped(count: Int) -> String { words.skipped(count: count) }

  /// What `change N FIELD VALUE` changed: the field and its value this time.
  func changed(
    _ occurrence: Occurrence, _ field: RecurringCommand.OccurrenceField, money: MoneyFormatter
  ) -> String {
    let value: String
    let which: DueEntryField
    switch field {
    case .amount: (which, value) = (.amount, money.string(Money(occurrence.amount)))
    case .memo: (which, value) = (.memo, "'\(clean(occurrence.memo))'")
    case .date: (which, value) = (.date, occurrence.day.iso)
    }
    return words.changed(occurrence.key.rule, on: occurrence.key.date, which, to: value)
  }

  private func clean(_ text: String) -> String { TerminalText.sanitized(text) }
}
