/// A date and time as a wall clock shows it: the proleptic Gregorian year, month and day, and
/// the hour, minute and second, in a time zone the value does not carry. The file store reads
/// one with the system's time zone (when a lock holder took the lock,
/// ``LockHolder/clockTime``), so that the catalogues only write its numbers.
public struct LocalDateTime: Hashable, Sendable {
  /// The year: 0 and below before the common era.
  public var year: Int
  /// The month, 1–12.
  public var month: Int
  /// The day of the month, 1–31.
  public var day: Int
  /// The hour, 0–23.
  public var hour: Int
  /// The minute, 0–59.
  public var minute: Int
  /// The second, 0–60 (60 only in a leap second).
  public var second: Int

  /// A date and time as read.
  /// - Parameters:
  ///   - year: The year.
  ///   - month: The month, 1–12.
  ///   - day: The day of the month.
  ///   - hour: The hour, 0–23.
  ///   - minute: The minute.
  ///   - second: The second.
  public init(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
    self.year = year
    self.month = month
    self.day = day
    self.hour = hour
    self.minute = minute
    self.second = second
  }
}
