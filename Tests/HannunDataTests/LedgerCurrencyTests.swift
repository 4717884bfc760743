import Foundation
import HannunData
import HannunDomain
import HannunTestSupport
import Testing

@Suite("JSON file store: the ledger's currency")
struct LedgerCurrencyTests {
  @Test(
    "a new ledger takes the requested currency, else the default, and records it on first write")
  func newLedgerCurrency() async throws {
    try await withDataDirectory { data in
      #expect(try await openStore(data, defaultCurrency: .krw).currency == .krw)
      let store = try await openStore(data, requested: .usd, defaultCurrency: .krw)
      #expect(store.currency == .usd)
      #expect(!exists(metadataFile(data)), "meta.json is written on the first write only")

      try await store.insert(.fixture(id: "t1", amount: 1_250))
      #expect(try await openStore(data, defaultCurrency: .krw).currency == .usd)
      #expect(try await openStore(data, requested: .usd).currency == .usd)
    }
  }

  @Test(
    "a ledger holding only budgets, rules or moods whose meta.json is lost is refused, naming meta.json, whatever currency is asked for",
    arguments: ["budgets", "rules", "moods"])
  func lostMetadataBesideOtherFiles(kind: String) async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data, requested: .krw)
      switch kind {
      case "budgets":
        try await store.replaceBudgetPlan(.empty, with: .fixture([(nil, "2025-11", 500_000)]))
      case "rules": _ = try await store.changePlan { plan in plan.add(.fixture()) }
      default:
        try await store.replaceMood(
          on: Fixtures.day("2025-11-03"), nil, with: DayMood(.joy))
      }
      try FileManager.default.removeItem(at: metadataFile(data))
      let before = try snapshot(data)
      for requested in [Currency.usd, .krw, nil] {
        do {
          _ = try await openStore(data, requested: requested)
          Issue.record("opened without meta.json (\(kind))")
        } catch LedgerError.unreadableFile(let path, .missingMetadata) {
          #expect(path.hasSuffix("ledger/meta.json"))
        }
      }
      #expect(try snapshot(data) == before)
    }
  }

  @Test("a store opened before meta.json was lost refuses to write a new one beside budgets")
  func lostMetadataUnderAnOpenStore() async throws {
    try await withDataDirectory { data in
      let early = try await openStore(data, requested: .usd)
      let other = try await openStore(data, requested: .krw)
      try await other.replaceBudgetPlan(.empty, with: .fixture([(nil, "2025-11", 500_000)]))
      try FileManager.default.removeItem(at: metadataFile(data))
      let before = try snapshot(data)
      do {
        try await early.replaceMood(
          on: Fixtures.day("2025-11-03"), nil, with: DayMood(.joy))
        Issue.record("wrote a new meta.json beside budgets")
      } catch LedgerError.unreadableFile(let path, .missingMetadata) {
        #expect(path.hasSuffix("ledger/meta.json"))
      }
      #expect(try snapshot(data) == before)
    }
  }

  @Test("opening a ledger with another requested currency fails with a mismatch")
  func currencyMismatch() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data, requested: .usd)
      try await store.insert(.fixture(id: "t1"))
      let before = try snapshot(data)

      await #expect(throws: LedgerError.currencyMismatch(ledger: "USD", requested: "KRW")) {
        _ = try await openStore(data, requested: .krw)
      }
      #expect(try snapshot(data) == before)
    }
  }

  @Test("before any write, nothing is stored, so another currency may still be chosen")
  func noCurrencyBeforeFirstWrite() async throws {
    try await withDataDirectory { data in
      _ = try await openStore(data, requested: .usd)
      #expect(try await openStore(data, requested: .krw).currency == .krw)
    }
  }

  @Test("a ledger created meanwhile with another currency stops the first write")
  func ledgerCreatedMeanwhile() async throws {
    try await withDataDirectory { data in
      let dollars = try await openStore(data, requested: .usd)
      let won = try await openStore(data, requested: .krw)
      try await won.insert(.fixture(id: "w1"))
      let before = try snapshot(data)

      await #expect(throws: LedgerError.currencyMismatch(ledger: "KRW", requested: "USD")) {
        try await dollars.insert(.fixture(id: "d1", day: "2025-12-01"))
      }
      #expect(try snapshot(data) == before)
    }
  }
}
