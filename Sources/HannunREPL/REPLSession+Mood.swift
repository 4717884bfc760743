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

extension SessionText {
  /// Said when the day already had the mood asked for.
  func moodUnchanged(_ day: Day) -> String { words.moodUnchanged(day) }
}
