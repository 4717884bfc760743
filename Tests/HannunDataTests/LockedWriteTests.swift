import Foundation
import HannunData
import HannunDomain
import HannunPresentation
import HannunTestSupport
import Testing

/// Check-then-write on the file store: what a write checks is read under the same exclusive lock
/// as the write, so another process's write can never come between them.
@Suite("JSON file store: writes decided under the lock")
struct LockedWriteTests {
  private static let today = Fixtures.day("2025-11-26")

  private func draft(_ day: String, _ amount: Int64, memo: String = "") throws -> TransactionDraft {
    try TransactionDraft(
      day: Fixtures.day(day), kind: .expense, amount: Fixtures.amount(amount), category: "x",
      memo: memo)
  }

  @Test("an import planned before another process imported the same rows adds none of them")
  func racedImport() async throws {
    try await withDataDirectory { data in
      let ours = try await openStore(data)
      try await ours.insert(.fixture(id: "seed", day: "2025-01-01"))
      let theirs = try await openStore(data)
      let rows = try (1...30).map {
        try draft(String(format: "2025-11-%02d", $0 % 28 + 1), Int64($0) * 100)
      }
      let editor = LedgerEditor(repository: ours, clock: .fixed(at: Self.today))
      let plan = try await editor.planImport(rows)
      #expect(plan.additions.count == 30)
      let other = LedgerEditor(repository: theirs, clock: .fixed(at: Self.today))
      _ = try await other.importEntries(try await other.planImport(rows))
      let added = try await editor.importEntries(plan)
      #expect(added.count == 0 && added.skipped == 30)
      let november = try await openStore(data).transactions(in: Fixtures.month("2025-11").dayRange)
      #expect(november.count == 30, "each row once")
    }
  }

  @Test(
    "a rename on files moves entries, budgets and rules in one commit; an entry another process added before it is included; undo restores all"
  )
  func renameCarriesEverything() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      try await store.insert(.fixture(id: "a", day: "2025-10-02", category: "식비"))
      try await store.insert(.fixture(id: "b", day: "2025-11-03", category: "식비"))
      let budgets = BudgetPlan.fixture([("식비", "2025-01", 500_000), (nil, "2025-01", 900_000)])
      try await store.replaceBudgetPlan(.empty, with: budgets)
      let rule = try await store.changePlan { plan in plan.add(.fixture(category: "식비")) }
      // Another process adds an entry of the category after this one last read anything.
      try await openStore(data).insert(.fixture(id: "c", day: "2025-12-24", category: "식비"))
      let editor = LedgerEditor(repository: store, clock: .fixed(at: Self.today))
      let revision = await store.latestRevision()
      let batch = try await editor.renameCategory("식비", to: "먹거리")
      #expect(await store.latestRevision() == revision + 1)
      #expect(batch.changes.count == 3 && batch.budgetsMoved == 1 && batch.rulesMoved == 1)
      let reader = try await openStore(data)
      let all = try await reader.transactions(
        in: Fixtures.day("2025-01-01")...Fixtures.day("2025-12-31"))
      #expect(all.allSatisfy { $0.category == "먹거리" } && all.count == 3)
      #expect(
        try await reader.budgetPlan()
          == .fixture([("먹거리", "2025-01", 500_000), (nil, "2025-01", 900_000)]))
      #expect(try await reader.recurringPlan().rules.map(\.category) == ["먹거리"])
      #expect(!exists(data.appending(path: "ledger/journal.json")))

      _ = try await editor.undo()
      let undone = try await openStore(data)
      #expect(try await undone.budgetPlan() == budgets)
      #expect(try await undone.recurringPlan().rules == [rule])
      #expect(
        try await undone.transactions(in: Fixtures.day("2025-01-01")...Fixtures.day("2025-12-31"))
          .allSatisfy { $0.category == "식비" })
    }
  }

  @Test(
    "two processes setting budgets of different categories both keep theirs; the same category is refused"
  )
  func budgetsMerge() async throws {
    try await withDataDirectory { data in try await Self.budgetsMerge(data) }
  }

  @MainActor
  private static func budgetsMerge(_ data: URL) async throws {
    do {
      let first = try await openStore(data)
      let second = try await openStore(data)
      let mine = BudgetViewModel(repository: first, entries: first, calendar: nil)
      let theirs = BudgetViewModel(repository: second, entries: second, calendar: nil)
      await mine.refresh()
      await theirs.refresh()
      let november = Fixtures.month("2025-11")
      try await theirs.set(Fixtures.amount(300_000), for: .category("식비"), from: november)
      try await mine.set(Fixtures.amount(100_000), for: .category("교통"), from: november)
      let both = BudgetPlan.fixture([("식비", "2025-11", 300_000), ("교통", "2025-11", 100_000)])
      #expect(try await openStore(data).budgetPlan() == both)
      let late = BudgetViewModel(repository: second, entries: second, calendar: nil)
      await late.refresh()
      try await mine.set(Fixtures.amount(200_000), for: .category("교통"), from: november)
      let before = try snapshot(data)
      await #expect(throws: LedgerError.self) {
        try await late.set(Fixtures.amount(1), for: .category("교통"), from: november)
      }
      #expect(try snapshot(data) == before)
    }
  }

  @Test("budgets set by many processes at once, each its own category: none is refused or lost")
  func concurrentBudgets() async throws {
    try await withDataDirectory { data in
      try await openStore(data).insert(.fixture(id: "seed"))
      let categories = (1...16).map { "c\($0)" }
      try await withThrowingTaskGroup(of: Void.self) { group in
        for category in categories {
          group.addTask {
            let store = try await openStore(data)
            let seen = try await store.budgetPlan()
            var updated = seen
            updated.set(
              Fixtures.amount(1_000), for: .category(category), from: Fixtures.month("2025-11"))
            _ = try await store.changeBudgets(
              BudgetEdit(from: seen, to: updated, scopes: [.category(category)]))
          }
        }
        try await group.waitForAll()
      }
      let plan = try await openStore(data).budgetPlan()
      #expect(plan.limits(in: Fixtures.month("2025-11")).count == categories.count)
    }
  }

  @Test("confirm all of 1,000 due occurrences on files is one commit, all or nothing")
  func confirmAllOneCommit() async throws {
    try await withDataDirectory { data in try await Self.confirmAllOneCommit(data) }
  }

  @MainActor
  private static func confirmAllOneCommit(_ data: URL) async throws {
    do {
      let store = try await openStore(data)
      let recurring = RecurringViewModel(
        repository: store, clock: .fixed(at: Self.today), currency: .krw, language: .english,
        makeID: Fixtures.sequentialIDs(prefix: "w"))
      _ = try await recurring.add(.fixture(.weekly(.monday), amount: 1_000, from: "2006-06-05"))
      let due = recurring.due.count
      #expect(due >= 1_000)
      let revision = await store.latestRevision()
      let entries = try await recurring.confirmAllDue()
      #expect(await store.latestRevision() == revision + 1, "one commit for every occurrence")
      #expect(entries.count == due)
      let reader = try await openStore(data)
      let stored = try await reader.transactions(in: Day.supportedRange)
      #expect(stored.count == due && Set(stored) == Set(entries))
      #expect(try await reader.recurringPlan().due(asOf: Self.today).isEmpty)
    }
  }
}
