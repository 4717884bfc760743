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
    #expect(picker.error == nil)
    #expect(log.picked.isEmpty)
  }

  @Test(
    "YYYY-MM, a month number of the shown year, or a blank line pick a month",
    arguments: [
      ("2024-02", "2024-02"), (" 2024-02 ", "2024-02"), ("3", "2025-03"), ("12", "2025-12"),
      ("03", "2025-03"), ("", "2025-11"), ("  ", "2025-11"), ("9999-12", "9999-12"),
      ("1583-01", "1583-01"),
    ])
  func picks(text: String, expected: String) async {
    let (picker, log) = picker()
    #expect(await picker.choose(text) == month(expected))
    #expect(picker.year == month(expected).year)
    #expect(picker.month == month(expected).month)
    #expect(picker.error == nil)
    #expect(log.picked == [month(expected)])
  }

  @Test(
    "bad text is refused with a reason and nothing is picked",
    arguments: [
      ("2024-13", "'2024-13' has no such month; months run from 01 to 12"),
      ("13", "'2025-13' has no such month; months run from 01 to 12"),
      ("0", "'2025-00' has no such month; months run from 01 to 12"),
      ("2024-2", "'2024-2' is not a month; use YYYY-MM, for example 2025-11"),
      ("next", "'next' is not a month; use YYYY-MM, for example 2025-11"),
      ("1582-12", "1582-12 is outside the supported range 1583-01-01 to 9999-12-31"),
    ])
  func refuses(text: String, message: String) async {
    let (picker, log) = picker()
    #expect(await picker.choose(text) == nil)
    #expect(picker.error == message)
    #expect(picker.year == 2025)
    #expect(picker.month == 11)
    #expect(log.picked.isEmpty)
  }

  @Test("a good choice after a bad one clears the error")
  func errorCleared() async {
    let (picker, log) = picker()
    await picker.choose("2024-13")
    #expect(picker.error != nil)
    #expect(await picker.choose("2024-12") == month("2024-12"))
    #expect(picker.error == nil)
    #expect(log.picked == [month("2024-12")])
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
    #expect(await picker.choose("2024-02") == month("2024-02"))
    #expect(ledger.coordinator.path.isEmpty)
    #expect(ledger.coordinator.picker == nil)
    #expect(ledger.coordinator.takeOutcome() == .jumped(month("2024-02")))
    #expect(ledger.calendar.currentMonth == month("2024-02"))
    #expect(ledger.calendar.selectedDay == day("2024-02-01"))
    #expect(ledger.calendar.title == "2024년 2월")
  }

  @Test("bad picker text keeps the picker open with an error")
  func pickerRejects() async throws {
    let ledger = await TestLedger.started()
    let picker = ledger.coordinator.showPicker()
    #expect(await picker.choose("2024-13") == nil)
    #expect(picker.error == "'2024-13' has no such month; months run from 01 to 12")
    #expect(ledger.coordinator.path.map(\.kind) == [.yearMonthPicker])
    #expect(ledger.coordinator.picker === picker)
    #expect(ledger.calendar.currentMonth == month("2025-11"))
    #expect(ledger.coordinator.takeOutcome() == nil)

    #expect(await picker.choose("3") == month("2025-03"))
    #expect(ledger.coordinator.path.isEmpty)
    #expect(ledger.calendar.currentMonth == month("2025-03"))
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
