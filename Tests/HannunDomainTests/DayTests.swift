import Foundation
import HannunDomain
import HannunTestSupport
import Testing

@Suite("Day parsing and arithmetic")
struct DayTests {
  @Test("a valid ISO date parses to its parts and prints back the same")
  func validDate() throws {
    let day = try Day(iso: "2025-11-03")
    #expect(day.year == 2025)
    #expect(day.month == 11)
    #expect(day.day == 3)
    #expect(day.iso == "2025-11-03")
    #expect(day.description == "2025-11-03")
    #expect(day.yearMonth == Fixtures.month("2025-11"))
  }

  @Test("29 February exists only in leap years")
  func leapDay() throws {
    #expect(try Day(iso: "2024-02-29").day == 29)
    #expect(try Day(iso: "2000-02-29").day == 29)
    #expect(throws: DateInputError.noSuchDay("2023-02-29")) { try Day(iso: "2023-02-29") }
    #expect(throws: DateInputError.noSuchDay("1900-02-29")) { try Day(iso: "1900-02-29") }
  }

  @Test(
    "invalid dates are refused with the reason",
    arguments: [
      ("2025-02-30", DateInputError.noSuchDay("2025-02-30")),
      ("2025-04-31", .noSuchDay("2025-04-31")),
      ("2025-01-00", .noSuchDay("2025-01-00")),
      ("2025-13-01", .noSuchMonth("2025-13-01")),
      ("2025-00-10", .noSuchMonth("2025-00-10")),
      ("1582-12-31", .outOfRange("1582-12-31")),
      ("0000-01-01", .outOfRange("0000-01-01")),
      ("10000-01-01", .outOfRange("10000-01-01")),
      ("2025-1-01", .malformedDate("2025-1-01")),
      ("2025-01-1", .malformedDate("2025-01-1")),
      ("25-01-01", .malformedDate("25-01-01")),
      ("banana", .malformedDate("banana")),
      ("", .malformedDate("")),
      ("２０２５-01-01", .malformedDate("２０２５-01-01")),
      ("2025-０１-01", .malformedDate("2025-０１-01")),
      ("+025-01-01", .malformedDate("+025-01-01")),
      ("-025-01-01", .malformedDate("-025-01-01")),
      ("2025-01-01 ", .malformedDate("2025-01-01 ")),
      ("2025/01/01", .malformedDate("2025/01/01")),
      ("2025-01-01-01", .malformedDate("2025-01-01-01")),
      ("20250101", .malformedDate("20250101")),
      ("2025-0x-01", .malformedDate("2025-0x-01")),
    ])
  func invalidDates(text: String, error: DateInputError) {
    #expect(throws: error) { try Day(iso: text) }
  }

  @Test(
    "errors carry the input",
    arguments: [
      ("2025-02-30", DateInputError.noSuchDay("2025-02-30")),
      ("2025-13-01", .noSuchMonth("2025-13-01")), ("banana", .malformedDate("banana")),
      ("1582-12-31", .outOfRange("1582-12-31")),
    ])
  func errorsCarryInput(text: String, error: DateInputError) {
    #expect(throws: error) { try Day(iso: text) }
  }

