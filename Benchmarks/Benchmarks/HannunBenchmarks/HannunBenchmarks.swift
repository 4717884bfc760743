import Benchmark
import Foundation
import HannunData
import HannunDomain
import HannunPresentation

/// What the product brief promises: a month view opens, and a write commits, about as fast with a
/// million entries as with a thousand. Each iteration opens the JSON store afresh, as a one-shot
/// `hannun` command does. The ledgers are generated once under the temporary directory, with
/// their index built, by each benchmark's setup (``LedgerFixture/prepare(entries:)``), so only the
/// ledgers a `--filter` selects are made.
let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident],
    maxDuration: .seconds(5), maxIterations: 200)

  for size in [100, 1_000, 100_000, 1_000_000] {
    Benchmark("Open the month view, \(size) entries") { benchmark in
      let directory = LedgerFixture.directory(entries: size)
      benchmark.startMeasurement()
      let income = await MonthViewProbe.open(directory)
      blackHole(income)
    } setup: {
      try await LedgerFixture.prepare(entries: size)
    }
  }

  // Each iteration leaves the ledger as it found it.
  for size in [1_000, 1_000_000] {
    Benchmark("Cold open, add and delete an entry, \(size) entries") { benchmark in
      let directory = LedgerFixture.directory(entries: size)
      benchmark.startMeasurement()
      blackHole(try await StoreProbe.addAndDelete(directory))
    } setup: {
      try await LedgerFixture.prepare(entries: size)
    }
  }

  for size in [1_000, 1_000_000] {
    Benchmark("Cold open and look up an entry by id, \(size) entries") { benchmark in
      let directory = LedgerFixture.directory(entries: size)
      let id = LedgerFixture.sampleID(entries: size)
      benchmark.startMeasurement()
      blackHole(try await StoreProbe.lookUp(id, in: directory))
    } setup: {
      try await LedgerFixture.prepare(entries: size)
      let id = LedgerFixture.sampleID(entries: size)
      guard try await StoreProbe.lookUp(id, in: LedgerFixture.directory(entries: size)) != nil
      else { throw FixtureError(description: "the \(size)-entry ledger has no entry \(id)") }
    }
  }

  for size in [1_000, 100_000, 1_000_000] {
    Benchmark("Category totals of all 1200 months after a cold open, \(size) entries") {
      benchmark in
      let directory = LedgerFixture.directory(entries: size)
      benchmark.startMeasurement()
      blackHole(try await StoreProbe.allCategoryTotals(directory))
    } setup: {
      try await LedgerFixture.prepare(entries: size)
    }
  }

  // A search that every month's bytes may match (the fixture's one category), narrowed by kind
  // and amount record by record: about 1 in 20 entries match.
  for size in [1_000, 1_000_000] {
    Benchmark("Find by category, kind and amount span after a cold open, \(size) entries") {
      benchmark in
      let directory = LedgerFixture.directory(entries: size)
      benchmark.startMeasurement()
      blackHole(try await StoreProbe.find(in: directory))
    } setup: {
      try await LedgerFixture.prepare(entries: size)
    }
  }

  // A copy made once in the setup, without its index: each iteration's report builds it (a
  // reader never records it).
  for size in [1_000, 1_000_000] {
    Benchmark("Build the index of \(size) entries (a report on a ledger without one)") {
      benchmark in
      let directory = LedgerFixture.unindexedCopy(entries: size)
      benchmark.startMeasurement()
      blackHole(try await StoreProbe.allCategoryTotals(directory))
    } setup: {
      try await LedgerFixture.prepare(entries: size)
      try LedgerFixture.makeUnindexedCopy(entries: size)
    }
  }

  Benchmark("Page forward 12 months and back, 1000000 entries") { benchmark in
    let directory = LedgerFixture.directory(entries: 1_000_000)
    benchmark.startMeasurement()
    blackHole(await MonthViewProbe.pageAYear(directory))
  } setup: {
    try await LedgerFixture.prepare(entries: 1_000_000)
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

  statementBenchmarks()
  exchangeBenchmarks()
  replBenchmarks()
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

/// Drives the store the way a one-shot command does: a cold open, then one operation.
enum StoreProbe {
  static func open(_ directory: URL) async throws -> JSONFileTransactionStore {
    try await JSONFileTransactionStore.open(
      directory: directory, requestedCurrency: nil, defaultCurrency: .krw)
  }

  /// Adds an entry and deletes it again (two commits), so the ledger keeps its size.
  static func addAndDelete(_ directory: URL) async throws {
    let store = try await open(directory)
    let entry = Transaction(
      id: TransactionID.random(), day: LedgerFixture.month.firstDay, kind: .expense,
      amount: try Amount(minorUnits: 4_500), category: "bench", memo: "",
      createdAt: Date(timeIntervalSince1970: 0), updatedAt: Date(timeIntervalSince1970: 0))
    try await store.insert(entry)
    try await store.delete(entry)
  }

  /// The entry with this id, as `hannun edit ID` or `hannun delete ID` first reads it.
  static func lookUp(_ id: TransactionID, in directory: URL) async throws -> Transaction? {
    try await open(directory).transaction(withID: id)
  }

  /// The fixture's incomes of 30,000 to 60,000 in its category, as `hannun find --category food
  /// --kind income --min 30000 --max 60000` asks.
  static func find(in directory: URL) async throws -> Int {
    let query = try TransactionQuery(
      category: "food", kind: .income, minimum: try Amount(minorUnits: 30_000),
      maximum: try Amount(minorUnits: 60_000))
    return try await open(directory).transactions(matching: query).count
  }

  /// Income and expense per category for every month of the fixture's century.
  static func allCategoryTotals(_ directory: URL) async throws -> Int {
    let first = try LedgerFixture.month.adding(months: 1 - LedgerFixture.monthCount)
    return try await open(directory).categoryTotals(in: first...LedgerFixture.month).count
  }
}
