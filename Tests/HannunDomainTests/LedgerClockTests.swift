import Foundation
import HannunDomain
import HannunTestSupport
import Testing

private let utc = TimeZone(secondsFromGMT: 0) ?? .current

@Suite("Ledger clock and today")
struct LedgerClockTests {
  @Test("the fixed clock's today is the day it was fixed at, in its zone")
  func fixed() {
    let today = Fixtures.day("2025-11-03")
    let noon = Fixtures.noon(of: today, in: Fixtures.seoul)
    let clock = LedgerClock.fixed(at: today)
    #expect(clock.today == today)
    #expect(clock.currentInstant == noon)
    #expect(clock.timeZone == Fixtures.seoul)
  }

  @Test("a clock of the system's zone takes its days from the date reader it is given")
  func systemZone() {
    let instant = Date(timeIntervalSince1970: 1_762_128_000)  // 2025-11-03T00:00:00Z
    let clock = LedgerClock(systemDate: { _ in (2025, 11, 2) }, now: { instant })
    #expect(clock.today.iso == "2025-11-02")
    #expect(clock.timeZone == TimeZone.current)
    let unreadable = LedgerClock(systemDate: { _ in nil }, now: { instant })
    #expect(unreadable.today == Day.supportedRange.upperBound)
  }

  @Test("today follows the clock's time zone, not UTC")
  func timeZones() {
    // 2025-11-03 00:30 in Seoul is still 2025-11-02 in UTC.
    let instant = Fixtures.noon(of: Fixtures.day("2025-11-03"), in: Fixtures.seoul)
      .addingTimeInterval(-11.5 * 3_600)
    #expect(LedgerClock(timeZone: Fixtures.seoul, now: { instant }).today.iso == "2025-11-03")
    #expect(LedgerClock(timeZone: utc, now: { instant }).today.iso == "2025-11-02")
  }

  @Test(
    "a clock outside the supported years is clamped to the nearest end",
    arguments: [
      (1e12, "9999-12-31"),  // about the year 33,658
      (-2e11, "1583-01-01"),  // 4369 BC, which Foundation numbers 4369 in era 0
      (-1e11, "1583-01-01"),  // 1199 BC
      (-12_300_000_000.0, "1583-01-01"),  // the year 1580
    ])
  func clamped(secondsSince1970: Double, expected: String) {
    let clock = LedgerClock(timeZone: utc, now: { Date(timeIntervalSince1970: secondsSince1970) })
    #expect(clock.today.iso == expected)
  }

  @Test("a clock long before 1970 but inside the range gives that day")
  func earlyButInRange() {
    let clock = LedgerClock(timeZone: utc, now: { Date(timeIntervalSince1970: -1e10) })
    #expect(clock.today.iso == "1653-02-10")
  }
}