  @Test("the numeric initialiser checks the same rules")
  func numericInit() throws {
    #expect(try Day(year: 1583, month: 1, day: 1) == Day.supportedRange.lowerBound)
    #expect(try Day(year: 9999, month: 12, day: 31) == Day.supportedRange.upperBound)
    #expect(throws: DateInputError.outOfRange("1582-12-31")) {
      try Day(year: 1582, month: 12, day: 31)
    }
    #expect(throws: DateInputError.outOfRange("10000-01-01")) {
      try Day(year: 10_000, month: 1, day: 1)
    }
    #expect(throws: DateInputError.noSuchMonth("2025-13-01")) {
      try Day(year: 2025, month: 13, day: 1)
    }
    #expect(throws: DateInputError.noSuchDay("2025-06-31")) {
      try Day(year: 2025, month: 6, day: 31)
    }
  }

  @Test(
    "relative words count from today",
    arguments: [
      ("today", "2025-11-03"), ("Today", "2025-11-03"), (" TODAY ", "2025-11-03"),
      ("yesterday", "2025-11-02"), ("tomorrow", "2025-11-04"), ("오늘", "2025-11-03"),
      ("어제", "2025-11-02"), ("내일", "2025-11-04"), ("그제", "2025-11-01"),
      ("그저께", "2025-11-01"), ("모레", "2025-11-05"), ("\u{3000}내일", "2025-11-04"),
      ("2025-12-25", "2025-12-25"), (" 2024-02-29 ", "2024-02-29"),
    ])
  func userInput(text: String, expected: String) throws {
    let today = Fixtures.day("2025-11-03")
    #expect(try Day(userInput: text, today: today) == Fixtures.day(expected))
  }

  @Test(
    "dates as people write them; without a year or month they belong to the month on screen",
    arguments: [
      ("2025.11.03", "2025-11-03"), ("2025/11/03", "2025-11-03"), ("2025-11-3", "2025-11-03"),
      ("2025.1.5.", "2025-01-05"), ("11/3", "2026-11-03"), ("11.3", "2026-11-03"),
      ("11월 3일", "2026-11-03"), ("11월3일", "2026-11-03"), ("3일", "2026-02-03"),
      ("2025년 11월 3일", "2025-11-03"), ("２０２５．１１．０３", "2025-11-03"), ("１１/３", "2026-11-03"),
    ])
  func writtenForms(text: String, expected: String) throws {
    let today = Fixtures.day("2025-11-03")
    let shown = Fixtures.month("2026-02")
    #expect(try Day(userInput: text, today: today, shownMonth: shown) == Fixtures.day(expected))
  }

  @Test(
    "shapes that are not dates, and days that do not exist, are refused",
    arguments: ["2025.11-03", "11/3/2025", "3", "3일 11월", "2025.13.01", "2월 30일", "11//3", "일"])
  func writtenFormsRefused(text: String) {
    #expect(throws: DateInputError.self) {
      try Day(
        userInput: text, today: Fixtures.day("2025-11-03"), shownMonth: Fixtures.month("2026-02"))
    }
  }

  @Test("relative words cross month and year boundaries")
  func relativeAcrossBoundaries() throws {
    #expect(try Day(userInput: "tomorrow", today: Fixtures.day("2025-12-31")).iso == "2026-01-01")
    #expect(try Day(userInput: "어제", today: Fixtures.day("2024-03-01")).iso == "2024-02-29")
  }

  @Test("relative words past the supported range are refused")
  func relativeOutOfRange() {
    #expect(throws: DateInputError.outOfRange("tomorrow")) {
      try Day(userInput: "tomorrow", today: Day.supportedRange.upperBound)
    }
    #expect(throws: DateInputError.outOfRange("어제")) {
      try Day(userInput: "어제", today: Day.supportedRange.lowerBound)
    }
  }

  @Test("other user input is refused as a malformed date")
  func userInputMalformed() {
    let today = Fixtures.day("2025-11-03")
    #expect(throws: DateInputError.malformedDate("someday")) {
      try Day(userInput: "someday", today: today)
    }
    #expect(throws: DateInputError.malformedDate("")) { try Day(userInput: "  ", today: today) }
    #expect(throws: DateInputError.noSuchDay("2025-02-30")) {
      try Day(userInput: "2025-02-30", today: today)
    }
  }

  @Test("adding days moves across months, years and leap days")
  func addingDays() {
    let day = Fixtures.day("2024-02-28")
    #expect(day.adding(days: 1) == Fixtures.day("2024-02-29"))
    #expect(day.adding(days: 2) == Fixtures.day("2024-03-01"))
    #expect(day.adding(days: 0) == day)
    #expect(day.adding(days: -59) == Fixtures.day("2023-12-31"))
    #expect(day.adding(days: 366) == Fixtures.day("2025-02-28"))
    #expect(Fixtures.day("2023-02-28").adding(days: 1) == Fixtures.day("2023-03-01"))
    #expect(Fixtures.day("1999-12-31").adding(days: 1) == Fixtures.day("2000-01-01"))
  }

  @Test("adding days past either end of the range gives nil, never a trap")
  func addingDaysAtEdges() {
    let first = Day.supportedRange.lowerBound
    let last = Day.supportedRange.upperBound
    #expect(first.adding(days: -1) == nil)
    #expect(last.adding(days: 1) == nil)
    #expect(first.adding(days: 0) == first)
    #expect(last.adding(days: -1) == Fixtures.day("9999-12-30"))
    #expect(first.adding(days: 1) == Fixtures.day("1583-01-02"))
    for count in [Int.max, Int.min, Int.max - 1, Int.min + 1, 1 << 62, -(1 << 62)] {
      #expect(first.adding(days: count) == nil)
      #expect(last.adding(days: count) == nil)
      #expect(Fixtures.day("2025-11-03").adding(days: count) == nil)
    }
  }

  @Test("the whole range is reachable by adding its length")
  func wholeRange() throws {
    let first = Day.supportedRange.lowerBound
    let last = Day.supportedRange.upperBound
    let epoch = Fixtures.day("1970-01-01")
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
    let firstDate = try #require(calendar.date(from: DateComponents(year: 1583, month: 1, day: 1)))
    let lastDate = try #require(calendar.date(from: DateComponents(year: 9999, month: 12, day: 31)))
    let span = try #require(calendar.dateComponents([.day], from: firstDate, to: lastDate).day)
    #expect(first.adding(days: span) == last)
    #expect(last.adding(days: -span) == first)
    #expect(first.adding(days: span + 1) == nil)
    let sinceEpoch = try #require(
      calendar.dateComponents([.day], from: firstDate, to: Date(timeIntervalSince1970: 0)).day)
    #expect(first.adding(days: sinceEpoch) == epoch)
  }

  @Test("days order by year, then month, then day")
  func ordering() {
    #expect(Fixtures.day("2025-01-31") < Fixtures.day("2025-02-01"))
    #expect(Fixtures.day("2024-12-31") < Fixtures.day("2025-01-01"))
    #expect(Fixtures.day("2025-02-02") > Fixtures.day("2025-02-01"))
  }

  @Test(
    "the week of a day has seven consecutive days starting on the first weekday",
    arguments: Weekday.allCases)
  func week(firstWeekday: Weekday) throws {
    let day = Fixtures.day("2025-11-05")
    let week = day.week(firstWeekday: firstWeekday)
    #expect(week.count == 7)
    let days = week.compactMap { $0 }
    #expect(days.count == 7)
    #expect(days.contains(day))
    #expect(days.map(\.weekday) == firstWeekday.weekStartingHere)
    for (earlier, later) in zip(days, days.dropFirst()) {
      #expect(earlier.adding(days: 1) == later)
    }
  }

  @Test("known weeks with Sunday and Monday starts")
  func knownWeeks() {
    let day = Fixtures.day("2025-11-01")
    #expect(
      day.week(firstWeekday: .sunday).map { $0?.iso }
        == [
          "2025-10-26", "2025-10-27", "2025-10-28", "2025-10-29", "2025-10-30", "2025-10-31",
          "2025-11-01",
        ])
    #expect(
      day.week(firstWeekday: .monday).map { $0?.iso }
        == [
          "2025-10-27", "2025-10-28", "2025-10-29", "2025-10-30", "2025-10-31", "2025-11-01",
          "2025-11-02",
        ])
  }

  @Test("weeks at the ends of the range have empty slots outside it")
  func weekAtEdges() {
    // 1583-01-01 is a Saturday; 9999-12-31 is a Friday.
    let first = Day.supportedRange.lowerBound
    #expect(
      first.week(firstWeekday: .sunday) == [nil, nil, nil, nil, nil, nil, first])
    #expect(
      first.week(firstWeekday: .saturday).map { $0?.iso }
        == [
          "1583-01-01", "1583-01-02", "1583-01-03", "1583-01-04", "1583-01-05", "1583-01-06",
          "1583-01-07",
        ])
    let last = Day.supportedRange.upperBound
    #expect(
      last.week(firstWeekday: .sunday).map { $0?.iso }
        == [
          "9999-12-26", "9999-12-27", "9999-12-28", "9999-12-29", "9999-12-30", "9999-12-31", nil,
        ])
    #expect(
      last.week(firstWeekday: .saturday).map { $0?.iso }
        == [
          "9999-12-25", "9999-12-26", "9999-12-27", "9999-12-28", "9999-12-29", "9999-12-30",
          "9999-12-31",
        ])
    #expect(
      last.week(firstWeekday: .monday) == [
        last.adding(days: -4), last.adding(days: -3), last.adding(days: -2),
        last.adding(days: -1), last, nil, nil,
      ])
  }
}

