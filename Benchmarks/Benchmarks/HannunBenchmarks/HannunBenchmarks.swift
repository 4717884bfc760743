import Benchmark
import Foundation
import HannunData
import HannunDomain
import HannunPresentation

/// What the product brief promises: a month view opens as fast with a million entries as with a
/// hundred. Each iteration opens the JSON store afresh (as the `hannun month` command does) and
/// loads the calendar's three-month window; the ledgers are generated once under the temporary
/// directory.
let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident],
    maxDuration: .seconds(5), maxIterations: 200)

  for size in [100, 100_000, 1_000_000] {
    Benchmark("Open the month view, \(size) entries") { benchmark in
      let directory = LedgerFixture.directory(entries: size)
      benchmark.startMeasurement()
      let income = await MonthViewProbe.open(directory)
      blackHole(income)
    }
  }

  Benchmark("Page forward 12 months and back, 1000000 entries") { benchmark in
    let directory = LedgerFixture.directory(entries: 1_000_000)
    benchmark.startMeasurement()
    blackHole(await MonthViewProbe.pageAYear(directory))
  }

  Benchmark("Totals of a month with 10000 entries") { benchmark in
    let entries = LedgerFixture.entries(count: 10_000, in: LedgerFixture.month)
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      blackHole(try? MonthSummary(month: LedgerFixture.month, transactions: entries))
    }
  }

  Benchmark("Parse 1000 typed amounts") { benchmark in
    let parser = AmountParser(currency: .krw)
    let inputs = ["12000", "12,000", "₩12,000", "3만5천", "1.5만", "2천", "1억2천만", "45,500원"]
    for index in benchmark.scaledIterations {
      for offset in 0..<1000 {
        blackHole(try? parser.parse(inputs[(index + offset) % inputs.count]))
      }
    }
  }
}

/// Drives the calendar view-model the way a frontend does.
@MainActor
enum MonthViewProbe {
  static let clock = LedgerClock.fixed(at: LedgerFixture.month.firstDay)

  static func calendar(_ directory: URL) async -> CalendarViewModel? {
    guard
      let store = try? await JSONFileTransactionStore.open(
        directory: directory, requestedCurrency: nil, defaultCurrency: .krw)
    else { return nil }
    let calendar = CalendarViewModel(
      repository: store, clock: clock, currency: .krw, language: .korean)
    await calendar.start()
    return calendar
  }

  static func open(_ directory: URL) async -> Money? {
    await calendar(directory)?.monthIncome
  }

  static func pageAYear(_ directory: URL) async -> Money? {
    guard let calendar = await calendar(directory) else { return nil }
    for _ in 0..<12 { try? await calendar.showNext() }
    for _ in 0..<12 { try? await calendar.showPrevious() }
    return calendar.monthExpense
  }
}

extension LedgerClock {
  static func fixed(at day: Day) -> LedgerClock {
    var calendar = Calendar(identifier: .gregorian)
    let zone = TimeZone(identifier: "Asia/Seoul") ?? .current
    calendar.timeZone = zone
    let noon = calendar.date(
      from: DateComponents(year: day.year, month: day.month, day: day.day, hour: 12))
    return LedgerClock(timeZone: zone, now: { noon ?? Date() })
  }
}
