import HannunDomain

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Where the ledger's files live under a data directory:
///
/// ```
/// <data>/ledger/meta.json                 {"schemaVersion":1,"currency":"KRW"}
/// <data>/ledger/2025/2025-11.json         one document per month that has entries
/// <data>/ledger/index/catalog.json        the month files the index was built from
/// <data>/ledger/index/changes.log         what the writes since the catalog changed, a line each
/// <data>/ledger/index/ids/nb.json         which month holds each id starting with "nb"
/// <data>/ledger/index/totals/2025.json    each month's income and expense per category
/// <data>/ledger/index/postings/2025.bin   where each category's records are in each month file
/// <data>/ledger/journal.json              only while a write is being applied (or after a crash)
/// <data>/ledger/pending/                  new files of a write, before it commits
/// <data>/ledger/lock-holder               who holds the lock for a write (empty otherwise)
/// ```
///
/// The month files and `meta.json` are the ledger; `index/` is derived from them and rebuilt when
/// it does not match them. Anything else under `ledger/` (notes) is ignored; temporary `.tmp`
/// leftovers of killed writers are removed by the next writer.
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

  var journalPath: String { POSIXFiles.join(ledgerDirectory, "journal.json") }
  var pendingDirectory: String { POSIXFiles.join(ledgerDirectory, "pending") }
  var indexDirectory: String { POSIXFiles.join(ledgerDirectory, "index") }

  /// A path relative to `ledger/`, made absolute.
  func path(_ relative: String) -> String { POSIXFiles.join(ledgerDirectory, relative) }

  /// `2025/2025-11.json`, relative to `ledger/`.
  static func monthFile(_ month: YearMonth) -> String {
    yearName(month.year) + "/" + month.iso + ".json"
  }
  static let catalogFile = "index/catalog.json"
  /// Whether `relative` (to `ledger/`) is a file of the index, derived from the month files.
  static func isIndexFile(_ relative: String) -> Bool { relative.hasPrefix("index/") }

  /// What the writes since the catalog changed in the index, a line each (``IndexChangeLog``).
  static let changesFile = "index/changes.log"

  /// The folders' signatures the last writer saw (see ``ListingStamp``); only a hint.
  static let listingFile = "index/listing.json"
  static let idsDirectory = "index/ids"
  static let totalsDirectory = "index/totals"

  /// The index file that lists the ids starting like `id`.
  static func idShardFile(_ shard: String) -> String { idsDirectory + "/" + shard + ".json" }

  static let postingsDirectory = "index/postings"

  /// `index/postings/2025.bin`: where the records of each category are in the year's month
  /// files (``PostingsYear``).
  static func postingsFile(_ year: Int) -> String {
    postingsDirectory + "/" + yearName(year) + ".bin"
  }

  /// `index/totals/2025.json`.
  static func totalsFile(_ year: Int) -> String { totalsDirectory + "/" + yearName(year) + ".json" }

  /// The id shard an id belongs to: its first two characters when both are ASCII digits or
  /// lowercase letters (random ids always are), otherwise `_`.
  static func shard(of id: TransactionID) -> String {
    let bytes = Array(id.rawValue.utf8.prefix(2))
    let plain =
      bytes.count == 2
      && bytes.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x7A).contains($0) }
    return plain ? String(decoding: bytes, as: UTF8.self) : "_"
  }

  /// Whether `relative` is a path a journal may name: inside `ledger/`, plain names only.
  static func isSafeRelativePath(_ relative: String) -> Bool {
    let parts = relative.split(separator: "/", omittingEmptySubsequences: false)
    return !parts.isEmpty && parts.count <= 3
      && parts.allSatisfy { part in
        !part.isEmpty && part != "." && part != ".."
          && part.utf8.allSatisfy {
            (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0)
              || $0 == 0x2D || $0 == 0x2E || $0 == 0x5F
          }
      }
  }

  /// The paths of the year folders under `ledger/` as it is now, in year order; none when it
  /// cannot be read.
  func yearDirectories() -> [String] {
    let names = (try? POSIXFiles.contentsOfDirectory(atPath: ledgerDirectory)) ?? nil
    return (names ?? []).compactMap(LedgerLayout.year(fromDirectoryName:)).sorted().map(
      yearDirectory)
  }

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
    guard name.utf8.count == 12, name.hasSuffix(".json"),
      let month = IndexFileReader.month(name.dropLast(5)), month.year == year
    else { return nil }
    return month
  }

  static func yearName(_ year: Int) -> String {
    let digits = String(year)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}
