import HannunDomain
import HannunPresentation
import HannunTestSupport
import Testing

@testable import HannunREPL

/// Day cells at 40 columns share one rounding. An amount that fits its cell alone but not beside
/// its neighbour fits at no rounding; it once pulled the whole screen down to one significant
/// digit (15,070 read `≈20K`) and still did not fit.
@MainActor
@Suite("Day cells at 40 columns: the rounding an unplaceable amount does not decide")
struct CellPrecisionTests {
  @Test("amounts keep two significant digits when a coarser rounding would place none more")
  func twoDigits() async throws {
    // Thursday to Saturday of one week: $15,070, $16,440 and $17,810. Friday's column is the
    // narrowest; its amount fits there alone but not beside Saturday's, at any rounding.
    let entries = [("12", 1_507_000), ("13", 1_644_000), ("14", 1_781_000)].map { day, cents in
      Transaction.fixture(id: "e" + day, day: "2026-11-" + day, amount: Int64(cents))
    }
    let calendar = CalendarViewModel(
      repository: InMemoryTransactionRepository(entries),
      clock: .fixed(at: Fixtures.day("2026-11-27")), currency: .usd, language: .english)
    await calendar.start()
    let text = Screens.text(calendar, 40, 20)
    #expect(text.contains("-≈15K") && text.contains("-≈18K"), "\(text)")
    #expect(!text.contains("-≈20K"), "\(text)")
  }
}
