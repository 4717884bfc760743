import HannunDomain
import HannunPresentation
import HannunTestSupport
import Testing

@Suite("Calendar follows writes by anyone")
@MainActor
struct CalendarLiveUpdateTests {
  @Test("an entry added by a second editor shows after settle, without starting again")
  func secondEditorAdds() async throws {
    let ledger = await TestLedger.started()
    let other = LedgerEditor(
      repository: ledger.repository, clock: ledger.clock,
      makeID: Fixtures.sequentialIDs(prefix: "w"))
    let draft = try TransactionDraft(
      day: day("2025-11-14"), kind: .expense, amount: Fixtures.amount(3_000), category: "taxi")
    try await other.add(draft)
    await ledger.settle()

    let calendar = ledger.calendar
    #expect(calendar.monthExpense == money(19_500))
    #expect(calendar.monthIncome == money(3_050_000))
    #expect(calendar.monthBalance == money(3_030_500))
    #expect(calendar.cell(of: day("2025-11-14"))?.expense == money(7_500))
    #expect(calendar.selectedEntries.map(\.id.rawValue) == ["t3", "w1"])
  }

  @Test("a direct repository insert, update and delete each show after settle")
  func directRepositoryWrites() async throws {
    let ledger = await TestLedger.started()
    let calendar = ledger.calendar
    try await ledger.repository.insert(
      .fixture(id: "w1", day: "2025-11-20", kind: .income, amount: 70_000))
    await ledger.settle()
    #expect(calendar.monthIncome == money(3_120_000))
    #expect(calendar.cell(of: day("2025-11-20"))?.income == money(70_000))

    try await ledger.repository.update(
      .fixture(id: "w1", day: "2025-11-21", kind: .expense, amount: 1_000))
    await ledger.settle()
    #expect(calendar.monthIncome == money(3_050_000))
    #expect(calendar.monthExpense == money(17_500))
    #expect(calendar.cell(of: day("2025-11-20"))?.income == money(0))
    #expect(calendar.cell(of: day("2025-11-21"))?.expense == money(1_000))

    try await ledger.repository.delete(id: TransactionID("t3"))
    await ledger.settle()
    #expect(calendar.monthExpense == money(13_000))
    #expect(calendar.selectedEntries.isEmpty)
  }

