/// Why a date, month or weekday given by a user was refused. Each case carries the input, so a
/// message can name it and say what is accepted.
public enum DateInputError: Error, Equatable, Sendable {
  /// The text is not a date in any accepted form.
  case malformedDate(String)
  /// The text is not a `YYYY-MM` month.
  case malformedMonth(String)
  /// The text is not a `YYYY` year.
  case malformedYear(String)
  /// A well-formed date past the end of its month (`2025-02-30`).
  case noSuchDay(String)
  /// A month number outside 1–12.
  case noSuchMonth(String)
  /// A date outside 1583-01-01 … 9999-12-31.
  case outOfRange(String)
  /// Paging past the first or last supported month.
  case navigationLimit(YearMonth)
  /// A first weekday outside 1–7.
  case badFirstWeekday(String)
}
