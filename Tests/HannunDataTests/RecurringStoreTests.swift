import Foundation
import HannunData
import HannunDomain
import HannunTestSupport
import Testing

@Suite("JSON file store: recurring rules")
struct RecurringStoreTests {
  private let rent = RecurringRule.fixture(.monthly(day: 25), memo: "집")
  private let november = OccurrenceKey(
    rule: RecurringRuleID("r1"), date: Fixtures.day("2025-11-25"))

  private static func entry(id: String) -> @Sendable (Occurrence) -> Transaction {
    { $0.transaction(id: TransactionID(id), stamp: Date(timeIntervalSince1970: 1_700_000_000)) }
  }

  @Test("a plan written by one store reads back the same from another, rules and decisions")
  func roundTrip() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      let rule = try await store.changePlan { plan in plan.add(rent) }
      let key = OccurrenceKey(rule: rule.id, date: Fixtures.day("2025-12-25"))
      let change = try OccurrenceChange(
        amount: Fixtures.amount(1), memo: "x", day: Fixtures.day("2025-12-26"))
      try await store.changePlan { plan throws(RecurringError) in
        try plan.change(key, change)
        try plan.skip(OccurrenceKey(rule: rule.id, date: Fixtures.day("2025-10-25")))
      }
      _ = try await store.confirm(november, making: Self.entry(id: "e1"))
      let written = try await store.recurringPlan()
      let reread = try await openStore(data).recurringPlan()
      #expect(reread == written)
      #expect(reread.decisions.count == 3)
      #expect(reread.decisions[november] == .confirmed(TransactionID("e1")))
    }
  }

  @Test("confirming posts the entry and the decision together; the entry is in its month")
  func confirmPosts() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      try await store.changePlan { plan in _ = plan.add(rent) }
      let entry = try await store.confirm(november, making: Self.entry(id: "e1"))
      #expect(entry.day == november.date && entry.amount == rent.amount && entry.memo == "집")
      let stored = try await store.transactions(in: Fixtures.month("2025-11").dayRange)
      #expect(stored == [entry])
      await #expect(
        throws: LedgerError.recurring(.alreadyConfirmed(rent.id, november.date, entry: entry.id))
      ) {
        _ = try await store.confirm(november, making: Self.entry(id: "e2"))
      }
      #expect(try await store.transactions(in: Fixtures.month("2025-11").dayRange).count == 1)
    }
  }

  @Test("two stores on the same folder confirming the same occurrence at once post it once")
  func doubleConfirmation() async throws {
    try await withDataDirectory { data in
      try await openStore(data).changePlan { plan in _ = plan.add(rent) }
      for round in 0..<10 {
        let key = OccurrenceKey(
          rule: rent.id, date: Fixtures.day("2026-\(String(round + 1).zeroPadded)-25"))
        let stores = [try await openStore(data), try await openStore(data)]
        let outcomes = await withTaskGroup(of: Bool.self) { group in
          for (index, store) in stores.enumerated() {
            group.addTask {
              do {
                _ = try await store.confirm(key, making: Self.entry(id: "c\(round)x\(index)"))
                return true
              } catch {
                return false
              }
            }
          }
          return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(outcomes.filter { $0 }.count == 1, "round \(round)")
        let month = key.date.yearMonth.dayRange
        #expect(try await openStore(data).transactions(in: month).count == 1, "round \(round)")
      }
    }
  }

  @Test("reading the plan or a month never writes, not even on a ledger that does not exist")
  func readingNeverWrites() async throws {
    try await withDataDirectory { data in
      #expect(try await openStore(data).recurringPlan() == .empty)
      #expect(!FileManager.default.fileExists(atPath: data.path))
      let store = try await openStore(data)
      try await store.changePlan { plan in _ = plan.add(rent) }
      let file = data.appending(path: "ledger/recurring.json")
      let before = try Data(contentsOf: file)
      let modified = try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate]
      _ = try await openStore(data).recurringPlan()
      _ = try await openStore(data).transactions(in: Fixtures.month("2025-11").dayRange)
      #expect(try Data(contentsOf: file) == before)
      #expect(
        try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date
          == modified as? Date)
    }
  }

  @Test("a refused change writes nothing")
  func refusedChange() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      try await store.changePlan { plan in _ = plan.add(rent) }
      let file = data.appending(path: "ledger/recurring.json")
      let before = try Data(contentsOf: file)
      await #expect(throws: LedgerError.recurring(.unknownRule("r7"))) {
        try await store.changePlan { plan throws(RecurringError) in
          _ = plan.add(rent)
          try plan.remove(RecurringRuleID("r7"))
        }
      }
      #expect(try Data(contentsOf: file) == before)
    }
  }

  @Test("a damaged recurring.json is named with its path and the place of the problem")
  func damaged() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      try await store.changePlan { plan in _ = plan.add(rent) }
      let file = data.appending(path: "ledger/recurring.json")
      let text = try String(contentsOf: file, encoding: .utf8)
      try text.replacingOccurrences(of: "monthly 25", with: "monthly 99")
        .write(to: file, atomically: true, encoding: .utf8)
      await #expect {
        _ = try await openStore(data).recurringPlan()
      } throws: { error in
        guard case LedgerError.unreadableFile(let path, .invalidContent(let fault)) = error
        else { return false }
        let reason = english(fault)
        return path == file.path && reason.contains("rules[0]") && reason.contains("monthly 99")
      }
      let damagedBytes = try Data(contentsOf: file)
      await #expect(throws: LedgerError.self) {
        try await openStore(data).changePlan { plan in _ = plan.add(rent) }
      }
      #expect(try Data(contentsOf: file) == damagedBytes, "a damaged plan is never overwritten")
    }
  }
}

extension String {
  /// Two digits, for months in tests.
  fileprivate var zeroPadded: String { count < 2 ? "0" + self : self }
}

@Suite("JSON file store: refused recurring changes on a new ledger")
struct RecurringNewLedgerTests {
  @Test("a refused change or confirmation on a ledger that does not exist creates nothing")
  func createsNothing() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      let key = OccurrenceKey(rule: RecurringRuleID("r1"), date: Fixtures.day("2025-11-25"))
      await #expect(throws: LedgerError.recurring(.unknownRule("r1"))) {
        _ = try await store.confirm(key) {
          $0.transaction(id: TransactionID("e1"), stamp: .distantPast)
        }
      }
      await #expect(throws: LedgerError.recurring(.unknownRule("r1"))) {
        try await store.changePlan { plan throws(RecurringError) in try plan.skip(key) }
      }
      #expect(!FileManager.default.fileExists(atPath: data.path))
    }
  }
}
