import Foundation
import HannunDomain
import HannunTestSupport
import Testing

@testable import HannunData

@Suite("A search's matches, newest first without sorting them all")
struct SearchOrderTests {
  @Test(
    "months in any order, each in list order or not, come out as sorting every match newest first would"
  )
  func sameAsSorting() throws {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<50 {
      var found: [(month: YearMonth, entries: [Transaction])] = []
      for number in (0..<Int.random(in: 0...6, using: &generator)).shuffled(using: &generator) {
        let month = try YearMonth(iso: "2024-\(number < 9 ? "0" : "")\(number + 1)")
        var entries = (0..<Int.random(in: 1...9, using: &generator)).map { position in
          Transaction.fixture(
            id: "m\(number)e\(position)", day: month.iso + "-0\(Int.random(in: 1...3))",
            created: Date(timeIntervalSince1970: Double(Int.random(in: 0...2))))
        }
        entries.sort(by: Transaction.listOrder)
        if Bool.random(using: &generator) { entries.shuffle(using: &generator) }
        found.append((month, entries))
      }
      let expected = found.flatMap(\.entries).filter { !$0.id.rawValue.hasSuffix("e0") }
        .sorted(by: TransactionQuery.newestFirst)
      // Each month's entries either still to be matched, or matched already.
      var months: [(month: YearMonth, entries: [Transaction], matched: Bool)] = found.map {
        month, entries in
        Bool.random(using: &generator)
          ? (month, entries, false)
          : (month, entries.filter { !$0.id.rawValue.hasSuffix("e0") }, true)
      }
      let results = SearchResults.newestFirst(&months) { !$0.id.rawValue.hasSuffix("e0") }
      #expect(results.map(\.id) == expected.map(\.id))
    }
  }
}
