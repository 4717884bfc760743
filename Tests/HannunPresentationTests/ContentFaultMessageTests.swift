import HannunDomain
import HannunPresentation
import HannunTestSupport
import Testing

@Suite("What is wrong with a file's content, in each language")
struct ContentFaultMessageTests {
  @Test("every content fault is said in Korean with no English prose")
  func korean() {
    for fault in ContentFault.samples {
      let korean = KoreanMessages().describe(fault)
      #expect(!korean.isEmpty)
      #expect(englishLeft(inKorean: korean).isEmpty, "\(fault): \(korean)")
      let problem = KoreanMessages().describe(FileProblem.invalidContent(fault))
      #expect(englishLeft(inKorean: problem).isEmpty, "\(fault): \(problem)")
      let entry = KoreanMessages().describe(
        FileProblem.entryNotStorable(TransactionID("t1"), detail: fault))
      #expect(englishLeft(inKorean: entry).isEmpty, "\(fault): \(entry)")
    }
  }

  @Test("each content fault has its own sentence in both languages")
  func distinct() {
    let samples = ContentFault.samples
    #expect(Set(samples.map(EnglishMessages().describe)).count == samples.count)
    #expect(Set(samples.map(KoreanMessages().describe)).count == samples.count)
  }

  @Test("the check for English finds prose outside quotes, and an open quote")
  func englishLeftFindsProse() {
    #expect(englishLeft(inKorean: "'transactions[3]': 'date' 값이 없습니다") == "")
    #expect(englishLeft(inKorean: "JSON 형식이 아닙니다 (UTF-8, ISO 8601)") == "")
    #expect(englishLeft(inKorean: "내용: date '2026-13-01' is not a day") == "dateisnotaday")
    #expect(englishLeft(inKorean: "'date is not a day") == "'…")
  }

  @Test("a text kept by an older Hannun is shown as it is in both languages")
  func described() {
    let old = FileProblem.invalidContent(.described("it is not valid JSON: expected a value"))
    #expect(EnglishMessages().describe(old) == "it is not valid JSON: expected a value")
    #expect(
      KoreanMessages().describe(old) == "내용이 올바르지 않습니다: it is not valid JSON: expected a value")
  }

  @Test("the English sentences are those the parser and the record rules always said")
  func english() {
    let english = EnglishMessages()
    #expect(
      english.describe(
        .record(index: 3, id: "t1", .notADay(field: "date", text: "2026-13-01")))
        == "transactions[3] (id 't1'): date '2026-13-01' is not a day from 1583-01-01 to 9999-12-31"
    )
    #expect(
      english.describe(.notJSON(.expectedValue, at: .line(3, column: 13)))
        == "it is not valid JSON: expected a value (at line 3, column 13)")
    #expect(
      english.describe(.repeatedKey("a", at: .byte(9)))
        == "it is not valid JSON: the key 'a' appears twice (at byte 9)")
    #expect(
      english.describe(.notJSON(.empty, at: nil)) == "it is not valid JSON: the file is empty")
    #expect(
      english.describe(
        .planElement(
          "decisions[0]", .decidedTwice(RecurringRuleID("r1"), Fixtures.day("2026-01-25"))))
        == "decisions[0]: r1 2026-01-25 is decided twice")
  }
}
