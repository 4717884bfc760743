import HannunDomain
import HannunPresentation
import HannunTestSupport
import Testing

@Suite("Search fields as typed, read by find's rules")
struct SearchFieldsTests {
  let today = Fixtures.day("2025-11-14")

  @Test("blank fields ask for any; spaces are blank")
  func blank() throws {
    #expect(SearchFields().isBlank && SearchFields(text: "  ", kind: " ").isBlank)
    let query = try SearchFields(category: " ").query(today: today, currency: .krw)
    #expect(query.category == nil && query.kind == nil && query.minimum == nil)
  }

  @Test("each field is read as find reads its option")
  func read() throws {
    let query = try SearchFields(
      text: "점심", category: "식비", kind: "지출", from: "어제", to: "2025-11-30", minimum: "3만",
      maximum: "12,000,000"
    ).query(today: today, currency: .krw)
    #expect(query.text == "점심" && query.category == "식비" && query.kind == .expense)
    #expect(query.from == Fixtures.day("2025-11-13") && query.to == Fixtures.day("2025-11-30"))
    #expect(query.minimum == Fixtures.amount(30_000))
    #expect(query.maximum == Fixtures.amount(12_000_000))
  }

  @Test("a refused field throws the rule's own error")
  func refused() {
    #expect(throws: FieldInputError.self) {
      try SearchFields(kind: "both").query(today: today, currency: .krw)
    }
    #expect(throws: DateInputError.self) {
      try SearchFields(from: "2025-13-01").query(today: today, currency: .krw)
    }
    #expect(throws: AmountInputError.self) {
      try SearchFields(minimum: "12a").query(today: today, currency: .krw)
    }
    #expect(throws: TransactionQueryError.self) {
      try SearchFields(minimum: "5만", maximum: "1만").query(today: today, currency: .krw)
    }
  }
}
