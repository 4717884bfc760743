import HannunDomain

// The words ``DisplayLanguage`` says itself: titles of months and days, weekday names and the
// labels every frontend shares. A catalogue file: the only place besides the catalogues that
// says a word in one language or the other.
extension DisplayLanguage {
  /// The title of a month: `2025년 11월` or `November 2025`.
  /// - Parameter month: The month.
  /// - Returns: The title in this language.
  public func title(of month: YearMonth) -> String {
    switch self {
    case .korean: "\(month.year)년 \(month.month)월"
    case .english: "\(DisplayLanguage.englishMonths[month.month - 1]) \(month.year)"
    }
  }

  /// A day for a list heading: `2025년 11월 3일 (월)` or `Mon 3 November 2025`.
  /// - Parameter day: The day.
  /// - Returns: The heading in this language, with the weekday.
  public func title(of day: Day) -> String {
    switch self {
    case .korean: "\(day.year)년 \(day.month)월 \(day.day)일 (\(shortName(of: day.weekday)))"
    case .english:
      "\(shortName(of: day.weekday)) \(day.day) \(DisplayLanguage.englishMonths[day.month - 1]) \(day.year)"
    }
  }

  /// The short name of a weekday for a calendar header: `일`…`토` or `Sun`…`Sat`.
  /// - Parameter weekday: The day of the week.
  /// - Returns: One Korean syllable, or three English letters.
  public func shortName(of weekday: Weekday) -> String {
    switch self {
    case .korean: ["일", "월", "화", "수", "목", "금", "토"][weekday.rawValue - 1]
    case .english: ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][weekday.rawValue - 1]
    }
  }

  /// The label for a kind of entry: 수입/지출 or Income/Expense.
  /// - Parameter kind: Income or expense.
  /// - Returns: The label in this language.
  public func label(for kind: TransactionKind) -> String {
    switch (self, kind) {
    case (.korean, .income): "수입"
    case (.korean, .expense): "지출"
    case (.english, .income): "Income"
    case (.english, .expense): "Expense"
    }
  }

  /// A month's name alone: `3월` or `March`.
  /// - Parameter month: 1–12.
  /// - Returns: The name; an empty text outside 1–12.
  public func monthName(_ month: Int) -> String {
    guard (1...12).contains(month) else { return "" }
    return self == .korean ? "\(month)월" : DisplayLanguage.englishMonths[month - 1]
  }

  /// A day for a narrow heading: `11월 3일 (월)` or `Mon 3 Nov`.
  public func shortTitle(of day: Day) -> String {
    switch self {
    case .korean: "\(day.month)월 \(day.day)일 (\(shortName(of: day.weekday)))"
    case .english:
      "\(shortName(of: day.weekday)) \(day.day) "
        + DisplayLanguage.englishMonths[day.month - 1].prefix(3)
    }
  }

  /// `합계` or `Balance`.
  public var balanceLabel: String { self == .korean ? "합계" : "Balance" }
  /// `오늘` or `Today`.
  public var todayLabel: String { self == .korean ? "오늘" : "Today" }
  /// `내역 없음` or `No entries`.
  public var noEntriesLabel: String { self == .korean ? "내역 없음" : "No entries" }
  /// `주간` or `week`: what a week-shaped calendar adds to its title.
  public var weekLabel: String { self == .korean ? "주간" : "week" }
  /// Said instead of totals too large to add up (beyond 64-bit minor units).
  public var totalsTooLargeLabel: String {
    self == .korean ? "합계가 너무 커서 보일 수 없습니다" : "Totals too large to show"
  }
  /// Said instead of the totals of days whose month could not be read (its file lost or
  /// damaged): they are unknown, not zero.
  public var totalsUnavailableLabel: String {
    self == .korean ? "합계를 알 수 없음" : "Totals unavailable"
  }
  /// Said instead of a day's list when its month could not be read: its entries are unknown.
  public var entriesUnavailableLabel: String {
    self == .korean ? "이 달을 읽지 못해 내역을 알 수 없음" : "Entries unknown: month unreadable"
  }

  /// The entries a list leaves out: `…외 3건` or `… 3 more`.
  public func moreEntries(_ count: Int) -> String {
    self == .korean ? "…외 \(count)건" : "… \(count) more"
  }

  private static let englishMonths = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December",
  ]
}

extension DisplayLanguage {
  /// The language a page offers to switch to: English from Korean, Korean from English.
  public var other: DisplayLanguage {
    switch self {
    case .korean: .english
    case .english: .korean
    }
  }
}
