import HannunDomain
import Testing

@testable import HannunData

@Suite("A totals year's lines are read from their bytes, as the character split reads them")
struct TotalsLineTests {
  static let lines = [
    "2024-01 income 665000 8 refund", "2024-01 expense 10221000 102 groceries",
    "2024-01 income 36156700 10 급여", "2024-02 expense 1 1 외식 with spaces  and more",
    "2024-03 overflow", "1925-12 expense 999999999999999999 1 big", "2024-01 expense 0 1 zero",
    "2024-01 expense 007 3 leading zeros", "2024-01 expense 5 1 e\u{301}",
    "2024-01 expense 5 1 \u{1F600}", "2024-01 expense 5 1 x y z",
  ]

  /// Lines the bytes leave to the characters, some read, most refused.
  static let leftOver = [
    "2024-01 expense 5 1 \u{301}accent", "2024-01 expense +5 1 plus", "2024-01 expense -0 1 minus",
    "2024-01 expense 5 +1 plus", "2024-01 expense 5 0 none", "2024-01 expense 5 1 ",
    "2024-01 expense 5 1", "2024-01 Expense 5 1 x", "2024-01 income 1000000000000000000 1 big",
    "2024-13 expense 5 1 x", "2024-1 expense 5 1 x", "2024-01 overflow x", "2024-01  expense 5 1 x",
    "2024-01 expense\u{301} 5 1 x", "2024-01 expense 5\u{301} 1 x", "", "2024-01", "2024-01 ",
    "x024-01 expense 5 1 x", "2024-01 income 5 99999999999999999999 x",
  ]

  @Test("every line Hannun writes is read from its bytes, to what the characters give")
  func sameAsCharacters() throws {
    for line in Self.lines {
      let byBytes = try #require(LedgerIndex.totalsLineByBytes(line), "\(line)")
      #expect(byBytes == (try LedgerIndex.totalsLineByCharacters(line)), "\(line)")
    }
  }

  @Test("a line the two might read apart is left to the characters")
  func leftToCharacters() {
    for line in Self.leftOver {
      #expect(LedgerIndex.totalsLineByBytes(line) == nil, "\(line)")
    }
    // A combining mark after the category's space joins it: the characters do not split there.
    #expect(throws: StoredRecordProblem.self) {
      try LedgerIndex.totalsLineByCharacters("2024-01 expense 5 1 \u{301}accent")
    }
  }

  @Test("a totals year reads the same whichever reader takes each line")
  func wholeYear() throws {
    let year = try LedgerIndex.totals(
      StoredTotalsYear(schemaVersion: supportedSchemaVersion, totals: Self.lines))
    var expected: [YearMonth: [CategoryTotal]?] = [:]
    for line in Self.lines {
      switch try LedgerIndex.totalsLineByCharacters(line) {
      case .overflow(let month): expected[month] = .some(nil)
      case .total(let month, let total):
        var totals = (expected[month] ?? []) ?? []
        totals.append(total)
        expected[month] = .some(totals)
      }
    }
    #expect(year == expected)
    #expect(year[try YearMonth(iso: "2024-03")] == .some(nil))
  }
}
