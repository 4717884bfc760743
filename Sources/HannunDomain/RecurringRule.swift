/// The identifier of a recurring rule: `r` and a number (`r1`, `r2` …), given in order and never
/// reused, so that a rule is easy to type.
public struct RecurringRuleID: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The id's text, such as `r3`.
  public let rawValue: String

  /// Wraps stored text as an id.
  /// - Parameter rawValue: The id's text.
  public init(_ rawValue: String) {
    self.rawValue = rawValue
  }

  /// The id of the `number`th rule of a ledger.
  /// - Parameter number: From 1.
  public init(number: Int) {
    rawValue = "r\(number)"
  }

  /// Reads an id as typed: `r3`, `R3` or `3`.
  /// - Parameter text: What was typed.
  /// - Throws: ``RecurringError/unknownRule(_:)`` for anything else.
  public init(userInput text: String) throws(RecurringError) {
    let lowered = text.lowercased()
    let digits = lowered.hasPrefix("r") ? lowered.dropFirst() : Substring(lowered)
    guard let number = Int.asciiDigits(digits), number > 0 else { throw .unknownRule(text) }
    self.init(number: number)
  }

  /// The number after `r`, or `nil` for an id of another form.
  public var number: Int? {
    rawValue.hasPrefix("r") ? Int.asciiDigits(rawValue.dropFirst()) : nil
  }

  /// `CustomStringConvertible`: the ``rawValue``.
  public var description: String { rawValue }

  /// `Comparable`: by number (`r2` before `r10`), then by text.
  public static func < (lhs: RecurringRuleID, rhs: RecurringRuleID) -> Bool {
    (lhs.number ?? Int.max, lhs.rawValue) < (rhs.number ?? Int.max, rhs.rawValue)
  }
}

/// When a recurring entry falls.
public enum RecurrenceSchedule: Hashable, Sendable {
  /// Every month on this day, 1–31; a month without it uses its last day.
  case monthly(day: Int)
  /// Every month on its last business day, Monday to Friday.
  case lastBusinessDay
  /// Every year on this month and day; a year without the day (Feb 29) uses the month's last day.
  case yearly(month: Int, day: Int)
  /// Every week on this weekday.
  case weekly(Weekday)

  /// The schedule's text, also how it is typed and stored: `monthly 25`, `last-business-day`,
  /// `yearly 03-15`, `weekly fri`.
  public var text: String {
    switch self {
    case .monthly(let day): "monthly \(day)"
    case .lastBusinessDay: "last-business-day"
    case .yearly(let month, let day): "yearly \(month.zeroPadded(2))-\(day.zeroPadded(2))"
    case .weekly(let weekday): "weekly \(RecurrenceSchedule.weekdayNames[weekday.rawValue - 1])"
    }
  }

  /// Reads a schedule in its ``text`` form (`monthly 25`, `last-business-day`, `yearly 03-15`,
  /// `weekly fri`).
  /// - Parameter text: The schedule's words.
  /// - Throws: ``RecurringError/badSchedule(_:)`` naming the text.
  public init(text: String) throws(RecurringError) {
    let words = text.split(separator: " ").map(String.init)
    switch (words.first?.lowercased(), words.count) {
    case ("monthly", 2): self = try .monthly(dayText: words[1])
    case ("last-business-day", 1): self = .lastBusinessDay
    case ("yearly", 2): self = try .yearly(dateText: words[1])
    case ("weekly", 2): self = try .weekly(weekdayText: words[1])
    default: throw .badSchedule(text)
    }
  }

  /// A monthly schedule from the day as typed: `25`, `25일`, `31`.
  /// - Parameter text: A day of the month, 1–31.
  /// - Returns: ``monthly(day:)``.
  /// - Throws: ``RecurringError/badSchedule(_:)`` for anything else.
  public static func monthly(dayText text: String) throws(RecurringError) -> RecurrenceSchedule {
    let digits = text.hasSuffix("일") ? text.dropLast() : Substring(text)
    guard let day = Int.asciiDigits(digits), (1...31).contains(day) else {
      throw .badSchedule(text)
    }
    return .monthly(day: day)
  }

