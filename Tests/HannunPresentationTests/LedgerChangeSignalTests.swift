import HannunDomain
import HannunPresentation
import HannunTestSupport
import Testing

@Suite("One signal that the ledger changed")
struct LedgerChangeSignalTests {
  static let entry = Transaction.fixture(
    id: "s1", day: "2025-11-03", kind: .expense, amount: 4_500, category: "cafe")

  @Test("this process's write is signalled with its months, and not again as another's")
  func ownWrite() async throws {
    let repository = InMemoryTransactionRepository()
    let signal = LedgerChangeSignal(
      repository: repository, versions: repository, interval: .milliseconds(2))
    let seen = Received()
    let stream = await signal.subscribe()
    let collecting = Task {
      for await signal in stream { await seen.append(signal) }
    }
    defer { collecting.cancel() }
    try await repository.insert(Self.entry)
    try await seen.wait(forCount: 1)
    // Many readings of the stored version pass: none may take the own write for another's.
    try await Task.sleep(for: .milliseconds(60))
    let first = await seen.all
    #expect(
      first == [
        .own(LedgerChange(revision: 1, months: [Self.entry.day.yearMonth], entriesOnly: true))
      ], "\(first)")
    // Another process writes: a reading of the stored version finds it.
    await repository.insertUnannounced(
      .fixture(id: "s2", day: "2025-11-04", kind: .income, amount: 10, category: "pay"))
    try await seen.wait(forCount: 2)
    try await repository.insert(
      .fixture(id: "s3", day: "2025-12-01", kind: .income, amount: 10, category: "pay"))
    try await seen.wait(forCount: 3)
    #expect(
      await seen.all == [
        .own(LedgerChange(revision: 1, months: [Self.entry.day.yearMonth], entriesOnly: true)),
        .outside,
        .own(LedgerChange(revision: 2, months: [Fixtures.month("2025-12")], entriesOnly: true)),
      ])
  }

  @Test("a ledger only this process writes signals its own writes, and polls nothing")
  func withoutVersions() async throws {
    let repository = InMemoryTransactionRepository()
    let signal = LedgerChangeSignal(
      repository: repository, versions: nil, interval: .milliseconds(1))
    var signals = await signal.subscribe().makeAsyncIterator()
    await repository.insertUnannounced(Self.entry)
    try await repository.insert(
      .fixture(id: "s2", day: "2025-12-01", kind: .income, amount: 10, category: "pay"))
    #expect(
      await signals.next()
        == .own(
          LedgerChange(revision: 1, months: [Fixtures.month("2025-12")], entriesOnly: true)))
  }

  @Test("the watch ends with its last subscriber")
  func endsWithLastSubscriber() async throws {
    let repository = InMemoryTransactionRepository()
    let signal = LedgerChangeSignal(
      repository: repository, versions: repository, interval: .milliseconds(5))
    let listening = Task {
      var count = 0
      for await _ in await signal.subscribe() {
        count += 1
        if count == 1 { break }
      }
      return count
    }
    while await signal.subscriberCount == 0 { await Task.yield() }
    try await repository.insert(Self.entry)
    #expect(await listening.value == 1)
    while await signal.subscriberCount > 0 { try await Task.sleep(for: .milliseconds(1)) }
    #expect(await signal.subscriberCount == 0)
  }
}

/// The signals a subscription received, in order.
private actor Received {
  private(set) var all: [LedgerSignal] = []

  func append(_ signal: LedgerSignal) { all.append(signal) }

  /// Waits (thirty seconds at most, however busy the machine) until `count` signals arrived.
  func wait(forCount count: Int) async throws {
    // Generous: beside 1,200 other tests on two cores, the signal's task can wait a minute for
    // a thread before it runs at all (alone, a signal comes within milliseconds).
    let clock = ContinuousClock()
    let deadline = clock.now + .seconds(180)
    while all.count < count, clock.now < deadline { try await Task.sleep(for: .milliseconds(1)) }
  }
}
