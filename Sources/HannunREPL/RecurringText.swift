import HannunDomain
import HannunPresentation

/// The REPL's sentences about recurring rules and occurrences, in Korean and English. Ledger
/// text in them is sanitized.
struct RecurringText {
  let language: DisplayLanguage
  private var korean: Bool { language == .korean }

  /// Said by a script's session when something is due: it never asks.
  func dueNotice(_ count: Int) -> String {
    korean
      ? "확정을 기다리는 반복 항목이 \(count)건 있습니다. due로 보고 confirm N으로 확정하세요"
      : "\(count) recurring \(count == 1 ? "entry is" : "entries are") due; see due, then confirm N"
  }

  /// The line that stands for due entries the screen has no room for.
  func moreDue(_ count: Int) -> String {
    korean ? "…외 \(count)건 (a는 이것도 확정합니다)" : "… \(count) more (a confirms them too)"
  }

  /// The choices on start, said before the prompt.
  var dueChoices: String {
    korean
      ? "a 모두 확정 · 번호(1 3) 골라 확정 · s 번호 건너뛰기 · Enter 나중에"
      : "a = confirm all · 1 3 = confirm those · s 2 = skip those · Enter = later"
  }

  /// An answer or position that names no due entry.
  func badDueAnswer(_ count: Int) -> String {
    count == 0
      ? (korean ? "확정을 기다리는 반복 항목이 없습니다" : "nothing recurring is due")
      : korean
        ? "번호는 1-\(count) 가운데에서 고르세요 (due로 목록 보기)"
        : "choose numbers from 1 to \(count) (due lists them)"
  }

  var unsupported: String {
    korean ? "이 가계부는 반복 규칙을 지원하지 않습니다" : "this ledger does not keep recurring rules"
  }

  func added(_ rule: RecurringRule, language: DisplayLanguage) -> String {
    let what = "\(rule.id) \(language.describe(rule.schedule)) \(clean(rule.category))"
    return korean ? "반복 규칙 추가: \(what)" : "Added recurring rule \(what)"
  }

  func edited(_ rule: RecurringRule) -> String {
    korean ? "반복 규칙 \(rule.id)을(를) 고쳤습니다" : "Changed recurring rule \(rule.id)"
  }

  func removed(_ rule: RecurringRule) -> String {
    korean
      ? "반복 규칙 \(rule.id)을(를) 지웠습니다. 확정한 내역은 남습니다"
      : "Removed recurring rule \(rule.id); the entries it became stay"
  }

  func confirmed(_ count: Int) -> String {
    korean
      ? "반복 항목 \(count)건을 확정했습니다"
      : "Confirmed \(count) recurring \(count == 1 ? "entry" : "entries")"
  }

  func confirmed(_ entry: Transaction, money: MoneyFormatter, language: DisplayLanguage) -> String {
    let what =
      "\(entry.day.iso) \(language.label(for: entry.kind)) \(money.string(Money(entry.amount))) "
      + "\(clean(entry.category)) #\(entry.id)"
    return korean ? "확정: \(what)" : "Confirmed \(what)"
  }

  func skipped(_ occurrence: Occurrence) -> String {
    korean
      ? "\(occurrence.key.rule) \(occurrence.key.date.iso)을(를) 이번만 건너뛰었습니다"
      : "Skipped \(occurrence.key.rule) on \(occurrence.key.date.iso) this time"
  }

  func skipped(count: Int) -> String {
    korean
      ? "반복 항목 \(count)건을 건너뛰었습니다"
      : "Skipped \(count) recurring \(count == 1 ? "entry" : "entries")"
  }

  /// What `change N FIELD VALUE` changed: the field and its value this time.
  func changed(
    _ occurrence: Occurrence, _ field: RecurringCommand.OccurrenceField, money: MoneyFormatter
  ) -> String {
    let value: String
    switch (field, korean) {
    case (.amount, true): value = "금액 " + money.string(Money(occurrence.amount))
    case (.amount, false): value = "amount " + money.string(Money(occurrence.amount))
    case (.memo, true): value = "메모 '\(clean(occurrence.memo))'"
    case (.memo, false): value = "memo '\(clean(occurrence.memo))'"
    case (.date, true): value = "날짜 \(occurrence.day.iso)"
    case (.date, false): value = "day \(occurrence.day.iso)"
    }
    return korean
      ? "\(occurrence.key.rule) \(occurrence.key.date.iso)을(를) 이번만 바꿨습니다: \(value)"
      : "Changed \(occurrence.key.rule) on \(occurrence.key.date.iso) this time: \(value)"
  }

  private func clean(_ text: String) -> String { TerminalText.sanitized(text) }
}
