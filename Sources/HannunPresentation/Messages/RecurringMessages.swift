import HannunDomain

/// The schedules a refused schedule's message gives as examples, one of each kind.
private let exampleSchedules: [RecurrenceSchedule] = [
  .monthly(day: 25), .lastBusinessDay, .yearly(month: 3, day: 15), .weekly(.friday),
]

extension MessageCatalog {
  /// Why a recurring rule or occurrence was refused, in the catalogue's language.
  /// - Parameter error: The refusal.
  /// - Returns: One line.
  public func describe(recurring error: RecurringError) -> String {
    let korean = language == .korean
    switch error {
    case .unknownRule(let text):
      return korean
        ? "'\(text)' 규칙이 없습니다. \(hints.say(.recurringList, in: language))로 규칙을 확인하세요"
        : "no recurring rule '\(text)'; \(hints.say(.recurringList, in: language)) shows the rules"
    case .badSchedule(let text):
      let forms = exampleSchedules.map { hints.say(.schedule($0), in: language) }
      return korean
        ? "'\(text)'은(는) 반복 일정이 아닙니다. 예: 매월 25일은 \(forms[0]), 월말 평일은 \(forms[1]), "
          + "매년은 \(forms[2]), 매주는 \(forms[3])"
        : "'\(text)' is not a schedule: use \(forms[0]), \(forms[1]), \(forms[2]) or \(forms[3])"
    case .endBeforeStart(let start, let end):
      return korean
        ? "끝나는 날 \(end.iso)이(가) 시작하는 날 \(start.iso)보다 앞입니다"
        : "the end \(end.iso) comes before the start \(start.iso)"
    case .notAnOccurrence(let rule, let day):
      return korean
        ? "\(rule) 규칙은 \(day.iso)에 돌아오지 않습니다. \(hints.say(.dueList, in: language))나 "
          + "\(hints.say(.openMonth, in: language))에서 날짜를 확인하세요"
        : "rule \(rule) does not fall on \(day.iso); \(hints.say(.dueList, in: language)) or "
          + "\(hints.say(.openMonth, in: language)) shows its days"
    case .alreadyConfirmed(let rule, let day, let entry):
      return korean
        ? "\(rule) 규칙의 \(day.iso) 항목은 이미 내역 #\(entry)(으)로 확정되었습니다"
        : "\(rule) on \(day.iso) is already confirmed as entry #\(entry)"
    case .alreadySkipped(let rule, let day):
      return korean
        ? "\(rule) 규칙의 \(day.iso) 항목은 이미 건너뛰었습니다"
        : "\(rule) on \(day.iso) was already skipped"
    case .staleRule(let rule):
      return korean
        ? "\(rule) 규칙은 읽은 뒤에 다른 곳에서 바뀌었거나 지워졌습니다. 바뀐 것은 없습니다. "
          + "\(hints.say(.recurringList, in: language))로 지금 규칙을 보세요"
        : "rule \(rule) was changed or removed elsewhere since it was read; nothing was changed "
          + "(\(hints.say(.recurringList, in: language)) shows the rules now)"
    }
  }
}

extension MessageCatalog {
  /// Why the form that changes one occurrence wrote nothing, in the catalogue's language.
  /// - Parameter refusal: What the form says first (``OccurrenceFormViewModel/refusal``).
  /// - Returns: One line.
  public func describe(occurrence refusal: OccurrenceFormViewModel.Refusal) -> String {
    switch refusal {
    case .field(_, let error), .store(let error): describe(error)
    case .unchanged: language.emptyOccurrenceChange
    }
  }
}

extension OccurrenceFormViewModel.Refusal: LocalizedMessage {
  /// `LocalizedMessage`: ``MessageCatalog/describe(occurrence:)``.
  public func text(in catalog: any MessageCatalog) -> String {
    catalog.describe(occurrence: self)
  }
}

extension RecurringError: LocalizedMessage {
  /// `LocalizedMessage`: ``MessageCatalog/describe(recurring:)``.
  public func text(in catalog: any MessageCatalog) -> String {
    catalog.describe(recurring: self)
  }
}

extension DisplayLanguage {
  /// A schedule in words: `매월 25일`, `every month on the 25th`, `매월 마지막 평일`,
  /// `every year on 03-15`, `매주 금요일`.
  /// - Parameter schedule: The schedule.
  /// - Returns: A short phrase.
  public func describe(_ schedule: RecurrenceSchedule) -> String {
    switch (schedule, self) {
    case (.monthly(let day), .korean): "매월 \(day)일"
    case (.monthly(let day), .english): "monthly on the \(day)\(Self.ordinalSuffix(day))"
    case (.lastBusinessDay, .korean): "매월 마지막 평일"
    case (.lastBusinessDay, .english): "monthly on the last business day"
    case (.yearly(let month, let day), .korean): "매년 \(month)월 \(day)일"
    case (.yearly(let month, let day), .english):
      "yearly on \(Self.monthNames[month - 1]) \(day)"
    case (.weekly(let weekday), .korean): "매주 \(shortName(of: weekday))요일"
    case (.weekly(let weekday), .english): "weekly on \(Self.weekdayNames[weekday.rawValue - 1])"
    }
  }

  /// The label of planned (not yet real) amounts: `예정` or `planned`.
  public var plannedLabel: String { self == .korean ? "예정" : "planned" }

  private static func ordinalSuffix(_ day: Int) -> String {
    if (11...13).contains(day % 100) { return "th" }
    switch day % 10 {
    case 1: return "st"
    case 2: return "nd"
    case 3: return "rd"
    default: return "th"
    }
  }

  private static let monthNames = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]
  private static let weekdayNames = [
    "Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday",
  ]
}
