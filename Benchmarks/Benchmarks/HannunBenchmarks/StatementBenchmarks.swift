import Benchmark
import Foundation
import HannunData
import HannunDomain
import HannunExchange

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The bank-statement import path (issue 22, item 6), so that the next statement format cannot
/// fall off it unseen: a Korean bank's CP949 export with `거래일시` dates and times, `출금`/`입금`
/// columns, as `Scripts/generate-statement.py` writes one, read and checked row by row, then
/// imported into an empty ledger month by month.
func statementBenchmarks() {
  // CPU time beside the wall clock: on a machine shared with other work the wall clock waits
  // for the processor, and CPU time is the cost of the import itself.
  let configuration = Benchmark.Configuration(
    metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .peakMemoryResident],
    maxDuration: .seconds(5), maxIterations: 200)
  for rows in [10_000, 100_000] {
    Benchmark("Read a \(rows)-row CP949 bank statement", configuration: configuration) {
      benchmark in
      let path = StatementFixture.path(rows: rows)
      benchmark.startMeasurement()
      blackHole(try StatementFixture.read(path).count)
    } setup: {
      try StatementFixture.prepare(rows: rows)
    }

    Benchmark(
      "Import a \(rows)-row CP949 bank statement into an empty ledger",
      configuration: configuration
    ) { benchmark in
      let path = StatementFixture.path(rows: rows)
      let directory = URL(fileURLWithPath: NSTemporaryDirectory())
        .appendingPathComponent("hannun-bench-import-\(UUID().uuidString)")
      defer { try? FileManager.default.removeItem(at: directory) }
      benchmark.startMeasurement()
      let store = try await JSONFileTransactionStore.open(
        directory: directory, requestedCurrency: .krw, defaultCurrency: .krw)
      let editor = LedgerEditor(repository: store, clock: .fixed(at: StatementFixture.today))
      let inserted = try await editor.importEntries(
        try StatementFixture.read(path), keepingEntries: false, recordingUndo: false)
      benchmark.stopMeasurement()
      guard inserted.added == rows else {
        throw FixtureError(description: "imported \(inserted.added) of \(rows) rows")
      }
    } setup: {
      try StatementFixture.prepare(rows: rows)
    }
  }
}

/// Generated statements under the temporary directory, made once.
enum StatementFixture {
  static let today = LedgerFixture.month.lastDay

  /// The statement of `rows` rows.
  static func path(rows: Int) -> String {
    NSTemporaryDirectory() + "/hannun-bench-statement-\(rows).csv"
  }

  /// The rows of the statement at `path`, grouped by month as `hannun import` keeps them.
  static func read(_ path: String) throws -> ImportRows {
    let reader = try StatementReader(currency: .krw, today: today, defaultCategory: "미분류")
    var rows = ImportRows()
    try reader.read(try ImportFile(path: path)) { rows.append($0.draft) }
    return rows
  }

  /// Writes the statement of `rows` rows, unless it exists: `거래일시,적요,출금,입금,잔액`, about 27
  /// rows a day from 2015-11-01, one in ten a deposit, in CP949.
  static func prepare(rows: Int) throws {
    let target = path(rows: rows)
    guard !FileManager.default.fileExists(atPath: target) else { return }
    let shops = ["스타벅스", "이마트", "GS25", "김밥천국", "배달의민족", "쿠팡", "교보문고", "CGV", "Netflix"]
    let credits = ["급여", "이자", "환불", "용돈"]
    var generator = SystemRandomNumberGenerator()
    var text = "거래일시,적요,출금,입금,잔액\r\n"
    var balance = 10_000_000
    let start = 1_446_336_000  // 2015-11-01 00:00 UTC
    for row in 0..<rows {
      let seconds = start + row * 53 * 60 + Int.random(in: 0..<50, using: &generator) * 60
      let date = Date(timeIntervalSince1970: TimeInterval(seconds))
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
      let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
      let when = String(
        format: "%04d.%02d.%02d %02d:%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0,
        parts.hour ?? 0, parts.minute ?? 0)
      if row % 10 == 0 {
        let amount = Int.random(in: 1..<300, using: &generator) * 1000
        balance += amount
        text += "\(when),\(credits[row % credits.count]),0,\(amount),\(balance)\r\n"
      } else {
        let amount = Int.random(in: 10..<2000, using: &generator) * 100
        balance -= amount
        text += "\(when),\(shops[row % shops.count]),\(amount),0,\(balance)\r\n"
      }
    }
    let bytes = try cp949(text)
    try Data(bytes).write(to: URL(fileURLWithPath: target + ".partial"))
    try FileManager.default.moveItem(atPath: target + ".partial", toPath: target)
  }

  /// `text` in CP949, through the C library's `iconv`.
  private static func cp949(_ text: String) throws -> [UInt8] {
    guard let converter = iconv_open("CP949", "UTF-8"), Int(bitPattern: converter) != -1 else {
      throw FixtureError(description: "iconv cannot convert to CP949")
    }
    defer { iconv_close(converter) }
    var input = Array(text.utf8).map { CChar(bitPattern: $0) }
    var output = [CChar](repeating: 0, count: input.count + 4)
    let outputCount = output.count
    let produced: Int? = input.withUnsafeMutableBufferPointer { inBuffer in
      output.withUnsafeMutableBufferPointer { outBuffer in
        var inPointer = inBuffer.baseAddress
        var inLeft = inBuffer.count
        var outPointer = outBuffer.baseAddress
        var outLeft = outBuffer.count
        let result = iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft)
        guard result != -1, inLeft == 0 else { return nil }
        return outputCount - outLeft
      }
    }
    guard let produced else { throw FixtureError(description: "iconv failed") }
    return output[..<produced].map { UInt8(bitPattern: $0) }
  }
}
