import Foundation
import HannunDomain
import HannunInMemoryStore
import HannunTestSupport
import Testing

@Suite("A ledger's backup: its rules, the snapshot, and restoring in memory")
struct LedgerBackupTests {
  @Test("the fixture breaks no rule; its months and counts are what it holds")
  func fixtureIsValid() {
    let backup = LedgerBackup.fixture
    #expect(backup.problem() == nil)
    #expect(backup.months.map(\.iso) == ["2024-12", "2025-01", "2025-03", "2026-02"])
    #expect(!backup.isEmpty && LedgerBackup(currency: .krw, entries: []).isEmpty)
    #expect(
      backup.decisionsInOrder.map(\.key.date.iso) == ["2025-01-25", "2025-02-25", "2025-03-25"])
  }

  @Test("ids must be well formed and distinct; texts follow the typed rules")
  func rules() throws {
    var backup = LedgerBackup.fixture
    backup.entries.append(.fixture(id: "e1", day: "2025-05-05"))
    #expect(backup.problem() == .duplicateEntry(TransactionID("e1")))
    backup = .fixture
    backup.entries.append(.fixture(id: "two words"))
    #expect(backup.problem() == .badEntryID("two words"))
    backup = .fixture
    backup.entries.append(.fixture(id: "n1", memo: "line\nbreak"))
    #expect(backup.problem() == .field(.controlCharacters(field: "memo")))
    backup = .fixture
    backup.moods[Fixtures.day("2025-05-05")] = DayMood(
      .calm, note: String(repeating: "가", count: 101))
    #expect(backup.problem() == .field(.tooLong(field: "note", limit: 100, count: 101)))
    #expect(throws: BackupProblem.badRuleID("x1")) { try LedgerBackup.ruleID("x1") }
    #expect(throws: BackupProblem.badRuleID("r01")) { try LedgerBackup.ruleID("r01") }
    #expect(try LedgerBackup.ruleID("r12") == RecurringRuleID(number: 12))
  }

  @Test("an entry id is 1 to 64 characters without a space, a control or a format character")
  func entryIDs() throws {
    for good in ["e1", "pdng7c4er4w", String(repeating: "a", count: 64), "~!", "가나", "é"] {
      #expect(try LedgerBackup.entryID(good) == TransactionID(good))
    }
    for bad in [
      "", String(repeating: "a", count: 65), "a b", "a\tb", "\u{7F}x", "x\u{200B}", "a\u{A0}b",
      String(repeating: "가", count: 65),
    ] {
      #expect(throws: BackupProblem.badEntryID(bad)) { try LedgerBackup.entryID(bad) }
    }
  }

  @Test("a decision about a day its rule does not fall on is refused")
  func decisionOnAnotherDay() {
    var backup = LedgerBackup.fixture
    let key = OccurrenceKey(rule: RecurringRuleID("r1"), date: Fixtures.day("2025-04-24"))
    backup.recurring = RecurringPlan(
      rules: backup.recurring.rules, decisions: [key: .skipped], nextRuleNumber: 3)
    #expect(backup.problem() == .notAnOccurrence(key))
  }

  @Test("a backup restored in memory is what a snapshot reads back, whole or by days")
  func restoreAndSnapshot() async throws {
    let repository = InMemoryTransactionRepository()
    let (_, changes) = await repository.subscribe()
    try await repository.restore(.fixture)
    var iterator = changes.makeAsyncIterator()
    let change = await iterator.next()
    #expect(change?.months.map(\.iso).sorted() == ["2024-12", "2025-01", "2025-03", "2026-02"])
    let all = try await LedgerBackup.snapshot(
      of: repository, currency: .krw, days: Day.supportedRange)
    #expect(all == .fixture)
    let some = try await LedgerBackup.snapshot(
      of: repository, currency: .krw, days: Fixtures.day("2025-01-01")...Fixtures.day("2025-12-31"))
    #expect(some.entries.map(\.id.rawValue) == ["e2", "e4", "e3"])
    #expect(some.moods.keys.map(\.iso).sorted() == ["2025-01-25", "2025-03-02"])
    #expect(some.budgets == LedgerBackup.fixture.budgets)
    #expect(some.recurring == LedgerBackup.fixture.recurring)
  }

  @Test("restoring into a repository that holds anything is refused and changes nothing")
  func notEmpty() async throws {
    let repository = InMemoryTransactionRepository()
    try await repository.replaceMood(on: Fixtures.day("2025-01-01"), nil, with: DayMood(.okay))
    await #expect(throws: BackupError.ledgerNotEmpty) { try await repository.restore(.fixture) }
    #expect(await repository.all.isEmpty)
    #expect(try await repository.budgetPlan().isEmpty)
    var invalid = LedgerBackup.fixture
    invalid.entries.append(.fixture(id: "e1"))
    await #expect(throws: BackupError.invalid(.duplicateEntry(TransactionID("e1")))) {
      try await InMemoryTransactionRepository().restore(invalid)
    }
  }

  @Test("a snapshot reads again while another process writes, and gives up after five tries")
  func snapshotWhileWriting() async throws {
    let twice = ChurningLedger([.fixture(id: "a1")], writes: 2)
    let settled = try await LedgerBackup.snapshot(
      of: twice.stores, currency: .krw, days: Day.supportedRange)
    // The third read saw both writes and nothing changed during it.
    #expect(settled.entries.map(\.id.rawValue).sorted() == ["a1", "other1", "other2"])
    let endless = ChurningLedger([.fixture(id: "a1")], writes: Int.max)
    await #expect(throws: BackupError.unsettled(attempts: 5)) {
      try await LedgerBackup.snapshot(of: endless.stores, currency: .krw, days: Day.supportedRange)
    }
  }
}
