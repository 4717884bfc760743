import Foundation
import HannunDomain
import HannunInMemoryStore
import HannunTestSupport
import Testing

@Suite("The in-memory repository's version stands in for the file store's")
struct InMemoryVersionTests {
  @Test("announced and unannounced writes change the version; reads do not")
  func version() async throws {
    let repository = InMemoryTransactionRepository()
    var seen = await repository.storedVersion()
    let entry = Transaction.fixture(id: "a1")
    try await repository.insert(entry)
    #expect(await repository.storedVersion() != seen)
    seen = await repository.storedVersion()
    await repository.updateUnannounced(Transaction.fixture(id: "a1", amount: 9_000))
    #expect(await repository.storedVersion() != seen)
    seen = await repository.storedVersion()
    await repository.replaceMoodUnannounced(DayMood(.joy), on: Fixtures.day("2025-11-03"))
    #expect(await repository.storedVersion() != seen)
    seen = await repository.storedVersion()
    _ = try await repository.transactions(in: Fixtures.month("2025-11").dayRange)
    #expect(await repository.storedVersion() == seen)
  }
}
