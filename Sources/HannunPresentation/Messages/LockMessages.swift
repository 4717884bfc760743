import Foundation
import HannunDomain

/// What the catalogues say about the ledger's lock and its journal that both languages share: the
/// holder's clock time and the length of a wait, as numbers.
enum LockText {
  /// `2026-11-25 23:59:01` in the local time zone: when a holder took the lock.
  static func clockTime(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone.current
    formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
    return formatter.string(from: date)
  }

  /// A wait in seconds, to a tenth under ten seconds: `1`, `0.3`, `4`.
  static func seconds(_ milliseconds: Int) -> String {
    let tenths = (max(0, milliseconds) + 50) / 100
    return tenths % 10 == 0 || tenths >= 100 ? String(tenths / 10) : "\(tenths / 10).\(tenths % 10)"
  }

}
