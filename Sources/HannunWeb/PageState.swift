import HannunDomain
import HannunPresentation

/// What a month page shows, as its URL says it: the month, the selected day, the shape and the
/// language. Every page is drawn from this alone, so a page can be bookmarked, reloaded, and
/// refetched by its own script after a change.
struct PageState: Hashable, Sendable {
  /// The day whose entries are listed; its month is the one shown.
  var day: Day
  /// The whole month, or the selected day's week.
  var shape: CalendarShape
  /// The language of the page.
  var language: DisplayLanguage
  /// What each day cell shows besides its number: amounts (the default) or moods
  /// (`?mode=emotion`, remembered in a cookie like the language).
  var mode: DisplayMode = .amounts

  /// The month shown.
  var month: YearMonth { day.yearMonth }

  /// The state of `/month/YYYY-MM?day=…&shape=…`: the day given when it lies in the month,
  /// else today when today does, else the 1st.
  /// - Parameters:
  ///   - month: The month of the path.
  ///   - dayText: The `day` parameter, `YYYY-MM-DD`, if any.
  ///   - shapeText: The `shape` parameter, `week` or `month`, if any.
  ///   - language: The page's language.
  ///   - today: The clock's today.
  init(
    month: YearMonth, dayText: String?, shapeText: String?, language: DisplayLanguage,
    today: Day
  ) {
    if let dayText, let day = try? Day(iso: dayText), day.yearMonth == month {
      self.day = day
    } else {
      self.day = today.yearMonth == month ? today : month.firstDay
    }
    shape = shapeText == "week" ? .week : .month
    self.language = language
  }

  /// A page on a day.
  init(
    day: Day, shape: CalendarShape = .month, language: DisplayLanguage = .english,
    mode: DisplayMode = .amounts
  ) {
    self.day = day
    self.shape = shape
    self.language = language
    self.mode = mode
  }

  /// The page's own address: `/month/2025-11?day=2025-11-03` (with `&shape=week`).
  var path: String { Self.path(day: day, shape: shape) }

  /// This page on another day, in the same shape, language and mode.
  func moved(to day: Day) -> PageState {
    PageState(day: day, shape: shape, language: language, mode: mode)
  }

  /// The address of a page on `day` in `shape`.
  static func path(day: Day, shape: CalendarShape = .month) -> String {
    "/month/\(day.yearMonth.iso)?day=\(day.iso)" + (shape == .week ? "&shape=week" : "")
  }
}
