import HannunDomain

extension AppCoordinator {
  /// Sets or clears a day's mood through the shared editor, so `undo` and `redo` walk it in
  /// order with the entries' changes, and ``canUndo`` and ``canRedo`` say so. A started calendar
  /// hears of it through the change feed.
  /// - Parameters:
  ///   - mood: The mood and note, or `nil` to clear the day's.
  ///   - day: The day.
  /// - Returns: The edit, or `nil` when the day already had exactly this.
  /// - Throws: What ``LedgerEditor/setMood(_:on:)`` throws; nothing is written then.
  @discardableResult
  public func setMood(_ mood: DayMood?, on day: Day) async throws -> MoodEdit? {
    let edit = try await editor.setMood(mood, on: day)
    await refreshHistory()
    return edit
  }

  /// Spending by mood over a span of months, up to `today`.
  /// - Parameters:
  ///   - span: The months.
  ///   - today: Days after it are not counted.
  /// - Throws: A storage error, or ``LedgerError/totalOverflow``.
  public func moodSpending(of span: ClosedRange<YearMonth>, today: Day) async throws
    -> MoodSpendingReport
  {
    try await MoodSpendingReport.load(
      span, today: today, entries: repository, moods: calendar.diary)
  }
}

extension AppCoordinator {
  /// Opens a day's mood, read as stored now; its set and clear go through ``setMood(_:on:)``.
  /// - Parameter day: The day.
  /// - Returns: The screen, now on top of ``path``.
  /// - Throws: A storage error; nothing opens.
  @discardableResult
  public func showMood(of day: Day) async throws -> DayMoodViewModel {
    let editor = self.editor
    let mood = DayMoodViewModel(
      day: day, read: { day in try await editor.mood(on: day) },
      write: { [weak self] mood, day in
        guard let self else { return nil }
        return try await self.setMood(mood, on: day)
      })
    try await mood.load()
    path.append(.dayMood(mood))
    return mood
  }
}
