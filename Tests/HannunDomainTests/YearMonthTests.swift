import HannunDomain
import HannunTestSupport
import Testing

@Suite("Year-month parsing and navigation")
struct YearMonthTests {
  @Test("a valid month parses and prints back the same")
  func valid() throws {
    let month = try YearMonth(iso: "2025-11")
    #expect(month.year == 2025)
    #expect(month.month == 11)
    #expect(month.iso == "2025-11")
    #expect(month.description == "2025-11")
    #expect(month.numberOfDays == 30)
    #expect(month.firstDay == Fixtures.day("2025-11-01"))
    #expect(month.lastDay == Fixtures.day("2025-11-30"))
    #expect(month.dayRange == Fixtures.day("2025-11-01")...Fixtures.day("2025-11-30"))
    #expect(month.days.count == 30)
    #expect(month.days.map(\.day) == Array(1...30))
    #expect(try month.day(3) == Fixtures.day("2025-11-03"))
    #expect(throws: DateInputError.noSuchDay("2025-11-31")) { try month.day(31) }
  }

  @Test(
    "invalid months are refused with the reason",
    arguments: [
      ("2025-13", DateInputError.noSuchMonth("2025-13")),
      ("2025-00", .noSuchMonth("2025-00")),
      ("banana", .malformedMonth("banana")),
      ("", .malformedMonth("")),
      ("2025-1", .malformedMonth("2025-1")),
      ("2025-11-03", .malformedMonth("2025-11-03")),
      ("２０２５-11", .malformedMonth("２０２５-11")),
      ("+025-11", .malformedMonth("+025-11")),
      ("1582-12", .outOfRange("1582-12")),
      ("10000-01", .outOfRange("10000-01")),
    ])
  func invalid(text: String, error: DateInputError) {
    #expect(throws: error) { try YearMonth(iso: text) }
  }

  @Test("the numeric initialiser checks month and year")
  func numericInit() throws {
    #expect(try YearMonth(year: 1583, month: 1) == YearMonth.supportedRange.lowerBound)
    #expect(try YearMonth(year: 9999, month: 12) == YearMonth.supportedRange.upperBound)
    #expect(throws: DateInputError.noSuchMonth("2025-13")) { try YearMonth(year: 2025, month: 13) }
    #expect(throws: DateInputError.outOfRange("1582-12")) { try YearMonth(year: 1582, month: 12) }
  }

  @Test(
    "adding months carries across years in both directions",
    arguments: [
      ("2025-11", 1, "2025-12"), ("2025-11", 2, "2026-01"), ("2025-12", 1, "2026-01"),
      ("2025-01", -1, "2024-12"), ("2025-03", -14, "2024-01"), ("2025-11", 0, "2025-11"),
      ("2025-11", 12, "2026-11"), ("2025-11", -12, "2024-11"), ("2025-11", 25, "2027-12"),
      ("2025-11", -23, "2023-12"), ("1583-01", 1, "1583-02"), ("9999-12", -1, "9999-11"),
      ("1583-01", 8_416 * 12 + 11, "9999-12"), ("9999-12", -(8_416 * 12 + 11), "1583-01"),
    ])
  func addingMonths(start: String, count: Int, expected: String) throws {
    #expect(try Fixtures.month(start).adding(months: count) == Fixtures.month(expected))
  }

  @Test("going past 1583-01 or 9999-12 throws the navigation limit")
  func navigationLimits() {
    let first = YearMonth.supportedRange.lowerBound
    let last = YearMonth.supportedRange.upperBound
    #expect(first.iso == "1583-01")
    #expect(last.iso == "9999-12")
    #expect(throws: DateInputError.navigationLimit(first)) { try first.adding(months: -1) }
    #expect(throws: DateInputError.navigationLimit(last)) { try last.adding(months: 1) }
    #expect(throws: DateInputError.navigationLimit(first)) {
      try Fixtures.month("2025-11").adding(months: -6_000_000)
    }
    #expect(throws: DateInputError.navigationLimit(last)) {
      try Fixtures.month("2025-11").adding(months: 6_000_000)
    }
  }

  @Test("extreme month counts throw the navigation limit instead of trapping")
  func extremeCounts() {
    let month = Fixtures.month("2025-11")
    let first = YearMonth.supportedRange.lowerBound
    let last = YearMonth.supportedRange.upperBound
    #expect(throws: DateInputError.navigationLimit(last)) { try month.adding(months: .max) }
    #expect(throws: DateInputError.navigationLimit(first)) { try month.adding(months: .min) }
    #expect(throws: DateInputError.navigationLimit(last)) { try last.adding(months: .max) }
    #expect(throws: DateInputError.navigationLimit(first)) { try first.adding(months: .min) }
  }

  @Test("months order by year, then month")
  func ordering() {
    #expect(Fixtures.month("2024-12") < Fixtures.month("2025-01"))
    #expect(Fixtures.month("2025-02") < Fixtures.month("2025-10"))
  }

  @Test(
    "a picker's text: YYYY-MM, 2025.3, 2025년 3월, a month number of the default year, or blank",
    arguments: [
      ("2024-02", "2024-02"), (" 2024-02 ", "2024-02"), ("3", "2025-03"), ("12", "2025-12"),
      ("03", "2025-03"), ("3월", "2025-03"), ("", "2025-11"), ("  ", "2025-11"),
      ("9999-12", "9999-12"), ("1583-01", "1583-01"), ("2024-2", "2024-02"),
      ("2024.02", "2024-02"), ("2024/2", "2024-02"), ("2024년 2월", "2024-02"),
    ])
  func userInput(text: String, expected: String) throws {
    let month = try YearMonth(
      userInput: text, defaultYear: 2025, fallback: Fixtures.month("2025-11"))
    #expect(month == Fixtures.month(expected))
  }

  @Test(
    "a picker's bad text is refused with the text named",
    arguments: [
      ("2024-13", DateInputError.noSuchMonth("2024-13")), ("13", .noSuchMonth("13")),
      ("0", .noSuchMonth("0")), ("next", .malformedMonth("next")),
      ("1582-12", .outOfRange("1582-12")),
    ])
  func badUserInput(text: String, error: DateInputError) {
    #expect(throws: error) {
      try YearMonth(userInput: text, defaultYear: 2025, fallback: Fixtures.month("2025-11"))
    }
  }

  @Test(
    "a year typed as anything but four digits is refused as a year",
    // Four full-width digits are a year (``typedFullWidth()``), as they are in a day.
    arguments: ["20x6", "20266", "25", "", "２０２", "２０２５５"])
  func malformedYear(_ text: String) {
    #expect(throws: DateInputError.malformedYear(text)) { try YearMonth.months(ofYearText: text) }
  }

  @Test(
    "a month typed in full-width digits and hyphen reads as YYYY-MM; a refusal names it as typed")
  func typedFullWidth() throws {
    #expect(try YearMonth(typed: "２０２５－１１") == YearMonth(year: 2025, month: 11))
    #expect(try YearMonth(typed: "2025-11") == YearMonth(year: 2025, month: 11))
    #expect(try YearMonth.months(ofYearText: "２０２５") == YearMonth.months(ofYear: 2025))
    #expect(throws: DateInputError.malformedMonth("２０２５－１")) {
      try YearMonth(typed: "２０２５－１")
    }
    #expect(throws: DateInputError.malformedYear("２０２")) {
      try YearMonth.months(ofYearText: "２０２")
    }
    // Files keep to ASCII: a month file's name is never read in another form.
    #expect(throws: DateInputError.self) { try YearMonth(iso: "２０２５-１１") }
  }
}
