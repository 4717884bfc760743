import Foundation
import HannunDomain
import HannunTestSupport
import Testing

/// Years spread over the whole supported range, with the ends and the century rules included.
private let sampledYears: [Int] = Array(
  Set(
    Array(stride(from: 1583, through: 9999, by: 29)) + [
      1583, 1584, 1599, 1600, 1601, 1700, 1800, 1899, 1900, 1969, 1970, 1999, 2000, 2023, 2024,
      2025, 2100, 2400, 9998, 9999,
    ])
).sorted()

/// Foundation's Gregorian calendar in UTC: the reference the integer arithmetic is checked against.
private let utcCalendar: Calendar = {
  var calendar = Calendar(identifier: .gregorian)
  calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
  return calendar
}()

private let epoch = Fixtures.day("1970-01-01")

@Suite("Gregorian calendar arithmetic")
struct GregorianTests {
  @Test(
    "century years are leap only when divisible by 400",
    arguments: [
      (1600, true), (1700, false), (1800, false), (1900, false), (2000, true), (2100, false),
      (2400, true), (9900, false),
    ])
  func centuryLeapYears(year: Int, isLeap: Bool) {
    #expect(Gregorian.isLeapYear(year) == isLeap)
  }

  @Test(
    "ordinary years are leap every fourth year",
    arguments: [
      (2020, true), (2021, false), (2022, false), (2023, false), (2024, true), (1584, true),
      (1583, false), (9996, true), (9999, false),
    ])
  func ordinaryLeapYears(year: Int, isLeap: Bool) {
    #expect(Gregorian.isLeapYear(year) == isLeap)
  }

  @Test(
    "February has 29 days in leap years and 28 otherwise",
    arguments: [
      (1900, 28), (2000, 29), (2023, 28), (2024, 29), (2100, 28), (1600, 29),
    ])
  func februaryLength(year: Int, days: Int) {
    #expect(Gregorian.numberOfDays(inMonth: 2, year: year) == days)
  }

  @Test("the other months have their fixed lengths")
  func monthLengths() {
    let lengths = (1...12).map { Gregorian.numberOfDays(inMonth: $0, year: 2025) }
    #expect(lengths == [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31])
    #expect((1...12).map { Gregorian.numberOfDays(inMonth: $0, year: 2024) }.reduce(0, +) == 366)
  }

  @Test(
    "known weekdays",
    arguments: [
      ("1583-01-01", Weekday.saturday), ("1900-02-01", .thursday), ("1970-01-01", .thursday),
      ("2000-02-01", .tuesday), ("2024-02-29", .thursday), ("2025-11-01", .saturday),
      ("2025-11-03", .monday), ("2100-02-01", .monday), ("9999-12-31", .friday),
    ])
  func knownWeekdays(iso: String, weekday: Weekday) {
    #expect(Fixtures.day(iso).weekday == weekday)
  }

  @Test("weekdays, month lengths and day numbers agree with Foundation", arguments: sampledYears)
  func agreesWithFoundation(year: Int) throws {
    for month in 1...12 {
      let first = try Day(year: year, month: month, day: 1)
      let date = try #require(
        utcCalendar.date(from: DateComponents(year: year, month: month, day: 1)))
      #expect(first.weekday.rawValue == utcCalendar.component(.weekday, from: date), "\(first)")
      let length = try #require(utcCalendar.range(of: .day, in: .month, for: date)).count
      #expect(first.yearMonth.numberOfDays == length, "\(first)")
      #expect(Gregorian.numberOfDays(inMonth: month, year: year) == length)
      let daysSinceEpoch = Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
      #expect(epoch.adding(days: daysSinceEpoch) == first, "\(first)")
      #expect(first.adding(days: -daysSinceEpoch) == epoch, "\(first)")
    }
  }

  @Test("adding days agrees with Foundation across the range", arguments: sampledYears)
  func addingDaysAgreesWithFoundation(year: Int) throws {
    let start = try Day(year: year, month: 3, day: 1)
    let startDate = try #require(
      utcCalendar.date(from: DateComponents(year: year, month: 3, day: 1)))
    for offset in [-400, -366, -365, -60, -29, -1, 0, 1, 28, 31, 365, 366, 1_000] {
      guard let expectedDate = utcCalendar.date(byAdding: .day, value: offset, to: startDate)
      else { continue }
      let parts = utcCalendar.dateComponents([.year, .month, .day], from: expectedDate)
      let expected = try? Day(year: parts.year ?? 0, month: parts.month ?? 0, day: parts.day ?? 0)
      #expect(start.adding(days: offset) == expected, "\(start) + \(offset)")
    }
  }

  @Test("both ends of the supported range agree with Foundation")
  func rangeEnds() throws {
    for day in [Day.supportedRange.lowerBound, Day.supportedRange.upperBound] {
      let date = try #require(
        utcCalendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day)))
      #expect(day.weekday.rawValue == utcCalendar.component(.weekday, from: date))
      let daysSinceEpoch = Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
      #expect(epoch.adding(days: daysSinceEpoch) == day)
    }
    #expect(Day.supportedRange.lowerBound.iso == "1583-01-01")
    #expect(Day.supportedRange.upperBound.iso == "9999-12-31")
  }

  @Test("every day of a leap year follows the one before")
  func consecutiveDays() throws {
    var day = Fixtures.day("2023-12-31")
    var isos: [String] = []
    for _ in 0..<367 {
      day = try #require(day.adding(days: 1))
      isos.append(day.iso)
    }
    #expect(isos.first == "2024-01-01")
    #expect(isos.contains("2024-02-29"))
    #expect(isos[59] == "2024-02-29")
    #expect(isos[60] == "2024-03-01")
    #expect(isos.last == "2025-01-01")
    #expect(Set(isos).count == 367)
  }

  @Test("weekdays cycle through the week in order")
  func weekdayCycle() throws {
    let start = Fixtures.day("2025-11-02")
    let weekdays = try (0..<14).map { try #require(start.adding(days: $0)).weekday.rawValue }
    #expect(weekdays == [1, 2, 3, 4, 5, 6, 7, 1, 2, 3, 4, 5, 6, 7])
  }

  @Test("weekStartingHere lists the week from any first day")
  func weekStartingHere() {
    #expect(Weekday.sunday.weekStartingHere.map(\.rawValue) == [1, 2, 3, 4, 5, 6, 7])
    #expect(Weekday.monday.weekStartingHere.map(\.rawValue) == [2, 3, 4, 5, 6, 7, 1])
    #expect(Weekday.saturday.weekStartingHere.map(\.rawValue) == [7, 1, 2, 3, 4, 5, 6])
  }

  @Test("first weekday settings 1 to 7 are accepted, others refused with the input named")
  func weekdayNumbers() throws {
    for number in 1...7 { #expect(try Weekday(number: number).rawValue == number) }
    for number in [0, 8, -1] {
      #expect(throws: DateInputError.badFirstWeekday(String(number))) {
        try Weekday(number: number)
      }
    }
  }
}
