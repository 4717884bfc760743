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
