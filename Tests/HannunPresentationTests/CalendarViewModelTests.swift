import HannunDomain
import HannunPresentation
import HannunTestSupport
import Testing

@Suite("Calendar view-model")
@MainActor
struct CalendarViewModelTests {
  // MARK: - Opening

  @Test("opens on the clock's month with today selected")
  func opensOnToday() async {
    let calendar = await TestLedger.started().calendar
    #expect(calendar.currentMonth == month("2025-11"))
    #expect(calendar.selectedDay == day("2025-11-14"))
    #expect(calendar.today == day("2025-11-14"))
    #expect(calendar.window.months == [month("2025-10"), month("2025-11"), month("2025-12")])
    #expect(calendar.shape == .month)
    #expect(calendar.displayMode == .amounts)
    #expect(calendar.firstWeekday == .sunday)
    #expect(calendar.loadError == nil)
  }

  @Test("the title reads 2025년 11월 in Korean and November 2025 in English")
  func title() async {
    #expect(await TestLedger.started(language: .korean).calendar.title == "2025년 11월")
    #expect(await TestLedger.started(language: .english).calendar.title == "November 2025")
  }

  @Test("the month's income, expense and balance count only that month's entries")
  func monthTotals() async {
    let calendar = await TestLedger.started().calendar
    #expect(calendar.monthIncome == money(3_050_000))
    #expect(calendar.monthExpense == money(16_500))
    #expect(calendar.monthBalance == money(3_033_500))
    #expect(calendar.summaries[month("2025-10")]?.total.expense == money(8_000))
    #expect(calendar.summaries[month("2025-10")]?.balance == money(-8_000))
    #expect(calendar.summaries[month("2025-12")]?.total.expense == money(20_000))
    #expect(calendar.summaries[month("2025-12")]?.total.income == money(0))
  }

  @Test("an empty ledger shows zero totals and empty days")
  func emptyLedger() async {
    let calendar = await TestLedger.started(entries: []).calendar
    #expect(calendar.monthIncome == .zero)
    #expect(calendar.monthExpense == .zero)
    #expect(calendar.monthBalance == .zero)
    #expect(calendar.selectedEntries.isEmpty)
    #expect(calendar.dayCells.count == 30)
    #expect(calendar.dayCells.allSatisfy { $0.income == .zero && $0.expense == .zero })
  }

  // MARK: - Day cells

  @Test("the month grid has rows of seven, empty slots before the 1st and after the 30th")
  func gridShape() async {
    let calendar = await TestLedger.started().calendar
    let weeks = calendar.weeks
    #expect(weeks.count == 6)
    #expect(weeks.allSatisfy { $0.count == 7 })
    #expect(weeks[0].map(\.dayNumber) == [nil, nil, nil, nil, nil, nil, 1])
    #expect(weeks[1].map(\.dayNumber) == [2, 3, 4, 5, 6, 7, 8])
    #expect(weeks[5].map(\.dayNumber) == [30, nil, nil, nil, nil, nil, nil])
    #expect(calendar.dayCells.map(\.dayNumber) == Array(1...30))
    #expect(calendar.dayCells.allSatisfy { $0.isInShownMonth })
    let empty = weeks[0][0]
    #expect(empty.day == nil)
    #expect(empty.isToday == false)
    #expect(empty.isSelected == false)
    #expect(empty.isInShownMonth == false)
    #expect(empty.income == .zero)
    #expect(empty.expense == .zero)
  }

  @Test("only today's cell is today and only the selected day's cell is selected")
  func todayAndSelection() async throws {
    let calendar = await TestLedger.started().calendar
    #expect(calendar.dayCells.filter(\.isToday).map(\.day) == [day("2025-11-14")])
    #expect(calendar.dayCells.filter(\.isSelected).map(\.day) == [day("2025-11-14")])

    try await calendar.selectDay(number: 3)
    #expect(calendar.selectedDay == day("2025-11-03"))
    #expect(calendar.dayCells.filter(\.isToday).map(\.day) == [day("2025-11-14")])
    #expect(calendar.dayCells.filter(\.isSelected).map(\.day) == [day("2025-11-03")])
  }

