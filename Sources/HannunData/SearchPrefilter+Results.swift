import HannunDomain

/// A search's matches, gathered month by month and given newest first without sorting them all:
/// a later month's entries are all newer, and a month's entries are read in list order, so the
/// matches gathered oldest month first only need reversing in place. A month whose matches are
/// not in list order (a file not written by Hannun) is sorted on its own, and months given out
/// of order make the whole list sorted.
struct SearchResults {
  private var entries: [Transaction] = []
  private var lastMonth: YearMonth?
  private var monthsInOrder = true

  /// Makes room for `count` matches, when about that many are known to come.
  mutating func reserveCapacity(_ count: Int) {
    entries.reserveCapacity(count)
  }

  /// Adds the matches among `entries`, the entries of `month`.
  mutating func add(
    _ month: YearMonth, _ entries: [Transaction], where matches: (Transaction) -> Bool
  ) {
    if let lastMonth, lastMonth >= month { monthsInOrder = false }
    lastMonth = month
    let start = self.entries.count
    var inOrder = true
    for entry in entries where matches(entry) {
      if inOrder, let last = self.entries.last, self.entries.count > start,
        !Transaction.listOrder(last, entry)
      {
        inOrder = false
      }
      self.entries.append(entry)
    }
    if !inOrder { self.entries[start...].sort(by: Transaction.listOrder) }
  }

  /// The matches, newest first (``TransactionQuery/newestFirst(_:_:)``).
  consuming func newestFirst() -> [Transaction] {
    guard monthsInOrder else { return entries.sorted(by: TransactionQuery.newestFirst) }
    entries.reverse()
    return entries
  }
}
