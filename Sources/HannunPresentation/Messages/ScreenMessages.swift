import HannunDomain

/// The words of the terminal's screens beside the calendar: reports, budgets, search results,
/// categories, the year, spending by mood and the recurring lists. Ledger text arrives already
/// escaped by the frontend.
public protocol ScreenMessages: Sendable {
  /// A count of entries in a table: `3건` or `3`.
  /// - Parameter count: The count.
  func entryCount(_ count: Int) -> String
  /// A whole year as a title: `2025년` or `2025`.
  /// - Parameter year: The year.
  func yearTitle(_ year: Int) -> String
  /// A report's title: `2025년 보고서` or `Report: 2025`.
  /// - Parameter span: The span reported, as a title.
  func reportTitle(_ span: String) -> String
  /// The heading above a report's months.
  var byMonth: String { get }
  /// Said when a report's span holds no entries.
  var noEntriesInSpan: String { get }
  /// A report's change against the span before, in pieces that stay whole when wrapped.
  /// - Parameters:
  ///   - span: The span before, as ISO months.
  ///   - income: The income's change, such as `+12.5%`.
  ///   - expense: The expense's change.
  func change(against span: String, income: String, expense: String) -> [String]
  /// The heading above a report's budgets.
  var budgets: String { get }
  /// The title of a month's budgets.
  /// - Parameter month: The month's title.
  func budgetsTitle(_ month: String) -> String
  /// Said when a month has no budgets, with an example of setting one.
  var noBudgets: String { get }
  /// Said when a search found nothing.
  var nothingFound: String { get }
  /// What can be done with a search's results.
  var searchActions: String { get }
  /// The first word of a search's title.
  var searchTitle: String { get }
  /// A category in a search's title: `분류 식비` or `category food`.
  /// - Parameter name: The category.
  func searchCategory(_ name: String) -> String
  /// How many a search found: `3건` or `3 found`.
  /// - Parameter count: The count.
  func found(_ count: Int) -> String
  /// Said when a period of the category list holds no entries.
  var noEntriesInPeriod: String { get }
  /// The column heads of the category list: name, count and total.
  var categoryHeads: (name: String, count: String, total: String) { get }
  /// The category list's period when it has no bounds.
  var allTime: String { get }
  /// The category list's title.
  /// - Parameter period: The period listed.
  func categoriesTitle(_ period: String) -> String
  /// The hint under the year view.
  var openMonthHint: String { get }
  /// How many letters of a weekday's short name the year view shows.
  var yearWeekdayLetters: Int { get }
  /// The title of spending by mood.
  /// - Parameter span: The span, as ISO days.
  func moodReportTitle(_ span: String) -> String
  /// Said when no day of the span has a mood.
  var noMoodInSpan: String { get }
  /// Before the categories a mood spends more on.
  var moreOn: String { get }
  /// The row of days without a mood.
  var noMood: String { get }
  /// A number of days: `3일` or `3 days`.
  /// - Parameter days: The count.
  func days(_ days: Int) -> String
  /// An amount a day: `하루 ₩10,000` or `₩10,000 a day`.
  /// - Parameter amount: The amount, formatted.
  func perDay(_ amount: String) -> String
  /// Said when the ledger has no recurring rules, with how to add one.
  var noRecurringRules: String { get }
  /// Said when nothing recurring is due.
  var nothingDue: String { get }
  /// The heading of the due list.
  /// - Parameters:
  ///   - count: How many are due.
  ///   - today: The day they are due by.
  func dueHeading(_ count: Int, by today: Day) -> String
}

extension DisplayLanguage {
  /// The words of the terminal's screens, in this language.
  public var screens: any ScreenMessages {
    switch self {
    case .korean: KoreanScreenMessages()
    case .english: EnglishScreenMessages()
    }
  }
}

