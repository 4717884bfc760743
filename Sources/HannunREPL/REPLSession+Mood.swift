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
  /// What a mood edit did, starting in lower case: `mood of 2025-11-03: 😊 joy (payday)`.
  func describe(_ edit: MoodEdit) -> String {
    let korean = language == .korean
    guard let after = edit.after else {
      return korean ? "\(edit.day.iso) 기분 지움" : "cleared the mood of \(edit.day.iso)"
    }
    let note = after.note.isEmpty ? "" : " (\(after.note))"
    let name = language.name(of: after.mood)
    return korean
      ? "\(edit.day.iso) 기분: \(after.mood.emoji) \(name)\(note)"
      : "mood of \(edit.day.iso): \(after.mood.emoji) \(name)\(note)"
  }

  /// Said when the day already had the mood asked for.
  func moodUnchanged(_ day: Day) -> String {
    language == .korean
      ? "\(day.iso)의 기분은 이미 그대로입니다." : "The mood of \(day.iso) is already that."
  }

  /// A mood undo or redo step another window made impossible, which was dropped.
  func moodDropped(_ edit: LedgerEdit, undoing: Bool) -> String {
    let what = describe(edit, .done)
    if language == .korean {
      return "\(undoing ? "되돌릴" : "다시 할") 수 없어 이 단계를 건너뜁니다: \(what). "
        + "다른 창에서 그날의 기분이 바뀌었습니다. "
        + "\(undoing ? "undo" : "redo")를 다시 하면 그 전 단계로 갑니다."
    }
    return "Cannot \(undoing ? "undo" : "redo") \(what): another window changed that day's mood; "
      + "this step was dropped. \(undoing ? "Undo" : "Redo") again for the step before it."
  }
}
