import HannunDomain

/// What the catalogues say about the ledger's lock and its journal that both languages share: the
/// holder's clock time and the length of a wait, as numbers.
enum LockText {
  /// `2026-11-25 23:59:01`: when a holder took the lock, on the local clock as the file store
  /// read it; `?` when it could not.
  static func clockTime(_ time: LocalDateTime?) -> String {
    guard let time else { return "?" }
    func digits(_ value: Int, _ count: Int) -> String {
      let text = String(value)
      return String(repeating: "0", count: max(0, count - text.count)) + text
    }
    return digits(time.year, 4) + "-" + digits(time.month, 2) + "-" + digits(time.day, 2) + " "
      + digits(time.hour, 2) + ":" + digits(time.minute, 2) + ":" + digits(time.second, 2)
  }

  /// A wait in seconds, to a tenth under ten seconds: `1`, `0.3`, `4`.
  static func seconds(_ milliseconds: Int) -> String {
    let tenths = (max(0, milliseconds) + 50) / 100
    return tenths % 10 == 0 || tenths >= 100 ? String(tenths / 10) : "\(tenths / 10).\(tenths % 10)"
  }

}
