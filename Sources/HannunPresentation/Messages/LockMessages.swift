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

/// What the catalogues say about the ledger's lock and its journal that both languages share: the
/// holder's clock time and the length of a wait, as numbers.
enum LockText {
  /// `2026-11-25 23:59:01` in the local time zone: when a holder took the lock.
  ///
  /// The C library's `localtime_r` reads the zone (`TZ`, else `/etc/localtime`, as
  /// `TimeZone.current` does), so that a message about the lock sets up none of ICU.
  static func clockTime(_ date: Date) -> String {
    var time = time_t(date.timeIntervalSince1970.rounded(.down))
    var parts = tm()
    guard localtime_r(&time, &parts) != nil else { return "?" }
    func digits(_ value: Int32, _ count: Int) -> String {
      let text = String(value)
      return String(repeating: "0", count: max(0, count - text.count)) + text
    }
    return digits(parts.tm_year + 1900, 4) + "-" + digits(parts.tm_mon + 1, 2) + "-"
      + digits(parts.tm_mday, 2) + " " + digits(parts.tm_hour, 2) + ":"
      + digits(parts.tm_min, 2) + ":" + digits(parts.tm_sec, 2)
  }

  /// A wait in seconds, to a tenth under ten seconds: `1`, `0.3`, `4`.
  static func seconds(_ milliseconds: Int) -> String {
    let tenths = (max(0, milliseconds) + 50) / 100
    return tenths % 10 == 0 || tenths >= 100 ? String(tenths / 10) : "\(tenths / 10).\(tenths % 10)"
  }

}
