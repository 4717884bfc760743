import HannunDomain

/// Labels and sentences of the household's screens that a frontend draws around the calendar:
/// the due list with its actions, the calendar's modes and the day's mood. Each frontend shows
/// them its own way (buttons on the web); the words are the same in every one.
extension DisplayLanguage {
  /// The heading of the recurring entries waiting for a confirmation.
  public var dueTitle: String { self == .korean ? "확정을 기다리는 반복 항목" : "Recurring entries due" }
  /// The action that turns a due occurrence into an entry.
  public var confirmLabel: String { self == .korean ? "확정" : "Confirm" }
  /// The action that records that a due occurrence will not happen.
  public var skipLabel: String { self == .korean ? "건너뛰기" : "Skip" }
  /// The action that changes one occurrence's amount, memo or day.
  public var changeOnceLabel: String { self == .korean ? "이번만 바꾸기" : "Change this time" }
  /// The heading of the form that changes one occurrence.
  public var changeOccurrenceTitle: String {
    self == .korean ? "반복 항목 이번만 바꾸기" : "Change one recurring entry"
  }
  /// The calendar mode that shows each day's amounts.
  public var amountsModeLabel: String { self == .korean ? "금액 보기" : "Amounts" }
  /// The calendar mode that shows each day's mood.
  public var emotionModeLabel: String { self == .korean ? "기분 보기" : "Moods" }
  /// The word before a day's mood: `기분` or `Mood`.
  public var moodLabel: String { self == .korean ? "기분" : "Mood" }

  /// Said after a due occurrence was confirmed: `확정했습니다: 월세 ₩650,000, 2025-11-25`.
  /// - Parameters:
  ///   - category: The entry's category (ledger text, unescaped).
  ///   - amount: The amount, formatted.
  ///   - day: The entry's day.
  /// - Returns: One sentence.
  public func dueConfirmed(category: String, amount: String, day: Day) -> String {
    self == .korean
      ? "확정했습니다: \(category) \(amount), \(day.iso)"
      : "Confirmed: \(category) \(amount) on \(day.iso)"
  }

  /// Said after a due occurrence was skipped; its rule is untouched.
  /// - Parameters:
  ///   - category: The occurrence's category (ledger text, unescaped).
  ///   - day: Its day.
  /// - Returns: One sentence.
  public func dueSkipped(category: String, day: Day) -> String {
    self == .korean
      ? "\(day.iso)의 \(category)은(는) 이번에 건너뛰었습니다. 규칙은 그대로입니다"
      : "Skipped \(category) on \(day.iso) this time; the rule stays as it is"
  }

  /// Said after one occurrence was changed: `이번만 바꿨습니다: 월세 ₩700,000, 2025-11-26`.
  /// - Parameters:
  ///   - category: The occurrence's category (ledger text, unescaped).
  ///   - amount: Its amount now, formatted.
  ///   - day: Its day now.
  /// - Returns: One sentence.
  public func dueChanged(category: String, amount: String, day: Day) -> String {
    self == .korean
      ? "이번만 바꿨습니다: \(category) \(amount), \(day.iso)"
      : "Changed this time only: \(category) \(amount) on \(day.iso)"
  }

  /// Refused: the occurrence named by a request is not due or planned (any more).
  /// - Parameters:
  ///   - rule: The rule's id as the request named it.
  ///   - date: The date as the request named it.
  /// - Returns: One sentence saying that nothing was changed.
  public func noSuchOccurrence(rule: String, date: String) -> String {
    self == .korean
      ? "\(rule) 규칙의 \(date) 항목은 예정되어 있지 않습니다. 바뀐 것은 없습니다"
      : "\(rule) has nothing planned on \(date); nothing was changed"
  }

  /// Refused: a change of one occurrence that changes nothing.
  public var emptyOccurrenceChange: String {
    self == .korean
      ? "바꿀 금액, 메모나 날짜를 적으세요. 바뀐 것은 없습니다"
      : "Enter a new amount, memo or day; nothing was changed"
  }
}