/// ``ScreenMessages`` in Korean.
public struct KoreanScreenMessages: ScreenMessages {
  /// The Korean words.
  public init() {}
  /// `ScreenMessages`.
  public func entryCount(_ count: Int) -> String { "\(count)건" }
  /// `ScreenMessages`.
  public func yearTitle(_ year: Int) -> String { "\(year)년" }
  /// `ScreenMessages`.
  public func reportTitle(_ span: String) -> String { "\(span) 보고서" }
  /// `ScreenMessages`.
  public var byMonth: String { "월별" }
  /// `ScreenMessages`.
  public var noEntriesInSpan: String { "이 기간에는 내역이 없습니다." }
  /// `ScreenMessages`.
  public func change(against span: String, income: String, expense: String) -> [String] {
    ["지난 기간(\(span)) 대비:", "수입 \(income),", "지출 \(expense)"]
  }
  /// `ScreenMessages`.
  public var budgets: String { "예산" }
  /// `ScreenMessages`.
  public func budgetsTitle(_ month: String) -> String { "\(month) 예산" }
  /// `ScreenMessages`.
  public var noBudgets: String { "이 달에는 예산이 없습니다. 예: budget set 30만 식비" }
  /// `ScreenMessages`.
  public var nothingFound: String { "찾은 내역이 없습니다." }
  /// `ScreenMessages`.
  public var searchActions: String { "open N: 그날 보기 · edit N: 고치기" }
  /// `ScreenMessages`.
  public var searchTitle: String { "찾기" }
  /// `ScreenMessages`.
  public func searchCategory(_ name: String) -> String { "분류 " + name }
  /// `ScreenMessages`.
  public func found(_ count: Int) -> String { "\(count)건" }
  /// `ScreenMessages`.
  public var noEntriesInPeriod: String { "이 기간에는 내역이 없습니다." }
  /// `ScreenMessages`.
  public var categoryHeads: (name: String, count: String, total: String) { ("분류", "건수", "합계") }
  /// `ScreenMessages`.
  public var allTime: String { "전체 기간" }
  /// `ScreenMessages`.
  public func categoriesTitle(_ period: String) -> String { "분류 · \(period)" }
  /// `ScreenMessages`.
  public var openMonthHint: String { "달을 보려면: go YYYY-MM" }
  /// `ScreenMessages`: one syllable.
  public var yearWeekdayLetters: Int { 1 }
  /// `ScreenMessages`.
  public func moodReportTitle(_ span: String) -> String { "기분별 지출 · \(span)" }
  /// `ScreenMessages`.
  public var noMoodInSpan: String { "이 기간에는 기분을 적은 날이 없습니다. mood 기쁨 처럼 적어 보세요." }
  /// `ScreenMessages`.
  public var moreOn: String { "더 쓴 분류:" }
  /// `ScreenMessages`.
  public var noMood: String { "기분 없음" }
  /// `ScreenMessages`.
  public func days(_ days: Int) -> String { "\(days)일" }
  /// `ScreenMessages`.
  public func perDay(_ amount: String) -> String { "하루 \(amount)" }
  /// `ScreenMessages`.
  public var noRecurringRules: String { "반복 규칙이 없습니다. hannun recurring add로 추가하세요" }
  /// `ScreenMessages`.
  public var nothingDue: String { "확정할 반복 항목이 없습니다" }
  /// `ScreenMessages`.
  public func dueHeading(_ count: Int, by today: Day) -> String {
    "확정을 기다리는 반복 항목 \(count)건 (\(today.iso)까지)"
  }
}

/// ``ScreenMessages`` in English.
public struct EnglishScreenMessages: ScreenMessages {
  /// The English words.
  public init() {}
  /// `ScreenMessages`.
  public func entryCount(_ count: Int) -> String { "\(count)" }
  /// `ScreenMessages`.
  public func yearTitle(_ year: Int) -> String { "\(year)" }
  /// `ScreenMessages`.
  public func reportTitle(_ span: String) -> String { "Report: \(span)" }
  /// `ScreenMessages`.
  public var byMonth: String { "By month" }
  /// `ScreenMessages`.
  public var noEntriesInSpan: String { "No entries in this span." }
  /// `ScreenMessages`.
  public func change(against span: String, income: String, expense: String) -> [String] {
    ["Against \(span):", "income \(income),", "expense \(expense)"]
  }
  /// `ScreenMessages`.
  public var budgets: String { "Budgets" }
  /// `ScreenMessages`.
  public func budgetsTitle(_ month: String) -> String { "Budgets: \(month)" }
  /// `ScreenMessages`.
  public var noBudgets: String { "No budgets for this month. For example: budget set 300000 food" }
  /// `ScreenMessages`.
  public var nothingFound: String { "Nothing found." }
  /// `ScreenMessages`.
  public var searchActions: String { "open N: show its day · edit N: change it" }
  /// `ScreenMessages`.
  public var searchTitle: String { "Search" }
  /// `ScreenMessages`.
  public func searchCategory(_ name: String) -> String { "category " + name }
  /// `ScreenMessages`.
  public func found(_ count: Int) -> String { "\(count) found" }
  /// `ScreenMessages`.
  public var noEntriesInPeriod: String { "No entries in this period." }
  /// `ScreenMessages`.
  public var categoryHeads: (name: String, count: String, total: String) {
    ("Category", "Count", "Total")
  }
  /// `ScreenMessages`.
  public var allTime: String { "all time" }
  /// `ScreenMessages`.
  public func categoriesTitle(_ period: String) -> String { "Categories · \(period)" }
  /// `ScreenMessages`.
  public var openMonthHint: String { "To open a month: go YYYY-MM" }
  /// `ScreenMessages`: two letters.
  public var yearWeekdayLetters: Int { 2 }
  /// `ScreenMessages`.
  public func moodReportTitle(_ span: String) -> String { "Spending by mood · \(span)" }
  /// `ScreenMessages`.
  public var noMoodInSpan: String {
    "No day of this span has a mood; note one with, for example, mood joy."
  }
  /// `ScreenMessages`.
  public var moreOn: String { "more on:" }
  /// `ScreenMessages`.
  public var noMood: String { "No mood" }
  /// `ScreenMessages`.
  public func days(_ days: Int) -> String { "\(days) \(days == 1 ? "day" : "days")" }
  /// `ScreenMessages`.
  public func perDay(_ amount: String) -> String { "\(amount) a day" }
  /// `ScreenMessages`.
  public var noRecurringRules: String { "No recurring rules; add one with hannun recurring add" }
  /// `ScreenMessages`.
  public var nothingDue: String { "Nothing recurring is due" }
  /// `ScreenMessages`.
  public func dueHeading(_ count: Int, by today: Day) -> String {
    "\(count) recurring \(count == 1 ? "entry" : "entries") due by \(today.iso)"
  }
}
