import HannunData
import HannunDomain

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension LedgerClock {
  /// The system clock in the system's time zone: for the composition root only. Its days are the
  /// C library's `localtime_r` dates (``LocalDateTime/init(systemTimeOf:)``), from the same zone
  /// as `TimeZone.current` (`TZ`, else `/etc/localtime`) but without ICU's time zone set-up,
  /// which would cost a one-shot command more than reading its month.
  public static var system: LedgerClock {
    LedgerClock(
      systemDate: { instant in
        LocalDateTime(systemTimeOf: instant).map { ($0.year, $0.month, $0.day) }
      }, now: { Date() })
  }
}