  @Test("a write to a neighbouring month of the window updates that month's totals")
  func neighbourMonth() async throws {
    let ledger = await TestLedger.started()
    try await ledger.repository.insert(.fixture(id: "w1", day: "2025-12-24", amount: 30_000))
    await ledger.settle()
    #expect(ledger.calendar.summaries[month("2025-12")]?.total.expense == money(50_000))
    #expect(ledger.calendar.monthExpense == money(16_500))
    #expect(
      await ledger.repository.rangeQueries.last == day("2025-12-01")...day("2025-12-31"))
  }

  @Test("a write to a month outside the window queries nothing, and shows when paged to")
  func outsideWindow() async throws {
    let ledger = await TestLedger.started()
    let before = await ledger.repository.rangeQueries
    try await ledger.repository.insert(.fixture(id: "w1", day: "2026-02-14", amount: 9_000))
    try await ledger.repository.insert(.fixture(id: "w2", day: "2025-06-01", amount: 1_000))
    await ledger.settle()
    #expect(await ledger.repository.rangeQueries == before)
    #expect(ledger.calendar.summaries[month("2026-02")] == nil)
    #expect(ledger.calendar.monthExpense == money(16_500))

    await ledger.calendar.show(month: month("2026-02"))
    #expect(ledger.calendar.monthExpense == money(9_000))
  }

  @Test("an edit moving an entry from November to December updates both months")
  func crossMonthEdit() async throws {
    let ledger = await TestLedger.started()
    let other = LedgerEditor(repository: ledger.repository, clock: ledger.clock)
    let moved = try TransactionDraft(
      day: day("2025-12-05"), kind: .expense, amount: Fixtures.amount(12_000), category: "food",
      memo: "lunch")
    let queries = await ledger.repository.rangeQueries.count
    try await other.update(id: TransactionID("t1"), to: moved)
    await ledger.settle()

    let calendar = ledger.calendar
    #expect(calendar.monthExpense == money(4_500))
    #expect(calendar.cell(of: day("2025-11-03"))?.expense == money(0))
    #expect(calendar.summaries[month("2025-12")]?.total.expense == money(32_000))
    #expect(calendar.summaries[month("2025-12")]?[day("2025-12-05")].expense == money(12_000))
    #expect(calendar.entriesByMonth[month("2025-12")]?.map(\.id.rawValue) == ["t6", "t1"])
    let rangeQueries = await ledger.repository.rangeQueries
    #expect(rangeQueries.count == queries + 1)
    #expect(rangeQueries.last == day("2025-11-01")...day("2025-12-31"))
  }

  @Test("an edit moving an entry into the window from outside shows it")
  func moveIntoWindow() async throws {
    let ledger = await TestLedger.started()
    try await ledger.repository.update(
      .fixture(id: "t7", day: "2025-11-14", kind: .income, amount: 100_000, category: "bonus"))
    await ledger.settle()
    #expect(ledger.calendar.monthIncome == money(3_150_000))
    #expect(ledger.calendar.selectedEntries.map(\.id.rawValue) == ["t3", "t7"])
    #expect(
      await ledger.repository.rangeQueries.last == day("2025-11-01")...day("2025-11-30"))
  }

  @Test("a second calendar over the same repository sees the first one's writes")
  func twoCalendars() async throws {
    let ledger = await TestLedger.started()
    let second = CalendarViewModel(
      repository: ledger.repository, clock: ledger.clock, currency: .krw, language: .english)
    await second.start()
    let form = ledger.coordinator.showAddForm()
    form.enter("1,000", for: .amount)
    form.enter("snack", for: .category)
    #expect(await form.save() != nil)
    await second.settle()
    #expect(second.monthExpense == money(17_500))
    #expect(second.selectedEntries.map(\.category) == ["cafe", "snack"])
  }

  @Test("settle returns at once when nothing was written")
  func settleWithoutWrites() async {
    let ledger = await TestLedger.started()
    await ledger.settle()
    await ledger.settle()
    #expect(ledger.calendar.monthExpense == money(16_500))
    #expect(await ledger.repository.rangeQueries.count == 1)
  }

  @Test("many writes in a row are all on screen after one settle")
  func burstOfWrites() async throws {
    let ledger = await TestLedger.started(entries: [])
    for number in 1...30 {
      try await ledger.repository.insert(
        .fixture(id: "b\(number)", day: "2025-11-\(number < 10 ? "0" : "")\(number)", amount: 100))
    }
    await ledger.settle()
    #expect(ledger.calendar.monthExpense == money(3_000))
    #expect(ledger.calendar.dayCells.allSatisfy { $0.expense == money(100) })
  }
}

@Suite("Calendar loads that overlap")
@MainActor
struct CalendarOverlappingLoadTests {
  @Test("a page turn's slow, stale answer does not overwrite a newer reload of the same month")
  func staleAnswerIgnored() async throws {
    let repository = ReadFailingTransactionRepository([])
    let calendar = CalendarViewModel(
      entries: repository, moods: InMemoryTransactionRepository(),
      recurring: InMemoryTransactionRepository(), clock: .fixed(at: Fixtures.day("2025-11-14")),
      currency: .krw,
      language: .english)
    await calendar.start()
    await repository.holdNextRead()
    let pageTurn = Task { try await calendar.showNext() }
    while await !repository.isHoldingRead { await Task.yield() }

    try await repository.insert(.fixture(id: "n1", day: "2026-01-05", amount: 1_000))
    await calendar.settle()
    await repository.releaseHeldRead()
    try await pageTurn.value

    let january = try #require(calendar.summaries[Fixtures.month("2026-01")])
    #expect(january.total.expense == Money(minorUnits: 1_000))
    #expect(calendar.currentMonth == Fixtures.month("2025-12"))
  }
}

@Suite("Calendar and other processes")
@MainActor
struct CalendarRefreshTests {
  @Test("a write no change was published for (another process's) shows after refresh")
  func refreshPicksUpUnannouncedWrites() async {
    let repository = InMemoryTransactionRepository()
    let calendar = CalendarViewModel(
      repository: repository, clock: .fixed(at: Fixtures.day("2025-11-14")), currency: .krw,
      language: .english)
    await calendar.start()
    await repository.insertUnannounced(.fixture(id: "x1", day: "2025-11-14", amount: 7_000))
    await calendar.settle()
    #expect(calendar.monthExpense == .zero)
    await calendar.refresh()
    #expect(calendar.monthExpense == Money(minorUnits: 7_000))
    #expect(calendar.selectedEntries.map(\.id.rawValue) == ["x1"])
  }
}
