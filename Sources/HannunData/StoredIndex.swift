import Foundation
import HannunDomain

/// `ledger/index/catalog.json`: the month files the index describes, each by its signature. The
/// index is true to the ledger exactly when every month file on disk is listed here with the same
/// signature and nothing else is listed.
struct StoredCatalog: Codable, Hashable, Sendable {
  struct Month: Codable, Hashable, Sendable {
    /// Inode, size, modification time (seconds and nanoseconds) of the month file, and 1 when it
    /// is a regular file (0 otherwise).
    var file: [Int64]
    /// Why the month could not be indexed (a damaged file), or `nil`.
    var problem: String?
  }

  var schemaVersion: Int
  /// Keyed by `YYYY-MM`.
  var months: [String: Month]
}

/// `ledger/index/ids/XX.json`: which month holds each id of one shard.
struct StoredIDShard: Codable, Hashable, Sendable {
  var schemaVersion: Int
  /// Id → `YYYY-MM`.
  var ids: [String: String]
}

/// `ledger/index/totals/YYYY.json`: each month's income and expense per category.
struct StoredTotalsYear: Codable, Hashable, Sendable {
  struct Total: Codable, Hashable, Sendable {
    var kind: String
    var category: String
    var amountMinor: Int64
    var count: Int
  }

  var schemaVersion: Int
  /// Keyed by `YYYY-MM`; a month whose totals do not fit in 64 bits is absent from `months` and
  /// listed in `overflowing`, so a query recomputes it (and reports the overflow).
  var months: [String: [Total]]
  var overflowing: [String]?
}

extension FileSignature {
  /// The form kept in the catalog.
  var stored: [Int64] {
    [Int64(bitPattern: inode), size, modifiedSeconds, modifiedNanoseconds, isRegular ? 1 : 0]
  }

  /// A signature from the catalog's form (the device is not kept: it can change between boots,
  /// and the catalog is compared through ``stored`` only).
  init?(stored: [Int64]) {
    guard stored.count == 5 else { return nil }
    self.init(
      device: 0, inode: UInt64(bitPattern: stored[0]), size: stored[1],
      modifiedSeconds: stored[2], modifiedNanoseconds: stored[3], isRegular: stored[4] == 1)
  }
}

extension StoredTotalsYear.Total {
  init(_ total: CategoryTotal) {
    self.init(
      kind: total.kind.rawValue, category: total.category, amountMinor: total.amount.minorUnits,
      count: total.count)
  }

  /// The Domain value, or `nil` when a field is damaged (the index is then rebuilt).
  var categoryTotal: CategoryTotal? {
    guard let kind = TransactionKind(rawValue: kind), amountMinor >= 0, count > 0 else {
      return nil
    }
    return CategoryTotal(
      kind: kind, category: category, amount: Money(minorUnits: amountMinor), count: count)
  }
}
