extension LedgerEditor {
  /// Sets or clears a day's mood and records it as one undo step, walked in order with the
  /// entries' steps. The change is based on the mood as stored now.
  /// - Parameters:
  ///   - day: The day.
  ///   - mood: The new mood and note, or `nil` to clear it.
  /// - Returns: The edit, or `nil` when the day already had exactly this (nothing is written or
  ///   recorded).
  /// - Throws: ``MoodError/staleMood(_:current:)``, or a storage error; nothing is recorded.
  @discardableResult
  public func setMood(_ mood: DayMood?, on day: Day) async throws -> MoodEdit? {
    let current = try await moods.moods(in: day...day)[day]
    guard current != mood else { return nil }
    try await moods.replaceMood(on: day, current, with: mood)
    let edit = MoodEdit(day: day, before: current, after: mood)
    record(.mood(edit))
    return edit
  }

  /// Writes a mood step forwards or backwards.
  func apply(_ edit: MoodEdit, reverting: Bool) async throws {
    if reverting {
      try await moods.replaceMood(on: edit.day, edit.after, with: edit.before)
    } else {
      try await moods.replaceMood(on: edit.day, edit.before, with: edit.after)
    }
  }
}

extension LedgerEditor {
  /// A day's mood as stored now.
  /// - Parameter day: The day.
  /// - Returns: Its mood and note, or `nil` when it has none.
  /// - Throws: A storage error.
  public func mood(on day: Day) async throws -> DayMood? {
    try await moods.moods(in: day...day)[day]
  }
}
