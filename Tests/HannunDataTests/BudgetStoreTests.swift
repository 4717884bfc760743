import Foundation
import HannunData
import HannunDomain
import HannunPresentation
import HannunTestSupport
import Testing

@Suite("The file store's budgets: ledger/budgets.json")
struct BudgetStoreTests {
  private func budgetsFile(_ data: URL) -> URL { data.appending(path: "ledger/budgets.json") }

  @Test("budgets written by one store are read by another, as another process would")
  func roundTrip() async throws {
    try await withDataDirectory { data in
      let writer = try await openStore(data)
      let plan = BudgetPlan.fixture([
        (nil, "2025-01", 2_000_000), ("식비", "2025-01", 300_000), ("식비", "2025-07", 400_000),
        ("교통", "2025-03", 100_000), ("교통", "2025-09", nil),
      ])
      try await writer.replaceBudgetPlan(.empty, with: plan)
      let reader = try await openStore(data)
      #expect(try await reader.budgetPlan() == plan)
      #expect(exists(metadataFile(data)))
      #expect(!exists(data.appending(path: "ledger/journal.json")))
    }
  }

  @Test("a ledger without budgets.json has no budgets, and reading creates nothing")
  func noFile() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      #expect(try await store.budgetPlan() == .empty)
      #expect(!exists(data))
    }
  }

  @Test("a replace based on a plan another window changed since is refused, writing nothing")
  func stale() async throws {
    try await withDataDirectory { data in
      let first = try await openStore(data)
      let second = try await openStore(data)
      let seen = try await first.budgetPlan()
      let theirs = BudgetPlan.fixture([("식비", "2025-01", 300_000)])
      try await second.replaceBudgetPlan(seen, with: theirs)
      let before = try snapshot(data)
      let mine = BudgetPlan.fixture([("교통", "2025-01", 100_000)])
      await #expect(throws: LedgerError.staleBudgets(current: theirs)) {
        try await first.replaceBudgetPlan(seen, with: mine)
      }
      #expect(try snapshot(data) == before)
    }
  }

  @Test("writing budgets publishes a change without months, leaves entries alone")
  func publishesAndKeepsEntries() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      try await store.insert(.fixture(id: "a1", day: "2025-11-03", category: "식비"))
      let (start, _) = await store.subscribe()
      try await store.replaceBudgetPlan(.empty, with: .fixture([("식비", "2025-11", 1_000)]))
      #expect(await store.latestRevision() == start + 1)
      let reopened = try await openStore(data)
      let entries = try await reopened.transactions(
        in: Fixtures.day("2025-11-01")...Fixtures.day("2025-11-30"))
      #expect(entries.map(\.id.rawValue) == ["a1"])
      let totals = try await reopened.categoryTotals(
        in: Fixtures.month("2025-11")...Fixtures.month("2025-11"))
      #expect(totals.first?.totals.first?.amount.minorUnits == 12_000)
    }
  }

  @Test("removing the last budget removes the file")
  func emptyPlanRemovesFile() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      let plan = BudgetPlan.fixture([("식비", "2025-11", 1_000)])
      try await store.replaceBudgetPlan(.empty, with: plan)
      #expect(exists(budgetsFile(data)))
      try await store.replaceBudgetPlan(plan, with: .empty)
      #expect(!exists(budgetsFile(data)))
      #expect(try await store.budgetPlan() == .empty)
    }
  }

  @Test("fields a newer Hannun wrote are kept when the budgets are rewritten")
  func unknownFieldsKept() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      try await store.replaceBudgetPlan(.empty, with: .fixture([("식비", "2025-01", 1_000)]))
      let text = """
        {"schemaVersion":1,"rollover":{"on":true,"cap":1.50},
         "budgets":[{"category":"식비","from":"2025-01","limitMinor":1000,"note":"장보기 포함"}]}
        """
      try Data(text.utf8).write(to: budgetsFile(data))
      let read = try await store.budgetPlan()
      var updated = read
      updated.set(Fixtures.amount(5_000), for: .total, from: Fixtures.month("2025-02"))
      try await store.replaceBudgetPlan(read, with: updated)
      let written = try String(decoding: Data(contentsOf: budgetsFile(data)), as: UTF8.self)
      #expect(written.contains(#""rollover" : {"on":true,"cap":1.50}"#))
      #expect(written.contains(#""note" : "장보기 포함""#))
      #expect(try await store.budgetPlan() == updated)
    }
  }

  @Test("the file is written pretty-printed with sorted keys")
  func format() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      try await store.replaceBudgetPlan(
        .empty, with: .fixture([(nil, "2025-01", 2_000_000), ("식비", "2025-07", nil)]))
      let written = try String(decoding: Data(contentsOf: budgetsFile(data)), as: UTF8.self)
      #expect(
        written == """
          {
            "budgets" : [
              {
                "from" : "2025-01",
                "limitMinor" : 2000000
              },
              {
                "category" : "식비",
                "from" : "2025-07",
                "limitMinor" : null
              }
            ],
            "schemaVersion" : 1
          }

          """)
    }
  }

  static let damaged: [(String, String)] = [
    ("not json {", "not valid JSON"),
    ("", "the file is empty"),
    ("[]", "not a JSON object"),
    (#"{"budgets":[]}"#, "'schemaVersion' is missing"),
    (#"{"schemaVersion":1}"#, "'budgets' is missing"),
    (#"{"schemaVersion":2,"budgets":[]}"#, "newer"),
    (#"{"schemaVersion":1,"budgets":{}}"#, "'budgets' has the wrong type"),
    (#"{"schemaVersion":1,"budgets":[{"from":"2025-13","limitMinor":1}]}"#, "budgets[0].from"),
    (#"{"schemaVersion":1,"budgets":[{"from":"2025-01"}]}"#, "budgets[0].limitMinor"),
    (#"{"schemaVersion":1,"budgets":[{"from":"2025-01","limitMinor":0}]}"#, "greater than zero"),
    (#"{"schemaVersion":1,"budgets":[{"from":"2025-01","limitMinor":1.5}]}"#, "whole number"),
    (
      #"{"schemaVersion":1,"budgets":[{"category":"","from":"2025-01","limitMinor":1}]}"#,
      "budgets[0].category"
    ),
    (
      #"{"schemaVersion":1,"budgets":[{"category":7,"from":"2025-01","limitMinor":1}]}"#,
      "wrong type"
    ),
    (
      #"{"schemaVersion":1,"budgets":[{"from":"2025-01","limitMinor":1},{"from":"2025-01","limitMinor":2}]}"#,
      "budgets[1] repeats"
    ),
  ]

  @Test("a damaged budgets.json is refused with its path and never overwritten", arguments: damaged)
  func damagedFile(_ text: String, _ reason: String) async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      try await store.insert(.fixture())
      try Data(text.utf8).write(to: budgetsFile(data))
      let path = filePath(budgetsFile(data))
      do {
        _ = try await store.budgetPlan()
        Issue.record("a damaged budgets.json was read")
      } catch LedgerError.unreadableFile(let named, let problem) {
        #expect(named == path)
        #expect(EnglishMessages().describe(problem).contains(reason))
      }
      let before = try snapshot(data)
      await #expect(throws: LedgerError.self) {
        try await store.replaceBudgetPlan(.empty, with: .fixture([(nil, "2025-01", 1)]))
      }
      #expect(try snapshot(data) == before)
    }
  }
}
