import HannunDomain

extension WebLedger {
  /// The ledger's categories, most used first, as a JSON array of strings: what the add form
  /// suggests. Empty when they cannot be read.
  func categoriesJSON() async -> String {
    var uses: [String: Int] = [:]
    let months = (try? await repository.categoryTotals(in: YearMonth.supportedRange)) ?? []
    for month in months {
      for total in month.totals { uses[total.category, default: 0] += total.count }
    }
    let names = uses.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
    return "[" + names.map { JSONQuoting.quoted($0.key) }.joined(separator: ",") + "]"
  }
}
