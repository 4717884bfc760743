import HannunDomain

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension LedgerClock {
  /// The system clock in the system's time zone: for the composition root only. Its days are the
  /// C library's `localtime_r` dates, from the same zone as `TimeZone.current` (`TZ`, else
  /// `/etc/localtime`) but without ICU's time zone set-up, which would cost a one-shot command
  /// more than reading its month.
  public static var system: LedgerClock {
    LedgerClock(systemDate: localDate(of:), now: { Date() })
  }

  /// The year, month and day of `instant` in the system's time zone, as the C library reads it;
  /// `nil` when the year does not fit its `tm`.
  @Sendable
  private static func localDate(of instant: Date) -> (year: Int, month: Int, day: Int)? {
    let seconds = instant.timeIntervalSince1970.rounded(.down)
    guard seconds > -1e17, seconds < 1e17 else { return nil }
    var time = time_t(seconds)
    var parts = tm()
    guard localtime_r(&time, &parts) != nil else { return nil }
    return (Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday))
  }
}