  @Test("Sundays and Saturdays have their own role, other days are weekdays")
  func roles() async {
    let calendar = await TestLedger.started().calendar
    #expect(calendar.cell(of: day("2025-11-01"))?.role == .saturday)
    #expect(calendar.cell(of: day("2025-11-02"))?.role == .sunday)
    #expect(calendar.cell(of: day("2025-11-03"))?.role == .weekday)
    #expect(calendar.cell(of: day("2025-11-14"))?.role == .weekday)
    for week in calendar.weeks {
      if week[0].day != nil { #expect(week[0].role == .sunday) }
      if week[6].day != nil { #expect(week[6].role == .saturday) }
      for cell in week[1...5] where cell.day != nil { #expect(cell.role == .weekday) }
    }
  }

  @Test("each day's cell shows that day's income and expense")
  func perDayTotals() async {
    let calendar = await TestLedger.started().calendar
    #expect(calendar.cell(of: day("2025-11-03"))?.income == money(50_000))
    #expect(calendar.cell(of: day("2025-11-03"))?.expense == money(12_000))
    #expect(calendar.cell(of: day("2025-11-14"))?.income == money(0))
    #expect(calendar.cell(of: day("2025-11-14"))?.expense == money(4_500))
    #expect(calendar.cell(of: day("2025-11-25"))?.income == money(3_000_000))
    #expect(calendar.cell(of: day("2025-11-04"))?.income == money(0))
    #expect(calendar.cell(of: day("2025-11-04"))?.expense == money(0))
    let daysWithMoney = calendar.dayCells.filter { !$0.income.isZero || !$0.expense.isZero }
    #expect(daysWithMoney.compactMap(\.dayNumber) == [3, 14, 25])
    #expect(calendar.summary(of: day("2025-10-31")).expense == money(8_000))
    #expect(calendar.summary(of: day("2026-01-10")) == .empty)
  }

  @Test("the selected day's entries are listed oldest first, not by id")
  func selectedEntries() async throws {
    let calendar = await TestLedger.started().calendar
    #expect(calendar.selectedEntries.map(\.id.rawValue) == ["t3"])
    try await calendar.selectDay(number: 3)
    #expect(calendar.selectedEntries.map(\.id.rawValue) == ["t1", "a2"])
    try await calendar.selectDay(number: 4)
    #expect(calendar.selectedEntries.isEmpty)
  }

  // MARK: - Navigation

  @Test("next and previous page by a month and select the 1st")
  func nextAndPrevious() async throws {
    let calendar = await TestLedger.started().calendar
    try await calendar.showNext()
    #expect(calendar.currentMonth == month("2025-12"))
    #expect(calendar.window.months == [month("2025-11"), month("2025-12"), month("2026-01")])
    #expect(calendar.selectedDay == day("2025-12-01"))
    #expect(calendar.title == "2025년 12월")
    #expect(calendar.monthExpense == money(20_000))
    #expect(calendar.monthIncome == money(0))
    #expect(calendar.selectedEntries.map(\.id.rawValue) == ["t6"])

    try await calendar.showPrevious()
    try await calendar.showPrevious()
    #expect(calendar.currentMonth == month("2025-10"))
    #expect(calendar.selectedDay == day("2025-10-01"))
    #expect(calendar.monthExpense == money(8_000))
    #expect(calendar.monthBalance == money(-8_000))
  }

  @Test("jumping to a month selects the 1st, or today in today's month; showToday comes back")
  func jumps() async throws {
    let calendar = await TestLedger.started().calendar
    await calendar.show(month: month("2024-02"))
    #expect(calendar.currentMonth == month("2024-02"))
    #expect(calendar.selectedDay == day("2024-02-01"))
    #expect(calendar.window.months == [month("2024-01"), month("2024-02"), month("2024-03")])
    #expect(calendar.dayCells.count == 29)
    #expect(calendar.monthExpense == .zero)

    await calendar.showToday()
    #expect(calendar.currentMonth == month("2025-11"))
    #expect(calendar.selectedDay == day("2025-11-14"))
    #expect(calendar.monthIncome == money(3_050_000))

    try await calendar.selectDay(number: 20)
    await calendar.show(month: month("2026-01"))
    await calendar.show(month: month("2025-11"))
    #expect(calendar.selectedDay == day("2025-11-14"))
  }

  @Test("selecting a day number the month lacks throws noSuchDay and changes nothing")
  func badDayNumber() async throws {
    let calendar = await TestLedger.started().calendar
    await #expect(throws: DateInputError.noSuchDay("2025-11-31")) {
      try await calendar.selectDay(number: 31)
    }
    await #expect(throws: DateInputError.noSuchDay("2025-11-00")) {
      try await calendar.selectDay(number: 0)
    }
    #expect(calendar.selectedDay == day("2025-11-14"))
    #expect(calendar.currentMonth == month("2025-11"))
    try await calendar.selectDay(number: 30)
    #expect(calendar.selectedDay == day("2025-11-30"))
  }

  @Test("selecting a day of another month moves the window to it")
  func selectInAnotherMonth() async {
    let calendar = await TestLedger.started().calendar
    await calendar.select(day: day("2026-01-10"))
    #expect(calendar.selectedDay == day("2026-01-10"))
    #expect(calendar.currentMonth == month("2026-01"))
    #expect(calendar.window.months == [month("2025-12"), month("2026-01"), month("2026-02")])
    #expect(calendar.selectedEntries.map(\.id.rawValue) == ["t7"])
    #expect(calendar.monthIncome == money(100_000))
    #expect(calendar.title == "2026년 1월")
  }

  @Test("the loaded months are always exactly the window's three months")
  func windowIsThreeMonths() async throws {
    let calendar = await TestLedger.started().calendar
    func expectWindowLoaded() {
      let months = Set(calendar.window.months.compactMap { $0 })
      #expect(calendar.window.months.count == 3)
      #expect(months.count == 3)
      #expect(Set(calendar.entriesByMonth.keys) == months)
      #expect(Set(calendar.summaries.keys) == months)
    }
    expectWindowLoaded()
    for _ in 0..<5 {
      try await calendar.showNext()
      expectWindowLoaded()
    }
    await calendar.show(month: month("2030-06"))
    expectWindowLoaded()
    for _ in 0..<3 {
      try await calendar.showPrevious()
      expectWindowLoaded()
    }
    await calendar.select(day: day("2025-09-30"))
    expectWindowLoaded()
    #expect(calendar.entriesByMonth[month("2025-09")]?.map(\.id.rawValue) == ["t8"])
  }

  @Test(
    "regression (seed 000 bug, lost days after paging back and forth): forward k then back k gives the same window, cells and totals",
    arguments: [1, 2, 3, 12, 25])
  func pagingForwardAndBackKeepsDays(k: Int) async throws {
    let calendar = await TestLedger.started().calendar
    let window = calendar.window
    let weeks = calendar.weeks
    let summaries = calendar.summaries
    let entries = calendar.entriesByMonth
    let totals = [calendar.monthIncome, calendar.monthExpense, calendar.monthBalance]

    let far = try month("2025-11").adding(months: k)
    for _ in 0..<k { try await calendar.showNext() }
    #expect(calendar.currentMonth == far)
    #expect(calendar.entriesByMonth.count == 3)
    for _ in 0..<k { try await calendar.showPrevious() }

    #expect(calendar.window == window)
    #expect(calendar.window.months.count == 3)
    #expect(calendar.selectedDay == day("2025-11-14"))
    #expect(calendar.weeks == weeks)
    #expect(calendar.dayCells.count == 30)
    #expect(calendar.summaries == summaries)
    #expect(calendar.entriesByMonth == entries)
    #expect([calendar.monthIncome, calendar.monthExpense, calendar.monthBalance] == totals)
    #expect(calendar.monthIncome == money(3_050_000))
  }

  @Test("only the window's months are queried, and a page turn queries only the new month")
  func loadsOnlyTheWindow() async throws {
    let ledger = await TestLedger.started()
    let calendar = ledger.calendar
    #expect(await ledger.repository.rangeQueries == [day("2025-10-01")...day("2025-12-31")])

    try await calendar.showNext()
    #expect(await ledger.repository.rangeQueries.count == 2)
    #expect(await ledger.repository.rangeQueries.last == day("2026-01-01")...day("2026-01-31"))

    try await calendar.showPrevious()
    #expect(await ledger.repository.rangeQueries.count == 3)
    #expect(await ledger.repository.rangeQueries.last == day("2025-10-01")...day("2025-10-31"))

    try await calendar.selectDay(number: 5)
    await calendar.showToday()
    #expect(await ledger.repository.rangeQueries.count == 3)

    await calendar.show(month: month("2024-02"))
    #expect(await ledger.repository.rangeQueries.count == 4)
    #expect(await ledger.repository.rangeQueries.last == day("2024-01-01")...day("2024-03-31"))
  }

  @Test("without reading ahead, only the months on screen are queried, weeks included")
  func readsOnlyWhatIsShown() async {
    let ledger = TestLedger()
    let calendar = ledger.calendar
    calendar.setReadsAhead(false)
    await calendar.show(month: month("2025-10"))
    await calendar.start()
    #expect(await ledger.repository.rangeQueries == [day("2025-10-01")...day("2025-10-31")])
    #expect(calendar.monthExpense == money(8_000))

    // 2025-11-01 is a Saturday: its week reaches back into October, already read.
    await calendar.show(month: month("2025-11"))
    calendar.showWeek()
    await calendar.settle()
    #expect(await ledger.repository.rangeQueries.last == day("2025-11-01")...day("2025-11-30"))
    #expect(await ledger.repository.rangeQueries.count == 2)

    // The week of 2025-11-30 reaches into December, which is read when the week is shown.
    await calendar.select(day: day("2025-11-30"))
    #expect(await ledger.repository.rangeQueries.last == day("2025-12-01")...day("2025-12-31"))
    let cells = calendar.weeks.joined()
    #expect(cells.first { $0.day == day("2025-12-01") }?.expense == money(20_000))
  }

  @Test("paging past 9999-12 throws navigationLimit and leaves everything as it was")
  func upperLimit() async throws {
    let ledger = await TestLedger.started(
      today: "9999-12-31",
      entries: [.fixture(id: "z1", day: "9999-12-31", kind: .income, amount: 1_000)])
    let calendar = ledger.calendar
    #expect(calendar.window.months == [month("9999-11"), month("9999-12"), nil])
    #expect(calendar.monthIncome == money(1_000))
    let queries = await ledger.repository.rangeQueries
    #expect(queries == [day("9999-11-01")...day("9999-12-31")])

    await #expect(throws: DateInputError.navigationLimit(month("9999-12"))) {
      try await calendar.showNext()
    }
    #expect(calendar.window.months == [month("9999-11"), month("9999-12"), nil])
    #expect(calendar.selectedDay == day("9999-12-31"))
    #expect(calendar.monthIncome == money(1_000))
    #expect(Set(calendar.summaries.keys) == [month("9999-11"), month("9999-12")])
    #expect(await ledger.repository.rangeQueries == queries)

    calendar.showWeek()
    #expect(calendar.weeks[0].map(\.dayNumber) == [26, 27, 28, 29, 30, 31, nil])
    await #expect(throws: DateInputError.navigationLimit(month("9999-12"))) {
      try await calendar.showNext()
    }
    #expect(calendar.selectedDay == day("9999-12-31"))
    #expect(calendar.currentMonth == month("9999-12"))
  }

  @Test("paging before 1583-01 throws navigationLimit and leaves everything as it was")
  func lowerLimit() async throws {
    let ledger = await TestLedger.started(today: "1583-01-01", entries: [])
    let calendar = ledger.calendar
    #expect(calendar.window.months == [nil, month("1583-01"), month("1583-02")])
    let queries = await ledger.repository.rangeQueries
    #expect(queries == [day("1583-01-01")...day("1583-02-28")])
    let weeks = calendar.weeks

    await #expect(throws: DateInputError.navigationLimit(month("1583-01"))) {
      try await calendar.showPrevious()
    }
    #expect(calendar.window.months == [nil, month("1583-01"), month("1583-02")])
    #expect(calendar.selectedDay == day("1583-01-01"))
    #expect(calendar.weeks == weeks)
    #expect(await ledger.repository.rangeQueries == queries)

    calendar.showWeek()
    #expect(calendar.weeks[0].map(\.dayNumber) == [nil, nil, nil, nil, nil, nil, 1])
    await #expect(throws: DateInputError.navigationLimit(month("1583-01"))) {
      try await calendar.showPrevious()
    }
    #expect(calendar.selectedDay == day("1583-01-01"))
  }

  // MARK: - Week shape

  @Test("week shape shows one row, the selected day's week, and pages by seven days")
  func weekShape() async throws {
    let calendar = await TestLedger.started().calendar
    calendar.showWeek()
    #expect(calendar.shape == .week)
    #expect(calendar.weeks.count == 1)
    #expect(calendar.weeks[0].map(\.day) == days("2025-11", 9...15))
    #expect(calendar.weeks[0].filter(\.isSelected).map(\.day) == [day("2025-11-14")])
    #expect(calendar.cell(of: day("2025-11-14"))?.expense == money(4_500))
    #expect(try calendar.weekSummary() == DaySummary(income: .zero, expense: money(4_500)))

    try await calendar.showNext()
    #expect(calendar.selectedDay == day("2025-11-21"))
    #expect(calendar.weeks[0].map(\.day) == days("2025-11", 16...22))
    #expect(calendar.currentMonth == month("2025-11"))

    try await calendar.showPrevious()
    try await calendar.showPrevious()
    #expect(calendar.selectedDay == day("2025-11-07"))
    #expect(calendar.weeks[0].map(\.day) == days("2025-11", 2...8))
    #expect(try calendar.weekSummary() == DaySummary(income: money(50_000), expense: money(12_000)))

    calendar.showMonth()
    #expect(calendar.shape == .month)
    #expect(calendar.weeks.count == 6)
  }

  @Test("week paging crosses a month boundary and moves the window with it")
  func weekAcrossMonths() async throws {
    let calendar = await TestLedger.started().calendar
    calendar.showWeek()
    await calendar.select(day: day("2025-11-28"))
    try await calendar.showNext()
    #expect(calendar.selectedDay == day("2025-12-05"))
    #expect(calendar.currentMonth == month("2025-12"))
    let row = calendar.weeks[0]
    #expect(row.map(\.day) == [day("2025-11-30")] + days("2025-12", 1...6))
    #expect(row.map(\.isInShownMonth) == [false, true, true, true, true, true, true])
    #expect(row[1].expense == money(20_000))
    #expect(row[0].role == .sunday)

    try await calendar.showPrevious()
    #expect(calendar.selectedDay == day("2025-11-28"))
    #expect(calendar.currentMonth == month("2025-11"))

    await calendar.select(day: day("2025-11-01"))
    let first = calendar.weeks[0]
    #expect(first.map(\.dayNumber) == [26, 27, 28, 29, 30, 31, 1])
    #expect(first[5].day == day("2025-10-31"))
    #expect(first[5].expense == money(8_000))
    #expect(first[5].isInShownMonth == false)
    #expect(try calendar.weekSummary() == DaySummary(income: .zero, expense: money(8_000)))
  }

  // MARK: - Display settings

  @Test("the display mode switches between amounts and dates only")
  func displayMode() async {
    let calendar = await TestLedger.started().calendar
    #expect(calendar.displayMode == .amounts)
    calendar.setDisplayMode(.dateOnly)
    #expect(calendar.displayMode == .dateOnly)
    calendar.setDisplayMode(.amounts)
    #expect(calendar.displayMode == .amounts)
    #expect(DisplayMode.allCases == [.dateOnly, .amounts, .emotion])
  }

  @Test("first weekday 2 starts the header and every row on Monday")
  func mondayFirst() async throws {
    let calendar = await TestLedger.started(firstWeekday: try Weekday(number: 2)).calendar
    #expect(
      calendar.weekdays == [.monday, .tuesday, .wednesday, .thursday, .friday, .saturday, .sunday])
    let weeks = calendar.weeks
    #expect(weeks.count == 5)
    #expect(weeks[0].map(\.dayNumber) == [nil, nil, nil, nil, nil, 1, 2])
    #expect(weeks[4].map(\.dayNumber) == [24, 25, 26, 27, 28, 29, 30])
    #expect(
      weeks[1].map(\.role) == Array(repeating: WeekdayRole.weekday, count: 5) + [
        .saturday, .sunday,
      ])

    calendar.showWeek()
    #expect(calendar.weeks[0].map(\.dayNumber) == [10, 11, 12, 13, 14, 15, 16])
  }

  @Test("changing the first weekday re-lays the grid")
  func changeFirstWeekday() async {
    let calendar = await TestLedger.started().calendar
    #expect(calendar.weekdays.first == .sunday)
    #expect(calendar.weeks.count == 6)
    calendar.setFirstWeekday(.monday)
    #expect(calendar.firstWeekday == .monday)
    #expect(calendar.weekdays.first == .monday)
    #expect(calendar.weekdays.last == .sunday)
    #expect(calendar.weeks.count == 5)
    #expect(calendar.weeks[0].map(\.dayNumber) == [nil, nil, nil, nil, nil, 1, 2])
    calendar.setFirstWeekday(.saturday)
    #expect(calendar.weeks[0].map(\.dayNumber) == [1, 2, 3, 4, 5, 6, 7])
    #expect(calendar.weeks.count == 5)
  }

  // MARK: - Load errors

  @Test("a repository that cannot be read sets loadError, and a later good load clears it")
  func loadError() async throws {
    let repository = ReadFailingTransactionRepository(TestLedger.sample)
    await repository.failReads(
      with: LedgerError.unreadableFile(
        path: "/ledger/2025-11.json", reason: .invalidContent(.described("bad JSON"))))
    let calendar = CalendarViewModel(
      entries: repository, moods: InMemoryTransactionRepository(),
      recurring: InMemoryTransactionRepository(), clock: .fixed(at: day("2025-11-14")),
      currency: .krw,
      language: .korean)
    await calendar.start()
    #expect(
      calendar.loadFailure
        == .ledger(
          .unreadableFile(
            path: "/ledger/2025-11.json", reason: .invalidContent(.described("bad JSON")))))
    #expect(
      calendar.loadError
        == "/ledger/2025-11.json을(를) 읽을 수 없습니다: 내용이 올바르지 않습니다: bad JSON. 파일은 그대로 두었습니다")
    #expect(calendar.monthIncome == .zero)
    #expect(calendar.entriesByMonth.isEmpty)

    await repository.stopFailingReads()
    await calendar.start()
    #expect(calendar.loadError == nil)
    #expect(calendar.monthIncome == money(3_050_000))
    #expect(calendar.monthExpense == money(16_500))
  }

  @Test("a month beside the shown one that cannot be read leaves it whole, and is named when shown")
  func unreadableNeighbour() async throws {
    let lost = TestLedger.lostOctober
    let calendar = await TestLedger.withLostOctober()
    // November is read whole though October, read ahead with it, cannot be.
    #expect(calendar.loadFailure == nil)
    #expect(calendar.monthIncome == money(3_050_000))
    #expect(calendar.monthExpense == money(16_500))
    #expect(calendar.entriesByMonth[month("2025-10")] == nil)
    #expect(calendar.summaries[month("2025-12")] != nil)

    // Shown, October says why it shows nothing.
    try await calendar.showPrevious()
    #expect(calendar.loadFailure == .ledger(lost))
    #expect(calendar.monthExpense == .zero)
    // A week across October and November is on screen too.
    try await calendar.showNext()
    #expect(calendar.loadFailure == nil)
    await calendar.select(day: day("2025-11-01"))
    calendar.showWeek()
    await calendar.settle()
    #expect(calendar.loadFailure == .ledger(lost))
    calendar.showMonth()
    await calendar.select(day: day("2025-11-14"))
    #expect(calendar.loadFailure == nil)
    #expect(calendar.monthIncome == money(3_050_000))
  }

  @Test("back in month shape, a lost month that was on screen only in the week is not named")
  func monthShapeForgetsTheWeeksNeighbour() async throws {
    let lost = TestLedger.lostOctober
    let calendar = await TestLedger.withLostOctober()
    await calendar.select(day: day("2025-11-01"))
    calendar.showWeek()
    await calendar.settle()
    #expect(calendar.loadFailure == .ledger(lost))
    // November alone is on screen again, read whole: nothing to name. Before, October's
    // failure stayed over it until the next read.
    calendar.showMonth()
    #expect(calendar.loadFailure == nil)
    #expect(calendar.loadError == nil)
    // And back in the week, October is named again.
    calendar.showWeek()
    await calendar.settle()
    #expect(calendar.loadFailure == .ledger(lost))
  }

  @Test("after a failed first load, the next page turn loads the whole window")
  func pageTurnRetriesFailedLoad() async throws {
    let repository = ReadFailingTransactionRepository(TestLedger.sample)
    await repository.failReads(
      with: LedgerError.unreadableFile(path: "x", reason: .invalidContent(.described("gone"))))
    let calendar = CalendarViewModel(
      entries: repository, moods: InMemoryTransactionRepository(),
      recurring: InMemoryTransactionRepository(), clock: .fixed(at: day("2025-11-14")),
      currency: .krw,
      language: .english)
    await calendar.start()
    #expect(calendar.loadError != nil)

    await repository.stopFailingReads()
    try await calendar.showNext()
    #expect(calendar.loadError == nil)
    #expect(calendar.monthExpense == money(20_000))
    #expect(calendar.summaries[month("2025-11")]?.total.income == money(3_050_000))
    #expect(calendar.summaries[month("2026-01")]?.total.income == money(100_000))
  }

  @Test("a month whose reload failed is not kept as current: the next good load reads it again")
  func failedReloadIsRetried() async throws {
    let repository = ReadFailingTransactionRepository(TestLedger.sample)
    let calendar = CalendarViewModel(
      entries: repository, moods: InMemoryTransactionRepository(),
      recurring: InMemoryTransactionRepository(), clock: .fixed(at: day("2025-11-14")),
      currency: .krw,
      language: .english)
    await calendar.start()
    #expect(calendar.monthExpense == money(16_500))

    await repository.failReads(
      with: LedgerError.unreadableFile(path: "x", reason: .invalidContent(.described("busy"))))
    try await repository.insert(.fixture(id: "w1", day: "2025-11-20", amount: 1_000))
    await calendar.settle()
    #expect(calendar.loadError == "cannot read x: busy; the file was left untouched")

    await repository.stopFailingReads()
    try await calendar.showNext()
    #expect(calendar.loadError == nil)
    #expect(calendar.summaries[month("2025-11")]?.total.expense == money(17_500))
    #expect(calendar.entriesByMonth[month("2025-11")]?.map(\.id.rawValue).contains("w1") == true)
  }

  @Test("a good reload of another month does not hide a month that failed to reload")
  func errorNotClearedWhileAMonthIsStale() async throws {
    let repository = ReadFailingTransactionRepository(TestLedger.sample)
    let calendar = CalendarViewModel(
      entries: repository, moods: InMemoryTransactionRepository(),
      recurring: InMemoryTransactionRepository(), clock: .fixed(at: day("2025-11-14")),
      currency: .krw,
      language: .english)
    await calendar.start()

    await repository.failReads(
      with: LedgerError.unreadableFile(path: "x", reason: .invalidContent(.described("busy"))))
    try await repository.insert(.fixture(id: "w1", day: "2025-11-20", amount: 1_000))
    await calendar.settle()
    #expect(calendar.loadError != nil)

    await repository.stopFailingReads()
    try await repository.insert(.fixture(id: "w2", day: "2025-12-20", amount: 2_000))
    await calendar.settle()
    #expect(calendar.loadError == nil)
    #expect(calendar.monthExpense == money(17_500))
    #expect(calendar.summaries[month("2025-12")]?.total.expense == money(22_000))
  }
}

