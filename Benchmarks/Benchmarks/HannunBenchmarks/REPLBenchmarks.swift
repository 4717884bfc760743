import Benchmark
import Foundation
import HannunDomain
import HannunKit
import HannunREPL

/// The REPL at 60 frames a second (issue 22, item 5): PageDown pressed at the prompt of a running
/// session over the million-entry ledger, to the next month's screen drawn (80×24, Korean) and
/// the prompt asked again. Each iteration opens a session and draws its first screen unmeasured;
/// the measurement runs from the key to the next prompt, so it holds what a person waits for:
/// the command, the calendar's move (the month shown was read with the first screen, the one
/// after it is read now), the check for another process's write, and the redraw.
func replBenchmarks() {
  Benchmark(
    "REPL: PageDown to the redrawn screen, 1000000 entries",
    configuration: .init(
      metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident],
      maxDuration: .seconds(10), maxIterations: 100)
  ) { benchmark in
    let directory = LedgerFixture.directory(entries: 1_000_000)
    let drawn = await REPLProbe.pageDown(MeasuredBenchmark(benchmark), in: directory)
    blackHole(drawn)
  } setup: {
    try await LedgerFixture.prepare(entries: 1_000_000)
  }
}

/// The benchmark, handed to the session's reader, which starts and stops its measurement on the
/// main actor while the benchmark's task waits for the session.
struct MeasuredBenchmark: @unchecked Sendable {
  let benchmark: Benchmark
  init(_ benchmark: Benchmark) { self.benchmark = benchmark }
}

/// Drives a REPL session the way a person at a terminal does.
@MainActor
enum REPLProbe {
  /// Opens a session on `directory` showing 2025-10 (today 2025-10-15), presses PageDown once
  /// and returns how many characters the session wrote, or `nil` when the ledger did not open.
  static func pageDown(_ measured: MeasuredBenchmark, in directory: URL) async -> Int? {
    guard let today = try? YearMonth(year: 2025, month: 10).day(15),
      let ledger = try? await LedgerSession.open(
        LedgerSession.Options(
          dataPath: directory.path, localeIdentifier: "ko_KR", clock: .fixed(at: today),
          environment: [:]))
    else { return nil }
    let reader = KeyReader(measured: measured)
    var written = 0
    let session = REPLSession(
      coordinator: ledger.coordinator, reader: reader, theme: Theme(colorEnabled: true),
      interactive: true, columns: { 80 }, rows: { 24 }, write: { written += $0.utf8.count })
    session.changes = ledger.changes
    _ = await session.run()
    return written
  }
}

/// Presses PageDown at the first prompt, starting the measurement, and ends the input at the
/// next prompt, stopping it.
final class KeyReader: LineReader {
  private let measured: MeasuredBenchmark
  private var prompts = 0

  init(measured: MeasuredBenchmark) { self.measured = measured }

  func read(prompt: String, prefill: String) -> LineInput { .endOfInput }

  func readCommand(prompt: String, prefill: String) -> LineInput {
    prompts += 1
    switch prompts {
    case 1:
      measured.benchmark.startMeasurement()
      return .key(.next, line: "")
    case 2:
      measured.benchmark.stopMeasurement()
      return .endOfInput
    default:
      return .endOfInput
    }
  }

  func addHistory(_ line: String) {}
}
