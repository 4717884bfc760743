import Foundation
import HannunDomain
import HannunTestSupport
import Testing

@testable import HannunData

@Suite("JSON file store: search")
struct SearchTests {
  /// Memos and categories that try the byte test: cases, Hangul, escapes, a quote, the Kelvin
  /// sign and dotted İ (which lowercase to ASCII), decomposed jamo, a slash.
  static let words = [
    "Coffee", "COFFEE beans", "커피", "아이스커피", "식비", "say \"hi\"", "back\\slash", "a/b",
    "\u{212A}im", "İstanbul", "istanbul", "\u{1100}\u{1161}", "가", "école", "ÉCOLE", "Tea", "",
    "tab\there", "line\u{2028}sep",
  ]

  @Test("the file store answers exactly what the in-memory store answers, for any query")
  func sameAsInMemory() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      var generator = SplitMix64(seed: 2025)
      var entries: [Transaction] = []
      for index in 0..<400 {
        let day = try Day(
          year: Int.random(in: 2023...2025, using: &generator),
          month: Int.random(in: 1...12, using: &generator),
          day: Int.random(in: 1...28, using: &generator))
        let category =
          Self.words.filter { !$0.isEmpty && !$0.contains("\t") && !$0.contains("\u{2028}") }
          .randomElement(using: &generator) ?? "x"
        let memo =
          Self.words.filter { !$0.contains("\t") && !$0.contains("\u{2028}") }
          .randomElement(using: &generator) ?? ""
        entries.append(
          Transaction(
            id: TransactionID("e\(index)"), day: day,
            kind: Bool.random(using: &generator) ? .income : .expense,
            amount: Fixtures.amount(Int64.random(in: 1...50_000, using: &generator)),
            category: category, memo: memo,
            createdAt: Date(timeIntervalSince1970: Double(1_700_000_000 + index)),
            updatedAt: Date(timeIntervalSince1970: Double(1_700_000_000 + index))))
      }
      for entry in entries { try await store.insert(entry) }
      let reference = InMemoryTransactionRepository(entries)
      let texts = [
        "coffee", "COFFEE", "커피", "ee", "\"hi\"", "\\", "a/b", "kim", "KIM", "i̇stanbul",
        "istanbul", "가", "\u{1100}", "école", "ÉCOLE", "xyz", "",
      ]
      for text in texts {
        for kind in [nil, TransactionKind.expense] {
          let query = try TransactionQuery(text: text, kind: kind)
          let expected = try await reference.transactions(matching: query)
          #expect(try await store.transactions(matching: query) == expected, "text \(text)")
          #expect(try await openStore(data).transactions(matching: query) == expected)
        }
      }
      for category in ["École", "커피", "coffee"] {
        let query = try TransactionQuery(text: "e", category: category)
        #expect(
          try await store.transactions(matching: query)
            == (try await reference.transactions(matching: query)), "category \(category)")
      }
      let spans = try TransactionQuery(
        text: "e", category: "coffee", from: Fixtures.day("2024-02-01"),
        to: Fixtures.day("2025-03-31"), minimum: Fixtures.amount(1_000),
        maximum: Fixtures.amount(30_000))
      #expect(
        try await openStore(data).transactions(matching: spans)
          == (try await reference.transactions(matching: spans)))
    }
  }

  @Test("text written with JSON escapes by another program is found")
  func escapedText() async throws {
    try await withDataDirectory { data in
      try plant(
        monthJSON(records: [
          recordJSON(id: "u1", memo: #"\u0043offee"#),
          recordJSON(id: "u2", category: #"caf\u00e9"#),
          recordJSON(id: "s1", date: "2025-11-04", memo: #"2\/3"#),
        ]), at: monthFile(data, "2025-11"))
      let store = try await openStore(data)
      let ids = { (text: String) in
        try await store.transactions(matching: TransactionQuery(text: text)).map(\.id.rawValue)
      }
      #expect(try await ids("coffee") == ["u1"])
      #expect(try await ids("CAFÉ") == ["u2"])
      #expect(try await ids("2/3") == ["s1"])
    }
  }

  @Test(
    "a month whose bytes cannot hold the text is not decoded; one that can is, and its damage is named"
  )
  func skipsWithoutDecoding() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      try await store.insert(.fixture(id: "ok", day: "2025-10-02", memo: "coffee"))
      // A record that breaks the rules (amount 0): decoding the month fails.
      let damaged = monthFile(data, "2025-11")
      try plant(
        monthJSON(records: [recordJSON(id: "bad", amountMinor: "0", memo: "tea")]), at: damaged)
      let found = try await openStore(data).transactions(matching: TransactionQuery(text: "coffee"))
      #expect(found.map(\.id.rawValue) == ["ok"])
      await expectUnreadable(damaged) {
        _ = try await openStore(data).transactions(matching: TransactionQuery(text: "tea"))
      }
      await expectUnreadable(damaged) {
        _ = try await openStore(data).transactions(matching: TransactionQuery(kind: .expense))
      }
    }
  }

  @Test("only the months of the query's days are read")
  func onlyItsMonths() async throws {
    try await withDataDirectory { data in
      let store = try await openStore(data)
      try await store.insert(.fixture(id: "in", day: "2025-11-03", memo: "coffee"))
      try await store.insert(.fixture(id: "out", day: "2025-09-03", memo: "coffee"))
      // A month outside the days is broken beyond JSON: reading it would fail.
      try plant("{", at: monthFile(data, "2025-12"))
      let query = try TransactionQuery(
        text: "coffee", from: Fixtures.day("2025-10-15"), to: Fixtures.day("2025-11-30"))
      #expect(try await openStore(data).transactions(matching: query).map(\.id.rawValue) == ["in"])
    }
  }

  @Test("the byte test's assumptions hold for every Unicode scalar")
  func caseMappingAssumptions() async {
    // What lowercasing can turn into ASCII: only İ and the Kelvin sign, which files are checked
    // for. Every other non-ASCII scalar a lowercase mapping produces changes when case mapped
    // (so it is never in a byte-searched text), or is U+0307 (excluded by name).
    let (toASCII, unexpected) = await offThePool {
      var toASCII: [UInt32] = []
      var unexpected: [String] = []
      for value in UInt32(0x80)...0x10FFFF {
        guard let scalar = Unicode.Scalar(value) else { continue }
        let lower = scalar.properties.lowercaseMapping
        guard lower != String(scalar) else { continue }
        for produced in lower.unicodeScalars {
          if produced.isASCII {
            toASCII.append(value)
          } else if !(produced.properties.changesWhenCaseMapped || produced.value == 0x0307) {
            unexpected.append(
              "U+\(String(value, radix: 16)) lowercases to U+\(String(produced.value, radix: 16))")
          }
        }
      }
      return (toASCII, unexpected)
    }
    #expect(unexpected.isEmpty, "\(unexpected.prefix(20))")
    #expect(Set(toASCII) == [0x130, 0x212A])
  }

  @Test("the byte test: escapes and traps say maybe, absent text says no")
  func prefilter() throws {
    func mayMatch(_ text: String, _ file: String) throws -> Bool {
      let filter = SearchPrefilter(try TransactionQuery(text: text))
      return Array(file.utf8).withUnsafeBytes(filter.mayMatch)
    }
    #expect(try mayMatch("coffee", #"{"memo":"Iced COFFEE"}"#))
    #expect(try !mayMatch("coffee", #"{"memo":"tea"}"#))
    #expect(try mayMatch("coffee", #"{"memo":"\u0063offee"}"#))
    #expect(try mayMatch("kim", "{\"memo\":\"\u{212A}im\"}"))
    #expect(try !mayMatch("kim", #"{"memo":"\\u"}"#), "an escaped backslash before u is no escape")
    #expect(try !mayMatch("커피", #"{"memo":"차"}"#))
    #expect(try mayMatch("é", #"{"memo":"É"}"#), "a cased non-ASCII text is never byte-tested")
    let mixed = SearchPrefilter(try TransactionQuery(text: "tea", category: "Café"))
    #expect(mixed.needles == [Array("tea".utf8)], "the category alone does not qualify")
    #expect(SearchPrefilter.isSearchable("커피 coffee 1,000"))
    #expect(!SearchPrefilter.isSearchable("é"))
    #expect(!SearchPrefilter.isSearchable("a/b"))
    #expect(!SearchPrefilter.isSearchable("\"q\""))
  }
}