@Suite("Calendar totals that do not fit")
@MainActor
struct CalendarOverflowTests {
  @Test("a week whose total overflows is an error, though each of its months fits")
  func weekOverflow() async throws {
    let calendar = await TestLedger.withOverflowingWeek()
    let largest = Amount.maximumMinorUnits
    #expect(calendar.loadError == nil)
    #expect(calendar.monthExpense == Money(minorUnits: largest * 6_000))
    calendar.showWeek()
    #expect(throws: LedgerError.totalOverflow) { try calendar.weekSummary() }
  }
}

@Suite("Categories the ledger uses")
@MainActor
struct CategoriesInUseTests {
  @Test("every category of the whole ledger, most used first, also from months far from the window")
  func wholeLedger() async {
    let entries: [Transaction] = [
      .fixture(id: "a", day: "2025-11-03", category: "식비"),
      .fixture(id: "b", day: "2025-11-04", category: "식비"),
      .fixture(id: "c", day: "2020-01-05", category: "여행"),
      .fixture(id: "d", day: "2020-01-06", category: "여행"),
      .fixture(id: "e", day: "2020-01-07", category: "여행"),
      .fixture(id: "f", day: "2025-11-05", category: "cafe"),
    ]
    let ledger = await TestLedger.started(entries: entries)
    #expect(await ledger.calendar.categoriesInUse() == ["여행", "식비", "cafe"])
  }
}
