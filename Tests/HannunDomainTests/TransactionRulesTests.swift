import HannunDomain
import HannunTestSupport
import Testing

@Suite("Rules for category, memo and kind")
struct TransactionRulesTests {
  @Test(
    "categories are trimmed of surrounding spaces, tabs and ideographic spaces",
    arguments: [
      ("food", "food"), ("  food  ", "food"), ("\tfood\t", "food"), ("\u{3000}식비\u{3000}", "식비"),
      (" eating out ", "eating out"),
    ])
  func categoryTrimming(text: String, expected: String) throws {
    #expect(try TransactionRules.category(text) == expected)
  }

  @Test("an empty category is refused", arguments: ["", " ", "\t \u{3000}"])
  func emptyCategory(text: String) {
    #expect(throws: FieldInputError.emptyCategory) { try TransactionRules.category(text) }
  }

  @Test(
    "a category of only invisible characters is refused",
    arguments: [
      "\u{200B}", "\u{200D}", "\u{FE0F}", "\u{200B}\u{200D}\u{FE0F}", "\u{E0041}\u{E007F}",
      "\u{3164}", "\u{115F}\u{1160}", "\u{FFA0}", "\u{00A0}", "\u{2060}", "\u{FEFF}",
      " \u{200B} ", "\u{034F}", "\u{180E}",
    ])
  func invisibleCategory(text: String) {
    #expect(throws: FieldInputError.invisibleCategory) { try TransactionRules.category(text) }
  }

  @Test(
    "invisible characters beside a visible one are kept",
    arguments: [
      "a\u{200B}", "👨‍👩‍👧", "❤️", "🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}", "e\u{0301}",
    ])
  func visibleCategory(text: String) throws {
    #expect(try TransactionRules.category(text) == text)
  }

