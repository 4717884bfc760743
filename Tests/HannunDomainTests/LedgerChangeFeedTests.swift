import HannunDomain
import HannunTestSupport
import Testing

private let november = Fixtures.month("2025-11")
private let december = Fixtures.month("2025-12")

@Suite("Ledger change feed")
struct LedgerChangeFeedTests {
  @Test("the revision starts at zero and grows by one with each publish")
  func revision() {
    var feed = LedgerChangeFeed()
    #expect(feed.revision == 0)
    feed.publish(months: [november])
    #expect(feed.revision == 1)
    feed.publish(months: [])
    feed.publish(months: [november, december])
    #expect(feed.revision == 3)
  }

  @Test("every subscriber receives each later change with its months")
  func subscribers() async {
    var feed = LedgerChangeFeed()
    let first = feed.subscribe()
    #expect(first.revision == 0)
    feed.publish(months: [november])
    let second = feed.subscribe()
    #expect(second.revision == 1)
    feed.publish(months: [november, december])

    var firstChanges = first.changes.makeAsyncIterator()
    #expect(await firstChanges.next() == LedgerChange(revision: 1, months: [november]))
    #expect(await firstChanges.next() == LedgerChange(revision: 2, months: [november, december]))

    var secondChanges = second.changes.makeAsyncIterator()
    let change = await secondChanges.next()
    #expect(change?.revision == 2)
    #expect(change?.months == [november, december])
  }

  @Test("publishing after a subscriber has gone away still works")
  func goneSubscriber() async {
    var feed = LedgerChangeFeed()
    do {
      let subscription = feed.subscribe()
      _ = subscription
    }
    let kept = feed.subscribe()
    feed.publish(months: [november])
    feed.publish(months: [december])
    var changes = kept.changes.makeAsyncIterator()
    #expect(await changes.next()?.revision == 1)
    #expect(await changes.next()?.months == [december])
  }

  @Test("editor writes reach repository subscribers with the months they change")
  func throughRepository() async throws {
    let repository = InMemoryTransactionRepository()
    let editor = LedgerEditor(
      repository: repository, clock: .fixed(at: Fixtures.day("2025-11-03")),
      makeID: Fixtures.sequentialIDs())
    let (startRevision, stream) = await repository.subscribe()
    #expect(startRevision == 0)

    let entry = try await editor.add(
      TransactionDraft(
        day: Fixtures.day("2025-11-03"), kind: .expense, amount: Fixtures.amount(1),
        category: "food"))
    try await editor.update(
      id: entry.id,
      to: TransactionDraft(
        day: Fixtures.day("2025-12-01"), kind: .expense, amount: Fixtures.amount(2),
        category: "food"))
    _ = try await editor.undo()
    try await editor.delete(id: entry.id)
    #expect(await repository.latestRevision() == 4)

    var changes = stream.makeAsyncIterator()
    // An add, an edit, its undo and a delete change entries only.
    func change(_ revision: UInt64, _ months: Set<YearMonth>) -> LedgerChange {
      LedgerChange(revision: revision, months: months, entriesOnly: true)
    }
    #expect(await changes.next() == change(1, [november]))
    #expect(await changes.next() == change(2, [november, december]))
    #expect(await changes.next() == change(3, [november, december]))
    #expect(await changes.next() == change(4, [november]))
  }

  @Test("a failed write publishes nothing")
  func failedWrite() async throws {
    struct Refused: Error {}
    let repository = InMemoryTransactionRepository([Transaction.fixture()])
    await repository.failNextWrite(with: Refused())
    await #expect(throws: Refused.self) { try await repository.delete(id: TransactionID("t1")) }
    #expect(await repository.latestRevision() == 0)
  }
}
