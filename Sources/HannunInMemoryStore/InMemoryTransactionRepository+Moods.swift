import HannunDomain

/// The mood diary in memory, with the file store's conditional replace and change feed.
extension InMemoryTransactionRepository: MoodRepository {
  /// The moods of the days in `range`.
  public func moods(in range: ClosedRange<Day>) async throws -> [Day: DayMood] {
    storedMoods.filter { range.contains($0.key) }
  }

  /// Replaces the day's mood when `current` is what is stored; otherwise throws
  /// ``MoodError/staleMood(_:current:)``. The error given to ``failNextWrite(with:)`` is thrown
  /// first.
  public func replaceMood(on day: Day, _ current: DayMood?, with updated: DayMood?) async throws {
    try consumeFailure()
    guard storedMoods[day] == current else {
      throw MoodError.staleMood(day, current: storedMoods[day])
    }
    guard updated != current else { return }
    storedMoods[day] = updated
    feed.publish(months: [day.yearMonth])
  }

  /// Replaces a day's mood without publishing a change, as another process would.
  /// - Parameters:
  ///   - mood: The new mood, or `nil` for none.
  ///   - day: The day.
  public func replaceMoodUnannounced(_ mood: DayMood?, on day: Day) {
    unannouncedWrites += 1
    storedMoods[day] = mood
  }
}
