import Foundation
import HannunDomain
import HannunPresentation
import Testing

/// The lock holder's clock time, which the messages now read through the C library, is the text
/// Foundation's `DateFormatter` gave in the system's time zone.
@Suite("The lock holder's clock time")
struct LockClockTimeTests {
  @Test("Both languages name the time DateFormatter gives, across years and zone changes")
  func clockTimeAsFormatter() {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone.current
    formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
    // Every 61 hours and 17.9 seconds from 1970 to 2040: every hour of the day, every month.
    for seconds in stride(from: 0.0, to: 2_208_988_800, by: 61 * 3600 + 17.9) {
      let since = Date(timeIntervalSince1970: seconds)
      let problem = FileProblem.lockHeld(
        by: LockHolder(processID: 7, command: "hannun add", since: since),
        waitedMilliseconds: 1000)
      let expected = formatter.string(from: since)
      let english = EnglishMessages().describe(problem)
      let korean = KoreanMessages().describe(problem)
      #expect(english.contains("since \(expected);"), "\(english)")
      #expect(korean.contains(expected), "\(korean)")
    }
  }
}