@Suite("Typed day input")
struct UserInputDayTests {
  @Test("an error names what was typed, not a lowercased copy")
  func errorKeepsCase() {
    let today = Fixtures.day("2025-11-03")
    #expect(throws: DateInputError.malformedDate("Next Friday")) {
      try Day(userInput: " Next Friday ", today: today)
    }
    #expect(throws: DateInputError.outOfRange("Tomorrow")) {
      try Day(userInput: "Tomorrow", today: Day.supportedRange.upperBound)
    }
  }

  @Test(
    "year-first dates with one separator read the same in every spelling a bank writes",
    arguments: [
      ("2015.11.01", "2015-11-01"), ("2015/11/01", "2015-11-01"), ("2015-11-01", "2015-11-01"),
      ("2015.11.01.", "2015-11-01"), ("2015.1.1", "2015-01-01"), ("2015/1/01.", "2015-01-01"),
      ("2015. 11. 01.", "2015-11-01"), ("  2015/11/01 ", "2015-11-01"),
      ("２０１５/１１/０１", "2015-11-01"),
    ])
  func yearFirstForms(text: String, expected: String) throws {
    #expect(try Day(userInput: text, today: Fixtures.day("2025-11-03")) == Fixtures.day(expected))
  }

  @Test(
    "year-first dates that do not exist, or are not one shape, are refused as before",
    arguments: [
      ("2015.13.01", DateInputError.noSuchMonth("2015-13-01")),
      ("2015/02/30", .noSuchDay("2015-02-30")), ("2015.00.10", .noSuchMonth("2015-00-10")),
      ("0999.11.01", .outOfRange("0999-11-01")), ("2015.11/01", .malformedDate("2015.11/01")),
      ("2015.111.01", .malformedDate("2015.111.01")),
      ("2015.11.01..", .malformedDate("2015.11.01..")),
      ("20151101", .malformedDate("20151101")),
      ("2015.11.01 00:02", .malformedDate("2015.11.01 00:02")),
      ("15.11.01", .malformedDate("15.11.01")), ("2015.11.", .malformedDate("2015.11.")),
    ])
  func yearFirstRefusals(text: String, error: DateInputError) {
    #expect(throws: error) { try Day(userInput: text, today: Fixtures.day("2025-11-03")) }
  }
}
