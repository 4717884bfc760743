import Foundation
import HannunDomain

/// Where the ledger's files live under a data directory:
///
/// ```
/// <data>/ledger/meta.json          {"schemaVersion":1,"currency":"KRW"}
/// <data>/ledger/2025/2025-11.json  one document per month that has entries
/// ```
///
/// Anything else under `ledger/` (temporary `.tmp` leftovers, notes) is not part of the ledger and
/// is ignored.
struct LedgerLayout: Sendable {
  /// The data directory, as an absolute path without a trailing slash (except for `/` itself).
  let root: String

  init(dataDirectory: URL) {
    var path = dataDirectory.standardizedFileURL.path(percentEncoded: false)
    while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
    root = path
  }

  var ledgerDirectory: String { POSIXFiles.join(root, "ledger") }
  var metadataPath: String { POSIXFiles.join(ledgerDirectory, "meta.json") }

  func yearDirectory(_ year: Int) -> String {
    POSIXFiles.join(ledgerDirectory, LedgerLayout.yearName(year))
  }

  /// `<data>/ledger/2025/2025-11.json`.
  func monthPath(_ month: YearMonth) -> String {
    POSIXFiles.join(yearDirectory(month.year), month.iso + ".json")
  }

  /// The year a directory under `ledger/` holds: exactly four ASCII digits in the supported range.
  static func year(fromDirectoryName name: String) -> Int? {
    guard name.utf8.count == 4, name.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
      let year = Int(name),
      (YearMonth.supportedRange.lowerBound.year...YearMonth.supportedRange.upperBound.year)
        .contains(year)
    else { return nil }
    return year
  }

  /// The month a file in a year directory holds: `YYYY-MM.json` with the directory's year.
  static func month(fromFileName name: String, year: Int) -> YearMonth? {
    guard name.hasSuffix(".json") else { return nil }
    let stem = String(name.dropLast(".json".count))
    guard let month = try? YearMonth(iso: stem), month.year == year else { return nil }
    return month
  }

  private static func yearName(_ year: Int) -> String {
    let digits = String(year)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}
