import HannunDomain

/// Labels and sentences of the household's screens that a frontend draws around the calendar:
/// the due list with its actions, the calendar's modes and the day's mood. Each frontend shows
/// them its own way (buttons on the web); the words are the same in every one.
extension DisplayLanguage {
  /// The heading of the recurring entries waiting for a confirmation.
  public var dueTitle: String { self == .korean ? "확정을 기다리는 반복 항목" : "Recurring entries due" }
  /// The action that turns a due occurrence into an entry.
  public var confirmLabel: String { self == .korean ? "확정" : "Confirm" }
  /// The action that turns every due occurrence into an entry at once.
  public var confirmAllLabel: String { self == .korean ? "모두 확정" : "Confirm all" }
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

  // MARK: - The household's pages

  /// The link back to the calendar.
  public var calendarTitle: String { self == .korean ? "달력" : "Calendar" }
  /// The page of budgets.
  public var budgetsTitle: String { self == .korean ? "예산" : "Budgets" }
  /// The page of recurring rules.
  public var recurringTitle: String { self == .korean ? "반복 항목" : "Recurring" }
  /// The search page.
  public var searchTitle: String { self == .korean ? "찾기" : "Search" }
  /// The page of categories.
  public var categoriesTitle: String { self == .korean ? "분류" : "Categories" }
  /// The page of downloads.
  public var exportTitle: String { self == .korean ? "내보내기" : "Export" }
  /// The column of a budget's limit.
  public var limitLabel: String { self == .korean ? "한도" : "Limit" }
  /// The column of what a budget's month spent.
  public var spentLabel: String { self == .korean ? "쓴 돈" : "Spent" }
  /// The column of what is left of a budget.
  public var leftLabel: String { self == .korean ? "남은 돈" : "Left" }
  /// Said when a month has no budget.
  public var noBudgetLabel: String {
    self == .korean ? "이 달에는 예산이 없습니다" : "This month has no budget"
  }
  /// The heading of the form that sets a budget.
  public var setBudgetTitle: String { self == .korean ? "예산 정하기" : "Set a budget" }
  /// The category field of the budget form: blank means the whole month.
  public var budgetCategoryLabel: String {
    self == .korean ? "분류 (비우면 전체 예산)" : "Category (blank for the whole month)"
  }
  /// The month a budget starts from.
  public var fromMonthLabel: String { self == .korean ? "시작하는 달" : "From month" }
  /// The button that sets a budget.
  public var setLabel: String { self == .korean ? "정하기" : "Set" }
  /// The button that removes a budget (or a rule) from a month on.
  public var removeLabel: String { self == .korean ? "없애기" : "Remove" }
  /// The words field of the search.
  public var searchWordsLabel: String { self == .korean ? "찾을 말" : "Words" }
  /// The button that searches.
  public var searchButton: String { self == .korean ? "찾기" : "Search" }
  /// How many entries a search found: `3건` or `3 entries`.
  public func foundCount(_ count: Int) -> String {
    self == .korean ? "\(count)건" : (count == 1 ? "1 entry" : "\(count) entries")
  }
  /// The choice of the search's kind that takes both.
  public var anyKindLabel: String { self == .korean ? "모두" : "Any" }
  /// The search's smallest amount.
  public var minimumLabel: String { self == .korean ? "최소 금액" : "Smallest amount" }
  /// The search's largest amount.
  public var maximumLabel: String { self == .korean ? "최대 금액" : "Largest amount" }
  /// What opens the search's kind, days and amounts.
  public var moreFiltersLabel: String { self == .korean ? "조건 더 보기" : "More filters" }
  /// The link to the page of results before.
  public var previousPageLabel: String { self == .korean ? "이전 쪽" : "Previous page" }
  /// The link to the page of results after.
  public var nextPageLabel: String { self == .korean ? "다음 쪽" : "Next page" }
  /// Which page of results is shown: `2/3쪽` or `page 2 of 3`.
  /// - Parameters:
  ///   - number: The page shown, from 1.
  ///   - count: How many pages there are.
  /// - Returns: A short label.
  public func pageOf(_ number: Int, _ count: Int) -> String {
    self == .korean ? "\(number)/\(count)쪽" : "page \(number) of \(count)"
  }
  /// Said when a search found nothing.
  public var nothingFound: String { self == .korean ? "찾은 내역이 없습니다" : "Nothing found" }
  /// The column of how many entries a category has.
  public var countLabel: String { self == .korean ? "건수" : "Entries" }
  /// The field and button that rename (or merge) a category.
  public var renameLabel: String {
    self == .korean ? "새 이름 (있는 분류면 합칩니다)" : "New name (an existing one merges)"
  }
  /// The button that renames a category.
  public var renameButton: String { self == .korean ? "이름 바꾸기" : "Rename" }
  /// The column of a rule's schedule.
  public var scheduleLabel: String { self == .korean ? "일정" : "Schedule" }
  /// The column of a rule's span.
  public var spanLabel: String { self == .korean ? "기간" : "Span" }
  /// Said when the ledger has no recurring rule.
  public var noRulesLabel: String {
    self == .korean ? "반복 규칙이 없습니다" : "There are no recurring rules"
  }
  /// Said after a rule was removed; entries it became stay.
  /// - Parameter rule: The rule's id.
  /// - Returns: One sentence.
  public func ruleRemoved(_ rule: String) -> String {
    self == .korean
      ? "\(rule) 규칙을 없앴습니다. 이미 확정한 내역은 그대로입니다"
      : "Removed rule \(rule); the entries it became stay"
  }
  /// The button that redoes the last undone change.
  public var redoLabel: String { self == .korean ? "다시 하기" : "Redo" }
  /// Said when there is nothing to redo.
  public var nothingToRedo: String {
    self == .korean ? "다시 할 것이 없습니다" : "There is nothing to redo"
  }
  /// Refused: the amount of a budget is missing.
  public var budgetAmountMissing: String {
    self == .korean
      ? "한 달 예산 금액을 적으세요 (예: 40만). 바뀐 것은 없습니다"
      : "Enter the monthly limit (e.g. 400000); nothing was changed"
  }
}

