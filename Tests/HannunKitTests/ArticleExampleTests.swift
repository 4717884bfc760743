import Foundation
import HannunDomain
import HannunInMemoryStore
import HannunKit
import Testing

// The test shown in HannunKit.docc/BuildingAFrontend.md, word for word, so the article's code
// keeps compiling and passing.
@Test("an expense added through the form shows in the month's total")
@MainActor func addingAnExpense() async throws {
  let today = try Day(iso: "2025-11-14")
  let session = await LedgerSession(
    repository: InMemoryTransactionRepository(), currency: .krw,
    clock: .stopped(on: today, timeZone: TimeZone(identifier: "Asia/Seoul") ?? .gmt),
    language: .korean, makeID: { TransactionID("t1") })  // one add, one known id
  #expect(session.calendar.title == "2025년 11월")

  let form = session.coordinator.showAddForm()
  form.setKind(.expense)
  form.enter("4500", for: .amount)
  form.setCategory("cafe")
  _ = try #require(await form.save())
  await session.calendar.settle()

  #expect(session.calendar.monthExpense == Money(minorUnits: 4_500))
  #expect(session.calendar.selectedEntries.map(\.id) == [TransactionID("t1")])
}
