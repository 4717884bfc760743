import HannunDomain
import HannunTestSupport
import Testing

@Suite("Three-month pager window")
struct MonthWindowTests {
  @Test("a window has exactly three slots: previous, current and next")
  func threeSlots() {
    let window = MonthWindow(centeredOn: Fixtures.month("2025-01"))
    #expect(
      window.months == [
        Fixtures.month("2024-12"), Fixtures.month("2025-01"), Fixtures.month("2025-02"),
      ])
    #expect(window.previous == Fixtures.month("2024-12"))
    #expect(window.current == Fixtures.month("2025-01"))
    #expect(window.next == Fixtures.month("2025-02"))
  }

  @Test("sliding forward and backward moves every slot by one month")
  func slide() throws {
    let window = MonthWindow(centeredOn: Fixtures.month("2025-12"))
    let forward = try window.slidForward()
    #expect(
      forward.months == [
        Fixtures.month("2025-12"), Fixtures.month("2026-01"), Fixtures.month("2026-02"),
      ])
    let backward = try window.slidBackward()
    #expect(
      backward.months == [
        Fixtures.month("2025-10"), Fixtures.month("2025-11"), Fixtures.month("2025-12"),
      ])
    #expect(try forward.slidBackward() == window)
    #expect(try backward.slidForward() == window)
  }

  @Test(
    "regression: the infinite calendar keeps its days after paging forward k and back k",
    arguments: [1, 2, 3, 5, 11, 12, 13, 24, 100, 500])
  func pagingBackAndForthKeepsDays(k: Int) throws {
    let start = MonthWindow(centeredOn: Fixtures.month("2025-11"))
    var window = start
    for _ in 0..<k { window = try window.slidForward() }
    #expect(window.current == (try Fixtures.month("2025-11").adding(months: k)))
    #expect(window.months.count == 3)
    for _ in 0..<k { window = try window.slidBackward() }
    #expect(window == start)
    #expect(window.months == start.months)
    #expect(window.months.count == 3)
    #expect(window.dayRange == start.dayRange)
    let days = window.months.compactMap { $0 }.flatMap(\.days)
    #expect(days.count == 31 + 30 + 31)
    #expect(days.first == Fixtures.day("2025-10-01"))
    #expect(days.last == Fixtures.day("2025-12-31"))

    for _ in 0..<k { window = try window.slidBackward() }
    for _ in 0..<k { window = try window.slidForward() }
    #expect(window == start)
  }

  @Test("the window at the first month has no previous slot and cannot slide back")
  func firstEdge() throws {
    let window = MonthWindow(centeredOn: YearMonth.supportedRange.lowerBound)
    #expect(window.months == [nil, Fixtures.month("1583-01"), Fixtures.month("1583-02")])
    #expect(window.months.count == 3)
    let error = try #require(throws: DateInputError.self) { try window.slidBackward() }
    #expect(error == .navigationLimit(Fixtures.month("1583-01")))
    #expect(window.dayRange == Fixtures.day("1583-01-01")...Fixtures.day("1583-02-28"))
    #expect(try window.slidForward().previous == Fixtures.month("1583-01"))
  }

  @Test("the window at the last month has no next slot and cannot slide forward")
  func lastEdge() throws {
    let window = MonthWindow(centeredOn: YearMonth.supportedRange.upperBound)
    #expect(window.months == [Fixtures.month("9999-11"), Fixtures.month("9999-12"), nil])
    let error = try #require(throws: DateInputError.self) { try window.slidForward() }
    #expect(error == .navigationLimit(Fixtures.month("9999-12")))
    #expect(window.dayRange == Fixtures.day("9999-11-01")...Fixtures.day("9999-12-31"))
    #expect(try window.slidBackward().next == Fixtures.month("9999-12"))
  }

  @Test("the day range covers the three months for one query")
  func dayRange() {
    let window = MonthWindow(centeredOn: Fixtures.month("2024-02"))
    #expect(window.dayRange == Fixtures.day("2024-01-01")...Fixtures.day("2024-03-31"))
    let yearEnd = MonthWindow(centeredOn: Fixtures.month("2025-12"))
    #expect(yearEnd.dayRange == Fixtures.day("2025-11-01")...Fixtures.day("2026-01-31"))
  }
}