extension DisplayLanguage {
  /// What the export page says of each download.
  /// - Parameter format: `csv`, `journal` or `json`.
  /// - Returns: A short description.
  public func exportDescription(_ format: String) -> String {
    switch (format, self) {
    case ("csv", .korean): "CSV (스프레드시트용)"
    case ("csv", .english): "CSV (for a spreadsheet)"
    case ("journal", .korean): "hledger/ledger 저널"
    case ("journal", .english): "hledger/ledger journal"
    case (_, .korean): "JSON 전체 백업 (hannun import로 되살립니다)"
    case (_, .english): "JSON complete backup (hannun import restores it)"
    }
  }
  /// The export page's note on the span: blank for every entry.
  public var exportSpanHint: String {
    self == .korean ? "기간 (비우면 전체)" : "Span (blank for everything)"
  }
  /// The first day of a span.
  public var fromLabel: String { self == .korean ? "시작일" : "From" }
  /// The last day of a span.
  public var toLabel: String { self == .korean ? "종료일" : "To" }
  /// The button that downloads.
  public var downloadLabel: String { self == .korean ? "내려받기" : "Download" }
}

extension DisplayLanguage {
  /// Refused: a day that is not `YYYY-MM-DD`.
  /// - Parameter text: The day as sent.
  /// - Returns: One sentence.
  public func badDay(_ text: String) -> String {
    self == .korean
      ? "'\(text)'은(는) 날짜가 아닙니다. 2025-11-03처럼 적으세요"
      : "'\(text)' is not a day; use the form 2025-11-03"
  }
  /// Refused: an export format other than csv, journal or json.
  /// - Parameter text: The format as sent.
  /// - Returns: One sentence.
  public func unknownFormat(_ text: String) -> String {
    self == .korean
      ? "'\(text)' 형식은 없습니다. csv, journal, json 중에서 고르세요"
      : "there is no format '\(text)'; choose csv, journal or json"
  }
}

