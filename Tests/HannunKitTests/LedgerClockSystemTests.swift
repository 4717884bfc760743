import Foundation
import HannunDomain
import HannunKit
import Testing

@Suite("The system clock")
struct LedgerClockSystemTests {
  @Test("the system clock's today is the day it is now in the system's time zone")
  func system() {
    let zoned = LedgerClock(timeZone: .current, now: { Date() })
    let before = zoned.today
    let today = LedgerClock.system.today
    let after = zoned.today
    // Midnight may pass between the readings.
    #expect(today == before || today == after)
    #expect(LedgerClock.system.timeZone == TimeZone.current)
  }
}
