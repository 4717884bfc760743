import Foundation
import HannunDomain
import HannunTestSupport
import Testing

@testable import HannunData

@Suite("JSON file store: a month's categories are checked once each")
struct MonthCategoriesTests {
  private let month = Fixtures.month("2025-11")

  /// A record of the month with `category`, the `index`-th of its file.
  private func record(_ index: Int, category: String) -> StoredTransaction {
    StoredTransaction(
      id: "r\(index)", date: "2025-11-\(10 + index % 20)",
      kind: index % 3 == 0 ? "income" : "expense", amountMinor: Int64(index) * 1_000 + 1,
      category: category, memo: index % 2 == 0 ? "" : "memo \(index)",
      createdAt: "2025-11-01T08:00:00.000Z", updatedAt: "2025-11-01T08:00:00.000Z")
  }

  /// The month's entries read from `records` both ways: the whole document's checks and the
  /// line reader's.
  private func readBothWays(_ records: [StoredTransaction]) throws -> (
    document: [Transaction], lines: [Transaction]?
  ) {
    let stored = StoredMonth(schemaVersion: 1, month: month.iso, transactions: records)
    let document = try stored.transactions(of: month)
    let lines = MonthFileCodec.encode(stored).withUnsafeBytes {
      SearchRecordLine.month(month, $0)
    }
    return (document, lines)
  }

  @Test("each record's category is what the rules make of its own bytes, however often it recurs")
  func categoriesAsTheRulesReadThem() throws {
    // Texts that `==` calls equal but whose bytes differ, texts the rules trim, and more distinct
    // categories than a month remembers.
    var pool = ["Café", "Cafe\u{301}", "식비", " 식비", "식비 ", "食費", "food", "Food", "🙂\u{FE0F}"]
    pool += (0..<40).map { "category \($0)" }
    var random = SplitMix64(seed: 20)
    let records = (0..<600).map { index in
      record(index, category: pool[Int.random(in: 0..<pool.count, using: &random)])
    }
    let (document, lines) = try readBothWays(records)
    let read = try #require(lines)
    #expect(read == document)
    let byID = Dictionary(uniqueKeysWithValues: document.map { ($0.id.rawValue, $0) })
    for record in records {
      let entry = try #require(byID[record.id])
      let expected = try TransactionRules.category(record.category)
      #expect(Array(entry.category.utf8) == Array(expected.utf8), "\(record.category)")
    }
    // The two spellings of Café each keep their own bytes.
    let spellings = Set(document.map { Array($0.category.utf8) }.filter { $0.first == 0x43 })
    #expect(spellings.count == 2)
  }

  @Test("a bad category is refused with its own reason and record, after good ones and again")
  func refusalsKeepTheirReasons() throws {
    let bad = [
      "\u{200B}", String(repeating: "가", count: 41), "a\u{7}b", " ", "food\u{2028}",
    ]
    for text in bad {
      var records = (0..<6).map { record($0, category: $0 % 2 == 0 ? "식비" : "food") }
      records.append(record(6, category: text))
      records.append(record(7, category: text))
      let stored = StoredMonth(schemaVersion: 1, month: month.iso, transactions: records)
      let reason: String
      do {
        _ = try stored.transactions(of: month)
        Issue.record("\(text) was taken")
        continue
      } catch {
        reason = english(error.reason)
      }
      let alone: String
      do {
        _ = try records[6].transaction()
        Issue.record("\(text) was taken alone")
        continue
      } catch {
        alone = english(error.reason)
      }
      #expect(reason == "transactions[6] (id 'r6'): \(alone)")
      let lines = MonthFileCodec.encode(stored).withUnsafeBytes {
        SearchRecordLine.month(month, $0)
      }
      #expect(lines == nil)
    }
  }
}
