import Foundation
import HannunDomain
import HannunTestSupport
import Testing

private let today = Fixtures.day("2025-11-20")

private func draft(
  _ day: String, _ amount: Int64, memo: String = "", kind: TransactionKind = .expense
)
  throws -> TransactionDraft
{
  try TransactionDraft(
    day: Fixtures.day(day), kind: kind, amount: Fixtures.amount(amount), category: "x", memo: memo)
}

@Suite("Import plans and batches")
struct ImportPlanTests {
  @Test("rows matching stored entries by day, kind, amount and memo are skipped, one for one")
  func duplicates() async throws {
    let repository = InMemoryTransactionRepository([
      .fixture(id: "a", day: "2025-11-03", amount: 4_500, category: "other", memo: "coffee")
    ])
    let editor = LedgerEditor(repository: repository, clock: .fixed(at: today))
    let drafts = [
      try draft("2025-11-03", 4_500, memo: "coffee"),
      try draft("2025-11-03", 4_500, memo: "coffee"),
      try draft("2025-11-03", 4_500, memo: "coffee", kind: .income),
      try draft("2025-11-04", 4_500, memo: "coffee"),
    ]
    let plan = try await editor.planImport(drafts)
    #expect(plan.duplicates == 1)
    #expect(plan.additions == Array(drafts.dropFirst()))
  }

  @Test("an import is one write and one undo step; undo removes every entry it added")
  func oneUndoStep() async throws {
    let repository = InMemoryTransactionRepository([])
    let editor = LedgerEditor(repository: repository, clock: .fixed(at: today))
    let plan = try await editor.planImport([
      try draft("2025-10-31", 1_000), try draft("2025-11-01", 2_000, kind: .income),
    ])
    let batch = try await editor.importEntries(plan)
    #expect(batch.purpose == .importEntries(skipped: 0))
    #expect(batch.months.count == 2)
    let all = Fixtures.day("2025-10-01")...Fixtures.day("2025-11-30")
    #expect(try await repository.transactions(in: all).count == 2)
    let again = try await editor.planImport(plan.additions)
    #expect(again.additions.isEmpty && again.duplicates == 2)
    _ = try await editor.undo()
    #expect(try await repository.transactions(in: all).isEmpty)
    #expect(await !editor.canUndo)
  }

  @Test("month totals add income and expense apart; an overflow is a typed error")
  func monthTotals() throws {
    let plan = ImportPlan(
      additions: [
        try draft("2025-11-03", 1_000), try draft("2025-11-04", 500, kind: .income),
        try draft("2025-10-01", 7),
      ], duplicates: 0)
    let totals = try plan.monthTotals()
    #expect(totals.map(\.month.iso) == ["2025-10", "2025-11"])
    #expect(totals.map(\.expense) == [7, 1_000])
    #expect(totals.map(\.income) == [0, 500])
    let huge = Amount.maximumMinorUnits
    // Int64 holds about 9,223 of the largest amounts.
    let big = ImportPlan(
      additions: Array(repeating: try draft("2025-11-03", huge), count: 9_300), duplicates: 0)
    #expect(throws: LedgerError.totalOverflow) { try big.monthTotals() }
  }
}