  @Test("a category may have 40 characters but not 41")
  func categoryLength() throws {
    let forty = String(repeating: "a", count: 40)
    #expect(try TransactionRules.category(forty) == forty)
    #expect(try TransactionRules.category("  \(forty)  ") == forty)
    #expect(throws: FieldInputError.tooLong(field: "category", limit: 40, count: 41)) {
      try TransactionRules.category(forty + "b")
    }
  }

  @Test("characters are counted as people see them: a Hangul syllable or an emoji counts once")
  func characterCounting() throws {
    let hangul = String(repeating: "식", count: 40)
    #expect(try TransactionRules.category(hangul) == hangul)
    #expect(throws: FieldInputError.tooLong(field: "category", limit: 40, count: 41)) {
      try TransactionRules.category(hangul + "비")
    }
    // Decomposed jamo (ᄉ + ᅵ + ᆨ) forms one character.
    let decomposed = String(repeating: "\u{1109}\u{1175}\u{11A8}", count: 40)
    #expect(decomposed.count == 40)
    #expect(try TransactionRules.category(decomposed) == decomposed)
    let family = String(repeating: "👨‍👩‍👧", count: 40)
    #expect(try TransactionRules.category(family) == family)
    #expect(throws: FieldInputError.tooLong(field: "category", limit: 40, count: 41)) {
      try TransactionRules.category(family + "🍚")
    }
  }

  @Test(
    "control characters and line breaks are refused in a category",
    arguments: [
      "food\n", "fo\nod", "\nfood", "food\r\n", "fo\u{0}od", "fo\u{7F}od", "fo\u{1B}[31mod",
      "fo\tod", "fo\u{85}od", "fo\u{2028}od", "fo\u{2029}od",
    ])
  func categoryControl(text: String) {
    #expect(throws: FieldInputError.controlCharacters(field: "category")) {
      try TransactionRules.category(text)
    }
  }

  @Test("a memo may be empty, is trimmed, and may have 200 characters but not 201")
  func memo() throws {
    #expect(try TransactionRules.memo("") == "")
    #expect(try TransactionRules.memo("   ") == "")
    #expect(try TransactionRules.memo("  lunch with 민수 ") == "lunch with 민수")
    let full = String(repeating: "메", count: 200)
    #expect(try TransactionRules.memo(full) == full)
    #expect(try TransactionRules.memo(" \(full)\u{3000}") == full)
    #expect(throws: FieldInputError.tooLong(field: "memo", limit: 200, count: 201)) {
      try TransactionRules.memo(full + "모")
    }
  }

  @Test(
    "control characters and line breaks are refused in a memo",
    arguments: ["line one\nline two", "bell\u{7}", "end\r", "\u{2028}", "tab\tinside", "\u{1B}[2J"])
  func memoControl(text: String) {
    #expect(throws: FieldInputError.controlCharacters(field: "memo")) {
      try TransactionRules.memo(text)
    }
  }

  @Test(
    "kind words in English, Korean and short forms",
    arguments: [
      ("income", TransactionKind.income), ("Income", .income), (" INCOME ", .income),
      ("i", .income),
      ("in", .income), ("+", .income), ("수입", .income), ("expense", .expense),
      ("EXPENSE", .expense), ("e", .expense), ("ex", .expense), ("-", .expense), ("지출", .expense),
      ("\u{3000}지출", .expense),
    ])
  func kinds(text: String, kind: TransactionKind) throws {
    #expect(try TransactionRules.kind(text) == kind)
  }

  @Test(
    "other kind words are refused with the input named",
    arguments: ["", "incomes", "spend", "x", "수"])
  func badKinds(text: String) throws {
    let error = try #require(throws: FieldInputError.self) { try TransactionRules.kind(text) }
    #expect(error == .badKind(text))
  }

  @Test("a draft applies the rules to its text fields")
  func draft() throws {
    let draft = try TransactionDraft(
      day: Fixtures.day("2025-11-03"), kind: .expense, amount: Fixtures.amount(12_000),
      category: "  식비 ", memo: " 점심 ")
    #expect(draft.category == "식비")
    #expect(draft.memo == "점심")
    #expect(throws: FieldInputError.emptyCategory) {
      try TransactionDraft(
        day: Fixtures.day("2025-11-03"), kind: .expense, amount: Fixtures.amount(1), category: " ")
    }
    #expect(throws: FieldInputError.controlCharacters(field: "memo")) {
      try TransactionDraft(
        day: Fixtures.day("2025-11-03"), kind: .income, amount: Fixtures.amount(1),
        category: "pay", memo: "a\nb")
    }
    let entry = Transaction.fixture(category: "food", memo: "m")
    let copy = TransactionDraft(entry)
    #expect(copy.day == entry.day)
    #expect(copy.kind == entry.kind)
    #expect(copy.amount == entry.amount)
    #expect(copy.category == "food")
    #expect(copy.memo == "m")
  }

  @Test("entries list oldest first within a day, then by id")
  func listOrder() {
    let early = Transaction.fixture(id: "b", created: .init(timeIntervalSince1970: 1))
    let late = Transaction.fixture(id: "a", created: .init(timeIntervalSince1970: 2))
    let sameTime = Transaction.fixture(id: "c", created: .init(timeIntervalSince1970: 2))
    let dayBefore = Transaction.fixture(
      id: "z", day: "2025-11-02", created: .init(timeIntervalSince1970: 9))
    let sorted = [sameTime, late, early, dayBefore].sorted(by: Transaction.listOrder)
    #expect(sorted.map(\.id.rawValue) == ["z", "b", "a", "c"])
  }

  @Test("random ids are ten base32 characters that start with a letter")
  func randomIDs() {
    let alphabet = Set("0123456789abcdefghjkmnpqrstvwxyz")
    let ids = (0..<200).map { _ in TransactionID.random() }
    for id in ids {
      #expect(id.rawValue.count == 10)
      #expect(id.rawValue.allSatisfy { alphabet.contains($0) }, "\(id)")
      #expect(id.rawValue.first.map { $0.isLetter } == true, "\(id)")
      #expect(id.description == id.rawValue)
    }
    #expect(Set(ids).count == 200)
  }

  @Test("random ids from the same seed are the same")
  func seededIDs() {
    var first = SplitMix64(seed: 42)
    var second = SplitMix64(seed: 42)
    let a = (0..<5).map { _ in TransactionID.random(using: &first) }
    let b = (0..<5).map { _ in TransactionID.random(using: &second) }
    #expect(a == b)
    #expect(Set(a).count == 5)
  }
}
