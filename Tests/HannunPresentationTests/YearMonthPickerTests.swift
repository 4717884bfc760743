import HannunDomain
import HannunPresentation
import HannunTestSupport
import Testing

@Suite("Year-month picker")
@MainActor
struct YearMonthPickerTests {
  private func picker(on initial: String = "2025-11") -> (YearMonthPickerViewModel, PickLog) {
    let picker = YearMonthPickerViewModel(initial: month(initial))
    let log = PickLog()
    picker.didPick = { log.picked.append($0) }
    return (picker, log)
  }

  @Test("it starts on the month it was opened on")
  func initial() {
    let (picker, log) = picker(on: "1999-07")
    #expect(picker.year == 1999)
    #expect(picker.month == 7)
    #expect(picker.shown == month("1999-07"))
    #expect(log.picked.isEmpty)
  }

  @Test("choosing a month shows and reports it")
  func picks() async {
    let (picker, log) = picker()
    await picker.choose(month("2024-02"))
    #expect(picker.year == 2024)
    #expect(picker.month == 2)
    #expect(log.picked == [month("2024-02")])
  }

  @Test("cancel reports no month")
  func cancel() async {
    let (picker, log) = picker()
    await picker.cancel()
    #expect(log.picked == [nil])
  }

  // MARK: - Through the coordinator

  @Test("choosing 2024-02 in the picker jumps the calendar there and pops")
  func pickerJumps() async throws {
    let ledger = await TestLedger.started()
    let picker = ledger.coordinator.showPicker()
    #expect(ledger.coordinator.path.map(\.kind) == [.yearMonthPicker])
    #expect(picker.year == 2025)
    #expect(picker.month == 11)
    await picker.choose(Fixtures.month("2024-02"))
    #expect(ledger.coordinator.path.isEmpty)
    #expect(ledger.coordinator.picker == nil)
    #expect(ledger.coordinator.takeOutcome() == .jumped(month("2024-02")))
    #expect(ledger.calendar.currentMonth == month("2024-02"))
    #expect(ledger.calendar.selectedDay == day("2024-02-01"))
    #expect(ledger.calendar.title == "2024년 2월")
  }

  @Test("cancelling the picker pops it and leaves the calendar")
  func pickerCancel() async throws {
    let ledger = await TestLedger.started()
    let picker = ledger.coordinator.showPicker()
    await picker.cancel()
    #expect(ledger.coordinator.path.isEmpty)
    #expect(ledger.coordinator.takeOutcome() == .cancelled)
    #expect(ledger.calendar.currentMonth == month("2025-11"))
  }
}

/// What a picker reported.
@MainActor
private final class PickLog {
  var picked: [YearMonth?] = []
}
