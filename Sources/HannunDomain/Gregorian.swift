/// Proleptic Gregorian arithmetic on plain integers.
///
/// Month grids and weeks are computed here rather than through `Foundation.Calendar` so that they
/// are exact for every supported year, independent of the machine's time zone, and cheap enough to
/// run for every page turn. `GregorianTests` cross-checks these rules against
/// `Foundation.Calendar`.
public enum Gregorian {
  /// The Gregorian leap-year rule: every fourth year, except centuries not divisible by 400.
  /// - Parameter year: A year of the common era.
  /// - Returns: `true` for 2000 and 2024, `false` for 1900, 2100 and 2023.
  public static func isLeapYear(_ year: Int) -> Bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
  }

  /// The number of days in a month.
  /// - Parameters:
  ///   - month: 1 (January) to 12 (December).
  ///   - year: The year, for February.
  /// - Returns: 28 to 31.
  public static func numberOfDays(inMonth month: Int, year: Int) -> Int {
    switch month {
    case 2: isLeapYear(year) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// Days since 1970-01-01 for a civil date (Howard Hinnant's `days_from_civil`).
  static func dayNumber(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let monthIndex = month > 2 ? month - 3 : month + 9
    let dayOfYear = (153 * monthIndex + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The civil date for a number of days since 1970-01-01 (Howard Hinnant's `civil_from_days`).
  static func civil(fromDayNumber number: Int) -> (year: Int, month: Int, day: Int) {
    let z = number + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    return (year, month, day)
  }

  /// The weekday of a day number, 1 (Sunday) to 7 (Saturday). 1970-01-01 was a Thursday.
  static func weekday(ofDayNumber number: Int) -> Int {
    let fromSunday = (number + 4) % 7
    return (fromSunday >= 0 ? fromSunday : fromSunday + 7) + 1
  }
}
