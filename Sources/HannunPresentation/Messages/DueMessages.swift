import HannunDomain

/// The sentences of a prompt about recurring rules and the due list: what is due, what was
/// confirmed, skipped or changed. Ledger text arrives already escaped by the frontend.
public protocol DueMessages: Sendable {
  /// Said by a script's session when something is due.
  /// - Parameter count: How many are due.
  func dueNotice(_ count: Int) -> String
  /// Stands for due entries the screen has no room for.
  /// - Parameter count: How many are left out.
  func moreDue(_ count: Int) -> String
  /// The choices on start, said before the prompt.
  var dueChoices: String { get }
  /// An answer or position that names no due entry.
  /// - Parameter count: How many are due (0 when none).
  func badDueAnswer(_ count: Int) -> String
  /// Said after a rule was added.
  /// - Parameter what: The rule's id, schedule and category.
  func added(_ what: String) -> String
  /// Said after a rule was changed.
  /// - Parameter rule: The rule's id.
  func edited(_ rule: RecurringRuleID) -> String
  /// Said after a rule was removed.
  /// - Parameter rule: The rule's id.
  func removed(_ rule: RecurringRuleID) -> String
  /// Said after several due entries were confirmed.
  /// - Parameter count: How many.
  func confirmed(count: Int) -> String
  /// Said after one due entry was confirmed.
  /// - Parameter what: Its day, kind, amount, category and id.
  func confirmed(_ what: String) -> String
  /// Said after one occurrence was skipped.
  /// - Parameters:
  ///   - rule: The rule's id.
  ///   - day: The occurrence's day.
  func skipped(_ rule: RecurringRuleID, on day: Day) -> String
  /// Said after several due entries were skipped.
  /// - Parameter count: How many.
  func skipped(count: Int) -> String
  /// What `change N FIELD VALUE` changed, for this occurrence only.
  /// - Parameters:
  ///   - rule: The rule's id.
  ///   - day: The occurrence's scheduled day.
  ///   - field: The field changed.
  ///   - value: Its value this time, formatted.
  func changed(_ rule: RecurringRuleID, on day: Day, _ field: DueEntryField, to value: String)
    -> String
}

/// A field of one occurrence that can be changed for that time only.
public enum DueEntryField: String, Hashable, Sendable {
  /// The amount.
  case amount
  /// The memo.
  case memo
  /// The day it falls on.
  case date
}

extension DisplayLanguage {
  /// The sentences about recurring rules and due entries, in this language.
  public var due: any DueMessages {
    switch self {
    case .korean: KoreanDueMessages()
    case .english: EnglishDueMessages()
    }
  }
}

/// ``DueMessages`` in Korean.
public struct KoreanDueMessages: DueMessages {
  /// The Korean sentences.
  public init() {}
  /// `DueMessages`.
  public func dueNotice(_ count: Int) -> String {
    "확정을 기다리는 반복 항목이 \(count)건 있습니다. due로 보고 confirm N으로 확정하세요"
  }
  /// `DueMessages`.
  public func moreDue(_ count: Int) -> String { "…외 \(count)건 (a는 이것도 확정합니다)" }
  /// `DueMessages`.
  public var dueChoices: String { "a 모두 확정 · 번호(1 3) 골라 확정 · s 번호 건너뛰기 · Enter 나중에" }
  /// `DueMessages`.
  public func badDueAnswer(_ count: Int) -> String {
    count == 0 ? "확정을 기다리는 반복 항목이 없습니다" : "번호는 1-\(count) 가운데에서 고르세요 (due로 목록 보기)"
  }
  /// `DueMessages`.
  public func added(_ what: String) -> String { "반복 규칙 추가: \(what)" }
  /// `DueMessages`.
  public func edited(_ rule: RecurringRuleID) -> String { "반복 규칙 \(rule)을(를) 고쳤습니다" }
  /// `DueMessages`.
  public func removed(_ rule: RecurringRuleID) -> String {
    "반복 규칙 \(rule)을(를) 지웠습니다. 확정한 내역은 남습니다"
  }
  /// `DueMessages`.
  public func confirmed(count: Int) -> String { "반복 항목 \(count)건을 확정했습니다" }
  /// `DueMessages`.
  public func confirmed(_ what: String) -> String { "확정: \(what)" }
  /// `DueMessages`.
  public func skipped(_ rule: RecurringRuleID, on day: Day) -> String {
    "\(rule) \(day.iso)을(를) 이번만 건너뛰었습니다"
  }
  /// `DueMessages`.
  public func skipped(count: Int) -> String { "반복 항목 \(count)건을 건너뛰었습니다" }
  /// `DueMessages`.
  public func changed(
    _ rule: RecurringRuleID, on day: Day, _ field: DueEntryField, to value: String
  )
    -> String
  {
    let name =
      switch field {
      case .amount: "금액 "
      case .memo: "메모 "
      case .date: "날짜 "
      }
    return "\(rule) \(day.iso)을(를) 이번만 바꿨습니다: \(name)\(value)"
  }
}

/// ``DueMessages`` in English.
public struct EnglishDueMessages: DueMessages {
  /// The English sentences.
  public init() {}
  /// `DueMessages`.
  public func dueNotice(_ count: Int) -> String {
    "\(count) recurring \(count == 1 ? "entry is" : "entries are") due; see due, then confirm N"
  }
  /// `DueMessages`.
  public func moreDue(_ count: Int) -> String { "… \(count) more (a confirms them too)" }
  /// `DueMessages`.
  public var dueChoices: String {
    "a = confirm all · 1 3 = confirm those · s 2 = skip those · Enter = later"
  }
  /// `DueMessages`.
  public func badDueAnswer(_ count: Int) -> String {
    count == 0 ? "nothing recurring is due" : "choose numbers from 1 to \(count) (due lists them)"
  }
  /// `DueMessages`.
  public func added(_ what: String) -> String { "Added recurring rule \(what)" }
  /// `DueMessages`.
  public func edited(_ rule: RecurringRuleID) -> String { "Changed recurring rule \(rule)" }
  /// `DueMessages`.
  public func removed(_ rule: RecurringRuleID) -> String {
    "Removed recurring rule \(rule); the entries it became stay"
  }
  /// `DueMessages`.
  public func confirmed(count: Int) -> String {
    "Confirmed \(count) recurring \(count == 1 ? "entry" : "entries")"
  }
  /// `DueMessages`.
  public func confirmed(_ what: String) -> String { "Confirmed \(what)" }
  /// `DueMessages`.
  public func skipped(_ rule: RecurringRuleID, on day: Day) -> String {
    "Skipped \(rule) on \(day.iso) this time"
  }
  /// `DueMessages`.
  public func skipped(count: Int) -> String {
    "Skipped \(count) recurring \(count == 1 ? "entry" : "entries")"
  }
  /// `DueMessages`.
  public func changed(
    _ rule: RecurringRuleID, on day: Day, _ field: DueEntryField, to value: String
  )
    -> String
  {
    let name =
      switch field {
      case .amount: "amount "
      case .memo: "memo "
      case .date: "day "
      }
    return "Changed \(rule) on \(day.iso) this time: \(name)\(value)"
  }
}
