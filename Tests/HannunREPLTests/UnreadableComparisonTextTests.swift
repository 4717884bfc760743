import HannunDomain
import HannunPresentation
import HannunTestSupport
import Testing

@testable import HannunREPL

@Suite("A report's text when the span before cannot be read")
struct UnreadableComparisonTextTests {
  private let lost = LedgerError.unreadableFile(
    path: "/data/ledger/2025/2025-10.json", reason: .missingMonthFile(indexFolder: "/data/index"))

  private func report() throws -> LedgerReport {
    let november = Fixtures.month("2025-11")
    let totals = [
      MonthCategoryTotals(
        month: november,
        totals: [
          CategoryTotal(kind: .expense, category: "교통", amount: Money(minorUnits: 7_000), count: 1)
        ])
    ]
    return try LedgerReport(
      span: november...november, totals: totals,
      unreadablePrevious: Fixtures.month("2025-10")...Fixtures.month("2025-10"), because: lost)
  }

  @Test(
    "the change's place says why, in the catalogue's words; the rest shows",
    arguments: DisplayLanguage.allCases)
  func saysWhy(language: DisplayLanguage) throws {
    let renderer = ReportRenderer(
      theme: .plain, width: 1_000, language: language, money: MoneyFormatter(currency: .krw))
    let lines = renderer.lines(try report())
    let sentence = language.messages(hints: .repl).comparisonUnavailable(
      against: Fixtures.month("2025-10")...Fixtures.month("2025-10"), because: lost)
    #expect(lines[2] == sentence, "\(lines)")
    #expect(lines.contains { $0.contains("₩7,000") && $0.contains("교통") }, "\(lines)")
  }

  @Test("wrapped between words at 40 columns, the path whole on its line")
  func wraps() throws {
    let renderer = ReportRenderer(
      theme: .plain, width: 40, language: .english, money: MoneyFormatter(currency: .krw))
    let lines = renderer.lines(try report())
    #expect(lines.contains { $0.contains("/data/ledger/2025/2025-10.json:") }, "\(lines)")
    #expect(lines.allSatisfy { TerminalText.displayWidth($0) <= 40 }, "\(lines)")
  }

  @Test("a path wider than 40 columns is cut, so no line is wider than the terminal")
  func longPath() throws {
    let folder = "/home/someone/Documents/가계부/2025/ledger"
    let lost = LedgerError.unreadableFile(
      path: folder + "/2025/2025-10.json",
      reason: .missingMonthFile(indexFolder: folder + "/index"))
    let report = try LedgerReport(
      span: Fixtures.month("2025-11")...Fixtures.month("2025-11"), totals: [],
      unreadablePrevious: Fixtures.month("2025-10")...Fixtures.month("2025-10"), because: lost)
    for language in [DisplayLanguage.english, .korean] {
      let lines = ReportRenderer(
        theme: .plain, width: 40, language: language, money: MoneyFormatter(currency: .krw)
      ).lines(report)
      #expect(lines.allSatisfy { TerminalText.displayWidth($0) <= 40 }, "\(lines)")
      #expect(lines.joined().contains("2025-10"), "\(lines)")
    }
  }
}

/// The REPL's report screen over a ledger whose October cannot be read: November shows.
@MainActor
@Suite("REPL: the report of a month whose month before cannot be read")
struct UnreadableComparisonREPLTests {
  @Test("the screen shows November's figures and says why October is not compared")
  func screen() async throws {
    let lost = LedgerError.unreadableFile(
      path: "/data/ledger/2025/2025-10.json",
      reason: .missingMonthFile(indexFolder: "/data/ledger/index"))
    let clock = LedgerClock.fixed(at: Fixtures.day("2025-11-10"))
    let repository = ReadFailingTransactionRepository([
      .fixture(id: "k1", day: "2025-10-03", amount: 4_500, category: "cafe"),
      .fixture(id: "k2", day: "2025-11-10", amount: 12_000, category: "food"),
    ])
    await repository.failCategoryTotals(of: Fixtures.month("2025-10"), with: lost)
    let store = await repository.store
    let coordinator = await startedCoordinator(
      entries: repository, store: store, clock: clock)
    var transcript = ""
    let session = REPLSession(
      coordinator: coordinator, reader: ScriptedLineReader(["report"]), theme: .plain,
      interactive: false, write: { transcript += $0 })
    #expect(await session.run() == 0)
    #expect(transcript.contains("Report: November 2025"), "\(transcript)")
    #expect(transcript.contains("₩12,000"), "\(transcript)")
    #expect(transcript.contains("No comparison with 2025-10:"), "\(transcript)")
    #expect(transcript.contains("2025-10.json"), "\(transcript)")
    #expect(!transcript.contains("error: "), "\(transcript)")
  }
}
