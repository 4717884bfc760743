import Benchmark
import Foundation
import HannunData
import HannunDomain
import HannunExchange

/// The journal and backup import paths (issue 22, item 6): a 100,000-entry ledger over 1,200
/// months, as `hannun export --format journal` and `--format json` write it, read and imported
/// (the journal) or restored (the backup) into an empty ledger, reading included.
func exchangeBenchmarks() {
  let configuration = Benchmark.Configuration(
    metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .peakMemoryResident],
    maxDuration: .seconds(5), maxIterations: 200)
  let entries = 100_000

  Benchmark(
    "Import a \(entries)-entry journal into an empty ledger", configuration: configuration
  ) { benchmark in
    let path = ExchangeFixture.path(entries: entries, format: "journal")
    let directory = ExchangeFixture.emptyLedger()
    defer { try? FileManager.default.removeItem(at: directory) }
    benchmark.startMeasurement()
    let store = try await JSONFileTransactionStore.open(
      directory: directory, requestedCurrency: .krw, defaultCurrency: .krw)
    let editor = LedgerEditor(repository: store, clock: .fixed(at: StatementFixture.today))
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let read = JournalReader(currency: .krw, today: StatementFixture.today).read(text)
    let inserted = try await editor.importEntries(
      ImportRows(read.rows.map(\.draft)), keepingEntries: false, recordingUndo: false)
    benchmark.stopMeasurement()
    guard inserted.added == entries else {
      throw FixtureError(description: "imported \(inserted.added) of \(entries) entries")
    }
  } setup: {
    try ExchangeFixture.prepare(entries: entries)
  }

  Benchmark(
    "Restore a \(entries)-entry backup into an empty ledger", configuration: configuration
  ) { benchmark in
    let path = ExchangeFixture.path(entries: entries, format: "json")
    let directory = ExchangeFixture.emptyLedger()
    defer { try? FileManager.default.removeItem(at: directory) }
    benchmark.startMeasurement()
    let store = try await JSONFileTransactionStore.open(
      directory: directory, requestedCurrency: .krw, defaultCurrency: .krw)
    let outline = try await store.restore { sink in
      try BackupReader.read(
        try ImportFile(path: path), currency: { _ in }, entries: { try sink.add($0) })
    }
    benchmark.stopMeasurement()
    guard outline.entryCount == entries else {
      throw FixtureError(description: "restored \(outline.entryCount) of \(entries) entries")
    }
  } setup: {
    try ExchangeFixture.prepare(entries: entries)
  }
}

/// A journal and a backup of generated entries under the temporary directory, made once.
enum ExchangeFixture {
  /// The file of `entries` entries in `format` (`journal` or `json`).
  static func path(entries: Int, format: String) -> String {
    NSTemporaryDirectory() + "/hannun-bench-export-\(entries).\(format)"
  }

  /// A new folder for a ledger, not created yet.
  static func emptyLedger() -> URL {
    URL(fileURLWithPath: NSTemporaryDirectory())
      .appendingPathComponent("hannun-bench-exchange-\(UUID().uuidString)")
  }

  /// Writes both files, unless they exist: `entries` entries spread over the 1,200 months up to
  /// 2025-11 (as `Scripts/generate-ledger.py` spreads them), in eight categories, one in ten an
  /// income, one in three with a memo.
  static func prepare(entries count: Int) throws {
    let journal = path(entries: count, format: "journal")
    let backup = path(entries: count, format: "json")
    guard
      !FileManager.default.fileExists(atPath: journal)
        || !FileManager.default.fileExists(atPath: backup)
    else { return }
    var generator = SplitMix(seed: UInt64(count))
    let categories = ["식비", "교통", "카페", "groceries", "rent", "생활용품", "문화", "급여"]
    let memos = ["", "", "점심", "coffee", "E-mart", "택시"]
    let stamp = Date(timeIntervalSince1970: 1_700_000_000)
    var entries: [Transaction] = []
    entries.reserveCapacity(count)
    for number in 0..<count {
      let offset = number % LedgerFixture.monthCount
      let index = 2025 * 12 + 10 - offset
      let month = try YearMonth(iso: String(format: "%04d-%02d", index / 12, index % 12 + 1))
      let day = month.days[Int(generator.next() % UInt64(month.days.count))]
      let income = number % 10 == 0
      entries.append(
        Transaction(
          id: TransactionID.random(using: &generator), day: day,
          kind: income ? .income : .expense,
          amount: try Amount(minorUnits: Int64(generator.next() % 200 + 1) * 500),
          category: income ? "급여" : categories[number % 7],
          memo: memos[number % memos.count], createdAt: stamp, updatedAt: stamp))
    }
    try write(JournalExport.text(entries, currency: .krw), to: journal)
    try write(BackupExport.text(LedgerBackup(currency: .krw, entries: entries)), to: backup)
  }

  private static func write(_ text: String, to path: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path + ".partial"))
    try? FileManager.default.removeItem(atPath: path)
    try FileManager.default.moveItem(atPath: path + ".partial", toPath: path)
  }
}
