import HannunDomain

/// A search's matches, given newest first without sorting them all: a later month's entries are
/// all newer, and a month's entries are read in list order, so the months' matches taken newest
/// month first, each month's from its last entry, are in order. A month whose matches are not in
/// list order (a file not written by Hannun) is sorted on its own, and months given out of order
/// make the whole list sorted.
enum SearchResults {
  /// The matches among `months` (oldest month first: each month, its entries in list order, and
  /// whether they all match already), newest first (``TransactionQuery/newestFirst(_:_:)``).
  /// Each month's entries are let go as soon as its matches are taken: `months` is left empty.
  static func newestFirst(
    _ months: inout [(month: YearMonth, entries: [Transaction], matched: Bool)],
    where matches: (Transaction) -> Bool
  ) -> [Transaction] {
    let inOrder = months.indices.dropFirst().allSatisfy { months[$0 - 1].month < months[$0].month }
    if !inOrder { months.reverse() }
    var results: [Transaction] = []
    results.reserveCapacity(months.reduce(0) { $0 + $1.entries.count })
    while let part = months.popLast() {
      var entries = part.entries
      if !part.matched { entries.removeAll { !matches($0) } }
      let sorted = zip(entries, entries.dropFirst()).allSatisfy {
        Transaction.listOrder($0, $1)
      }
      if !sorted { entries.sort(by: Transaction.listOrder) }
      results.append(contentsOf: entries.reversed())
    }
    guard inOrder else { return results.sorted(by: TransactionQuery.newestFirst) }
    return results
  }
}
