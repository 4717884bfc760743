import Foundation
import HannunDomain
import HannunPresentation
import HannunTestSupport
import Testing

/// A report compares its span with the span before; a year shows its own twelve months. When
/// only that span before cannot be read, the report still shows its own, and says why the
/// comparison is missing; when its own span cannot be read, it is refused as before.
@Suite("A report whose comparison span cannot be read")
@MainActor
struct UnreadableComparisonTests {
  private let lostOctober = LedgerError.unreadableFile(
    path: "/d/ledger/2025/2025-10.json", reason: .missingMonthFile(indexFolder: "/d/ledger/index"))

  private func report(
    _ span: ClosedRange<YearMonth>, _ repository: ReadFailingTransactionRepository
  ) -> ReportViewModel {
    ReportViewModel(
      span: span, repository: repository, moods: InMemoryTransactionRepository(),
      clock: .fixed(at: day("2025-11-14")))
  }

  @Test("November shows whole when October, its comparison, cannot be read")
  func monthShowsWithoutComparison() async throws {
    let repository = ReadFailingTransactionRepository(TestLedger.sample)
    await repository.failCategoryTotals(of: month("2025-10"), with: lostOctober)
    let model = report(month("2025-11")...month("2025-11"), repository)
    await model.load()
    #expect(model.loadFailure == nil)
    let shown = try #require(model.report)
    #expect(shown.income == money(3_050_000))
    #expect(shown.expense == money(16_500))
    #expect(shown.categories.map(\.category) == ["salary", "gift", "food", "cafe"])
    #expect(shown.previous == nil)
    #expect(shown.previousSpan == month("2025-10")...month("2025-10"))
    #expect(shown.previousFailure == lostOctober)
  }

  @Test("with the span before read, there is no failure and the comparison is there")
  func comparisonRead() async throws {
    let repository = ReadFailingTransactionRepository(TestLedger.sample)
    let model = report(month("2025-11")...month("2025-11"), repository)
    await model.load()
    #expect(model.report?.previous?.expense == money(8_000))
    #expect(model.report?.previousFailure == nil)
  }

  @Test("a span whose own month cannot be read is still refused, naming it")
  func ownSpanRefused() async throws {
    let repository = ReadFailingTransactionRepository(TestLedger.sample)
    await repository.failCategoryTotals(of: month("2025-10"), with: lostOctober)
    let model = report(month("2025-10")...month("2025-10"), repository)
    await model.load()
    #expect(model.loadFailure == .ledger(lostOctober))
    #expect(model.report == nil)
  }

  @Test("a year shows whole when a month of the year before cannot be read")
  func yearShowsWithoutYearBefore() async throws {
    let repository = ReadFailingTransactionRepository(TestLedger.sample)
    await repository.failCategoryTotals(of: month("2025-02"), with: lostOctober)
    let year = YearViewModel(
      year: 2026, repository: repository, clock: .fixed(at: day("2026-01-14")))
    await year.load()
    #expect(year.loadFailure == nil)
    let shown = try #require(year.report)
    #expect(shown.income == money(100_000))
    #expect(shown.months.count == 12)
    // The year shows no comparison, so the year before is not even read.
    #expect(shown.previousSpan == nil && shown.previousFailure == nil)
    #expect(await repository.categoryTotalsQueries == [month("2026-01")...month("2026-12")])
  }
}

/// The sentence in place of a report's comparison explains why it is missing; a report changes
/// nothing, so it does not end as a refused command does ("nothing was changed", "the file was
/// left untouched").
@Suite("The sentence for a comparison that cannot be read")
struct ComparisonUnavailableSentenceTests {
  @Test(
    "names the span and the file and says why, without a refusal's ending, in both languages",
    arguments: [
      FileProblem.missingMonthFile(indexFolder: "/d/ledger/index"), .symbolicLinkFile,
      .symbolicLink,
    ])
  func noRefusalEnding(_ problem: FileProblem) {
    let october = month("2025-10")
    let error = LedgerError.unreadableFile(path: "/d/ledger/2025/2025-10.json", reason: problem)
    for messages in [EnglishMessages(), KoreanMessages()] as [any MessageCatalog] {
      let sentence = messages.comparisonUnavailable(against: october...october, because: error)
      #expect(sentence.contains("2025-10"), "\(sentence)")
      #expect(sentence.contains("/d/ledger/2025/2025-10.json"), "\(sentence)")
      #expect(sentence.contains(messages.describe(problem)), "\(sentence)")
      for ending in ["nothing was changed", "left untouched", "바뀐 것은 없습니다", "그대로 두었습니다"] {
        #expect(!sentence.contains(ending), "\(sentence)")
      }
    }
  }
}
