import Foundation
import HannunDomain
import HannunKit
import HannunPresentation
import HannunTestSupport
import Testing

@Suite("A session's recurring rules")
@MainActor
struct LedgerSessionRecurringTests {
  let folder: TemporaryFolder
  let today = Fixtures.day("2025-11-26")

  init() throws {
    folder = try TemporaryFolder(prefix: "hannun-kit-recurring")
  }

  @Test("a session on a data directory keeps rules; a confirmed one shows on its calendar")
  func fileSession() async throws {
    let session = try await LedgerSession.open(
      LedgerSession.Options(
        dataPath: folder.appending("data").path, localeIdentifier: "ko_KR",
        clock: .fixed(at: today), makeID: Fixtures.sequentialIDs(prefix: "k"), environment: [:],
        currentDirectory: folder.url.path))
    let recurring = session.recurring
    let rule = try await recurring.add(.fixture(.monthly(day: 25), from: "2025-11-01"))
    await session.calendar.settle()
    #expect(session.calendar.monthPlanned.count == 1)
    let entry = try await recurring.confirm(
      OccurrenceKey(rule: rule.id, date: Fixtures.day("2025-11-25")))
    await session.calendar.settle()
    #expect(entry.id == TransactionID("k1"))
    #expect(session.calendar.monthExpense == Money(minorUnits: 650_000))
    #expect(session.calendar.monthPlanned.isEmpty)
  }

  @Test("an in-memory session keeps rules too")
  func inMemory() async throws {
    let session = await LedgerSession(
      repository: InMemoryTransactionRepository(), currency: .krw, clock: .fixed(at: today))
    let rule = try await session.recurring.add(.fixture(.monthly(day: 25), from: "2025-11-01"))
    #expect(session.recurring.rules.map(\.id) == [rule.id])
  }
}
