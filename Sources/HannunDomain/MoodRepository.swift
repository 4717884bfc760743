/// Where the ledger's mood diary is kept. A write is conditional like an entry's: a day's mood is
/// replaced only when the stored one is still the one the change was based on.
public protocol MoodRepository: Sendable {
  /// The moods of the days in `range`, by day; days without a mood are absent.
  /// - Parameter range: The days to read.
  /// - Throws: ``LedgerError/unreadableFile(path:reason:)`` when the stored moods cannot be read.
  func moods(in range: ClosedRange<Day>) async throws -> [Day: DayMood]

  /// Sets or clears one day's mood, provided the stored one is still `current`.
  /// - Parameters:
  ///   - day: The day.
  ///   - current: The day's mood as the caller last read it (`nil`: none).
  ///   - updated: What it becomes (`nil`: cleared).
  /// - Throws: ``MoodError/staleMood(_:current:)`` with the stored mood when it changed since
  ///   `current` was read; nothing is written.
  func replaceMood(on day: Day, _ current: DayMood?, with updated: DayMood?) async throws
}

/// A change of one day's mood, kept so it can be undone and redone.
public struct MoodEdit: Hashable, Sendable {
  /// The day.
  public let day: Day
  /// Its mood before (`nil`: none).
  public let before: DayMood?
  /// Its mood after (`nil`: cleared).
  public let after: DayMood?

  /// - Parameters:
  ///   - day: The day.
  ///   - before: Its mood before.
  ///   - after: Its mood after.
  public init(day: Day, before: DayMood?, after: DayMood?) {
    self.day = day
    self.before = before
    self.after = after
  }
}
