import HannunDomain

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A month read from its file.
struct LoadedMonth {
  var signature: FileSignature
  var transactions: [Transaction]
}

/// Decoded months, most recently used kept, each valid while its file's signature is unchanged.
struct MonthCache {
  private struct Entry {
    var signature: FileSignature
    var transactions: [Transaction]
    var lastUse: UInt64
  }

  let capacity: Int
  private var entries: [YearMonth: Entry] = [:]
  private var uses: UInt64 = 0

  init(capacity: Int) {
    self.capacity = capacity
  }

  mutating func transactions(of month: YearMonth, signature: FileSignature) -> [Transaction]? {
    guard var entry = entries[month], entry.signature == signature else { return nil }
    uses += 1
    entry.lastUse = uses
    entries[month] = entry
    return entry.transactions
  }

  mutating func store(_ transactions: [Transaction], of month: YearMonth, signature: FileSignature)
  {
    uses += 1
    entries[month] = Entry(signature: signature, transactions: transactions, lastUse: uses)
    if entries.count > capacity,
      let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key
    {
      entries[oldest] = nil
    }
  }

  mutating func remove(_ month: YearMonth) {
    entries[month] = nil
  }
}