  /// A yearly schedule from `MM-DD` as typed (`03-15`, `3-15`, `02-29`).
  /// - Parameter text: A month and a day that exists in some year.
  /// - Returns: ``yearly(month:day:)``.
  /// - Throws: ``RecurringError/badSchedule(_:)`` for anything else.
  public static func yearly(dateText text: String) throws(RecurringError) -> RecurrenceSchedule {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 2, let month = Int.asciiDigits(parts[0]),
      let day = Int.asciiDigits(parts[1]), (1...12).contains(month),
      (1...Gregorian.numberOfDays(inMonth: month, year: 2000)).contains(day)
    else { throw .badSchedule(text) }
    return .yearly(month: month, day: day)
  }

  /// A weekly schedule from a weekday as typed: `fri`, `friday`, `금`, `금요일`, or 1 (Sunday)
  /// to 7 (Saturday).
  /// - Parameter text: The weekday.
  /// - Returns: ``weekly(_:)``.
  /// - Throws: ``RecurringError/badSchedule(_:)`` for anything else.
  public static func weekly(weekdayText text: String) throws(RecurringError) -> RecurrenceSchedule {
    let lowered = text.lowercased()
    if let number = Int.asciiDigits(Substring(lowered)), let weekday = Weekday(rawValue: number) {
      return .weekly(weekday)
    }
    for weekday in Weekday.allCases {
      let index = weekday.rawValue - 1
      let short = weekdayNames[index]
      let korean = koreanWeekdayNames[index]
      if lowered == short || lowered == fullWeekdayNames[index] || lowered == korean
        || lowered == korean + "요일"
      {
        return .weekly(weekday)
      }
    }
    throw .badSchedule(text)
  }

  private static let weekdayNames = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]
  private static let fullWeekdayNames = [
    "sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday",
  ]
  private static let koreanWeekdayNames = ["일", "월", "화", "수", "목", "금", "토"]
}

/// A rule that plans an entry again and again: "rent ₩650,000 on the 25th of every month from
/// 2025-01-01". Its occurrences become entries only when the user confirms them.
public struct RecurringRule: Identifiable, Hashable, Sendable {
  /// The rule's identifier, fixed when it is added.
  public let id: RecurringRuleID
  /// When it falls.
  public var schedule: RecurrenceSchedule
  /// Income or expense.
  public var kind: TransactionKind
  /// How much each time.
  public var amount: Amount
  /// The category of each entry, checked by ``TransactionRules/category(_:)``.
  public var category: String
  /// The memo of each entry, checked by ``TransactionRules/memo(_:)``; possibly empty.
  public var memo: String
  /// The first day an occurrence may fall on.
  public var start: Day
  /// The last day an occurrence may fall on, or `nil` for no end.
  public var end: Day?

  /// A rule from checked fields.
  /// - Parameters:
  ///   - id: The rule's identifier.
  ///   - schedule: When it falls.
  ///   - kind: Income or expense.
  ///   - amount: How much each time.
  ///   - category: The category as typed; trimmed and checked.
  ///   - memo: The memo as typed; trimmed and checked.
  ///   - start: The first day an occurrence may fall on.
  ///   - end: The last day, or `nil`.
  /// - Throws: ``FieldInputError`` for a bad category or memo; ``RecurringError/endBeforeStart``
  ///   (wrapped in ``LedgerError/recurring(_:)``) when `end` is before `start`.
  public init(
    id: RecurringRuleID, schedule: RecurrenceSchedule, kind: TransactionKind, amount: Amount,
    category: String, memo: String = "", start: Day, end: Day? = nil
  ) throws {
    if let end, end < start { throw RecurringError.endBeforeStart(start: start, end: end) }
    self.id = id
    self.schedule = schedule
    self.kind = kind
    self.amount = amount
    self.category = try TransactionRules.category(category)
    self.memo = try TransactionRules.memo(memo)
    self.start = start
    self.end = end
  }

  /// The days from ``start`` to ``end`` (or the last supported day).
  public var activeDays: ClosedRange<Day> { start...(end ?? Day.supportedRange.upperBound) }
}
