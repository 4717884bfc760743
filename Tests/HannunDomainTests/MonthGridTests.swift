import HannunDomain
import HannunTestSupport
import Testing

/// Expected weeks written as day numbers, 0 for an empty slot.
private func weeks(_ month: String, _ rows: [[Int]]) -> [[Day?]] {
  rows.map { row in
    row.map { $0 == 0 ? nil : Fixtures.day("\(month)-\($0 < 10 ? "0" : "")\($0)") }
  }
}

@Suite("Month grid layout")
struct MonthGridTests {
  @Test("November 2025 with a Sunday start: six empty slots, then Saturday the 1st, six rows")
  func november2025Sunday() {
    let grid = MonthGrid(month: Fixtures.month("2025-11"), firstWeekday: .sunday)
    #expect(grid.weeks.first == [nil, nil, nil, nil, nil, nil, Fixtures.day("2025-11-01")])
    #expect(
      grid.weeks
        == weeks(
          "2025-11",
          [
            [0, 0, 0, 0, 0, 0, 1],
            [2, 3, 4, 5, 6, 7, 8],
            [9, 10, 11, 12, 13, 14, 15],
            [16, 17, 18, 19, 20, 21, 22],
            [23, 24, 25, 26, 27, 28, 29],
            [30, 0, 0, 0, 0, 0, 0],
          ]))
  }

  @Test("November 2025 with a Monday start: five empty slots, five rows")
  func november2025Monday() {
    let grid = MonthGrid(month: Fixtures.month("2025-11"), firstWeekday: .monday)
    #expect(
      grid.weeks
        == weeks(
          "2025-11",
          [
            [0, 0, 0, 0, 0, 1, 2],
            [3, 4, 5, 6, 7, 8, 9],
            [10, 11, 12, 13, 14, 15, 16],
            [17, 18, 19, 20, 21, 22, 23],
            [24, 25, 26, 27, 28, 29, 30],
          ]))
  }

  @Test("February 1900 is not a leap month: 28 days from a Thursday")
  func february1900() {
    let grid = MonthGrid(month: Fixtures.month("1900-02"), firstWeekday: .sunday)
    #expect(
      grid.weeks
        == weeks(
          "1900-02",
          [
            [0, 0, 0, 0, 1, 2, 3],
            [4, 5, 6, 7, 8, 9, 10],
            [11, 12, 13, 14, 15, 16, 17],
            [18, 19, 20, 21, 22, 23, 24],
            [25, 26, 27, 28, 0, 0, 0],
          ]))
  }

  @Test("February 2000 is a leap month: 29 days from a Tuesday")
  func february2000() {
    let grid = MonthGrid(month: Fixtures.month("2000-02"), firstWeekday: .sunday)
    #expect(
      grid.weeks
        == weeks(
          "2000-02",
          [
            [0, 0, 1, 2, 3, 4, 5],
            [6, 7, 8, 9, 10, 11, 12],
            [13, 14, 15, 16, 17, 18, 19],
            [20, 21, 22, 23, 24, 25, 26],
            [27, 28, 29, 0, 0, 0, 0],
          ]))
  }

  @Test("February 2024 is a leap month: 29 days from a Thursday")
  func february2024() {
    let grid = MonthGrid(month: Fixtures.month("2024-02"), firstWeekday: .sunday)
    #expect(
      grid.weeks
        == weeks(
          "2024-02",
          [
            [0, 0, 0, 0, 1, 2, 3],
            [4, 5, 6, 7, 8, 9, 10],
            [11, 12, 13, 14, 15, 16, 17],
            [18, 19, 20, 21, 22, 23, 24],
            [25, 26, 27, 28, 29, 0, 0],
          ]))
  }

  @Test("February 2100 is not a leap month: 28 days from a Monday")
  func february2100() {
    let grid = MonthGrid(month: Fixtures.month("2100-02"), firstWeekday: .sunday)
    #expect(
      grid.weeks
        == weeks(
          "2100-02",
          [
            [0, 1, 2, 3, 4, 5, 6],
            [7, 8, 9, 10, 11, 12, 13],
            [14, 15, 16, 17, 18, 19, 20],
            [21, 22, 23, 24, 25, 26, 27],
            [28, 0, 0, 0, 0, 0, 0],
          ]))
    let mondayStart = MonthGrid(month: Fixtures.month("2100-02"), firstWeekday: .monday)
    #expect(mondayStart.weeks.count == 4)
    #expect(mondayStart.weeks.flatMap { $0 }.allSatisfy { $0 != nil })
  }

  @Test("February 2015 starting on Sunday fills exactly four rows")
  func fourRows() {
    let grid = MonthGrid(month: Fixtures.month("2015-02"), firstWeekday: .sunday)
    #expect(grid.weeks.count == 4)
    #expect(grid.weeks.first?.first == Fixtures.day("2015-02-01"))
    #expect(grid.weeks.last?.last == Fixtures.day("2015-02-28"))
  }

  @Test(
    "a month starting on each weekday has the 1st in the right column",
    arguments: [
      ("2025-06", Weekday.sunday, 5), ("2025-09", .monday, 5), ("2025-04", .tuesday, 5),
      ("2025-10", .wednesday, 5), ("2025-05", .thursday, 5), ("2025-08", .friday, 6),
      ("2025-11", .saturday, 6),
    ])
  func monthStartingOnEachWeekday(month: String, firstDayWeekday: Weekday, rows: Int) {
    let yearMonth = Fixtures.month(month)
    #expect(yearMonth.firstDay.weekday == firstDayWeekday)
    let grid = MonthGrid(month: yearMonth, firstWeekday: .sunday)
    let column = firstDayWeekday.rawValue - 1
    #expect(grid.weeks[0][column] == yearMonth.firstDay)
    #expect(grid.weeks[0][..<column].allSatisfy { $0 == nil })
    #expect(grid.weeks.count == rows)
  }

  @Test(
    "every first weekday gives full weeks, the right leading gap and the days in order",
    arguments: Weekday.allCases)
  func invariants(firstWeekday: Weekday) throws {
    var month = Fixtures.month("1999-01")
    for _ in 0..<(12 * 30) {
      try checkInvariants(MonthGrid(month: month, firstWeekday: firstWeekday))
      month = try month.adding(months: 1)
    }
    for edge in [YearMonth.supportedRange.lowerBound, YearMonth.supportedRange.upperBound] {
      try checkInvariants(MonthGrid(month: edge, firstWeekday: firstWeekday))
    }
  }

  private func checkInvariants(_ grid: MonthGrid) throws {
    let month = grid.month
    #expect(grid.weeks.allSatisfy { $0.count == 7 }, "\(month)")
    let slots = grid.weeks.flatMap { $0 }
    let leading = (month.firstDay.weekday.rawValue - grid.firstWeekday.rawValue + 7) % 7
    #expect(slots.prefix(while: { $0 == nil }).count == leading, "\(month)")
    #expect(slots.compactMap { $0 } == month.days, "\(month)")
    let lastIndex = try #require(slots.lastIndex { $0 != nil })
    #expect(lastIndex >= slots.count - 7, "trailing empties only in the last week of \(month)")
    #expect(slots[(lastIndex + 1)...].allSatisfy { $0 == nil })
    #expect(grid.weeks.count == (leading + month.numberOfDays + 6) / 7, "\(month)")
    #expect((4...6).contains(grid.weeks.count))
    for week in grid.weeks {
      for (column, slot) in week.enumerated() {
        guard let slot else { continue }
        #expect(slot.weekday == grid.firstWeekday.weekStartingHere[column], "\(slot)")
      }
    }
  }

  @Test("the first month supported lays out without running past the range")
  func firstSupportedMonth() {
    let grid = MonthGrid(month: Fixtures.month("1583-01"), firstWeekday: .sunday)
    #expect(grid.weeks[0] == [nil, nil, nil, nil, nil, nil, Fixtures.day("1583-01-01")])
    let last = MonthGrid(month: Fixtures.month("9999-12"), firstWeekday: .sunday)
    #expect(last.weeks.last?[5] == Fixtures.day("9999-12-31"))
    #expect(last.weeks.last?[6] == nil)
  }
}
