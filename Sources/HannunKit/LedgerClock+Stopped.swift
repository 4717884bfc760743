import HannunDomain

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension LedgerClock {
  /// A clock stopped at noon of `day` in `timeZone`, for previews and tests: the calendar opens
  /// on that day's month, and every new entry is stamped with the same instant.
  ///
  /// Noon, so that no offset of the zone can move the instant to another day.
  /// - Parameters:
  ///   - day: The day it always is.
  ///   - timeZone: The zone whose calendar decides the day.
  /// - Returns: The stopped clock.
  public static func stopped(on day: Day, timeZone: TimeZone) -> LedgerClock {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let noon = DateComponents(year: day.year, month: day.month, day: day.day, hour: 12)
    // Every supported day has a noon in every zone; the fallback only keeps this total.
    let instant = calendar.date(from: noon) ?? Date(timeIntervalSince1970: 0)
    return LedgerClock(timeZone: timeZone, now: { instant })
  }
}
