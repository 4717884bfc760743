import HannunDomain
import HannunPresentation

extension REPLSession {
  /// `mood [DAY] MOOD [NOTE]` and `mood [DAY] clear`: one write and one undo step, through the
  /// coordinator's route for the day's mood; the day is selected so the change shows.
  func mood(_ request: MoodRequest) async throws {
    let day = try request.day?.resolved(in: calendar.currentMonth) ?? calendar.selectedDay
    if case .set(_, _, let note) = request { _ = try MoodRules.note(note) }
    let screen = try await coordinator.showMood(of: day)
    defer { screen.close() }
    let edit: MoodEdit?
    switch request {
    case .set(_, let chosen, let note): edit = try await screen.set(chosen, note: note)
    case .clear: edit = try await screen.clear()
    }
    await calendar.select(day: day)
    guard let edit else { return note(text.moodUnchanged(day)) }
    note(TerminalText.sanitized(text.describe(.mood(edit), .done)))
  }
}

extension REPLSession {
  /// `report mood [year]`: spending by mood over the shown month or its year, up to today.
  func moodReport(year: Bool) async throws -> [String] {
    let month = calendar.currentMonth
    let span = year ? try YearMonth.months(ofYear: month.year) : month...month
    let report = try await coordinator.moodSpending(of: span, today: calendar.today)
    return MoodReportRenderer(
      theme: theme, width: columns() ?? TerminalSize.standard.columns,
      language: calendar.language, money: calendar.money
    ).lines(report)
  }
}

extension SessionText {
  /// What a mood edit did, starting in lower case: `mood of 2025-11-03: 😊 joy (payday)`.
  func describe(_ edit: MoodEdit) -> String {
    words.moodEdit(edit.day, mood: edit.after?.mood, note: edit.after?.note ?? "")
  }

  /// Said when the day already had the mood asked for.
  func moodUnchanged(_ day: Day) -> String { words.moodUnchanged(day) }

  /// A mood undo or redo step another window made impossible, which was dropped.
  func moodDropped(_ edit: LedgerEdit, undoing: Bool) -> String {
    words.moodDropped(describe(edit, .done), undoing: undoing)
  }
}