extension DisplayLanguage {
  /// The report page's heading.
  public var reportTitle: String { self == .korean ? "보고서" : "Report" }
  /// The year view's heading: `2025년` or `2025`.
  /// - Parameter year: The year.
  /// - Returns: The heading.
  public func yearTitle(_ year: Int) -> String { self == .korean ? "\(year)년" : "\(year)" }
  /// The heading of a span's months.
  public var monthsLabel: String { self == .korean ? "달별" : "By month" }
  /// The text alternative of a chart of category shares: `지출 분류별 비율`.
  /// - Parameter kind: The kind's label.
  /// - Returns: The chart's title.
  public func sharesChartTitle(_ kind: String) -> String {
    self == .korean ? "\(kind) 분류별 비율" : "\(kind) by category"
  }
  /// The text alternative of the chart of a span's months.
  public var monthsChartTitle: String {
    self == .korean ? "달별 수입(채움)과 지출(빗금)" : "Income (solid) and expense (hatched) by month"
  }
  /// A month in a chart's narrow label column: `25년 11월` or `2025-11`.
  /// - Parameter month: The month.
  /// - Returns: The label.
  public func shortMonth(_ month: YearMonth) -> String {
    self == .korean ? "\(month.year % 100)년 \(month.month)월" : month.iso
  }
}

extension DisplayLanguage {
  /// The link to the year view.
  public var yearLabel: String { self == .korean ? "연간" : "Year" }
}

extension DisplayLanguage {
  /// The mood report's heading.
  public var moodReportTitle: String { self == .korean ? "기분별 지출" : "Spending by mood" }
  /// The column of how many days had a mood.
  public var daysLabel: String { self == .korean ? "일수" : "Days" }
  /// The column of a mood's average expense a day.
  public var dailyAverageLabel: String { self == .korean ? "하루 평균" : "Daily average" }
  /// The row of the days without a mood.
  public var noMoodLabel: String { self == .korean ? "기분 없음" : "No mood" }
  /// The column of the categories spent more on, on a mood's days.
  public var risingLabel: String { self == .korean ? "더 쓴 분류" : "Spent more on" }
}

extension DisplayLanguage {
  /// The heading of the form that adds a recurring rule.
  public var addRuleTitle: String { self == .korean ? "반복 규칙 추가" : "Add a recurring rule" }
  /// The choices of a rule's schedule, with what the value field takes for each.
  /// - Parameter kind: `monthly`, `last-business-day`, `yearly` or `weekly`.
  /// - Returns: The choice's label.
  public func scheduleChoice(_ kind: String) -> String {
    switch (kind, self) {
    case ("monthly", .korean): "매월 (날짜: 25)"
    case ("monthly", .english): "Monthly (day: 25)"
    case ("last-business-day", .korean): "매월 마지막 평일"
    case ("last-business-day", .english): "Last business day of the month"
    case ("yearly", .korean): "매년 (월-일: 03-15)"
    case ("yearly", .english): "Yearly (month-day: 03-15)"
    case (_, .korean): "매주 (요일: fri, 금)"
    case (_, .english): "Weekly (weekday: fri)"
    }
  }
  /// The field of a schedule's day, date or weekday.
  public var scheduleValueLabel: String {
    self == .korean ? "날짜·요일 (일정에 따라)" : "Day, date or weekday (as the schedule needs)"
  }
  /// The field of a rule's last day.
  public var ruleEndLabel: String {
    self == .korean ? "마지막 날 (비우면 끝 없음)" : "Last day (blank for no end)"
  }
  /// The heading of the form that changes a rule.
  /// - Parameter rule: The rule's id.
  /// - Returns: A heading.
  public func editRuleTitle(_ rule: String) -> String {
    self == .korean ? "\(rule) 규칙 고치기" : "Change rule \(rule)"
  }
  /// Said after a rule was added.
  /// - Parameters:
  ///   - rule: The new rule's id.
  ///   - schedule: Its schedule in words.
  /// - Returns: One sentence.
  public func ruleAdded(_ rule: String, schedule: String) -> String {
    self == .korean ? "\(rule) 규칙을 추가했습니다: \(schedule)" : "Added rule \(rule): \(schedule)"
  }
}
