import Foundation
import HannunDomain
import HannunTestSupport
import Testing

@testable import HannunData

/// The result of a text rule as comparable data: the text it returns, or its error.
private func outcome(_ rule: (String) throws(FieldInputError) -> String, _ text: String)
  -> Result<String, FieldInputError>
{
  do { return .success(try rule(text)) } catch { return .failure(error) }
}

/// A record's mapping as comparable data: the entry, or the reason it is refused.
private func outcome(_ mapping: () throws(StoredRecordProblem) -> Transaction) -> String {
  do { return "\(try mapping())" } catch { return "refused: \(error.reason)" }
}

@Suite("Quick paths of the mapping give exactly what the Domain's rules give")
struct FieldFastPathTests {
  @Test("the quick text check's controls are exactly the scalars of general category Cc")
  func controls() async {
    let wrong = await offThePool {
      (0...0x10FFFF as ClosedRange<UInt32>).filter { value in
        guard let scalar = Unicode.Scalar(value) else { return false }
        let isControl = scalar.properties.generalCategory == .control
        let expected = isControl || [0x2028, 0x2029, 0x3000].contains(value)
        return PlainText.isRuledOut(value) != expected
      }
    }
    #expect(wrong.isEmpty, "judged wrongly: \(wrong.prefix(20).map { String($0, radix: 16) })")
  }

  @Test("categories and memos checked quickly equal the Domain's rules, errors included")
  func plainTextMatchesRules() {
    let pool: [String] = [
      "a", "Z", " ", "\t", "\u{3000}", "식", "비", "漢", "ひ", "é", "\u{A0}", "\u{AD}", "🙂", "🚕",
      "\u{1F3FD}", "👍", "\u{200D}", "\u{FE0F}", "\u{0301}", "🇰", "🇷", "ᄀ", "ᅡ", "\r", "\n",
      "\u{7F}", "\u{85}", "\u{2028}", "\u{202E}", "\u{0}", "x", "1", "-",
    ]
    var random = SplitMix64(seed: 2_025)
    var texts = ["", " ", "food", " food", "food ", "식비", String(repeating: "가", count: 40)]
    texts += ["abc \u{0301}", " \u{0301}x", "x\u{3000}", "\u{3000}x", "a\tb", "\u{A0}x\u{A0}"]
    texts += [String(repeating: "e\u{0301}", count: 40), String(repeating: "e\u{0301}", count: 41)]
    texts += [String(repeating: "👍🏽", count: 20), "🇰🇷", "👨‍👩‍👧", "\r\n", "x\u{85}", "\u{2029}"]
    texts += [String(repeating: "가", count: 41), String(repeating: "m", count: 200)]
    texts += [String(repeating: "🙂", count: 201), String(repeating: "a", count: 39) + "\u{0301}"]
    for _ in 0..<3_000 {
      let length = [Int.random(in: 0...6, using: &random), 38, 39, 40, 41, 199, 200, 201][
        Int.random(in: 0..<8, using: &random)]
      texts.append(
        String(
          (0..<length).map { _ in pool[Int.random(in: 0..<pool.count, using: &random)] }
            .joined()))
    }
    for text in texts {
      #expect(outcome(PlainText.category, text) == outcome(TransactionRules.category, text))
      #expect(outcome(PlainText.memo, text) == outcome(TransactionRules.memo, text))
    }
  }

  @Test("dates looked up in the month are the days Day(iso:) parses, and nothing else is")
  func monthDays() {
    for month in ["2024-02", "2025-02", "2025-11", "1583-01", "9999-12"].map(Fixtures.month) {
      let days = MonthDays(month)
      for number in 0...32 {
        let tens = String(number / 10)
        for text in ["\(month.iso)-\(tens)\(number % 10)", "\(month.iso)-\(number)"] {
          #expect(days.day(text) == (try? Day(iso: text)), "\(text)")
        }
      }
      for text in ["", "\(month.iso)-1x", "\(month.iso)-+1", "\(month.iso)_01", "\(month.iso)-01 "]
      {
        #expect(days.day(text) == nil)
      }
    }
    #expect(MonthDays(Fixtures.month("2025-11")).day("2025-12-01") == nil)
  }

  @Test("records map the same with the month's days as without, entries and reasons alike")
  func recordsMapAlike() {
    let month = Fixtures.month("2025-11")
    var random = SplitMix64(seed: 7)
    let dates = ["2025-11-03", "2025-11-30", "2025-11-31", "2025-12-01", "2025-11-3", "x", ""]
    let kinds = ["income", "expense", "Expense", "spend", ""]
    let texts = ["food", " 식비 ", "", "🙂\u{FE0F}", "a\u{7}b", String(repeating: "x", count: 41)]
    let stamps = [
      "2023-11-14T22:13:20.000Z", "2023-11-14T22:13:20Z", "2023-11-14T22:13:20.5+09:00", "noon",
    ]
    for _ in 0..<2_000 {
      /// One of `values`, at random.
      func pick(_ values: [String]) -> String {
        values[Int.random(in: 0..<values.count, using: &random)]
      }
      let record = StoredTransaction(
        id: pick(["t1", "", "a b", "식1"]), date: pick(dates), kind: pick(kinds),
        amountMinor: [0, 1, -5, 999_999_999_999_999, .max][Int.random(in: 0..<5, using: &random)],
        category: pick(texts), memo: pick(texts), createdAt: pick(stamps), updatedAt: pick(stamps))
      #expect(
        outcome { () throws(StoredRecordProblem) in try record.transaction(days: MonthDays(month)) }
          == outcome { () throws(StoredRecordProblem) in try record.transaction() })
    }
  }

  @Test("dates are stored as Day.iso writes them")
  func storedDates() throws {
    var random = SplitMix64(seed: 1_583)
    var days = [Day.supportedRange.lowerBound, Day.supportedRange.upperBound]
    for _ in 0..<500 {
      days.append(try #require(days[0].adding(days: Int.random(in: 0...3_000_000, using: &random))))
    }
    for day in days {
      let stored = try StoredTransaction(Transaction.fixture(day: day.iso))
      #expect(stored.date == day.iso)
    }
  }

  @Test("stamps written with integers are the text the ISO 8601 formatter writes")
  func stampsMatchFormatter() throws {
    var random = SplitMix64(seed: 1_970)
    var instants: [Int64] = [0, 1, 999, 1_000, 86_399_999, 86_400_000, 951_782_400_000]
    instants += [253_402_300_799_999, 4_107_542_400_000, 1_700_000_000_123, 946_684_799_999]
    for _ in 0..<3_000 {
      instants.append(Int64.random(in: 0..<253_402_300_800_000, using: &random))
    }
    for milliseconds in instants {
      let date = Stamp.date(milliseconds: milliseconds)
      let text = try #require(Stamp.string(from: date))
      #expect(text == Stamp.formattedString(milliseconds: milliseconds), "\(milliseconds)")
      #expect(Stamp.date(from: text) == date)
    }
    let early = Stamp.date(milliseconds: -1)
    #expect(Stamp.string(from: early) == "1969-12-31T23:59:59.999Z")
  }
}
