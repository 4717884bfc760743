import Foundation
import HannunDomain
import HannunPresentation
import HannunTestSupport
import Testing

@Suite("Entry page route")
@MainActor
struct EntryPageRouteTests {
  /// Seven entries on 2025-11-14, written a minute apart, so list order is e1…e7.
  static let busyDay: [Transaction] = (1...7).map {
    .fixture(
      id: "e\($0)", day: "2025-11-14", amount: Int64($0) * 1_000,
      created: TestLedger.created.addingTimeInterval(Double($0) * 60))
  }

  @Test("showEntryPage pushes a page of the selected day, paged through its intents")
  func pagesThroughTheDay() async throws {
    let ledger = await TestLedger.started(entries: Self.busyDay)
    let page = ledger.coordinator.showEntryPage()
    #expect(ledger.coordinator.path.map(\.kind) == [.entryPage])
    #expect(ledger.coordinator.top == .entryPage(page))
    #expect(ledger.coordinator.top?.isScreen == true)
    #expect(page.day == day("2025-11-14"))
    #expect(page.totals.expense == money(28_000))

    page.fit(pageSize: 3)
    #expect(page.paging.count == 3)
    #expect(page.shownEntries.map(\.position) == [1, 2, 3])
    #expect(page.paging.remaining == 4)
    page.nextPage()
    #expect(page.shownEntries.map(\.entry.id.rawValue) == ["e4", "e5", "e6"])
    page.nextPage()
    page.nextPage()
    #expect(page.paging.number == 3, "the last page stays")
    #expect(page.shownEntries.map(\.position) == [7])
    #expect(page.paging.hasNext == false)
    page.previousPage()
    #expect(page.paging.number == 2)
    page.show(page: 99)
    #expect(page.paging.number == 3, "a page past the last shows the last")
    page.show(page: -4)
    #expect(page.paging.number == 1)
    page.fit(pageSize: nil)
    #expect(page.paging.count == 1)
    #expect(page.shownEntries.count == 7)
  }

  @Test("the page follows the calendar: another write shows on it")
  func followsWrites() async throws {
    let ledger = await TestLedger.started(entries: Self.busyDay)
    let page = ledger.coordinator.showEntryPage(page: 2)
    page.fit(pageSize: 4)
    #expect(page.shownEntries.map(\.position) == [5, 6, 7])
    try await ledger.editor.add(
      TransactionDraft(
        day: day("2025-11-14"), kind: .income, amount: Fixtures.amount(9_000),
        category: "gift", memo: ""))
    await ledger.settle()
    #expect(page.shownEntries.map(\.position) == [5, 6, 7, 8])
    #expect(page.totals.income == money(9_000))
  }

  @Test("closing the page pops its route wherever it is, and a built path is wired too")
  func closes() async throws {
    let ledger = await TestLedger.started()
    let page = ledger.coordinator.showEntryPage()
    let picker = ledger.coordinator.showPicker()
    page.close()
    #expect(ledger.coordinator.path == [.yearMonthPicker(picker)])
    #expect(ledger.coordinator.takeOutcome() == .closed)

    // A deep link: the frontend builds the path itself.
    let linked = EntryPageViewModel(calendar: ledger.calendar, page: 2)
    ledger.coordinator.path = [.entryPage(linked)]
    linked.close()
    #expect(ledger.coordinator.path.isEmpty)
  }
}
